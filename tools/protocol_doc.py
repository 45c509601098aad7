"""Write docs/protocol.md from the protocol's schemas: every message a browser may send and
every frame the server sends, with each field, for every room kind served.

The schemas are the msgspec Structs the server decodes and encodes (`server.protocol`,
`server.frames`, each kind's messages, view and shown events), so the page cannot drift
from the code: a test fails when it is stale. Run it after changing a message or a frame;
`--check` only says whether the page is up to date (exit 1 if not).

    python tools/protocol_doc.py [--check]
"""

from __future__ import annotations

import argparse
import inspect
import re
import sys
import textwrap
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import msgspec
from msgspec import inspect as mi

from motamot.server import frames, protocol
from motamot.server.kinds import WebKind
from motamot.service.rooms import shown
from motamot.web import default_kinds

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "protocol.md"
_FIELD = re.compile(r"^\s+(\w+)\s*:")
_COMMENT = re.compile(r"^\s+#: ?(.*)$")

INTRO = """\
# The websocket protocol

*Written by `python tools/protocol_doc.py` from the schemas the server decodes and
encodes (`src/motamot/server/protocol.py`, `src/motamot/server/frames.py`, each kind's
messages and its `shown` module); `tests/server/test_protocol_doc.py` fails when this
page is stale. Do not edit it by hand.*

A room is made over HTTP, with a route named by its kind: `POST /api/<kind>`
(`/api/boggle`, `/api/topword`, `/api/duplicate`; the older `/api/rooms` for Boggle and
`/api/tables` for Topword are kept as their aliases), a JSON body of the creator's
`name` and the kind's settings (each kind's create form, `web/<kind>/api.py`, decoded
strictly: an unknown field is a 400); the answer is the creator's `room`, `seat` and
`token` (shown once: the page keeps it), or a refusal (`refused`, its `fields` and
`text`; 409, or 503 to try again). The others sit with `POST /api/rooms/<room>/join`
(`{"name": ...}`) whatever the kind.

A room's socket is `/ws/<room>`. Every message either way is a JSON object in a text
frame, with its `type`. The browser says `hello` first (its seat's token, or none to
watch, and the last event it holds); the server answers with a `welcome` (the whole room
as that seat sees it) or the `events` it missed, then sends every new event as it
happens. Events are numbered from 1 without holes (`seq`): a client that sees a gap
sends `resync` with the last one it holds (except in the arena's rounds, whose events
about one seat go to that seat alone: see its section). A seat action carries an `id` that its
answer (`ack` or `refused`) repeats. What a player types (a word, a move, a submission, a
chat message) may also carry a `key` of the page's own (1-64 of `A-Z a-z 0-9 _ -`,
unique per action): the page sends it again, with the same key, until it is answered
(after a reconnect, a reload), and the room applies it at most once: a key already
applied is answered `ack` with the number of the event it made, and nothing changes
(the key is stored in that event, so a restart or another process knows it too). A
`refused` with `retryable` true changed nothing but may be sent again later (the store
could not write): the page keeps the action. A message the server cannot read gets an
`error` and changes nothing; too many close the socket (1008).

A field marked *optional* may be left out (its default is given); *may be absent*
means the server leaves it out when this seat may not see it, or when it does not
apply. Seeds are strings
of digits: they are 63-bit and a browser's numbers hold 53 bits.

Every room has the same chat ([rules.md](rules.md), C1-C5): a seated person sends `say`
(free text) or `say_phrase` (a set phrase's id, one of the room page's
`data.chat.phrases`), the host `switch_chat`; each message is the room's event
`room.chat_said`, shown to every socket, spectators included, and a view's `chat` holds
the last 50. A refused message (`chat_too_fast`, `chat_phrases_only`, `chat_off`...)
is a `refused` frame, like any seat action.
"""


def struct_fields(cls: Any) -> list[msgspec.structs.FieldInfo]:
    return list(msgspec.structs.fields(cls))


