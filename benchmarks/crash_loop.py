"""kill -9 campaign: `dict build` and game saves killed at random points, then checked.

    python benchmarks/crash_loop.py [--rounds 100] [--seed 1]

Prints, for each, the rounds run, how many kills landed while the child was
still running, the temporary files seen right after the kills, and those
left after the next complete run (must be 0). Every round checks that each
registered list loads with exactly its words, that names.json is intact and
that every game save is exactly one complete version. Any bad file stops
the campaign with an AssertionError. The baseline, in the same run, is the
time of one complete `dict build` of the same list.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT))

from motamot.lexicon import Lexicon, load_lexicon  # noqa: E402
from motamot.lexicon.registry import CACHE_ENV, _load_path, registered_names  # noqa: E402
from motamot.service.storage import save_text  # noqa: E402
from motamot.topword.record import format_record  # noqa: E402
from motamot.topword.selfplay import selfplay_game  # noqa: E402
from tests.fuzz.crash import CrashReport, dict_build_loop, save_loop  # noqa: E402


def show(label: str, report: CrashReport, seconds: float) -> None:
    print(
        f"{label:11} rounds {report.rounds:4}, killed while running"
        f" {report.killed_while_running:4}, finished first {report.finished_before_kill:3},"
        f" temporaries seen {report.orphans_seen:3},"
        f" left after next run {report.orphans_left_after_next_run} ({seconds:.0f} s)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    french = load_lexicon("fr")
    words = list(french.completions("MA"))
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        cache = tmp / "cache"
        os.environ[CACHE_ENV] = str(cache)
        sources, expected = [], []
        for number in range(3):
            chosen = set(rng.sample(words, 4000))
            source = tmp / f"list{number}.txt"
            source.write_text("".join(f"{word.lower()}\n" for word in chosen), "utf-8")
            sources.append(source)
            expected.append(chosen)
        folder = cache / "dictionaries"

        def check() -> None:
            _load_path.cache_clear()
            for name in registered_names():
                assert set(load_lexicon(name)) == expected[int(name.removeprefix("list"))]
            for compiled in folder.glob("*.dawg"):
                Lexicon.from_bytes(compiled.read_bytes())

        start = time.perf_counter()
        report = dict_build_loop(args.rounds, sources, cache, check, rng)
        show("dict build", report, time.perf_counter() - start)

        versions = [
            format_record(selfplay_game(["greedy", "greedy"], seed, french)[0])
            for seed in (1, 2, 3)
        ]
        start = time.perf_counter()
        saves, targets = save_loop(args.rounds, versions, tmp / "saves" / "topword", rng)
        save_text(targets[0], versions[0])  # the next run
        saves.orphans_left_after_next_run = len(list((tmp / "saves").rglob(".tmp-*")))
        show("game save", saves, time.perf_counter() - start)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
