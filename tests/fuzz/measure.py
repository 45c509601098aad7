"""Run motamot in a child process and measure it: exit code, output, seconds, peak memory.

The peak is the child's own VmHWM (Linux /proc), read as it exits: the
rusage of a child forked from a large parent (pytest) would report the
parent's memory instead.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

_CHILD = r"""
import atexit, sys

def _report(path=sys.argv.pop(1)):
    with open("/proc/self/status") as status, open(path, "w") as out:
        out.write(next(line for line in status if line.startswith("VmHWM")).split()[1])

atexit.register(_report)
from motamot.cli.main import main
sys.exit(main(sys.argv[1:]))
"""


@dataclass(frozen=True)
class Measured:
    returncode: int
    stdout: str
    stderr: str
    seconds: float
    max_rss_mb: float


def run_motamot(*args: str, env: Mapping[str, str] | None = None, timeout: float = 120) -> Measured:
    """`motamot ARGS` in a child process, with its peak resident memory in MB."""
    with tempfile.TemporaryDirectory() as tmp:
        peak = Path(tmp) / "peak"
        start = time.perf_counter()
        result = subprocess.run(
            [sys.executable, "-c", _CHILD, str(peak), *args],
            stdin=subprocess.DEVNULL,
            capture_output=True,
            env=dict(os.environ, **(env or {})),
            timeout=timeout,
            check=False,
        )
        seconds = time.perf_counter() - start
        kilobytes = float(peak.read_text()) if peak.exists() else float("nan")
    return Measured(
        result.returncode,
        result.stdout.decode("utf-8", "replace"),
        result.stderr.decode("utf-8", "replace"),
        seconds,
        kilobytes / 1024,
    )
