"""types/protocol.d.ts, the pages' types of every message, frame, view and event, is
what the schemas give today (as docs/protocol.md is)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TYPES = ROOT / "types" / "protocol.d.ts"


def test_the_pages_protocol_types_are_what_the_schemas_give() -> None:
    tool = [sys.executable, str(ROOT / "tools" / "protocol_types.py"), "--check"]
    checked = subprocess.run(tool, capture_output=True, text=True, check=False)
    assert checked.returncode == 0, checked.stderr  # python tools/protocol_types.py writes it


def test_every_kind_has_its_view_events_and_frames_declared() -> None:
    text = TYPES.read_text("utf-8")
    for kind in ("arena", "boggle", "daily", "duplicate", "topword"):
        body = text.split(f"  namespace {kind} {{\n", 1)[1].split("\n  }\n", 1)[0]
        for union in ("View", "Event", "Frame", "Message"):
            assert f"    type {union} = " in body, (kind, union)
    assert 'type: "boggle.word_written";' in text and 'kind: "topword";' in text
