"""benchmarks/bench_duplicate.py at its smallest (6 players, one 8 s turn), so that it
never rots: a real server, client processes, the verdict line (the figures at 500
players are the benchmark's own run, not a test's)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.slow
def test_the_duplicate_benchmark_plays_a_turn_with_six_players() -> None:
    command = [sys.executable, str(ROOT / "benchmarks" / "bench_duplicate.py")]
    options = ["--players", "6", "--turns", "1", "--turn-seconds", "8", "--window", "4"]
    done = subprocess.run(command + options, capture_output=True, text=True, timeout=180, cwd=ROOT)
    out = done.stdout
    assert "sockets welcomed: 6 of 6" in out, out + done.stderr
    assert "turn 1 results after its deadline: 6 of 6 players" in out, out
    assert "servers' stderr: 0 traceback(s)" in out, out
    verdict = [line for line in out.splitlines() if line.startswith("verdict: ")]
    assert len(verdict) == 1, out
    # a loaded machine may miss the targets: the run itself must still be whole
    assert "closed, failed or unanswered" not in verdict[0], out
    assert done.returncode == (0 if " — PASS " in verdict[0] else 1), out


@pytest.mark.slow
def test_the_simultaneous_benchmark_ranks_two_rooms_on_three_processes() -> None:
    command = [sys.executable, str(ROOT / "benchmarks" / "bench_duplicate.py")]
    options = ["--rooms", "2", "--players", "3", "--processes", "3", "--turns", "1"]
    options += ["--turn-seconds", "8", "--window", "4"]
    done = subprocess.run(command + options, capture_output=True, text=True, timeout=240, cwd=ROOT)
    out = done.stdout
    assert "a simultaneous: 2 rooms on 3 processes" in out, out + done.stderr
    assert "sockets welcomed: 8 of 8" in out, out  # 2 arbiters, 6 players
    assert "6 players ranked" in out, out  # the arbiters are not
    ranked = [line for line in out.splitlines() if line.startswith("turn 1 in the ranking")]
    assert len(ranked) == 1 and ranked[0].count("process ") == 3, out
    assert "servers' stderr: 0 traceback(s)" in out, out
    verdict = [line for line in out.splitlines() if line.startswith("verdict: ")]
    assert len(verdict) == 1 and "the ranking within 2 s" in verdict[0], out
    assert done.returncode == (0 if " — PASS " in verdict[0] else 1), out
