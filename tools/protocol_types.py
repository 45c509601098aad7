"""Write types/protocol.d.ts from the protocol's schemas: every message a browser may send
and every frame, view and event the server sends, as TypeScript types for the pages'
JSDoc (checked by `tsc --noEmit`).

The schemas are the msgspec Structs docs/protocol.md is written from (the same roots, by
`tools/protocol_doc.py`'s walk), so the pages' types cannot drift from the code: a test
fails when the file is stale. Every type is in the global namespace `Protocol`: the
shared ones at its top (`Protocol.SeatView`), a kind's in its own (`Protocol.boggle.
BoggleView`), and for each socket its unions (`Protocol.boggle.Event`, `.Frame`, `.View`,
`.Message`). Run it after changing a message or a frame; `--check` only says whether the
file is up to date (exit 1 if not).

    python tools/protocol_types.py [--check]
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

import msgspec
from msgspec import inspect as mi
from protocol_doc import comments, generated, summary

from motamot.server import frames, protocol
from motamot.server.lobby.frames import LOBBY_FRAMES
from motamot.service.rooms import shown
from motamot.web import default_kinds
from motamot.web.topword.quick import QUICK_FRAMES, QUICK_MESSAGES

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "types" / "protocol.d.ts"
#: The namespaces below `Protocol`, by the package a Struct's module is in.
NAMESPACES = ("arena", "boggle", "daily", "duplicate", "topword", "lobby")

HEADER = """\
// Written by `python tools/protocol_types.py` from the schemas the server decodes and
// encodes (the same as docs/protocol.md); tests/js/test_protocol_types.py fails when this
// file is stale. Do not edit it by hand.
"""


def origin(cls: Any) -> Any:
    return getattr(cls, "__origin__", cls)


def namespace(cls: Any) -> str:
    """Where a Struct's type is declared: its kind's namespace, or the top."""
    parts = origin(cls).__module__.split(".")
    return parts[2] if len(parts) > 2 and parts[2] in NAMESPACES else ""


def qualified(cls: Any) -> str:
    ns = namespace(cls)
    return f"Protocol.{ns}.{origin(cls).__name__}" if ns else f"Protocol.{origin(cls).__name__}"


def reachable(roots: Iterable[Any]) -> Iterator[Any]:
    """Every Struct class reachable from `roots` through their fields (roots included)."""
    stack = [mi.type_info(root) for root in roots]
    while stack:
        info = stack.pop()
        match info:
            case mi.StructType():
                yield origin(info.cls)
                stack += [field.type for field in info.fields]
            case mi.ListType() | mi.VarTupleType() | mi.SetType() | mi.FrozenSetType():
                stack.append(info.item_type)
            case mi.TupleType():
                stack += info.item_types
            case mi.DictType():
                stack.append(info.value_type)
            case mi.UnionType():
                stack += info.types


def ts_type(info: mi.Type) -> str:
    """A msgspec type as TypeScript (as JSON carries it: integers are numbers, keys text)."""
    match info:
        case mi.StrType():
            return "string"
        case mi.BoolType():
            return "boolean"
        case mi.IntType() | mi.FloatType():
            return "number"
        case mi.NoneType():
            return "null"
        case mi.AnyType():
            return "unknown"
        case mi.LiteralType():
            return " | ".join(msgspec.json.encode(value).decode() for value in info.values)
        case mi.ListType() | mi.VarTupleType():
            return f"{wrapped(info.item_type)}[]"
        case mi.TupleType():
            return "[" + ", ".join(ts_type(item) for item in info.item_types) + "]"
        case mi.DictType():
            return f"Record<string, {ts_type(info.value_type)}>"
        case mi.StructType():
            args = getattr(info.cls, "__args__", ())
            params = f"<{', '.join(reference(arg) for arg in args)}>" if args else ""
            return qualified(info.cls) + params
        case mi.UnionType():
            return " | ".join(ts_type(item) for item in info.types)
    raise TypeError(f"no TypeScript for {info!r}")


def wrapped(info: mi.Type) -> str:
    """A list's item type, in parentheses when it is a union."""
    text = ts_type(info)
    return f"({text})" if isinstance(info, mi.UnionType) else text


def reference(annotation: Any) -> str:
    """A field's or an argument's annotation as TypeScript (a TypeVar by its name)."""
    if isinstance(annotation, TypeVar):
        return annotation.__name__
    args: tuple[Any, ...] = getattr(annotation, "__args__", ())
    if getattr(annotation, "__origin__", None) is list and isinstance(args[0], TypeVar):
        return f"{args[0].__name__}[]"
    return ts_type(mi.type_info(annotation))


