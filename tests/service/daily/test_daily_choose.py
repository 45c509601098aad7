"""The day's grid is chosen by the solver (G11-G13): a floor on words and points, a band
of words per weekday, the same choice on the compiled and the pure-Python solver, and
the days before the chooser (and every room already stored) keep their grid."""

from __future__ import annotations

import datetime
import importlib
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from motamot.boggle import get_preset, solve
from motamot.boggle.grid import roll
from motamot.service.daily import choose as chooser
from motamot.service.daily.choose import BANDS, CHOSEN_FROM, Band, DailyBands, candidates, choose
from motamot.service.daily.schedule import DailyGrids
from motamot.service.ports import ManualClock
from motamot.service.server_secret import ServerSecret
from motamot.service.stores.memory import MemoryStore
from tests.service.conftest import lexicons, run
from tests.service.daily.helpers import SECRET, Day, new_host

SOLVE = importlib.import_module("motamot.boggle.solve")
PRESETS = ("classic-fr", "big")
days = st.dates(CHOSEN_FROM, CHOSEN_FROM + datetime.timedelta(days=3650))
secrets = st.binary(min_size=32, max_size=32).map(ServerSecret)


@pytest.fixture(autouse=True)
def fresh_choices() -> Iterator[None]:
    """Each test chooses anew (the chooser caches its choices)."""
    choose.cache_clear()
    yield
    choose.cache_clear()


def totals(
    preset: str, grids: DailyGrids, secret: ServerSecret, day: datetime.date
) -> tuple[int, int]:
    """The words and points of the day's grid, by a full solve (not the chooser's totals)."""
    solution = solve(grids.grid(secret, day, lexicons), get_preset(preset), lexicons("fr"))
    return solution.count, solution.points


@settings(max_examples=40, deadline=None)
@given(day=days, secret=secrets, preset=st.sampled_from(PRESETS))
def test_g11_g12_every_chosen_grid_meets_the_floor_within_its_weekday_s_band(
    day: datetime.date, secret: ServerSecret, preset: str
) -> None:
    words, points = totals(preset, DailyGrids(preset), secret, day)
    bands = BANDS[preset]
    assert words >= bands.words and points >= bands.points
    band = bands.week[day.weekday()]
    assert band.least <= words <= band.most, (day, day.weekday(), words)


def test_g12_mondays_are_richer_than_sundays() -> None:
    grids = DailyGrids("classic-fr")
    monday = CHOSEN_FROM + datetime.timedelta(days=-CHOSEN_FROM.weekday() % 7)
    mondays = [
        totals("classic-fr", grids, SECRET, monday + datetime.timedelta(weeks=n)) for n in range(6)
    ]
    sundays = [
        totals("classic-fr", grids, SECRET, monday + datetime.timedelta(weeks=n, days=6))
        for n in range(6)
    ]
    assert min(w for w, _ in mondays) > max(w for w, _ in sundays)
    for bands in BANDS.values():  # every preset: the bands go down from Monday to Sunday
        assert [b.least for b in bands.week] == sorted((b.least for b in bands.week), reverse=True)
        assert bands.week[-1].least >= bands.words


