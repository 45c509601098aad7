"""docs/protocol.md lists every message a browser may send and every frame and event the
server sends, with their fields, and is what the schemas give today."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import msgspec

from motamot.server.frames import FRAMES
from motamot.server.kinds import WebKinds
from motamot.server.lobby.frames import LOBBY_FRAMES
from motamot.service.rooms.shown import Hidden
from motamot.web import default_kinds
from motamot.web.topword.quick import QUICK_FRAMES, QUICK_MESSAGES

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "protocol.md"


def tag(cls: Any) -> str:
    return str(msgspec.inspect.type_info(cls).tag)  # type: ignore[attr-defined]


def test_the_protocol_page_is_what_the_schemas_give() -> None:
    tool = [sys.executable, str(ROOT / "tools" / "protocol_doc.py"), "--check"]
    checked = subprocess.run(tool, capture_output=True, text=True, check=False)
    assert checked.returncode == 0, checked.stderr  # python tools/protocol_doc.py writes it


def sections(text: str) -> dict[str, list[str]]:
    """The text under each `####` heading, by heading (a heading may come twice)."""
    found: dict[str, list[str]] = {}
    for part in text.split("\n#### ")[1:]:
        heading, _, body = part.partition("\n")
        found.setdefault(heading, []).append(body.split("\n#")[0])
    return found


def test_every_message_frame_and_shown_event_has_its_heading_and_fields() -> None:
    under = sections(DOC.read_text("utf-8"))
    kinds: WebKinds = default_kinds()
    declared: list[Any] = [*kinds.protocol.messages, *FRAMES, Hidden]
    declared += [*LOBBY_FRAMES, *QUICK_MESSAGES, *QUICK_FRAMES]  # the sockets beside rooms'
    for kind in kinds:
        declared += [*kind.frames, *kind.shown]
    assert len(declared) >= 40
    for cls in declared:
        names = [f"- `{field.name}`:" for field in msgspec.structs.fields(cls)]
        bodies = under.get(f"`{tag(cls)}`", [])
        assert any(all(name in body for name in names) for body in bodies), tag(cls)
    for kind in kinds:  # each kind's view, tagged with its kind, with its fields
        (body,) = under[f"`{kind.view.__name__}`"]
        assert f"- `kind`: `{kind.name}`" in body
        assert all(f"- `{f.name}`:" in body for f in msgspec.structs.fields(kind.view))
