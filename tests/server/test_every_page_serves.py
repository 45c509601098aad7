"""Every page and every asset the pages reference answers, from the source tree (CI does
the same from the wheel, in a fresh venv: `tools/wheel_smoke.py`)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.server.live import LiveServer

TOOL = Path(__file__).resolve().parents[2] / "tools" / "wheel_smoke.py"


@pytest.mark.slow
def test_every_page_and_asset_a_page_references_answers(tmp_path: Path) -> None:
    live = LiveServer(tmp_path / "rooms.sqlite3").start()
    try:
        done = subprocess.run(
            [sys.executable, str(TOOL), "--url", live.url],
            capture_output=True,
            text=True,
            check=False,
            timeout=300,
        )
    finally:
        live.stop()
    assert done.returncode == 0, done.stderr
    summary = done.stdout.strip().splitlines()[-1]
    found = re.search(r"(\d+) pages and (\d+) assets", summary)
    assert found is not None, summary
    pages, assets = int(found[1]), int(found[2])
    assert pages >= 10 and assets >= 8, summary  # the rooms' pages, their modules and style
