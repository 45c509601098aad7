"""The streak of daily grids (G9): the days in a row a player played the day's grid
ranked, counted from the games their ranked plays leave, shown on their profile."""

from __future__ import annotations

import datetime
from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient

from motamot.server.operations import Operations
from motamot.server.serve import build_app
from motamot.service.daily.streak import days_of, streak
from motamot.service.ports import ManualClock
from motamot.service.stores.memory import MemoryStore
from motamot.web import default_kinds
from tests.server.helpers import grid_words
from tests.server.players.helpers import settled, sign_up
from tests.service.conftest import lexicons, run
from tests.service.daily.helpers import DAY, GRIDS, MORNING, SECRET, Day
from tests.service.players.matches import rebuilt_dump, rig

ONE = datetime.timedelta(days=1)


def test_g9_a_streak_is_the_days_in_a_row_up_to_today_or_yesterday() -> None:
    days = {DAY, DAY - ONE, DAY - 2 * ONE, DAY - 4 * ONE}
    assert streak(days, DAY) == 3
    assert streak(days, DAY + ONE) == 3  # today not played yet: the streak stands
    assert streak(days, DAY + 2 * ONE) == 0  # a day missed: it is over
    assert streak(set(), DAY) == 0 and streak({DAY - 4 * ONE}, DAY) == 0
    families = ["daily/2026-12-01", "daily/2026-11-30", "boggle", "daily/nope", "daily/2026-02-30"]
    assert days_of(families) == {DAY, DAY - ONE}


@pytest.fixture
def client() -> Iterator[tuple[TestClient, ManualClock]]:
    async def opened() -> MemoryStore:
        return MemoryStore()

    clock = ManualClock(MORNING - 2 * 86400)
    app = build_app(opened, clock, default_kinds([]), ops=Operations(secret=SECRET))
    with TestClient(app) as test_client:
        yield test_client, clock


def test_g9_the_profile_shows_the_days_played_ranked_in_a_row(
    client: tuple[TestClient, ManualClock],
) -> None:
    browser, clock = client
    assert sign_up(browser, "Ana").status_code in (200, 303)
    for back in (2, 1, 0):  # three days in a row, each on its own day (ranked)
        day = (DAY - back * ONE).isoformat()
        answer = browser.post(f"/api/daily/classic-fr/{day}/start", json={"name": "Ana"})
        assert answer.status_code == 200 and answer.json()["view"]["play"]["ranked"]
        assert browser.post(f"/api/daily/classic-fr/{day}/finish", json={}).status_code == 200
        clock.advance(86400)
    # and a past day played unranked: it makes no streak longer
    past = (DAY - 5 * ONE).isoformat()
    browser.post(f"/api/daily/classic-fr/{past}/start", json={"name": "Ana"})
    browser.post(f"/api/daily/classic-fr/{past}/finish", json={})
    settled(browser)
    page = browser.get("/joueur/Ana")
    assert page.status_code == 200 and "Grille du jour\u00a0: 3 jours de suite" in page.text
    clock.advance(2 * 86400)  # two days without playing
    assert "Grille du jour\u00a0: 0 jour de suite" in browser.get("/joueur/Ana").text
    english = browser.get("/joueur/Ana?lang=en").text
    assert "Daily grid: 0 days in a row" in english


def test_g9_the_rebuild_of_the_projections_equals_the_live_ones_for_daily_plays() -> None:
    """Ranked plays ending one by one and several in one tick (their ranks when each
    ended), unranked plays, a renamed seat: a rebuild from the events alone gives the
    live tables byte for byte."""

    async def body() -> None:
        async with rig() as played:
            played.clock.advance(MORNING - played.clock.now())
            day = Day(played.host, played.clock)
            seats = [await day.join(f"p{n}") for n in range(6)]
            grid = GRIDS.grid(SECRET, DAY, lexicons).text
            words = grid_words(grid)
            for n, seat in enumerate(seats):
                await day.start(seat)
                for word in words[: n % 3]:
                    await day.write(seat, word)
            await day.finish(seats[0])
            await day.at(MORNING + 200)  # the five others end in one tick
            past = Day(played.host, played.clock, DAY - ONE)
            late = await past.join("p1")
            await past.start(late)
            await past.finish(late)
            await played.projector.settle()
            live = await played.players.dump()
            assert live.count("daily/2026-12-01") >= 6
            assert "daily/2026-11-30" not in live  # unranked: no game
            assert await rebuilt_dump(played.events) == live

    run(body)