def doc(text: str, indent: str) -> list[str]:
    return [f"{indent}/** {text.replace('*/', '* /')} */"] if text else []


def interface(cls: Any, sent: bool, indent: str) -> list[str]:
    """A Struct as an interface: its tag first, then its fields (`?` where it may be left
    out: a message's defaults, an event's unset fields and omitted defaults)."""
    cls = origin(cls)
    info = mi.type_info(cls)
    assert isinstance(info, mi.StructType)
    params = getattr(cls, "__parameters__", ())
    name = cls.__name__ + (f"<{', '.join(p.__name__ for p in params)}>" if params else "")
    omitted = cls.__struct_config__.omit_defaults
    lines = [*doc(summary(cls), indent), f"{indent}interface {name} {{"]
    if info.tag_field is not None:
        lines.append(f"{indent}  {info.tag_field}: {msgspec.json.encode(info.tag).decode()};")
    notes = comments(cls)
    for field in msgspec.structs.fields(cls):
        absent = field.default is msgspec.UNSET or (not field.required and (sent or omitted))
        lines += doc(notes.get(field.name, ""), indent + "  ")
        lines.append(f"{indent}  {field.name}{'?' if absent else ''}: {reference(field.type)};")
    return [*lines, f"{indent}}}"]


def union(name: str, members: Iterable[str], indent: str) -> str:
    return f"{indent}type {name} = " + (" | ".join(members) or "never") + ";"


def render() -> str:
    """The whole file."""
    kinds = list(default_kinds())
    sent: list[Any] = [*protocol.CONNECTION, *protocol.SHARED_ACTIONS, *QUICK_MESSAGES]
    received: list[Any] = [*frames.FRAMES, *shown.shared_types(Any), shown.Hidden]
    received += [*LOBBY_FRAMES, *QUICK_FRAMES]
    for kind in kinds:
        sent += [*kind.actions, *kind.queries]
        received += [*kind.frames, kind.view, *kind.shown]
    structs: dict[str, Any] = {}
    for cls in reachable([*sent, *received]):
        seen = structs.setdefault(qualified(cls), cls)
        assert seen is cls, f"two types named {qualified(cls)}"
    aggregates: dict[str, list[str]] = {"": []}
    messages = [qualified(m) for m in (*protocol.CONNECTION, *protocol.SHARED_ACTIONS)]
    aggregates[""].append(union("Message", messages, "  "))
    for kind in kinds:
        events = [*(ts_type(mi.type_info(s)) for s in kind.shown), "Protocol.Hidden"]
        own = [qualified(f) for f in kind.frames]
        envelopes = ["Protocol.Welcome<View>", "Protocol.Events<Event>", "Protocol.Acked<Event>"]
        others = ["Protocol.Refused", "Protocol.Error", "Protocol.Pong", "Protocol.Presence"]
        aggregates[kind.name] = [
            f"    type View = {qualified(kind.view)};",
            union("Event", events, "    "),
            union("Frame", [*envelopes, *others, *own], "    "),
            union("Message", [qualified(m) for m in (*kind.actions, *kind.queries)], "    "),
        ]
    aggregates["lobby"] = [union("Frame", map(qualified, LOBBY_FRAMES), "    ")]
    aggregates["quick"] = [
        union("Frame", map(qualified, QUICK_FRAMES), "    "),
        union("Message", map(qualified, QUICK_MESSAGES), "    "),
    ]
    by_namespace: dict[str, list[Any]] = {}
    for name in sorted(structs):
        by_namespace.setdefault(namespace(structs[name]), []).append(structs[name])
    for ns, declared in aggregates.items():  # a union's name is no Struct's of its namespace
        names = {origin(cls).__name__ for cls in by_namespace.get(ns, [])}
        assert not names & {line.split()[1] for line in declared}, ns
    sent_set = {origin(m) for m in sent}
    lines = [HEADER, "declare namespace Protocol {"]
    for ns in sorted(set(by_namespace) | set(aggregates)):
        indent = "    " if ns else "  "
        if ns:
            lines.append(f"  namespace {ns} {{")
        for cls in by_namespace.get(ns, []):
            lines += interface(cls, cls in sent_set, indent)
        lines += aggregates.get(ns, [])
        if ns:
            lines.append("  }")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else "")
    parser.add_argument("--check", action="store_true", help="only say whether it is stale")
    args = parser.parse_args(argv)
    return generated(OUT, render(), args.check, "tools/protocol_types.py")


if __name__ == "__main__":
    sys.exit(main())
