"""Node's test runner, from pytest: the pages' unit tests need Node (20.19 or later), and
without it they fail, never skip."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def node_test(test: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """`node --test` on one test file (TAP on its standard output), with `env` added."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not installed: the pages' unit tests need it (Node 20.19 or later)")
    command = [node, "--test", "--test-reporter=tap", str(test)]
    environment = {**os.environ, **env}
    return subprocess.run(command, capture_output=True, text=True, env=environment, check=False)