def comments(cls: Any) -> dict[str, str]:
    """The `#:` comment above each field of `cls` and of the classes it extends."""
    found: dict[str, str] = {}
    origin = getattr(cls, "__origin__", cls)
    for klass in reversed(origin.__mro__):
        if not (isinstance(klass, type) and issubclass(klass, msgspec.Struct)):
            continue
        if klass is msgspec.Struct:
            continue
        try:
            lines = inspect.getsource(klass).splitlines()
        except (OSError, TypeError):
            continue
        pending: list[str] = []
        for line in lines[1:]:
            comment = _COMMENT.match(line)
            if comment:
                pending.append(comment[1])
                continue
            field = _FIELD.match(line)
            if field and pending:
                found[field[1]] = " ".join(pending)
            pending = []
    return found


def summary(cls: Any) -> str:
    """The first paragraph of a class's docstring, on one line."""
    origin = getattr(cls, "__origin__", cls)
    doc = origin.__dict__.get("__doc__") or ""
    return " ".join(textwrap.dedent(doc).strip().split("\n\n")[0].split())


def name_of(cls: Any) -> str:
    origin = getattr(cls, "__origin__", cls)
    args = getattr(cls, "__args__", ())
    if args:
        return f"{origin.__name__}[{', '.join(name_of(a) for a in args)}]"
    return str(origin.__name__)


def _bounds(low: Any, high: Any, unit: str = "") -> str:
    if low is not None and low == high:
        return f" of {low}{unit}"
    if low is not None and high is not None:
        return f" {low}-{high}{unit}"
    if low is not None:
        return f" ≥ {low}{unit}"
    if high is not None:
        return f" ≤ {high}{unit}"
    return ""


def type_text(info: mi.Type) -> str:
    """A field's type in words, nested shapes by name."""
    match info:
        case mi.StrType():
            text = "string" + _bounds(info.min_length, info.max_length, " chars")
            return text + (f" matching `{info.pattern}`" if info.pattern else "")
        case mi.BoolType():
            return "boolean"
        case mi.IntType():
            return "integer" + _bounds(info.ge, info.le)
        case mi.FloatType():
            return "number"
        case mi.NoneType():
            return "null"
        case mi.AnyType():
            return "any JSON value"
        case mi.ListType():
            low, high = info.min_length, info.max_length
            exact = low is not None and low == high
            size = f"{low} items" if exact else _bounds(low, high, " items").strip()
            return f"list{f' ({size})' if size else ''} of {type_text(info.item_type)}"
        case mi.TupleType():
            return "[" + ", ".join(type_text(item) for item in info.item_types) + "]"
        case mi.DictType():
            return f"object ({type_text(info.key_type)} → {type_text(info.value_type)})"
        case mi.StructType():
            return f"`{name_of(info.cls)}`"
        case mi.UnionType():
            return " or ".join(type_text(t) for t in info.types)
        case mi.LiteralType():
            return "one of " + ", ".join(f"`{value}`" for value in info.values)
    return type(info).__name__


#: What the type parameters of the generic frames and events stand for.
PARAMETERS = {
    "V": "the kind's view (its section below)",
    "E": "the kind's events as shown (its section below), or `hidden`",
    "S": "the kind's settings (its `SettingsShown`)",
}


def field_type(field: msgspec.structs.FieldInfo) -> str:
    if isinstance(field.type, TypeVar):
        return PARAMETERS[field.type.__name__]
    args: tuple[Any, ...] = getattr(field.type, "__args__", ())
    if getattr(field.type, "__origin__", None) is list and isinstance(args[0], TypeVar):
        return f"list of {PARAMETERS[args[0].__name__]}"
    return type_text(mi.type_info(field.type))


def presence(field: msgspec.structs.FieldInfo) -> str:
    if field.required:
        return "required"
    if field.default is msgspec.UNSET:
        return "may be absent"
    if field.default is not msgspec.NODEFAULT:
        return f"optional (`{msgspec.json.encode(field.default).decode()}`)"
    return "optional"


