"""A day's grid on one host with a manual clock: its seed (G1, G2), one play per player
alone against the clock (G3, G5), ranked on its own day only (G4), the ranking with ties
(G7) and the words missed (G8)."""

from __future__ import annotations

import datetime
import time
from collections.abc import Awaitable, Callable

import pytest

from motamot.boggle import get_preset, solve
from motamot.boggle.grid import parse_grid, roll
from motamot.service.boggle.commands import WriteWord
from motamot.service.daily import DAILY
from motamot.service.daily.commands import FinishPlay, StartPlay
from motamot.service.daily.events import PlayEnded, PlayStarted
from motamot.service.daily.results import PlayFigures, day_ranking
from motamot.service.daily.room import DailyRoom
from motamot.service.daily.schedule import FIRST_DAY, DailyGrids, day_at, parse_day
from motamot.service.ports import ManualClock
from motamot.service.rooms.commands import Anonymise, Join
from motamot.service.rooms.outcomes import Ack, Refusal
from motamot.service.server_secret import ServerSecret
from motamot.service.stores.memory import MemoryStore
from tests.service.conftest import lexicons, run
from tests.service.daily.helpers import DAY, GRIDS, MORNING, SECRET, Day, digest, new_host


def words_of(grid: str, preset: str = "classic-fr") -> list[str]:
    solution = solve(parse_grid(grid), get_preset(preset), lexicons("fr"))
    return [w.word for w in sorted(solution.words, key=lambda w: (-w.points, w.word))]


def with_day(body: Callable[[Day], Awaitable[None]], at: float = MORNING) -> None:
    async def main() -> None:
        clock = ManualClock(at)
        host = new_host(clock)
        await body(Day(host, clock))
        await host.close()

    run(main)


def test_g1_the_seed_is_the_hmac_of_the_secret_the_preset_and_the_day() -> None:
    other = ServerSecret(bytes(range(1, 33)))
    seed = GRIDS.seed(SECRET, DAY)
    assert seed == SECRET.seed("daily", "classic-fr", "2026-12-01")
    assert seed == DailyGrids("classic-fr").seed(SECRET, datetime.date(2026, 12, 1))
    assert GRIDS.seed(SECRET, DAY + datetime.timedelta(days=1)) != seed
    assert GRIDS.seed(other, DAY) != seed
    assert DailyGrids("big").seed(SECRET, DAY) != seed
    grids = {GRIDS.grid(SECRET, DAY + datetime.timedelta(days=n), lexicons).text for n in range(10)}
    assert len(grids) == 10  # ten days, ten grids
    assert GRIDS.grid(other, DAY, lexicons).text != GRIDS.grid(SECRET, DAY, lexicons).text
    assert GRIDS.grid(SECRET, DAY, lexicons).text == roll(get_preset("classic-fr"), seed).text
    big = DailyGrids("big").grid(SECRET, DAY, lexicons)
    assert len(big.text.split("/")) == 5  # the 5×5 preset has its own daily grid


def test_g1_every_player_of_a_day_plays_the_same_grid_in_the_same_room() -> None:
    async def body(day: Day) -> None:
        ana, bob = await day.join("ana"), await day.join("bob")
        assert isinstance(await day.start(ana), Ack)
        await day.at(MORNING + 3600)
        assert isinstance(await day.start(bob), Ack)
        room = await day.room()
        grid = GRIDS.grid(SECRET, DAY, lexicons).text
        assert room.view(ana)["grid"] == room.view(bob)["grid"] == grid
        # another host over the same store (another process) opens the same room
        assert GRIDS.room_id(SECRET, DAY) == day.room_id

    with_day(body)


def test_g2_days_are_utc_dates_parsed_strictly() -> None:
    assert day_at(MORNING) == DAY
    midnight = datetime.datetime(2026, 12, 2, tzinfo=datetime.UTC).timestamp()
    assert day_at(midnight - 0.001) == DAY and day_at(midnight) == DAY + datetime.timedelta(1)
    assert parse_day("2026-12-01") == DAY
    for bad in ("2026-2-01", "2026-02-30", "20261201", "2026-12-01x", "", "x" * 10_000,
                "２０２６-12-01", "2026-13-01", "0000-01-01", "2026-12-01T00:00"):  # fmt: skip
        assert parse_day(bad) is None, bad
    assert GRIDS.playable(DAY + datetime.timedelta(1), MORNING) == "daily_future"
    assert GRIDS.playable(FIRST_DAY - datetime.timedelta(1), MORNING) == "daily_too_old"
    assert GRIDS.playable(DAY, MORNING) is None and GRIDS.playable(FIRST_DAY, MORNING) is None