def test_g11_the_same_day_gives_the_same_grid_on_the_compiled_and_pure_python_solver(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    week = [CHOSEN_FROM + datetime.timedelta(days=n) for n in range(7)]
    compiled = {p: [DailyGrids(p).grid(SECRET, d, lexicons).text for d in week] for p in PRESETS}
    assert compiled == {
        p: [DailyGrids(p).grid(SECRET, d, lexicons).text for d in week] for p in PRESETS
    }
    choose.cache_clear()
    monkeypatch.setattr(SOLVE, "_KERNEL", None)
    pure = {p: [DailyGrids(p).grid(SECRET, d, lexicons).text for d in week] for p in PRESETS}
    assert pure == compiled
    # another process (`motamot boggle daily`), every kernel turned off, prints the same
    path = tmp_path / "server.secret"
    path.write_text(bytes(range(32)).hex() + "\n")
    command = [sys.executable, "-m", "motamot", "boggle", "daily", "--secret-file", str(path)]
    env = {**os.environ, "MOTAMOT_NO_SPEEDUPS": "1"}
    for preset in PRESETS:
        asked = [*command, "--date", week[0].isoformat(), "--preset", preset]
        printed = subprocess.run(asked, env=env, capture_output=True, check=True, text=True)
        assert printed.stdout.strip() == compiled[preset][0]


def test_g11_candidates_are_the_day_s_seed_then_a_fixed_sequence() -> None:
    first = list(zip(range(5), candidates(12345), strict=False))
    assert [seed for _, seed in first] == [
        seed for _, seed in zip(range(5), candidates(12345), strict=False)
    ]
    assert first[0][1] == 12345
    assert len({seed for _, seed in first}) == 5
    assert all(0 <= seed < 2**63 for _, seed in first)


def test_g11_without_a_grid_in_the_band_the_first_over_the_floor_and_without_either_the_day_s_seed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rules, fr = get_preset("classic-fr"), lexicons("fr")
    seed = 2026
    nowhere = Band(10_000, 10_000)
    monkeypatch.setitem(BANDS, "classic-fr", DailyBands(65, 85, (nowhere,) * 7))
    picked = choose(rules, fr, seed, 0)
    looked_at = [c for _, c in zip(range(chooser.MAX_CANDIDATES), candidates(seed), strict=False)]
    solved = [solve(roll(rules, c), rules, fr) for c in looked_at]
    expected = next(
        c for c, s in zip(looked_at, solved, strict=True) if s.count >= 65 and s.points >= 85
    )
    assert picked == expected
    monkeypatch.setitem(BANDS, "classic-fr", DailyBands(10_000, 0, (nowhere,) * 7))
    choose.cache_clear()
    assert choose(rules, fr, seed, 0) == seed
    monkeypatch.delitem(BANDS, "classic-fr")
    choose.cache_clear()
    assert choose(rules, fr, seed, 3) == seed  # a preset without bands plays its roll


def test_g13_days_before_the_chooser_keep_the_raw_roll_of_their_seed() -> None:
    grids = DailyGrids("classic-fr")
    for day in (datetime.date(2026, 12, 1), CHOSEN_FROM - datetime.timedelta(days=1)):
        assert grids.grid_seed(SECRET, day, lexicons) == grids.seed(SECRET, day)
        assert grids.settings(SECRET, day, lexicons).seed == grids.seed(SECRET, day)
    chosen = [CHOSEN_FROM + datetime.timedelta(days=n) for n in range(14)]
    # most chosen days are not their raw roll (a raw roll is in its band one time in seven)
    assert sum(grids.grid_seed(SECRET, d, lexicons) != grids.seed(SECRET, d) for d in chosen) >= 7


def test_g13_a_room_stored_keeps_its_grid_whatever_the_chooser_becomes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    at = datetime.datetime.combine(CHOSEN_FROM, datetime.time(9), datetime.UTC).timestamp()

    async def main() -> None:
        store = MemoryStore()
        day = Day(new_host(ManualClock(at), store), ManualClock(at), CHOSEN_FROM)
        ana = await day.join("ana")
        await day.start(ana)
        grid = (await day.room()).grid.text
        assert grid == day.grids.grid(SECRET, CHOSEN_FROM, lexicons).text
        await day.host.close()
        # the bands change (a later version of the chooser): the day's room is the same
        monkeypatch.setitem(BANDS, "classic-fr", DailyBands(0, 0, (Band(0, 10_000),) * 7))
        choose.cache_clear()
        assert day.grids.grid(SECRET, CHOSEN_FROM, lexicons).text != grid
        again = Day(new_host(ManualClock(at + 60), store), ManualClock(at + 60), CHOSEN_FROM)
        await again.open()  # opening it again finds the room stored, with its seed
        room = await again.room()
        assert room.grid.text == grid
        assert room.view(ana)["grid"] == grid
        await again.host.close()

    run(main)