def struct_text(cls: Any, heading: str) -> list[str]:
    """A heading, the class's summary and a table of its fields."""
    info = mi.type_info(cls)
    assert isinstance(info, mi.StructType)
    lines = [heading, ""]
    if summary(cls):
        lines += [summary(cls), ""]
    notes = comments(cls)
    fields = struct_fields(cls)
    if info.tag_field is not None:
        lines += [f"- `{info.tag_field}`: `{info.tag}`"]
    for field in fields:
        note = f" — {notes[field.name]}" if field.name in notes else ""
        lines.append(f"- `{field.name}`: {field_type(field)}, {presence(field)}{note}")
    return [*lines, ""]


def tagged(cls: Any) -> str:
    info = mi.type_info(cls)
    assert isinstance(info, mi.StructType)
    return f"`{info.tag}`" if info.tag is not None else f"`{name_of(cls)}`"


def nested(roots: Iterable[Any]) -> list[Any]:
    """Every Struct reachable from `roots` through their fields (the roots left out)."""
    seen: list[Any] = []
    tops = set(map(name_of, roots))

    def visit(info: mi.Type) -> Iterator[Any]:
        match info:
            case mi.StructType():
                yield info.cls
                for field in info.fields:
                    yield from visit(field.type)
            case mi.ListType() | mi.SetType() | mi.FrozenSetType() | mi.VarTupleType():
                yield from visit(info.item_type)
            case mi.TupleType():
                for item in info.item_types:
                    yield from visit(item)
            case mi.DictType():
                yield from visit(info.value_type)
            case mi.UnionType():
                for item in info.types:
                    yield from visit(item)

    for root in roots:
        for cls in visit(mi.type_info(root)):
            if name_of(cls) not in tops and name_of(cls) not in map(name_of, seen):
                seen.append(cls)
    return seen


#: What a kind's section says first, where its socket differs from every room's.
NOTES = {
    "arena": """\
An arena round is a room of its own, made by the server's schedule (a round every
`seconds + pause`, for ever): a page takes a seat with `POST /api/arena/<preset>/join`
(`{"name": ...}`; the answer gives the round's `room`, the seat's `token`, its `number`,
`start` and `deadline`), then opens `/ws/<room>` as in any room, and once the round's
results are in, joins again for the next round. Events about one seat (its words with
their verdicts, its seat taken) go to that seat alone, and the round's sessions carried
in to nobody: **the numbers a socket gets have holes**, and a page takes each event newer
than the last it holds without asking for a resync. Who is connected is not sent
(`presence`); instead every socket of a round gets `arena.activity` every couple of
seconds. The end of a round is one frame per seat: the field's best, and its own place.
Once the round is over, `GET /api/arena/<preset>/words/<room>` gives every word of its
grid with one path each (`{"grid", "words": [{"word", "points", "path"}], "written"}`:
what a player missed, asked when they want it); before, `409 round_running`, and `404
unknown_room` for any room that is no ended round of that arena.
`GET /api/arena/<preset>` says where the arena stands, for the page before a name is
given: the round `number` now, its `start` and `deadline`, the `next_start`, the server's
`now` and `seated`, the seats taken in the round a join would take (the one on, or the
next during the results; `null` when this process holds no copy of it).
""",
    "daily": """\
A day's grid of one preset is a room of its own, opened under an id derived from the
server's secret and the day (docs/rules.md, G1-G15). Its page plays over HTTP, not the
socket: the player is the request's lasting identity (the browser's cookie or the
account), so a reload, another tab or device of the same account find the same play.
`GET /api/daily/<preset>/<YYYY-MM-DD>` is the day as that player stands on it (`preset`,
`day`, the referee's `now`, the room's `view` below, or null when nobody played that
day yet, and `share`, the text to share once the play is over); `POST .../start`
(`{"name": ...}`) starts their one play (or resumes it while it runs; 409
`daily_played` once it is over), `POST .../word` (`{"text": ...}`) answers the word's
verdict (`{"word": daily.word_written}`), and `POST .../finish` (`{}`) ends the play
early; both of the latter answer 409 `daily_not_started` without a play. A malformed,
future or too old day and an unknown preset are 404s (`daily_bad_date`,
`daily_future`, `daily_too_old`, `unknown_daily`); a body that is not JSON a 415, one
of the wrong shape a 400. A socket of the room (`/ws/<room>` with a seat's token) gets
only its own seat's events, numbers with holes as in the arena, and no `presence`.
""",
    "duplicate": """\
A duplicate room (docs/rules.md, D1-D6) is made with `POST /api/duplicate` (`name`,
`ruleset`, `dictionary`, `turn_seconds`: null for a self-paced game; `seed` as a string of
digits and `origin`, the room that played it to its end, for « rejouer ce tirage »); the
answer is the creator's `room`, `seat` and `token`, and the others join as in any room.
The host's `start` deals the first rack. A move is the same `play` message as at a Topword
table: it submits the seat's move for the turn, acknowledged once stored; a later one
replaces it. Until the turn ends the others are shown `duplicate.submitted` without its
`move`; `duplicate.turn_ended` then carries every move, the scores, the top, the board and
the totals, one object for every seat. `next_turn` ends a self-paced turn (the host only);
a clocked turn ends at its `deadline`. Once the game is over, `GET
/api/duplicate/<room>/record` gives its text record and `GET /api/duplicate/<room>/replay`
the board turn by turn.
""",
    "tournament": """\
A tournament is created by a signed-in director with `POST /api/tournament` (its name,
format, start in minutes, rounds, cap, check-in, the games' clocks); following it takes
a seat (`POST /api/rooms/<id>/join`, accounts only), then `register`. The director's
`start` starts it early, `add_bot` and `remove_player` are the shared ones. Its own
events are shown as `hidden` (their number only): the page asks for the room again, a
few times a round. The tables are Topword rooms the server opens when a round begins
(`your_table` in the view links to one's own).
""",
}


