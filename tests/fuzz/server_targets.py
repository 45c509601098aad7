"""The server's message parser (`motamot.server.protocol.Protocol.parse`) as a fuzz target.

Every message type comes from the protocol of the kinds served (`PROTOCOL.messages`), and
valid messages are built from each type's msgspec schema (lengths, bounds,
optional fields), so a message type added to the protocol is fuzzed without
touching this file. Hostile frames are valid messages with a field made wrong
(wrong type, huge number, deep nesting, Unicode oddities, oversized), unknown
or missing fields, another or no tag, JSON of random shapes, and raw bytes.

A frame passes when it parses to one of the protocol's messages that encodes
and parses back equal, or raises `ProtocolError`; anything else is a bug.
"""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Sequence
from functools import cache
from typing import Any

import msgspec
import msgspec.inspect as mi

from motamot.server.protocol import MAX_MESSAGE_BYTES, ProtocolError
from motamot.web import default_kinds
from tests.fuzz.mutate import mutate
from tests.fuzz.regex_sample import regex_sample
from tests.fuzz.targets import Target

#: The protocol of the kinds this motamot serves (every message of every kind).
PROTOCOL = default_kinds().protocol
#: Every message a client may send, as the protocol declares them.
MESSAGE_TYPES: tuple[type[msgspec.Struct], ...] = PROTOCOL.messages
#: Any message of the protocol.
ClientMessage = Any


def parse_message(frame: str | bytes | None) -> Any:
    """The message in a frame, as the server reads it (ProtocolError for anything else)."""
    return PROTOCOL.parse(frame)


#: The errors the parser may raise on bad input.
SERVER_ERRORS: tuple[type[Exception], ...] = (ProtocolError,)

_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdeéèœ' -"
#: What a pattern of digits (a seed's text) is made of.
_DIGITS = "0123456789"
#: Strings that broke or could break text handling: controls, separators, surrogates,
#: combining marks, characters that upper() makes two, markup, JSON syntax.
ODD_TEXT = (
    "",
    "\x00",
    "\u2028\u2029",
    "\ud800",
    "\udfff\ud800",
    "e\u0301",
    "ﬆﬁß",
    "İı",
    "\ufeff",
    "\U0001f600",
    "<img src=x onerror=alert(1)>",
    '"}{',
    "\\u0000",
    "²³٣",
)
#: Numbers at and beyond every bound the schemas use (ids are at most 2**31).
ODD_NUMBERS = (
    -1,
    0,
    2**31,
    2**31 + 1,
    2**53 + 1,
    2**63,
    2**64,
    10**400,
    -(10**400),
    1e308,
    -0.0,
    5e-324,
    0.5,
)


@cache
def _letters(pattern: str | None) -> str:
    """The letters a string of `pattern` may be made of when the pattern is one character
    class a letter at a time (an action's key, a word's text); none for any other."""
    if pattern is None:
        return _LETTERS
    return "".join(letter for letter in _LETTERS + _DIGITS if re.fullmatch(pattern, letter))


@cache
def tags() -> dict[str, type[msgspec.Struct]]:
    """Each message type by its `type` tag."""
    return {str(_struct(kind).tag): kind for kind in MESSAGE_TYPES}


@cache
def _struct(kind: type[msgspec.Struct]) -> mi.StructType:
    info = mi.type_info(kind)
    assert isinstance(info, mi.StructType)
    return info


