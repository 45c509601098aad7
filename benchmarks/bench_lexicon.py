"""Lexicon benchmark: load time, memory and membership test, against a Python set.

    python benchmarks/bench_lexicon.py [--dict fr] [--runs 7]

Load time and memory are measured in fresh processes (median of --runs); the
load includes the complete check of the file, whose own cost (C and pure
Python) is printed as well.
The baseline, measured in the same run, is the obvious alternative: a
Python set built from the exported word list (read from a text file).
Targets for `fr` (issue 2): load <= 30 ms, <= 10 MB, membership <= 2 us.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from motamot.lexicon import Lexicon, load_lexicon  # noqa: E402
from motamot.lexicon.dawg import check_arcs, check_arcs_python, speedups_enabled  # noqa: E402

# Runs in a fresh interpreter; prints {"seconds": ..., "traced": ..., "rss": ...}.
_CHILD = r"""
import json, sys, time, tracemalloc
def rss():
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * __import__("os").sysconf("SC_PAGE_SIZE")
    except OSError:
        return 0
mode, arg = sys.argv[1], sys.argv[2]
if mode == "lexicon":
    import motamot.lexicon  # import cost is not part of the load
    from motamot.lexicon import load_lexicon
before = rss()
tracemalloc.start()
start = time.perf_counter()
if mode == "lexicon":
    obj = load_lexicon(arg)
    assert len(obj) > 0
else:
    with open(arg, encoding="ascii") as handle:
        obj = set(handle.read().split())
seconds = time.perf_counter() - start
traced = tracemalloc.get_traced_memory()[0]
tracemalloc.stop()
after = rss()
print(json.dumps({"seconds": seconds, "traced": traced, "rss": after - before}))
"""


def fresh_process(mode: str, arg: str, runs: int) -> dict[str, float]:
    """Median of `runs` fresh-process measurements (load time without tracemalloc overhead)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    results = []
    for _ in range(runs):
        out = subprocess.run(
            [sys.executable, "-c", _CHILD, mode, arg],
            check=True,
            capture_output=True,
            text=True,
            env=env,
        ).stdout
        results.append(json.loads(out))
    # Time without tracemalloc: tracing slows allocation-heavy loads (the set) a lot.
    timed_child = _CHILD.replace("tracemalloc.start()", "").replace(
        "traced = tracemalloc.get_traced_memory()[0]\ntracemalloc.stop()", "traced = 0"
    )
    seconds = []
    for _ in range(runs):
        out = subprocess.run(
            [sys.executable, "-c", timed_child, mode, arg],
            check=True,
            capture_output=True,
            text=True,
            env=env,
        ).stdout
        seconds.append(json.loads(out)["seconds"])
    return {
        "seconds": statistics.median(seconds),
        "traced": statistics.median(r["traced"] for r in results),
        "rss": statistics.median(r["rss"] for r in results),
    }


def per_lookup_us(test: Callable[[str], bool], probes: list[str], repeat: int = 5) -> float:
    """Best of `repeat` passes, microseconds per lookup (loop overhead included)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for word in probes:
            test(word)
        best = min(best, time.perf_counter() - start)
    return best / len(probes) * 1e6


def non_words(words: list[str], lexicon: Lexicon, rng: random.Random) -> list[str]:
    """Real words with one letter changed, kept only when that is not a word."""
    result = []
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    for word in words:
        for _ in range(10):
            i = rng.randrange(len(word))
            candidate = word[:i] + rng.choice(letters) + word[i + 1 :]
            if candidate not in lexicon:
                result.append(candidate)
                break
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--dict", default="fr")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--sample", type=int, default=50_000)
    args = parser.parse_args()

    lexicon = load_lexicon(args.dict)
    words = list(lexicon)
    print(f"dictionary {args.dict}: {len(words)} words, sha256 {lexicon.sha256}")
    print(f"C speedups: {'on' if speedups_enabled() else 'off (pure Python)'}")

    with tempfile.TemporaryDirectory() as tmp:
        export = Path(tmp) / "words.txt"
        export.write_text("\n".join(words) + "\n", "ascii")
        dawg = fresh_process("lexicon", args.dict, args.runs)
        baseline = fresh_process("set", str(export), args.runs)

    mb = 1024 * 1024
    print(f"\nload in a fresh process (median of {args.runs}):")
    print(f"  {'':12} {'time ms':>9} {'traced MB':>10} {'RSS MB':>8}")
    for name, r in [("lexicon", dawg), ("set (base)", baseline)]:
        print(
            f"  {name:12} {r['seconds'] * 1e3:9.2f} {r['traced'] / mb:10.2f} {r['rss'] / mb:8.2f}"
        )
    print(
        f"  ratio lexicon/set: time {dawg['seconds'] / baseline['seconds']:.3f},"
        f" traced memory {dawg['traced'] / baseline['traced']:.3f}"
    )

    print(f"\ncomplete check of the file (best of {args.runs}):")
    checks = [("pure Python", check_arcs_python)]
    if speedups_enabled():
        checks.insert(0, ("C", check_arcs))
        print("  (the C check runs in every load above)")
    else:
        print("  (C not built: the shipped lists are trusted by their sha256, data/SHA256SUMS,")
        print("   so the load above skips it; any other list pays the pure-Python check)")
    for name, check in checks:
        best = float("inf")
        for _ in range(args.runs):
            start = time.perf_counter()
            check(lexicon.arcs, lexicon.root)
            best = min(best, time.perf_counter() - start)
        print(f"  {name:14} {best * 1e3:8.2f} ms  ({best / dawg['seconds']:.2f} of the load)")

    rng = random.Random(20261130)
    real = rng.sample(words, min(args.sample, len(words)))
    fake = non_words(real, lexicon, rng)
    as_set = set(words)
    print("\nmembership, us per lookup (best of 5):")
    print(f"  {'':22} {'words':>8} {'non-words':>10}")
    rows = [
        ("lexicon (`in`)", lexicon.__contains__),
        ("lexicon pure Python", lexicon.contains_python),
        ("set (base)", as_set.__contains__),
    ]
    timings = {}
    for name, test in rows:
        timings[name] = (per_lookup_us(test, real), per_lookup_us(test, fake))
        print(f"  {name:22} {timings[name][0]:8.3f} {timings[name][1]:10.3f}")
    base = timings["set (base)"]
    for name in ("lexicon (`in`)", "lexicon pure Python"):
        ratio = (timings[name][0] / base[0], timings[name][1] / base[1])
        print(f"  ratio {name}/set: words {ratio[0]:.2f}, non-words {ratio[1]:.2f}")
    mean_length = sum(map(len, real)) / len(real)
    print(
        f"  (mean word length {mean_length:.1f} letters, {len(real)} words, {len(fake)} non-words)"
    )

    ok = (
        dawg["seconds"] <= 0.030
        and dawg["traced"] <= 10 * mb
        and max(timings["lexicon (`in`)"]) <= 2.0
    )
    print(f"\ntargets (load <= 30 ms, <= 10 MB, membership <= 2 us): {'met' if ok else 'NOT met'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
