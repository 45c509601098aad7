"""Retention: finished rooms whose last event is older than the setting are removed with
their events, once their records are kept (each engine's text format, read back by its
parser); rooms in play, recent rooms and a room an event reached meanwhile stay; a soak
of rooms played and removed shows the SQLite file levelling off."""

from __future__ import annotations

import contextlib
import sqlite3
import time
from pathlib import Path

import pytest

from motamot.boggle.record import parse_record as parse_boggle
from motamot.boggle.record import replay as replay_boggle
from motamot.lexicon import load_lexicon
from motamot.service.boggle.commands import StartRound, WriteWord
from motamot.service.boggle.settings import BoggleSettings
from motamot.service.brokers.local import LocalBroadcaster
from motamot.service.ports import EventStore, ManualClock, StoredEvent
from motamot.service.rooms.commands import Join
from motamot.service.rooms.host import RoomHost
from motamot.service.rooms.outcomes import Ack
from motamot.service.rooms.retention import DAY, Retention, sweep
from motamot.service.stores.sqlite import SqliteStore
from motamot.service.topword.commands import Pass, Start
from motamot.service.topword.settings import TopwordSettings
from motamot.topword.record import parse_record as parse_topword
from tests.service.arena.helpers import SCHEDULE, Arena, arena_on, words_of
from tests.service.conftest import KINDS, StoreBackend, digest, lexicons, run

WORDS = ["RAT", "TAR", "ART", "ZZZ"]


async def boggle_room(host: RoomHost, clock: ManualClock, finish: bool = True) -> str:
    """Ana and Bob play a round (some words); it ends unless `finish` is False."""
    room_id = await host.create(BoggleSettings(duration=60))
    assert isinstance(room_id, str)
    for name in ("Ana", "Bob"):
        assert isinstance(await host.submit(room_id, None, Join(name, digest(name))), Ack)
    assert isinstance(await host.submit(room_id, "s1", StartRound(7)), Ack)
    for number, word in enumerate(WORDS):
        clock.advance(1)
        await host.submit(room_id, f"s{number % 2 + 1}", WriteWord(word))
    if finish:
        clock.advance(61)
        await host.tick(room_id)
    return room_id


async def topword_room(host: RoomHost, end: bool = True) -> str:
    """A table whose two people pass until the game ends (or not, unless `end`)."""
    room_id = await host.create(TopwordSettings(scoreless_limit=2))
    assert isinstance(room_id, str)
    for name in ("Zoé", "Yann"):
        assert isinstance(await host.submit(room_id, None, Join(name, digest(name))), Ack)
    assert isinstance(await host.submit(room_id, "s1", Start(11)), Ack)
    for _ in range(4 if end else 1):
        room = host.room(room_id)
        current = getattr(room, "current", None)
        if current is None:
            break
        assert isinstance(await host.submit(room_id, current, Pass()), Ack)
    return room_id


def test_finished_old_rooms_go_their_records_kept_the_others_stay(
    store: StoreBackend, tmp_path: Path
) -> None:
    async def body() -> None:
        opened = await store.open()
        clock = ManualClock()
        host = RoomHost(opened, LocalBroadcaster(), clock, lexicons, KINDS)
        await host.start(timers=False)
        ended = await boggle_room(host, clock)
        running = await boggle_room(host, clock, finish=False)
        table = await topword_room(host)
        playing = await topword_room(host, end=False)
        records = tmp_path / "records"
        retention = Retention(days=90, records=records)
        assert await sweep(host, retention, now=time.time() + 89 * DAY) == 0  # too recent
        assert await sweep(host, retention, now=time.time() + 91 * DAY) == 2
        assert sorted(await opened.rooms()) == sorted([running, playing])
        assert await opened.load(ended) == [] and host.loaded(ended) is None
        month = next(records.iterdir())
        boggle = parse_boggle((month / f"boggle-{ended}.txt").read_text("utf-8"))
        assert boggle.players == ("Ana", "Bob") and len(boggle.rounds) == 1
        written = [entry.text for sheet in boggle.rounds[0].sheets for entry in sheet.entries]
        assert sorted(written) == sorted(WORDS)
        assert replay_boggle(boggle, load_lexicon("fr")) is not None
        topword = parse_topword((month / f"topword-{table}.txt").read_text("utf-8"))
        assert topword is not None
        assert sorted(path.name for path in month.iterdir()) == sorted(
            [f"boggle-{ended}.txt", f"topword-{table}.txt"]
        )
        await host.close()
        await opened.close()

    run(body)