def valid_value(info: mi.Type, rng: random.Random) -> Any:
    """A JSON value that `info` accepts (within its lengths and bounds)."""
    if isinstance(info, mi.UnionType):
        return valid_value(rng.choice(info.types), rng)
    if isinstance(info, mi.NoneType):
        return None
    if isinstance(info, mi.BoolType):
        return rng.random() < 0.5
    if isinstance(info, mi.IntType):
        low = _first(info.ge, None if info.gt is None else info.gt + 1, -(2**40))
        high = _first(info.le, None if info.lt is None else info.lt - 1, 2**40)
        return rng.choice((low, high, rng.randint(low, high)))
    if isinstance(info, mi.FloatType):
        low = _first(info.ge, info.gt, -1e12)
        high = _first(info.le, info.lt, 1e12)
        middle = (low + high) / 2
        return rng.choice((middle, rng.uniform(middle, high), rng.uniform(low, middle)))
    if isinstance(info, mi.LiteralType):
        return rng.choice(info.values)
    if isinstance(info, mi.DictType):
        return {}
    if isinstance(info, mi.StrType):
        low, high = info.min_length or 0, min(info.max_length or 24, 24)
        letters = _letters(info.pattern)
        if info.pattern is not None and not letters:  # a shape, not a class: `s12`
            return regex_sample(info.pattern, rng)
        text = "".join(rng.choice(letters) for _ in range(rng.randint(low, max(low, high))))
        if info.pattern is None or re.fullmatch(info.pattern, text):
            return text
        # a pattern's own length bound ({1,19}) narrower than the lengths tried
        fits = [text[:n] for n in range(len(text), 0, -1) if re.fullmatch(info.pattern, text[:n])]
        fits += [letter for letter in letters if re.fullmatch(info.pattern, letter)]
        return fits[0]
    if isinstance(info, mi.ListType):
        low, high = info.min_length or 0, min(info.max_length or 4, 4)
        count = rng.randint(low, max(low, high))
        return [valid_value(info.item_type, rng) for _ in range(count)]
    if isinstance(info, mi.TupleType):
        return [valid_value(item, rng) for item in info.item_types]
    raise AssertionError(f"no valid value for {info}: teach valid_value this schema type")


def _first(*bounds: float | None) -> Any:
    """The first bound that is set (the last one is always set)."""
    return next(bound for bound in bounds if bound is not None)


def valid_message(kind: type[msgspec.Struct], rng: random.Random) -> dict[str, Any]:
    """A message of `kind` as a browser could send it: its tag, required fields, some others."""
    info = _struct(kind)
    message: dict[str, Any] = {str(info.tag_field): info.tag}
    for field in info.fields:
        if field.required or rng.random() < 0.5:
            message[field.encode_name] = valid_value(field.type, rng)
    return message


def hostile_value(rng: random.Random) -> Any:
    """A value no schema field should take whole: wrong kinds, edges, nesting, size."""
    choice = rng.randrange(7)
    if choice == 0:
        return rng.choice(ODD_NUMBERS)
    if choice == 1:
        return rng.choice(ODD_TEXT) * rng.choice((1, 2, 70))
    if choice == 2:  # deep nesting, of lists or objects
        value: Any = rng.choice((1, "a", None))
        for _ in range(rng.randint(1, 600)):
            value = [value] if rng.random() < 0.5 else {"a": value}
        return value
    if choice == 3:  # oversized text
        return "A" * rng.choice((65, 2000, MAX_MESSAGE_BYTES, 5000))
    if choice == 4:
        return rng.choice((True, False, None, [], {}, [None], {"": None}))
    if choice == 5:
        return [rng.choice(ODD_NUMBERS), rng.choice(ODD_TEXT)] * rng.randint(1, 12)
    return random_json(rng, 3)


def random_json(rng: random.Random, depth: int) -> Any:
    """JSON of a random shape."""
    if depth <= 0 or rng.random() < 0.4:
        return rng.choice((None, True, 1, -2.5, "x", rng.choice(ODD_TEXT), rng.choice(ODD_NUMBERS)))
    if rng.random() < 0.5:
        return [random_json(rng, depth - 1) for _ in range(rng.randint(0, 4))]
    keys = ("type", "id", "text", "token", "c", "last_seq", "move", "placements", "", "é")
    return {rng.choice(keys): random_json(rng, depth - 1) for _ in range(rng.randint(0, 4))}


def mutated_message(rng: random.Random, message: dict[str, Any]) -> dict[str, Any] | Any:
    """`message` with one to three schema-level edits."""
    out: Any = dict(message)
    for _ in range(rng.randint(1, 3)):
        if not isinstance(out, dict):
            break
        choice = rng.randrange(8)
        keys = [key for key in out if key != "type"]
        if choice <= 2 and keys:  # a field's value made hostile
            out[rng.choice(keys)] = hostile_value(rng)
        elif choice == 3:  # an unknown field
            out[rng.choice(("extra", "ID", "type ", "", "__proto__"))] = hostile_value(rng)
        elif choice == 4 and keys:  # a field missing
            del out[rng.choice(keys)]
        elif choice == 5:  # another tag, an unknown one or none
            out["type"] = rng.choice((*tags(), "launch_missiles", "", None, 1, ["word"]))
        elif choice == 6:  # the message inside something else
            out = rng.choice(([out], {"type": "word", "text": out}, [out["type"], out]))
        else:  # a field of another message type
            other = valid_message(rng.choice(MESSAGE_TYPES), rng)
            key = rng.choice(list(other))
            if key != "type":
                out[key] = other[key]
    return out