def kind_section(kind: WebKind, title: str) -> list[str]:
    lines = [f"## {title}", ""]
    if kind.name in NOTES:
        lines += [NOTES[kind.name]]
    own = [*kind.actions, *kind.queries]
    if own:
        lines += ["### Messages a browser sends", ""]
        for message in own:
            lines += struct_text(message, f"#### {tagged(message)}")
    if kind.frames:
        lines += ["### Frames of its own (answers to its queries, summaries)", ""]
        for frame in kind.frames:
            lines += struct_text(frame, f"#### {tagged(frame)}")
    if kind.view is not dict:
        lines += ["### The view (`welcome`'s `view`)", ""]
        lines += struct_text(kind.view, f"#### `{name_of(kind.view)}`")
    mine = [s for s in kind.shown if getattr(s, "__origin__", s).__module__ != shown.__name__]
    if mine:
        lines += ["### Its events, as a seat is shown them", ""]
        for event in mine:
            lines += struct_text(event, f"#### {tagged(event)}")
    roots = [*own, *kind.frames, kind.view, *kind.shown]
    shapes = [s for s in nested(roots) if getattr(s, "__module__", "") != shown.__name__]
    if shapes:
        lines += ["### Shapes inside them", ""]
        for shape in shapes:
            lines += struct_text(shape, f"#### `{name_of(shape)}`")
    return lines


def render() -> str:
    """The whole page."""
    lines = [INTRO, "## Every room", "", "### Messages a browser sends", ""]
    for message in (*protocol.CONNECTION, *protocol.SHARED_ACTIONS):
        lines += struct_text(message, f"#### {tagged(message)}")
    lines += ["### Frames the server sends", ""]
    for frame in frames.FRAMES:
        lines += struct_text(frame, f"#### {tagged(frame)}")
    lines += ["### The events every room shares, as a seat is shown them", ""]
    for event in (*shown.shared_types(Any), shown.Hidden):
        lines += struct_text(getattr(event, "__origin__", event), f"#### {tagged(event)}")
    lines += ["### Shapes inside them", ""]
    for shape in (shown.SeatView, shown.ChatView, shown.ChatLine):
        lines += struct_text(shape, f"#### `{name_of(shape)}`")
    titles = {
        "boggle": "Boggle rooms",
        "topword": "Topword tables",
        "arena": "Arena rounds",
        "daily": "The daily grid",
        "duplicate": "Duplicate rooms",
        "tournament": "Tournaments",
    }
    for kind in default_kinds():
        lines += kind_section(kind, titles.get(kind.name, kind.name))
    lines += side_sections()
    return "\n".join(lines).rstrip() + "\n"


