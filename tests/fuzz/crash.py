"""kill -9 at random points of a durable write, repeated, then check what is on disk.

Shared by the tests (a few rounds) and `benchmarks/crash_loop.py` (many).
A round starts a child that writes (a `dict build`, or game saves in a
loop), kills it with SIGKILL after a random delay, and checks that every
file a later run would read loads right. Temporary files the kills left are
counted; after one more complete run none may remain.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from motamot.durable import TEMP_PREFIX

_SAVER = r"""
import json, sys
from pathlib import Path
from motamot.service.storage import save_text
versions = json.loads(Path(sys.argv[1]).read_text("utf-8"))
targets = [Path(p) for p in sys.argv[2:]]
print("ready", flush=True)
i = 0
while True:
    save_text(targets[i % len(targets)], versions[i % len(versions)])
    i += 1
"""


@dataclass
class CrashReport:
    rounds: int = 0
    killed_while_running: int = 0
    finished_before_kill: int = 0
    orphans_seen: int = 0
    orphans_left_after_next_run: int = 0


def temporaries(folder: Path) -> list[Path]:
    return sorted(folder.rglob(f"{TEMP_PREFIX}*")) if folder.exists() else []


def _kill_after(child: subprocess.Popen[bytes], delay: float, report: CrashReport) -> None:
    time.sleep(delay)
    if child.poll() is None:
        os.kill(child.pid, signal.SIGKILL)
        report.killed_while_running += 1
    else:
        report.finished_before_kill += 1
    child.wait()


def dict_build_loop(
    rounds: int,
    sources: Sequence[Path],
    cache: Path,
    check: Callable[[], None],
    rng: random.Random,
) -> CrashReport:
    """Kill `dict build` at random points; `check()` after each kill must pass."""
    report = CrashReport()
    command = [sys.executable, "-m", "motamot", "dict", "build"]
    env = dict(os.environ, MOTAMOT_CACHE_DIR=str(cache))
    start = time.perf_counter()
    subprocess.run(
        [*command, str(sources[0]), "--name", "list0"], env=env, check=True, capture_output=True
    )
    duration = time.perf_counter() - start
    for number in range(rounds):
        index = rng.randrange(len(sources))
        child = subprocess.Popen(
            [*command, str(sources[index]), "--name", f"list{index}"],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        _kill_after(child, rng.uniform(0.0, duration * 1.1), report)
        report.rounds = number + 1
        report.orphans_seen += len(temporaries(cache))
        check()
    subprocess.run(
        [*command, str(sources[0]), "--name", "list0"], env=env, check=True, capture_output=True
    )
    report.orphans_left_after_next_run = len(temporaries(cache))
    check()
    return report


def save_loop(
    rounds: int,
    versions: Sequence[str],
    folder: Path,
    rng: random.Random,
    max_delay: float = 0.3,
) -> tuple[CrashReport, list[Path]]:
    """Kill a process that saves games in a loop; return the report and the save paths.

    After each kill every save that exists must be exactly one of `versions`.
    """
    report = CrashReport()
    folder.mkdir(parents=True, exist_ok=True)
    versions_file = folder.parent / "versions.json"
    versions_file.write_text(json.dumps(list(versions)), "utf-8")
    targets = [folder / "game-a.txt", folder / "game-b.txt"]
    for number in range(rounds):
        child = subprocess.Popen(
            [sys.executable, "-c", _SAVER, str(versions_file), *map(str, targets)],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        assert child.stdout is not None
        child.stdout.readline()  # imports done: the kill lands among the saves
        _kill_after(child, rng.uniform(0.0, max_delay), report)
        child.stdout.close()
        report.rounds = number + 1
        report.orphans_seen += len(temporaries(folder))
        for target in targets:
            if target.exists():
                assert target.read_text("utf-8") in versions, f"{target} holds a torn save"
    return report, targets
