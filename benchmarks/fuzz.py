"""Long fuzz campaign: mutated inputs for every target, failures and hangs counted per target.

    python benchmarks/fuzz.py --seconds 60 [--target NAME] [--seed 1] [--save DIR]
                              [--engine mutate|atheris]

Targets: word lists and compiled lists (tests/fuzz/targets.py) and every
parser and text entry point (tests/fuzz/parser_targets.py: grid, words,
position, move, rack, both record formats, names, seats) and the server's
websocket messages (tests/fuzz/server_targets.py: every type of the
protocol, valid, mutated and random frames). An input passes
when the target returns or raises the project's coded error; any other
exception is a failure, and one that takes more than --hang seconds is a
hang. Failing inputs are written to --save (default: none kept).

Engine `mutate` (default) gives each target --seconds of mutated seeds (and,
one input in ten, plain random bytes); the baseline, measured in the same
run, is the rate of a target that only copies its input. Engine `atheris`
(coverage-guided, libFuzzer) runs all targets together for --seconds in
total. Both end with each parser's time on oversized inputs (about 200 KB).
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # imported late at run time: atheris must instrument motamot first
    from tests.fuzz.parser_targets import Target as ParserTarget
    from tests.fuzz.targets import Target

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT))


class Tally:
    """What one target did during the campaign."""

    def __init__(self) -> None:
        self.tried = self.results = self.coded = self.hangs = 0
        self.slowest = 0.0
        self.failures: Counter[str] = Counter()


def feed(
    tally: Tally,
    name: str,
    run: Callable[[bytes], object],
    data: bytes,
    errors: tuple[type[Exception], ...],
    hang: float,
    save: Path | None,
) -> None:
    """Run one input, timing it and keeping what failed."""
    start = time.perf_counter()
    try:
        run(data)
        tally.results += 1
    except errors:
        tally.coded += 1
    except Exception as error:  # the bugs this campaign looks for
        kind = f"{type(error).__name__}: {str(error)[:60]}"
        if not tally.failures[kind] and save is not None:
            save.mkdir(parents=True, exist_ok=True)
            (save / f"{name.replace(' ', '_')}-{len(tally.failures)}.bin").write_bytes(data)
        tally.failures[kind] += 1
    took = time.perf_counter() - start
    tally.slowest = max(tally.slowest, took)
    tally.hangs += took > hang
    tally.tried += 1


def campaign(
    target: Target, seconds: float, rng: random.Random, hang: float, save: Path | None
) -> Tally:

    seeds = target.seeds()
    tally = Tally()
    stop = time.perf_counter() + seconds
    while time.perf_counter() < stop:
        if rng.randrange(10) == 0:
            data = rng.randbytes(rng.randint(0, 512))
        else:
            data = target.mutate(rng, rng.choice(seeds), seeds)
        feed(tally, target.name, target.run, data, coded_errors(), hang, save)
    return tally


def report(tallies: dict[str, Tally], seconds: dict[str, float], baseline: str) -> int:
    print(
        f"{'target':16} {'inputs':>9} {'per s':>8} {'results':>8} {'coded':>8} "
        f"{'failures':>8} {'hangs':>5} {'slowest s':>9}"
    )
    total_failures = total_hangs = total = 0
    for name, tally in tallies.items():
        total += tally.tried
        total_failures += sum(tally.failures.values())
        total_hangs += tally.hangs
        print(
            f"{name:16} {tally.tried:9} {tally.tried / seconds[name]:8.0f} {tally.results:8}"
            f" {tally.coded:8} {sum(tally.failures.values()):8} {tally.hangs:5}"
            f" {tally.slowest:9.3f}"
        )
        for kind, count in tally.failures.most_common():
            print(f"    {count} × {kind}")
    print(f"total: {total} inputs, {total_failures} failures, {total_hangs} hangs ({baseline})")
    sys.stdout.flush()
    return 1 if total_failures or total_hangs else 0


def coded_errors() -> tuple[type[Exception], ...]:
    """The project's coded errors: CodedError and the parsers' other reason-coded errors."""
    from motamot.errors import CodedError
    from tests.fuzz.parser_targets import PARSER_ERRORS
    from tests.fuzz.server_targets import SERVER_ERRORS

    return (CodedError, *PARSER_ERRORS, *SERVER_ERRORS)


def all_targets() -> dict[str, Target]:
    from tests.fuzz.parser_targets import BYTE_TARGETS
    from tests.fuzz.server_targets import SERVER_TARGETS
    from tests.fuzz.targets import TARGETS

    return {**TARGETS, **BYTE_TARGETS, **SERVER_TARGETS}


def run_mutate(args: argparse.Namespace) -> int:
    from tests.fuzz.targets import Target

    rng = random.Random(args.seed)
    baseline = campaign(Target("copy", lambda: [b"seed"], bytes), 1.0, rng, args.hang, None)
    targets = all_targets()
    names = args.target or sorted(targets)
    tallies = {
        name: campaign(targets[name], args.seconds, rng, args.hang, args.save) for name in names
    }
    status = report(
        tallies,
        dict.fromkeys(names, args.seconds),
        f"baseline copy target: {baseline.tried} inputs/s",
    )
    return oversized(names) or status


def run_atheris(args: argparse.Namespace) -> int:
    import atheris

    with atheris.instrument_imports(include=["motamot"]):
        targets = all_targets()
    coded = coded_errors()
    names = args.target or sorted(targets)
    chosen = [targets[name] for name in names]
    tallies = {name: Tally() for name in names}
    started = time.monotonic()

    def one_input(data: bytes) -> None:
        if data:
            name = names[data[0] % len(names)]
            target = chosen[data[0] % len(names)]
            feed(tallies[name], name, target.run, data[1:], coded, args.hang, args.save)
        if time.monotonic() - started > args.seconds:
            took = time.monotonic() - started
            status = report(tallies, dict.fromkeys(names, took), "atheris, all targets together")
            # Timed in a fresh process: this one is slowed by atheris's instrumentation.
            sizes = subprocess.run(
                [sys.executable, __file__, "--oversized-only", *(f"--target={n}" for n in names)],
                check=False,
            )
            os._exit(status or sizes.returncode)  # libFuzzer owns the loop: leave from here

    atheris.Setup([sys.argv[0], "-max_len=4096", "-timeout=60", "-print_final_stats=0"], one_input)
    atheris.Fuzz()
    return 2


def oversized(names: list[str]) -> int:
    """Each parser on inputs of about 200 KB: the slowest, in ms (linear: well under 1 s)."""
    from tests.fuzz.parser_targets import TARGETS as PARSERS
    from tests.fuzz.parser_targets import time_oversized

    print(
        f"\n{'oversized input':16} {'inputs':>6} {'largest':>9} {'parse':>11} {'+ round trip':>13}"
    )
    status = 0
    for target in PARSERS:
        if target.name not in names:
            continue
        parse, _ = time_oversized(target, parse_only=True)
        slowest, failed = time_oversized(target)
        largest = max(len(text) for text in target.oversized)
        print(
            f"{target.name:16} {len(target.oversized):6} {largest:9} {parse * 1000:8.1f} ms"
            f" {slowest * 1000:10.1f} ms" + (f"  {failed} FAILED" if failed else "")
        )
        status |= failed > 0 or slowest > 5.0
    if "server message" in names:
        from tests.fuzz.server_targets import OVERSIZED_FRAMES, time_oversized_frames

        slowest, failed = time_oversized_frames()
        largest = max(len(frame) for frame in OVERSIZED_FRAMES)
        print(
            f"{'server message':16} {len(OVERSIZED_FRAMES):6} {largest:9} {slowest * 1000:8.1f} ms"
            f" {'':>13}" + (f"  {failed} FAILED" if failed else "")
        )
        status |= failed > 0 or slowest > 5.0
    return status


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=30.0, help="per target (atheris: total)")
    parser.add_argument("--target", action="append", metavar="NAME", help="(default: all)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hang", type=float, default=5.0)
    parser.add_argument("--save", type=Path)
    parser.add_argument("--engine", choices=("mutate", "atheris"), default="mutate")
    parser.add_argument("--oversized-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.oversized_only:
        return oversized(args.target or [target.name for target in _parsers()])
    if args.engine == "atheris":  # before anything imports motamot: atheris instruments it
        return run_atheris(args)
    unknown = set(args.target or ()) - set(all_targets())
    if unknown:
        parser.error(f"unknown target(s) {sorted(unknown)}; known: {sorted(all_targets())}")
    return run_mutate(args)


def _parsers() -> list[ParserTarget]:
    from tests.fuzz.parser_targets import TARGETS as PARSERS

    return list(PARSERS)


if __name__ == "__main__":
    raise SystemExit(main())
