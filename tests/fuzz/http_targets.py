"""Hostile HTTP requests for every route that reads a JSON body (issue 26).

Each POST route's body is built from its msgspec request schema (`BODIES`: a route added
to the app without its schema here fails `test_http_fuzz`), with the socket fuzz's value
generators (`server_targets.valid_value`, `hostile_value`): a valid body, the same with
one field made hostile (each field in turn, so every field of every body is fuzzed),
an unknown or a missing field, JSON of any shape, raw bytes, text that is not UTF-8,
and a body over the size limit. The room in a route's path is the room under test, an
unknown one, or a hostile string; the content type is JSON most of the time.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any
from urllib.parse import quote

import msgspec
import msgspec.inspect as mi

from motamot.server.contests import ContestRequest
from motamot.server.limits import MAX_BODY_BYTES
from motamot.server.moderation import ReportRequest
from motamot.server.room_routes import JoinRequest
from motamot.web.arena.api import EnterRequest
from motamot.web.boggle.api import CreateRequest
from motamot.web.daily.api import FinishRequest, StartRequest, WordRequest
from motamot.web.duplicate.api import DuplicateRequest
from motamot.web.topword.api import TableRequest
from motamot.web.tournament.api import CreateTournament
from tests.fuzz.mutate import mutate
from tests.fuzz.server_targets import ODD_TEXT, hostile_value, random_json, valid_value

#: Every POST route and the schema of its JSON body.
BODIES: dict[str, type[msgspec.Struct]] = {
    "/api/boggle": CreateRequest,
    "/api/rooms": CreateRequest,
    "/api/topword": TableRequest,
    "/api/tables": TableRequest,
    "/api/duplicate": DuplicateRequest,
    "/api/rooms/{room}/join": JoinRequest,
    "/api/arena/{preset}/join": EnterRequest,
    "/api/rooms/{room}/report": ReportRequest,
    "/api/rooms/{room}/contest": ContestRequest,
    "/api/daily/{preset}/{day}/start": StartRequest,
    "/api/daily/{preset}/{day}/word": WordRequest,
    "/api/daily/{preset}/{day}/finish": FinishRequest,
    "/api/tournament": CreateTournament,
}
#: A past day: the daily grid's routes take it whatever the test server's clock says.
DAY = "2021-01-01"
#: Room ids for a route's path besides the room under test.
ODD_ROOMS = ("nosuchroom", "", "a" * 500, "..", "%00", "é", "\u202e", "<b>", "a b", "a/b")


@dataclass(frozen=True)
class Request:
    """One POST: its path, content type and body (what the fuzz sends)."""

    path: str
    content_type: str
    body: bytes
    #: which field was made hostile, or what else was done (for the failure message)
    what: str


@cache
def fields(kind: type[msgspec.Struct]) -> tuple[mi.Field, ...]:
    info = mi.type_info(kind)
    assert isinstance(info, mi.StructType)
    return info.fields


#: Fields a valid body holds at one value, the one this client may send: a rated room
#: seats only accounts (the fuzz's client is signed in to none), a computer player's
#: level is one of a short list (random text is not), so is a report's reason.
SETTLED: dict[str, Any] = {"rated": False, "bots": [], "reason": "cheating"}


def valid_body(kind: type[msgspec.Struct], rng: random.Random) -> dict[str, Any]:
    """A body `kind` accepts: its required fields, and each other one half the time."""
    return {
        field.encode_name: SETTLED.get(field.encode_name, valid_value(field.type, rng))
        for field in fields(kind)
        if field.required or rng.random() < 0.5
    }


def hostile_bodies(kind: type[msgspec.Struct], rng: random.Random) -> Iterator[tuple[str, Any]]:
    """Bodies of `kind` each with one thing wrong, every field made hostile in turn."""
    for field in fields(kind):
        body = valid_body(kind, rng)
        body[field.encode_name] = hostile_value(rng)
        yield field.encode_name, body
    body = valid_body(kind, rng)
    body[rng.choice(("extra", "", "__proto__", "Name"))] = hostile_value(rng)
    yield "unknown field", body
    body = valid_body(kind, rng)
    required = [f.encode_name for f in fields(kind) if f.required]
    if required:
        del body[rng.choice(required)]
    yield "missing field", body
    yield "any JSON", random_json(rng, 4)


def encoded(value: Any, rng: random.Random) -> bytes:
    """`value` as a request body: JSON, escaped or not, sometimes broken as bytes."""
    text = json.dumps(value, ensure_ascii=rng.random() < 0.3)
    data = text.encode("utf-8", "surrogatepass")
    if rng.random() < 0.1:
        return mutate(rng, data, ())
    return data


def path_for(template: str, room: str, rng: random.Random) -> str:
    """The route's path: the room under test (or the arena's preset, the daily grid's
    day) most of the time, else an unknown or hostile one."""
    for name, good in (("{room}", room), ("{preset}", "classic-fr"), ("{day}", DAY)):
        if name in template:
            choice = rng.random()
            other = good if choice < 0.7 else rng.choice((*ODD_ROOMS, *ODD_TEXT, good + "x"))
            quoted = quote(other.encode("utf-8", "surrogatepass"), safe="")
            template = template.replace(name, quoted)
    return template


def content_type(rng: random.Random) -> str:
    return rng.choices(
        ("application/json", "application/json; charset=utf-8", "text/plain", ""),
        weights=(85, 5, 5, 5),
    )[0]


def requests(room: str, rng: random.Random) -> Iterator[Request]:
    """One round of hostile requests: for every route, each hostile body of its schema,
    a valid body, and raw bytes, text that is not UTF-8 and a body over the limit."""
    for template, kind in BODIES.items():
        for what, value in [("valid", valid_body(kind, rng)), *hostile_bodies(kind, rng)]:
            body = encoded(value, rng)
            yield Request(path_for(template, room, rng), content_type(rng), body, what)
        raw = {
            "bytes": rng.randbytes(rng.randint(0, 64)),
            "not UTF-8": b'{"name": "\xff\xfe"}',
            "over the limit": b'{"name": "' + b"A" * MAX_BODY_BYTES + b'"}',
            "lone surrogate": b'{"name": "\\ud800"}',
        }
        for what, body in raw.items():
            yield Request(path_for(template, room, rng), "application/json", body, what)