LOBBY_INTRO = """\
The lobby's page (`/salon`) opens `/salon/ws`. The server sends the whole lobby at once
(`lobby`: at most `limit` tables, the most recently active first), then what changes
(`lobby.changed`), never more than one frame every half second however much changes; the
lobby is the same on every server process. A page that reconnects gets the whole lobby
again, so it never needs what it missed. The browser only pings (`ping`, answered by
`pong`); anything else gets an `error` and changes nothing, and a flood closes the
socket (1008). A table's `room` is the players' link's room part: `/r/<room>` seats
whoever joins.
"""

QUICK_INTRO = """\
The quick pairing's page (`/partie-rapide`) opens `/partie-rapide/ws` (the browser's
identity cookie names the seeker: one without it gets the `error` `no_identity`). The
server says first where the player stands (`quick`: the seek that waits, which this
socket now holds, and the table of their last pairing). The browser seeks (`seek`) or
stops (`cancel`); a seek the rules refuse gets `refused` (its `id` is 0), a message the
server cannot read an `error`, and neither stores anything. A player has one seek at a
time: a new one replaces the old (whose socket is told `quick.ended`, `replaced`). When
an opponent is found, on whichever process, both sockets get `quick.paired` with the
table and the seat's token (the game has started); a live seek ends when its socket
closes, a correspondence seek (a pace of days) waits without one.
"""


def side_sections() -> list[str]:
    """The sockets beside the rooms': the lobby's and the quick pairing's."""
    from motamot.server.lobby.frames import LOBBY_FRAMES
    from motamot.service.pairing.paces import PACES
    from motamot.web.topword.quick import QUICK_FRAMES, QUICK_MESSAGES

    paces = ", ".join(
        f"`{pace.name}` ({pace.seconds:g} s a move, {'live' if pace.live else 'by correspondence'})"
        for pace in PACES.values()
    )

    lines = ["## The lobby's socket", "", LOBBY_INTRO, "### Frames the server sends", ""]
    for lobby_frame in LOBBY_FRAMES:
        lines += struct_text(lobby_frame, f"#### {tagged(lobby_frame)}")
    lines += ["### Shapes inside them", ""]
    for shape in nested(list(LOBBY_FRAMES)):
        lines += struct_text(shape, f"#### `{name_of(shape)}`")
    lines += ["## The quick pairing's socket", "", QUICK_INTRO, f"The paces: {paces}.", ""]
    lines += ["### Messages a browser sends", ""]
    for message in QUICK_MESSAGES:
        lines += struct_text(message, f"#### {tagged(message)}")
    lines += ["### Frames the server sends", ""]
    for frame in QUICK_FRAMES:
        lines += struct_text(frame, f"#### {tagged(frame)}")
    lines += ["### Shapes inside them", ""]
    for shape in nested(QUICK_FRAMES):
        lines += struct_text(shape, f"#### `{name_of(shape)}`")
    return lines


def generated(path: Path, text: str, check: bool, tool: str) -> int:
    """Write `text` to the generated file `path`, or (`check`) only say whether it is
    stale: 1 if it is, with the command that writes it."""
    if check:
        current = path.read_text("utf-8") if path.exists() else ""
        if current != text:
            print(f"{path.relative_to(ROOT)} is stale: python {tool}", file=sys.stderr)
            return 1
        return 0
    path.parent.mkdir(exist_ok=True)
    path.write_text(text, "utf-8")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else "")
    parser.add_argument("--check", action="store_true", help="only say whether it is stale")
    args = parser.parse_args(argv)
    return generated(DOC, render(), args.check, "tools/protocol_doc.py")


if __name__ == "__main__":
    sys.exit(main())
