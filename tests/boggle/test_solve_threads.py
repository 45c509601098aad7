"""The compiled solver is shared by every thread of a server (a round's grid is solved
ahead in the results' worker while the event loop solves the bots' sheets): solving
from two threads at once gives what solving alone gives, and never corrupts it."""

from __future__ import annotations

import sys
import threading

from motamot.boggle import roll
from motamot.boggle.rules import get_preset
from motamot.boggle.solve import solve
from motamot.lexicon import load_lexicon


def test_two_threads_solving_at_once_get_what_one_thread_gets() -> None:
    lexicon = load_lexicon("fr")
    # grids of two sizes and two minimum lengths: what the solver keeps between two
    # calls (the grid's shape, the points table) changes from one call to the next
    asked = [
        (roll(rules, seed), rules, minimum)
        for seed in range(60)
        for rules in (get_preset("classic-fr"), get_preset("big"))
        for minimum in (None, 4)
    ]
    alone = [solve(grid, rules, lexicon, minimum).words for grid, rules, minimum in asked]
    found: dict[int, list[object]] = {0: [], 1: []}

    def work(which: int) -> None:
        order = asked if which == 0 else asked[::-1]
        for grid, rules, minimum in order:
            found[which].append(solve(grid, rules, lexicon, minimum).words)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # hand the GIL over as often as it can be
    try:
        threads = [threading.Thread(target=work, args=(which,)) for which in (0, 1)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert found[0] == alone and found[1] == alone[::-1]
