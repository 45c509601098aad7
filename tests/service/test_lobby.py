"""The lobby (issue 23, « Tables ouvertes »): what each kind's room lists, the rows kept in
the players' database (the later event wins, ratings read there), the projector (a row
written only when what it shows changes; mended from the events at start) and the watch
(changes told to followers, never more often than its gap)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from motamot.service.boggle.commands import NewMatch, StartRound
from motamot.service.boggle.room import MAX_HUMANS, BoggleRoom
from motamot.service.boggle.settings import BoggleSettings
from motamot.service.brokers.local import LocalBroadcaster
from motamot.service.lobby import lobby_running
from motamot.service.lobby.projector import TOPIC, LobbyProjector
from motamot.service.lobby.rows import LIVE_SECONDS, Entry, entry_of
from motamot.service.lobby.store import LobbyStore
from motamot.service.lobby.watch import Changes, LobbyWatch
from motamot.service.notices import LocalNotices
from motamot.service.players.store import PlayerStore
from motamot.service.ports import ManualClock
from motamot.service.rooms.commands import AddBot, Join, Leave, SetPublic
from motamot.service.rooms.events import SeatTaken
from motamot.service.rooms.host import RoomHost
from motamot.service.rooms.listing import ListedSeat, Listing
from motamot.service.rooms.outcomes import Refusal
from motamot.service.stores.memory import MemoryStore
from motamot.service.topword.commands import Pass, Start
from motamot.service.topword.room import TopwordRoom
from motamot.service.topword.settings import TopwordSettings
from tests.service.backends import postgres_schema
from tests.service.conftest import KINDS, digest, lexicons, run

T0 = 1_700_000_000.0


def boggle(**settings: Any) -> BoggleRoom:
    room = BoggleRoom.create("boggle-room-0001", BoggleSettings(**settings), T0, lexicons, "inv")
    assert isinstance(room, BoggleRoom)
    return room


def table(**settings: Any) -> TopwordRoom:
    room = TopwordRoom.create("table-room-00001", TopwordSettings(**settings), T0, lexicons)
    assert isinstance(room, TopwordRoom)
    return room


def sit(room: Any, name: str, player: str | None = None, invite: str | None = None) -> None:
    done = room.handle(None, Join(name, digest(name), invite, player or f"p-{name}"), T0)
    assert not isinstance(done, Refusal), done


# --- what a room lists ------------------------------------------------------------------


def test_l1_a_public_boggle_room_is_listed_with_its_rules_clock_seats_and_free_seats() -> None:
    room = boggle(public=True, duration=90, rounds=2)
    sit(room, "Ana", invite="inv")
    assert not isinstance(room.handle("s1", AddBot("expert"), T0), Refusal)
    listing = room.listing()
    assert listing == Listing(
        "boggle",
        "classic-fr",
        "boggle-4x4",
        "fr",
        90.0,
        True,
        False,
        True,
        (ListedSeat("Ana", "p-Ana"), ListedSeat("Camille", None, "expert")),
        MAX_HUMANS - 1,
    )
    assert listing.listed()
    entry = entry_of(room, T0 + 5)
    assert entry is not None and entry.link == "boggle-room-0001inv" and entry.listed


def test_l1_a_private_room_an_empty_room_and_a_finished_match_are_not_listed() -> None:
    private = boggle()
    sit(private, "Ana", invite="inv")
    assert not private.listing().listed()
    empty = boggle(public=True)
    assert not empty.listing().listed()  # nobody to play with
    sit(empty, "Ana", invite="inv")
    assert not isinstance(empty.handle("s1", Leave(), T0), Refusal)
    assert not empty.listing().listed()
    played = boggle(public=True, duration=60, rounds=1)
    sit(played, "Ana", invite="inv")
    assert not isinstance(played.handle("s1", StartRound(11), T0), Refusal)
    assert played.listing().listed()  # a round running takes newcomers
    played.tick(T0 + 61)
    assert played.match_over and played.listing().free == 0
    assert not played.listing().listed()
    assert not isinstance(played.handle("s1", NewMatch(), T0 + 70), Refusal)
    assert played.listing().listed()  # a rematch opens the seats again


def test_l1_a_topword_table_lists_its_free_seats_until_the_game_starts() -> None:
    room = table(public=True, turn_seconds=86_400)
    sit(room, "Ana")
    listing = room.listing()
    assert (listing.variant, listing.family, listing.clock, listing.live) == (
        "topword-fr",
        "topword-fr",
        86_400,
        False,  # a day a move: by correspondence
    )
    assert listing.free == 3 and listing.listed()
    sit(room, "Bob")
    assert not isinstance(room.handle("s1", Start(5), T0), Refusal)
    assert room.listing().free == 0 and not room.listing().listed()


def test_a_running_game_awaits_the_move_of_the_person_to_play_and_no_bot() -> None:
    room = table(bot_seconds=0)
    sit(room, "Ana", "player-ana")
    sit(room, "Bob", "player-bob")
    assert room.listing().awaited == ()
    assert not isinstance(room.handle("s1", Start(5), T0), Refusal)
    first = room.current
    assert first is not None
    assert room.listing().awaited == (room.seats[first].player,)
    assert not isinstance(room.handle(first, Pass(), T0 + 1), Refusal)
    second = room.current
    assert second is not None and second != first
    assert room.listing().awaited == (room.seats[second].player,)
    with_bot = table(bot_seconds=0)
    sit(with_bot, "Ana", "player-ana")
    assert not isinstance(with_bot.handle("s1", AddBot("greedy"), T0), Refusal)
    assert not isinstance(with_bot.handle("s1", Start(8), T0), Refusal)
    bot_first = with_bot.seats[with_bot.current or ""].is_bot
    assert with_bot.listing().awaited == (() if bot_first else ("player-ana",))


@pytest.mark.parametrize("name", ["Ev\u202eil", "zero\u200bwidth", " Ana", "a\u2028b"])
def test_l1_a_room_holding_a_name_the_rules_refuse_is_never_listed(name: str) -> None:
    """A room stored under older rules may hold such a name: the lobby never shows it."""
    room = table(public=True)
    sit(room, "Ana")
    room.apply(SeatTaken(room.last_seq + 1, "s2", name, digest("x"), at=T0))
    assert room.listing().free == 2
    assert not room.listing().listed(room.RESERVED_IN_NAMES)


def test_the_host_taking_the_room_out_of_the_lobby_unlists_it() -> None:
    room = table(public=True)
    sit(room, "Ana")
    assert room.listing().listed()
    assert not isinstance(room.handle("s1", SetPublic(False), T0), Refusal)
    assert not room.listing().listed()


# --- the store ---------------------------------------------------------------------------


def entry(room: str, seq: int, updated: float = T0, **listing: Any) -> Entry:
    fields: dict[str, Any] = {
        "kind": "topword",
        "variant": "topword-fr",
        "family": "topword-fr",
        "dictionary": "fr",
        "clock": 60.0,
        "live": True,
        "rated": False,
        "public": True,
        "seats": (ListedSeat("Ana", "player-ana"),),
        "free": 3,
        **listing,
    }
    shown = Listing(**fields)
    return Entry(room, seq, room + "INVITE", shown, shown.listed(), updated)


@asynccontextmanager
async def lobby_store(url: str = "memory") -> AsyncIterator[LobbyStore]:
    players = await PlayerStore.open(url)
    store = LobbyStore(players.db)
    await store.create()
    try:
        yield store
    finally:
        await players.close()


def test_a_row_is_replaced_only_by_one_of_a_later_event() -> None:
    async def body() -> None:
        async with lobby_store() as store:
            assert await store.write([entry("r1", 5, free=2)]) == ["r1"]
            assert await store.write([entry("r1", 4, free=3)]) == []  # late: ignored
            assert await store.write([entry("r1", 5, free=1)]) == []  # same event: ignored
            (row,) = await store.listed(T0)
            assert row.free == 2
            # in one batch the latest of a room wins
            batch = [entry("r1", 7, free=1), entry("r1", 6, free=3)]
            assert await store.write(batch) == ["r1"]
            assert [row.free for row in await store.listed(T0)] == [1]

    run(body)


def test_l1_the_lobby_lists_the_most_recent_first_at_most_its_limit_until_they_run_out() -> None:
    async def body() -> None:
        async with lobby_store() as store:
            await store.write([entry(f"r{n:03}", 1, T0 + n) for n in range(30)])
            await store.write([entry("full", 1, T0 + 100, free=0)])
            await store.write([entry("private", 1, T0 + 100, public=False)])
            listed = await store.listed(T0 + 30, limit=10)
            assert [row.room for row in listed] == [f"r{n:03}INVITE" for n in range(29, 19, -1)]
            # a live room nobody acted in for LIVE_SECONDS drops out
            late = await store.listed(T0 + 10 + LIVE_SECONDS, limit=100)
            assert [row.room for row in late] == [f"r{n:03}INVITE" for n in range(29, 10, -1)]
            corr = entry("corr", 1, T0, live=False, clock=86_400.0)
            await store.write([corr])
            rooms = [r.room for r in await store.listed(T0 + 2 * LIVE_SECONDS, limit=100)]
            assert rooms == ["corrINVITE"]  # by correspondence it waits longer

    run(body)


def test_l1_the_rating_range_is_the_seated_players_ratings_in_the_rooms_family() -> None:
    async def body() -> None:
        async with lobby_store() as store:
            rows = [
                ("player-ana", "topword-fr", 26.0),
                ("player-bob", "topword-fr", 24.0),
                ("player-bob", "boggle-4x4", 30.0),
            ]
            await store.db.run(
                lambda tx: tx.executemany(
                    "INSERT INTO players_ratings (player, family, mu, sigma, games)"
                    " VALUES (?, ?, ?, 8.0, 12)",
                    rows,
                )
            )
            seats = (
                ListedSeat("Ana", "player-ana"),
                ListedSeat("Bob", "player-bob"),
                ListedSeat("Cat", "player-cat"),  # no rating: not counted
                ListedSeat("Camille", None, "greedy"),
            )
            await store.write([entry("r1", 1, seats=seats, free=1)])
            await store.write([entry("r2", 1, T0 - 1, seats=(ListedSeat("Cat", "p-cat"),))])
            first, second = await store.listed(T0)
            assert first.rating == (1440, 1560) and first.players == ["Ana", "Bob", "Cat"]
            assert first.bots == ["greedy"]
            assert second.rating is None

    run(body)


def test_awaited_games_follow_the_player_to_move() -> None:
    async def body() -> None:
        async with lobby_store() as store:
            await store.write([entry("r1", 3, T0, awaited=("player-ana",))])
            await store.write([entry("r2", 3, T0 + 1, awaited=("player-ana",))])
            assert [a.entry.room for a in await store.awaited("player-ana")] == ["r1", "r2"]
            await store.write([entry("r1", 4, T0 + 2, awaited=("player-bob",))])
            assert [a.entry.room for a in await store.awaited("player-ana")] == ["r2"]
            (bob,) = await store.awaited("player-bob")
            assert bob.entry.room == "r1" and bob.since == T0 + 2

    run(body)


def test_the_store_on_postgresql_too() -> None:
    async def body(url: str) -> None:
        async with lobby_store(url) as store:
            await store.write([entry("r1", 2, awaited=("player-ana",))])
            assert await store.write([entry("r1", 1)]) == []
            assert [r.room for r in await store.listed(T0)] == ["r1INVITE"]
            assert [a.entry.room for a in await store.awaited("player-ana")] == ["r1"]

    with postgres_schema() as url:
        run(lambda: body(url))


# --- the projector and the watch ----------------------------------------------------------


class Told:
    """The notices one topic had."""

    def __init__(self, notices: LocalNotices) -> None:
        self.texts: list[str] = []
        notices.listen(TOPIC, self.texts.append)


def test_the_projector_writes_a_row_only_when_what_it_shows_changes() -> None:
    async def body() -> None:
        async with lobby_store() as store:
            notices = LocalNotices()
            told = Told(notices)
            clock = ManualClock(T0)
            projector = LobbyProjector(store, notices, clock)
            room = boggle(public=True, duration=60)
            sit(room, "Ana", invite="inv")
            projector.observe(room, [])
            await projector.settle()
            assert told.texts == ["1"]
            (row,) = await store.listed(T0)
            assert row.players == ["Ana"]
            room.handle("s1", StartRound(3), T0)
            projector.observe(room, [])  # a round starts: the room shows the same
            await projector.settle()
            assert told.texts == ["1"]
            sit(room, "Bob", invite="inv")
            projector.observe(room, [])
            await projector.settle()
            assert told.texts == ["1", "1"]
            (row,) = await store.listed(T0)
            assert row.players == ["Ana", "Bob"]

    run(body)


def test_a_start_mends_a_row_a_crash_left_behind() -> None:
    """The events were stored but the row not written: at start the listed rooms and the
    rooms in memory are checked against the events."""

    async def body() -> None:
        async with lobby_store() as store:
            events = MemoryStore()
            clock = ManualClock(T0)
            host = RoomHost(events, LocalBroadcaster(), clock, lexicons, KINDS)
            notices = LocalNotices()
            async with lobby_running(store.db, host, notices, clock) as lobby:
                first = await host.open(
                    TopwordSettings(public=True), [Join("Ana", digest("a"), None, "p-ana")]
                )
                assert not isinstance(first, Refusal)
                await lobby.projector.settle()
                assert [r.players for r in await store.listed(T0)] == [["Ana"]]
            # a crash: a seat taken and stored, its row never written
            crashed = RoomHost(events, LocalBroadcaster(), clock, lexicons, KINDS)
            await crashed.start(timers=False)
            await crashed.submit(first.room_id, None, Join("Bob", digest("b"), None, "p-bob"))
            assert [r.players for r in await store.listed(T0)] == [["Ana"]]
            restarted = RoomHost(events, LocalBroadcaster(), clock, lexicons, KINDS)
            await restarted.start(timers=False)
            mended = LobbyProjector(store, LocalNotices(), clock)
            assert await mended.catch_up(restarted) == 1
            assert [r.players for r in await store.listed(T0)] == [["Ana", "Bob"]]
            assert await mended.catch_up(restarted) == 0  # once

    run(body)


def test_the_watch_tells_its_followers_what_changed_and_never_floods() -> None:
    async def body() -> None:
        async with lobby_store() as store:
            notices = LocalNotices()
            clock = ManualClock(T0)
            watch = LobbyWatch(store, notices, clock, gap=0.2, every=60)
            await watch.start()
            heard: list[Changes] = []
            assert watch.follow(heard.append) == []
            await store.write([entry("r1", 1)])
            await notices.publish(TOPIC, "1")
            for _ in range(50):
                await asyncio.sleep(0.02)
                if heard:
                    break
            (change,) = heard
            assert [row.room for row in change.rows] == ["r1INVITE"] and change.gone == []
            reads = watch.reads
            # a burst of 100 changes and notices: a read per gap at most, and every change told
            for n in range(100):
                await store.write([entry(f"b{n:03}", 1, T0 + n)])
                await notices.publish(TOPIC, "1")
                await asyncio.sleep(0.002)
            await asyncio.sleep(0.5)
            assert watch.reads - reads <= 5, watch.reads - reads
            assert len(watch.snapshot()) == 101
            told = {row.room for change in heard for row in change.rows}
            assert len(told) == 101
            await store.write([entry("r1", 2, free=0)])
            await notices.publish(TOPIC, "1")
            await asyncio.sleep(0.4)
            assert heard[-1].gone == ["r1INVITE"]
            await watch.close()

    run(body)


def test_lobby_rows_of_a_sqlite_file_survive_a_restart(tmp_path: Path) -> None:
    async def body() -> None:
        async with lobby_store(str(tmp_path / "server.sqlite3")) as store:
            await store.write([entry("r1", 1)])
        async with lobby_store(str(tmp_path / "server.sqlite3")) as store:
            assert [r.room for r in await store.listed(T0)] == ["r1INVITE"]

    run(body)