def test_a_room_an_event_reached_since_is_not_removed(store: StoreBackend) -> None:
    async def body() -> None:
        opened: EventStore = await store.open()
        await opened.append("A" * 16, 0, [StoredEvent("A" * 16, 1, "{}")])
        before = time.time() + 1
        assert await opened.idle_rooms(before) == ["A" * 16]
        assert await opened.idle_rooms(before - 60) == []
        assert not await opened.remove("A" * 16, before - 60)  # stored after that
        assert await opened.load("A" * 16) != []
        assert await opened.remove("A" * 16, before)
        assert await opened.load("A" * 16) == [] and await opened.rooms() == []
        assert not await opened.remove("B" * 16, before)  # no such room
        await opened.close()

    run(body)


def file_size(path: Path) -> int:
    """The store's file once its WAL is written back into it (the WAL itself is bounded
    by SQLite's automatic checkpoints: it is the file that would grow)."""
    with contextlib.closing(sqlite3.connect(path)) as connection:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return path.stat().st_size


async def arena_round(arena: Arena, players: int) -> None:
    """The arena's next round, `players` people joining it and writing a few words each."""
    number = SCHEDULE.number_at(arena.clock.now()) + 1
    seats = [await arena.join(number, f"p{n}") for n in range(players)]
    await arena.at(SCHEDULE.start(number) + 1)
    room = await arena.room(number)
    assert room.round is not None
    words = [*words_of(room.round.grid.text)[:5], "zzqx"]
    for n, seat in enumerate(seats):
        for word in words[n % 3 :]:
            assert isinstance(await arena.write(number, seat, word), Ack)
    await arena.at(SCHEDULE.deadline(number) + 0.2)
    assert room.ended


async def waves(path: Path, retention: Retention | None, count: int) -> list[int]:
    """`count` waves of 10 rooms played to the end and an arena round of 6 players (the
    arena's churn: a room of its own every round), swept after each wave when
    `retention` is given, as if the sweep ran when three waves later were over (the
    rooms of the last three waves kept, whatever time a busy machine takes): the file's
    size after each wave."""
    store = SqliteStore(path)
    clock = ManualClock()
    host = RoomHost(store, LocalBroadcaster(), clock, lexicons, KINDS)
    await host.start(timers=False)
    arena = arena_on(host, clock)
    sizes, ends = [], []
    for _ in range(count):
        for _ in range(10):
            await boggle_room(host, clock)
        await arena_round(arena, 6)
        ends.append(time.time())
        if retention is not None and len(ends) > 3:
            await sweep(host, retention, now=ends[-4] + retention.days * DAY)
        sizes.append(file_size(path))
    await host.close()
    await store.close()
    return sizes


@pytest.mark.slow
def test_soak_a_store_whose_rooms_come_and_go_levels_off(tmp_path: Path) -> None:
    """Rooms and arena rounds kept three waves at a time: the file stops growing after
    the first waves (freed pages are used again), where without retention it keeps
    growing."""
    kept = run(lambda: waves(tmp_path / "kept.sqlite3", Retention(days=1 / DAY), 30))
    grown = run(lambda: waves(tmp_path / "grown.sqlite3", None, 30))
    print(f"file size after each wave, with retention: {kept}")
    print(f"without: {grown}")
    assert max(kept[10:]) <= kept[9] * 1.15, kept
    assert grown[-1] >= 2 * grown[9] and kept[-1] * 3 < grown[-1]