def test_g3_a_play_lasts_three_minutes_from_its_start_and_ends_at_its_deadline() -> None:
    async def body(day: Day) -> None:
        ana = await day.join("ana")
        room = await day.room()
        assert "grid" not in room.view(ana)  # the grid only once the play has started
        await day.at(MORNING + 50)
        assert isinstance(await day.start(ana), Ack)
        view = room.view(ana)
        assert view["play"]["deadline"] == MORNING + 50 + 180 and not view["play"]["over"]
        word = words_of(view["grid"])[0]
        assert isinstance(await day.write(ana, word), Ack)
        await day.at(MORNING + 50 + 179)
        assert room.plays[ana].running
        await day.at(MORNING + 50 + 185)  # the tick comes late: the end is the deadline
        play = room.plays[ana]
        assert not play.running and play.ended_at == MORNING + 230
        assert await day.write(ana, words_of(view["grid"])[1]) == Refusal("after_deadline")
        assert room.view(ana)["play"]["over"]

    with_day(body)


def test_g3_a_restart_finds_the_play_its_deadline_and_its_words() -> None:
    async def main() -> None:
        clock, store = ManualClock(MORNING), MemoryStore()
        host = new_host(clock, store)
        day = Day(host, clock)
        ana = await day.join("ana")
        await day.start(ana)
        grid = (await day.room()).view(ana)["grid"]
        await day.write(ana, words_of(grid)[0])
        await host.close()
        clock.advance(60)
        again = Day(new_host(clock, store), clock)
        assert await again.join("ana") == ana  # a reload takes the seat back
        view = (await again.room()).view(ana)
        assert view["play"]["deadline"] == MORNING + 180 and len(view["play"]["words"]) == 1
        assert view["grid"] == grid
        await again.at(MORNING + 200)
        assert not (await again.room()).plays[ana].running
        await again.host.close()

    run(main)


def test_g4_a_past_day_is_played_unranked_and_a_future_day_refused() -> None:
    async def body(day: Day) -> None:
        past = Day(day.host, day.clock, DAY - datetime.timedelta(days=3))
        ana = await past.join("ana")
        assert isinstance(await past.start(ana), Ack)
        assert (await past.room()).plays[ana].ranked is False
        await past.finish(ana)
        result = (await past.room()).view(ana)["result"]
        assert result["ranked"] is False and "rank" not in result and result["would_rank"] == 1
        future = Day(day.host, day.clock, DAY + datetime.timedelta(days=1))
        bob = await future.join("bob")
        assert await future.start(bob) == Refusal("daily_future")
        today = await day.join("ana")
        assert isinstance(await day.start(today), Ack)
        assert (await day.room()).plays[today].ranked is True

    with_day(body)


def test_g5_one_play_per_identity_a_second_start_is_refused() -> None:
    async def body(day: Day) -> None:
        ana = await day.join("ana")
        assert isinstance(await day.start(ana), Ack)
        assert await day.start(ana) == Refusal("daily_playing")  # the page resumes it
        again = await day.join("ana", "Ana encore")  # another device, the same identity
        assert again == ana
        await day.finish(ana)
        assert await day.start(ana) == Refusal("daily_played")
        assert await day.finish(ana) == Refusal("daily_played")
        room = await day.room()
        assert len(room.seats) == 1 and len(room.plays) == 1

    with_day(body)


def test_g6_words_are_judged_as_in_boggle_and_nothing_is_crossed_out() -> None:
    async def body(day: Day) -> None:
        ana, bob = await day.join("ana"), await day.join("bob")
        await day.start(ana)
        await day.start(bob)
        room = await day.room()
        grid = room.view(ana)["grid"]
        word = words_of(grid)[0]
        for seat in (ana, bob):
            assert isinstance(await day.write(seat, word), Ack)
        assert await day.write(ana, word) == Refusal("duplicate_entry", {"word": word})
        assert isinstance(await day.write(ana, "ZZQX"), Ack)
        assert await day.write(ana, "") == Refusal("empty_word")
        assert isinstance(await day.write(ana, "x" * 65), Refusal)
        words = room.view(ana)["play"]["words"]
        assert words[0]["feedback"] == "accepted"
        assert words[1]["feedback"] != "accepted"
        assert room.plays[ana].score == room.plays[bob].score > 0  # both score it (B15)
        assert len(room.view(bob)["play"]["words"]) == 1  # nobody sees another's words

    with_day(body)


def test_g7_ranks_share_ties_and_top_is_rounded_up() -> None:
    plays = [PlayFigures(f"s{n}", f"P{n}", score, 1) for n, score in enumerate([7, 12, 7, 3])]
    ranking = day_ranking(plays)
    assert [ranking.standings[f"s{n}"].rank for n in range(4)] == [2, 1, 2, 4]
    assert [ranking.standings[f"s{n}"].top for n in range(4)] == [50, 25, 50, 100]
    assert [s.seat for s in ranking.best] == ["s1", "s0", "s2", "s3"]
    hundred = day_ranking([PlayFigures(f"s{n}", "x", 100 - n, 1) for n in range(100)])
    assert hundred.standings["s0"].top == 1 and hundred.standings["s11"].top == 12
    assert day_ranking([]).players == 0


