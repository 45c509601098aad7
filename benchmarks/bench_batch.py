"""Whole-process batch solving: `motamot boggle solve --batch` against a plain trie program.

    python benchmarks/bench_batch.py [--repeat R] [--memory N]

Runs, in one go on the same boards (../shared/bench/boards-classic-10k.txt),
the whole programs a user runs, start-up included: the plain CPython trie
program (trie_baseline.py, standard library only, reading the text word
list) and motamot's CLI (the list compiled beforehand by `motamot dict
build`, in a private cache), score only and with every word and its path as
JSON lines; both must print the same bytes. Then the in-process library
calls (`solve()` keeping every result with the garbage collector on, as a
program would; `score_many`). With ENABLE2K and with the built-in `fr`.
`--memory N` also solves N grids (the boards repeated) to show the peak
memory stays flat. Every speed is the best of R runs, with its ratio to the
baseline measured in this run, and the load average is printed: the machine
may be shared.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from motamot.boggle import CLASSIC_EN, CLASSIC_FR, BoggleRules, parse_grid, solve
from motamot.boggle.solve import score_many
from motamot.lexicon import load_lexicon
from motamot.lexicon.registry import CACHE_ENV

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_boggle import BOARDS, ENABLE, EXPECTED_POINTS, EXPECTED_WORDS

TRIE = Path(__file__).resolve().parent / "trie_baseline.py"


@dataclass(frozen=True)
class Run:
    """One whole-process run: wall and CPU seconds, peak memory, what it printed."""

    wall: float
    cpu: float
    peak_mb: float
    output: Path


#: Runs argv[1:] and prints its wall time, CPU time and peak RSS (KiB). A small
#: process of its own in between: Linux carries a parent's peak RSS over fork
#: and exec, so the benchmark's own memory would otherwise count as the child's.
LAUNCHER = """
import os, sys, time
start = time.perf_counter()
pid = os.fork()
if pid == 0:
    os.execvp(sys.argv[1], sys.argv[1:])
_, status, usage = os.wait4(pid, 0)
wall = time.perf_counter() - start
print(os.waitstatus_to_exitcode(status), wall, usage.ru_utime + usage.ru_stime,
      usage.ru_maxrss, file=sys.stderr)
"""


def run(command: Sequence[str], output: Path, env: dict[str, str]) -> Run:
    """Run `command` with stdout to `output`: its own wall, CPU and peak memory."""
    with output.open("wb") as out:
        launched = subprocess.run(
            [sys.executable, "-I", "-S", "-c", LAUNCHER, *command],
            stdout=out,
            stderr=subprocess.PIPE,
            env=env,
            check=True,
        )
    code, wall, cpu, peak = launched.stderr.decode().split()[-4:]
    if code != "0":
        raise SystemExit(f"{' '.join(command)} exited with {code}")
    return Run(float(wall), float(cpu), int(peak) / 1024, output)


def best(command: Sequence[str], output: Path, env: dict[str, str], repeat: int) -> Run:
    runs = [run(command, output, env) for _ in range(repeat)]
    return min(runs, key=lambda r: r.wall)


def load() -> str:
    return ", ".join(f"{x:.2f}" for x in os.getloadavg())


def totals(path: Path) -> tuple[int, int]:
    words = points = 0
    with path.open("rb") as handle:
        for line in handle:
            data = json.loads(line)
            words += data["count"]
            points += data["points"]
    return words, points


def row(label: str, result: Run, boards: int, baseline: Run | None, note: str = "") -> None:
    ratio = f"x{baseline.wall / result.wall:5.1f}" if baseline else "  1.0"
    cpu = f" cpu x{baseline.cpu / result.cpu:.1f}" if baseline else ""
    print(
        f"  {label:<44} {result.wall:6.2f} s {boards / result.wall:>8,.0f} boards/s {ratio}"
        f"  (cpu {result.cpu:.2f} s{cpu}, peak {result.peak_mb:.0f} MB){note}"
    )


def whole_process(
    name: str,
    word_list: Path,
    dictionary: str,
    preset: str,
    boards: Path,
    motamot: list[str],
    env: dict[str, str],
    scratch: Path,
    repeat: int,
) -> tuple[int, int]:
    """Both programs, both outputs, best of `repeat`; returns motamot's totals."""
    count = sum(1 for line in boards.open() if line.strip())
    print(f"{name}, {count:,} boards, whole process, JSON lines, best of {repeat} (load {load()}):")
    solve_cmd = [*motamot, "boggle", "solve", "--batch", str(boards), "--dict", dictionary]
    solve_cmd += ["--preset", preset, "--json"]
    run([*solve_cmd, "--score-only"], scratch / "motamot.out", env)  # bytecode written: untimed
    found: tuple[int, int] = (0, 0)
    for mode, trie_flags, motamot_flags in (
        ("score only", [], ["--score-only"]),
        ("words + paths", ["--words"], []),
    ):
        trie = best(
            [sys.executable, str(TRIE), str(word_list), str(boards), *trie_flags],
            scratch / "trie.out",
            env,
            repeat,
        )
        ours = best([*solve_cmd, *motamot_flags], scratch / "motamot.out", env, repeat)
        same = (scratch / "trie.out").read_bytes() == (scratch / "motamot.out").read_bytes()
        row(f"plain trie program, {mode}", trie, count, None)
        row(
            f"motamot solve --batch --json, {mode}",
            ours,
            count,
            trie,
            "  same output" if same else "  OUTPUT DIFFERS",
        )
        if not motamot_flags:
            continue
        found = totals(ours.output)
    return found


