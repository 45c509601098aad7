"""The players' projections from the rooms' events: a rebuild from the events alone gives
the live tables byte for byte, whatever order the matches ended in; a crash between a
match's end and its projection is caught up once at start; profiles' facts are the
rooms' (places, scores, figures), and seats are linked to their players."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from motamot.service.boggle.room import BoggleRoom
from motamot.service.players.projector import Projector
from motamot.service.players.store import PlayerStore
from motamot.service.stores.sqlite import SqliteStore
from tests.service.backends import postgres_schema
from tests.service.conftest import lexicons, run
from tests.service.players.matches import (
    KINDS,
    play_matches,
    player_pool,
    rebuilt_dump,
    rig,
    sqlite_url,
)


def rows_of(dump: str, table: str) -> list[list[str]]:
    lines = dump.split(f"# {table}\n", 1)[1].split("\n# ", 1)[0].strip()
    return [line.split("\t") for line in lines.splitlines() if line]


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32))
def test_r2_the_rebuild_equals_the_live_projection(seed: int) -> None:
    async def body() -> None:
        rng = random.Random(seed)
        async with rig() as played:
            await play_matches(played, 12, player_pool(6), rng)
            await played.projector.settle()
            live = await played.players.dump()
            assert await rebuilt_dump(played.events) == live
            assert rows_of(live, "players_games")  # not vacuous: matches were projected

    run(body)


@pytest.mark.slow
def test_r2_the_rebuild_equals_the_live_projection_after_1000_random_matches() -> None:
    async def body() -> None:
        rng = random.Random(1000)
        async with rig() as played:
            await play_matches(played, 1000, player_pool(40), rng)
            await played.projector.settle()
            live = await played.players.dump()
            games = rows_of(live, "players_games")
            assert len(games) >= 900  # those whose top was not tied (a few go on)... all end
            assert await rebuilt_dump(played.events) == live

    run(body)


def test_r2_live_on_sqlite_and_postgresql_equals_the_rebuild(tmp_path: Path) -> None:
    async def body(url: str, events_path: Path) -> None:
        events = SqliteStore(events_path)
        try:
            async with rig(url, events) as played:
                await play_matches(played, 8, player_pool(5), random.Random(7))
                await played.projector.settle()
                live = await played.players.dump()
            assert await rebuilt_dump(events, url) == live
            assert await rebuilt_dump(events) == live  # and the same as in memory
        finally:
            await events.close()

    run(lambda: body(sqlite_url(tmp_path, "players"), tmp_path / "events.sqlite3"))
    with postgres_schema() as url:
        run(lambda: body(url, tmp_path / "events2.sqlite3"))


def test_places_scores_figures_and_seats_are_the_rooms() -> None:
    async def body() -> None:
        async with rig() as played:
            await play_matches(played, 3, player_pool(4), random.Random(3))
            await played.projector.settle()
            dump = await played.players.dump()
            for room in await played.events.rooms():
                actor = await played.host.load(room)
                assert isinstance(actor, BoggleRoom)
                standing = actor.standing()
                places = [p for p in rows_of(dump, "players_places") if p[0] == room]
                assert [int(p[9]) for p in places] == list(standing.totals)
                assert {p[7] for p in places} == set(standing.players)
                for place in places:
                    seat = actor.seats[place[2]]
                    assert place[3] == (seat.player or "-")
            seats = rows_of(dump, "players_seats")
            assert seats and all(s[0].startswith("p") for s in seats)

    run(body)


def test_r2_a_crash_between_a_match_end_and_its_projection_is_caught_up_once(
    tmp_path: Path,
) -> None:
    events_path, url = tmp_path / "events.sqlite3", sqlite_url(tmp_path, "events")

    async def crashed() -> None:
        events = SqliteStore(events_path)
        async with rig(url, events) as played:
            played.host.observers.clear()  # the process died before its projector ran
            await play_matches(played, 4, player_pool(4), random.Random(4))
        await events.close()

    async def restarted() -> tuple[int, str]:
        events = SqliteStore(events_path)
        players = await PlayerStore.open(url)
        caught = await Projector(players, events, KINDS, lexicons).catch_up()
        dump = await players.dump()
        await players.close()
        await events.close()
        return caught, dump

    run(crashed)
    caught, first = run(restarted)
    assert caught >= 3
    again, second = run(restarted)
    assert again == 0 and second == first  # updated once
    ratings = rows_of(first, "players_rating_history")  # people of the games that rated
    assert 0 < len(ratings) <= sum(1 for p in rows_of(first, "players_places") if p[3] != "-")

    async def rebuilt() -> str:
        events = SqliteStore(events_path)
        try:
            return await rebuilt_dump(events)
        finally:
            await events.close()

    assert run(rebuilt) == first