def frame_text(value: Any, rng: random.Random) -> str:
    """`value` as JSON text, compact (sometimes pretty), ASCII-escaped or not."""
    indent = 1 if rng.random() < 0.05 else None  # pretty printing is slow Python code
    return json.dumps(value, ensure_ascii=rng.random() < 0.3, indent=indent)


def hostile_frame(rng: random.Random) -> str | bytes:
    """One frame a client could send: usually a mutated message, sometimes anything."""
    choice = rng.randrange(10)
    if choice == 0:
        return rng.randbytes(rng.randint(0, 64))
    if choice == 1:
        return frame_text(random_json(rng, 4), rng)
    message = valid_message(rng.choice(MESSAGE_TYPES), rng)
    if choice == 2:
        return frame_text(message, rng)
    text = frame_text(mutated_message(rng, message), rng)
    if choice == 3:  # then bytes edits on its text
        return mutate(rng, text.encode("utf-8", "surrogatepass"), ()).decode(
            "utf-8", "surrogateescape"
        )
    return text


def check_frame(frame: str | bytes) -> ClientMessage:
    """Parse `frame`; what parses must be a protocol message that reads back equal."""
    message = parse_message(frame)
    assert isinstance(message, MESSAGE_TYPES), message
    again = parse_message(msgspec.json.encode(message).decode("utf-8"))
    assert again == message, (message, again)
    return message


#: Frames far over the limit, and just under it with the deepest nesting, the most array
#: items or the most escapes the parser can be made to read.
OVERSIZED_FRAMES: tuple[str, ...] = (
    "x" * 200_000,
    json.dumps({"type": "word", "text": "é" * 100_000}, ensure_ascii=False),
    "[" * 2047 + "]" * 2047,
    '{"type": "play", "placements": [' + '[1,"A"],' * 500 + '[1,"A"]]}',
    '{"type": "hello", "lang": "' + "\\u00e9" * 670 + '"}',
    '{"type": "ping", "c": 1' + "0" * 4000 + "}",
)


def time_oversized_frames() -> tuple[float, int]:
    """The slowest of OVERSIZED_FRAMES through `check_frame` (seconds), and how many failed
    (raised anything but ProtocolError)."""
    slowest, failed = 0.0, 0
    for frame in OVERSIZED_FRAMES:
        start = time.perf_counter()
        try:
            check_frame(frame)
        except ProtocolError:
            pass
        except Exception:
            failed += 1
        slowest = max(slowest, time.perf_counter() - start)
    return slowest, failed


# -- For the byte campaign of benchmarks/fuzz.py -----------------------------------------


def _frame(data: bytes) -> str | bytes:
    """A campaign input as a frame: text (undecodable bytes as lone surrogates), or binary
    when it starts with a NUL."""
    if data[:1] == b"\x00":
        return data[1:]
    return data.decode("utf-8", "surrogateescape")


def run_frame(data: bytes) -> object:
    return check_frame(_frame(data))


def seeds() -> list[bytes]:
    rng = random.Random(0)
    return [
        json.dumps(valid_message(kind, rng), ensure_ascii=False).encode()
        for kind in MESSAGE_TYPES
        for _ in range(3)
    ]


def mutate_frame(rng: random.Random, data: bytes, others: Sequence[bytes]) -> bytes:
    """A third byte mutations of a seed, a third schema edits of it, a third new frames."""
    choice = rng.randrange(3)
    if choice == 0:
        return mutate(rng, data, others)
    if choice == 1:
        try:
            message = json.loads(data)
        except ValueError:
            return mutate(rng, data, others)
        frame: str | bytes = frame_text(mutated_message(rng, message), rng)
    else:
        frame = hostile_frame(rng)
    if isinstance(frame, bytes):
        return b"\x00" + frame
    return frame.encode("utf-8", "surrogatepass")


SERVER_TARGETS = {"server message": Target("server message", seeds, run_frame, mutate_frame)}