def in_process(
    name: str, dictionary: str, rules: BoggleRules, lines: list[str], repeat: int
) -> None:
    """`solve()` keeping every result (collector on, as in a program) and `score_many`."""
    lexicon = load_lexicon(dictionary)
    start = time.perf_counter()
    grids = [parse_grid(line) for line in lines]
    parse = time.perf_counter() - start
    solve(grids[0], rules, lexicon)  # the solver is built once per lexicon: not timed

    def keep_all() -> object:
        return [solve(grid, rules, lexicon) for grid in grids]

    print(f"{name}, in process, {len(grids):,} boards (parse_grid {len(grids) / parse:,.0f}/s):")
    for label, call in (
        ("solve() keeping every result, gc on", keep_all),
        ("score_many()", lambda: score_many(grids, rules, lexicon)),
    ):
        walls, cpus = [], []
        for _ in range(repeat):
            start, cpu = time.perf_counter(), time.process_time()
            kept = call()
            walls.append(time.perf_counter() - start)
            cpus.append(time.process_time() - cpu)
            del kept
        print(
            f"  {label:<44} {len(grids) / min(walls):>8,.0f} boards/s"
            f"  (cpu {len(grids) / min(cpus):,.0f} boards/s)"
        )


def memory(motamot: list[str], env: dict[str, str], scratch: Path, grids: int) -> None:
    """Peak memory of --batch for a small and a large file: flat means streamed."""
    lines = [line for line in BOARDS.read_text().splitlines() if line.strip()]
    print(f"memory of solve --batch (ENABLE2K; load {load()}):")
    for mode, flags, counts in (
        ("score only", ["--score-only"], (len(lines), grids)),
        ("words + paths", [], (len(lines), grids // 10)),
    ):
        for count in counts:
            big = scratch / f"boards-{count}.txt"
            with big.open("w") as out:
                for i in range(count):
                    out.write(lines[i % len(lines)] + "\n")
            command = [*motamot, "boggle", "solve", "--batch", str(big), "--dict", "enable2k"]
            result = run([*command, "--json", *flags], Path(os.devnull), env)
            print(
                f"  {mode:<14} {count:>9,} grids: peak {result.peak_mb:6.1f} MB, "
                f"{result.wall:6.1f} s ({count / result.wall:,.0f} grids/s)"
            )
            big.unlink()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs of each measurement")
    parser.add_argument("--memory", type=int, default=0, metavar="N", help="also N grids")
    args = parser.parse_args(argv)
    if not BOARDS.is_file() or not ENABLE.is_file():
        print(f"skipped: {BOARDS} or {ENABLE} is absent (benchmark data, not shipped)")
        return 0
    script = Path(sys.executable).with_name("motamot")
    motamot = [str(script)] if script.is_file() else [sys.executable, "-m", "motamot"]
    print(f"CPython {sys.version.split()[0]}; {' '.join(motamot)}; {os.cpu_count()} CPUs")
    failures = 0
    with tempfile.TemporaryDirectory(prefix="bench-batch-") as tmp:
        scratch = Path(tmp)
        env = {**os.environ, CACHE_ENV: str(scratch / "cache")}
        # an installed package has its bytecode compiled: measure that, not recompiles
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        subprocess.run(
            [*motamot, "dict", "build", "--name", "enable2k", str(ENABLE)],
            env=env,
            check=True,
            stdout=subprocess.DEVNULL,
        )
        french = scratch / "fr.txt"
        french.write_text("\n".join(load_lexicon("fr")) + "\n")
        words, points = whole_process(
            "ENABLE2K", ENABLE, "enable2k", "classic-en", BOARDS, motamot, env, scratch, args.repeat
        )
        ok = (words, points) == (EXPECTED_WORDS, EXPECTED_POINTS)
        failures += not ok
        print(
            f"  totals {words:,} words, {points:,} points (expected {EXPECTED_WORDS:,} / "
            f"{EXPECTED_POINTS:,}): {'OK' if ok else 'MISMATCH'}"
        )
        fr_words, fr_points = whole_process(
            "fr", french, "fr", "classic-fr", BOARDS, motamot, env, scratch, args.repeat
        )
        print(f"  totals {fr_words:,} words, {fr_points:,} points")
        lines = [line for line in BOARDS.read_text().splitlines() if line.strip()]
        os.environ[CACHE_ENV] = env[CACHE_ENV]
        in_process("ENABLE2K", "enable2k", CLASSIC_EN, lines, args.repeat)
        in_process("fr", "fr", CLASSIC_FR, lines, args.repeat)
        if args.memory:
            memory(motamot, env, scratch, args.memory)
    print(f"load average at the end: {load()}")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
