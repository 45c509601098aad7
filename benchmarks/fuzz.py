"""Long fuzz campaign: mutated inputs for every target, failures and hangs counted per target.

    python benchmarks/fuzz.py --seconds 60 [--target NAME] [--seed 1] [--save DIR]

Each target (tests/fuzz/targets.py) gets --seconds of mutated seeds (and,
one input in ten, plain random bytes). An input passes when the target
returns or raises the project's CodedError; any other exception is a
failure, and one that takes more than --hang seconds is a hang. Failing
inputs are written to --save (default: none kept). The baseline, measured in
the same run, is the rate of a target that only copies its input.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT))

from motamot.errors import CodedError  # noqa: E402
from tests.fuzz.targets import TARGETS, Target  # noqa: E402


def campaign(
    target: Target, seconds: float, rng: random.Random, hang: float, save: Path | None
) -> dict[str, object]:
    seeds = target.seeds()
    tried = results = coded = 0
    failures: Counter[str] = Counter()
    hangs = 0
    slowest = 0.0
    stop = time.perf_counter() + seconds
    while time.perf_counter() < stop:
        if rng.randrange(10) == 0:
            data = rng.randbytes(rng.randint(0, 512))
        else:
            data = target.mutate(rng, rng.choice(seeds), seeds)
        start = time.perf_counter()
        try:
            target.run(data)
            results += 1
        except CodedError:
            coded += 1
        except Exception as error:  # the bugs this campaign looks for
            kind = f"{type(error).__name__}: {str(error)[:60]}"
            if not failures[kind] and save is not None:
                save.mkdir(parents=True, exist_ok=True)
                name = f"{target.name.replace(' ', '_')}-{len(failures)}.bin"
                (save / name).write_bytes(data)
            failures[kind] += 1
        took = time.perf_counter() - start
        slowest = max(slowest, took)
        hangs += took > hang
        tried += 1
    return {
        "tried": tried,
        "results": results,
        "coded": coded,
        "failures": failures,
        "hangs": hangs,
        "slowest": slowest,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=30.0, help="per target")
    parser.add_argument("--target", action="append", choices=sorted(TARGETS))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hang", type=float, default=5.0)
    parser.add_argument("--save", type=Path)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    baseline = campaign(Target("copy", lambda: [b"seed"], bytes), 1.0, rng, args.hang, None)
    base_rate = int(str(baseline["tried"]))
    print(
        f"{'target':16} {'inputs':>9} {'per s':>8} {'results':>8} {'coded':>8} "
        f"{'failures':>8} {'hangs':>5} {'slowest s':>9}"
    )
    total_failures = total_hangs = total = 0
    for name in args.target or sorted(TARGETS):
        report = campaign(TARGETS[name], args.seconds, rng, args.hang, args.save)
        failures = report["failures"]
        assert isinstance(failures, Counter)
        tried = int(str(report["tried"]))
        total += tried
        total_failures += sum(failures.values())
        total_hangs += int(str(report["hangs"]))
        print(
            f"{name:16} {tried:9} {tried / args.seconds:8.0f} {report['results']!s:>8}"
            f" {report['coded']!s:>8} {sum(failures.values()):8} {report['hangs']!s:>5}"
            f" {float(str(report['slowest'])):9.3f}"
        )
        for kind, count in failures.most_common():
            print(f"    {count} × {kind}")
    print(
        f"total: {total} inputs, {total_failures} failures, {total_hangs} hangs"
        f" (baseline copy target: {base_rate} inputs/s)"
    )
    return 1 if total_failures or total_hangs else 0


if __name__ == "__main__":
    raise SystemExit(main())