def test_g7_the_ranking_counts_the_ranked_plays_over_so_far() -> None:
    async def body(day: Day) -> None:
        seats = [await day.join(name, account=True) for name in ("ana", "bob", "cleo")]
        for seat in seats:
            await day.start(seat)
        room = await day.room()
        words = words_of(room.view(seats[0])["grid"])
        for seat, count in zip(seats, (2, 2, 1), strict=True):
            for word in words[:count]:
                await day.write(seat, word)
        await day.finish(seats[0])
        first = room.view(seats[0])["result"]
        assert (first["rank"], first["players"], first["top"]) == (1, 1, 100)
        assert room.view(seats[2]).get("result") is None  # still playing: not counted yet
        await day.at(MORNING + 181)
        results = [room.view(seat)["result"] for seat in seats]
        assert [r["rank"] for r in results] == [1, 1, 3]
        assert [r["top"] for r in results] == [34, 34, 100]  # ⌈100 × 1 / 3⌉
        assert all(r["players"] == 3 for r in results)
        assert [b["rank"] for b in room.view(None)["best"]] == [1, 1, 3]

    with_day(body)


def test_g8_the_words_missed_are_the_solution_minus_those_found() -> None:
    async def body(day: Day) -> None:
        ana = await day.join("ana")
        await day.start(ana)
        room = await day.room()
        words = words_of(room.view(ana)["grid"])
        for word in words[:3]:
            await day.write(ana, word)
        await day.finish(ana)
        result = room.view(ana)["result"]
        missed = [m["word"] for m in result["missed"]]
        assert sorted(missed) == sorted(set(words) - set(words[:3]))
        assert result["grid_words"] == len(words) and result["found"] == 3
        points = [m["points"] for m in result["missed"]]
        assert points == sorted(points, reverse=True)

    with_day(body)


def test_g9_a_ranked_play_leaves_a_game_named_by_its_day() -> None:
    async def body(day: Day) -> None:
        ana = await day.join("ana")
        await day.start(ana)
        await day.finish(ana)
        room = await day.room()
        ended = next(
            e for e in await day.host.events_since(day.room_id, 0) if isinstance(e, PlayEnded)
        )
        outcome = room.outcome(ended)
        assert outcome is not None and outcome.family == "daily/2026-12-01"
        assert outcome.kind == "daily" and not outcome.rated and outcome.places[0].player == "ana"
        past = Day(day.host, day.clock, DAY - datetime.timedelta(days=1))
        bob = await past.join("bob")
        await past.start(bob)
        await past.finish(bob)
        events = await day.host.events_since(past.room_id, 0)
        assert any(isinstance(e, PlayStarted) for e in events)
        ended = next(e for e in events if isinstance(e, PlayEnded))
        assert (await past.room()).outcome(ended) is None  # unranked: no streak

    with_day(body)


@pytest.mark.parametrize("preset", ["classic-fr", "big"])
def test_g1_each_preset_has_its_grid_of_the_day(preset: str) -> None:
    grids = DailyGrids(preset)
    settings = grids.settings(SECRET, DAY, lexicons)
    settings.check()
    assert roll(settings.rules(), settings.seed).text == grids.grid(SECRET, DAY, lexicons).text


def test_g7_a_deleted_account_leaves_the_ranking_under_a_name_that_says_nobody() -> None:
    async def body(day: Day) -> None:
        ana = await day.join("ana", "Ana", account=True)
        await day.start(ana)
        room = await day.room()
        await day.write(ana, words_of(room.view(ana)["grid"])[0])
        await day.finish(ana)
        assert [b["name"] for b in room.view(None)["best"]] == ["Ana"]
        assert isinstance(await day.host.submit(day.room_id, None, Anonymise("ana")), Ack)
        assert "Ana" not in [b["name"] for b in room.view(None)["best"]]

    with_day(body)


def test_g7_two_thousand_plays_are_ranked_in_a_blink() -> None:
    """A busy day: each play's rank when it ends by bisection, the ranking made once."""
    room = DAILY.create("day", GRIDS.settings(SECRET, DAY, lexicons), MORNING, lexicons)
    assert isinstance(room, DailyRoom)
    word = words_of(room.grid.text)[-1]
    started = time.perf_counter()
    for n in range(2000):
        assert not isinstance(
            room.handle(None, Join(f"P{n}", digest(str(n)), None, str(n)), MORNING), Refusal
        )
        seat = room.by_player[str(n)]
        room.handle(seat, StartPlay(), MORNING)
        room.handle(seat, WriteWord(word), MORNING + 1)
        room.handle(seat, FinishPlay(), MORNING + 2)
        assert room.rank_of(room.plays[seat].score) == 1
    view = room.view(room.by_player["7"])
    assert view["result"]["rank"] == 1 and view["result"]["players"] == 2000
    assert time.perf_counter() - started < 5  # 0.25 s on the CI's machine
