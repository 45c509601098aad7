"""Words faster than people type (docs/rules.md, F4): the bound, against a paste, scripts,
the computer players and a person at the fastest pace people keep over a round."""

from __future__ import annotations

import random

from motamot.boggle.bots import BOT_LEVELS, bot_sheet
from motamot.boggle.grid import roll
from motamot.boggle.rules import get_preset
from motamot.service.boggle.pace import PACE, PaceBound, too_fast
from tests.service.conftest import lexicons


def test_f4_a_paste_and_scripts_are_too_fast() -> None:
    pasted = too_fast([n * 0.0075 for n in range(41)])  # issue 35: 41 words in 0.3 s
    assert pasted is not None and pasted.bound == "burst" and pasted.words == PACE.burst
    for gap in (0.2, 0.5):  # 5 and 2 words a second, 41 words
        script = too_fast([n * gap for n in range(41)])
        assert script is not None and script.bound == "sustained" and script.words == 41
        assert script.rate > PACE.sustained_rate
    assert too_fast([100.0] * 20) is not None  # twenty at one instant


def test_f4_people_and_the_computer_players_are_not() -> None:
    assert too_fast([]) is None and too_fast([3.0]) is None
    assert too_fast([10 + n * 0.1 for n in range(PACE.burst - 1)]) is None  # a short burst
    steady = [n / 1.1 for n in range(198)]  # the fastest people: 1.1 words/s for 180 s
    assert too_fast(steady) is None
    rules = get_preset("classic-fr")
    for seed in range(20):
        grid = roll(rules, seed)
        for level in BOT_LEVELS.values():
            sheet = bot_sheet("bot", grid, rules, lexicons("fr"), level, seed)
            assert too_fast([entry.at for entry in sheet.entries]) is None


def test_f4_a_person_written_at_random_at_the_fastest_pace_is_rarely_flagged() -> None:
    """People as a Poisson process at 1.1 words a second (pessimistic: typing leaves a gap
    that Poisson does not): fewer than 1 round in 100 flagged (0.05 % in the bench)."""
    rng = random.Random(7)
    flagged = 0
    for _ in range(500):
        times, at = [], rng.expovariate(1.1)
        while at <= 180:
            times.append(at)
            at += rng.expovariate(1.1)
        flagged += too_fast(times) is not None
    assert flagged < 5


def test_f4_the_bound_is_data() -> None:
    strict = PaceBound(burst=3, burst_seconds=1.0, sustained_words=5, sustained_rate=0.5)
    assert too_fast([0.0, 0.4, 0.8], strict) is not None
    assert too_fast([0.0, 0.4, 0.8], PACE) is None
