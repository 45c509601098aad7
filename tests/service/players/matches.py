"""Rated matches and games played through a real host, for the projections' tests."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

from motamot.boggle.rules import get_preset
from motamot.boggle.solve import solve
from motamot.lexicon import load_lexicon
from motamot.service.boggle.commands import StartRound, WriteWord
from motamot.service.boggle.room import BoggleRoom
from motamot.service.boggle.settings import BoggleSettings
from motamot.service.brokers.local import LocalBroadcaster
from motamot.service.players.projector import Projector
from motamot.service.players.store import PlayerStore
from motamot.service.ports import EventStore, ManualClock
from motamot.service.rooms.commands import AddBot, Join
from motamot.service.rooms.host import RoomHost
from motamot.service.stores.memory import MemoryStore
from motamot.web import default_kinds
from tests.service.conftest import digest, lexicons

KINDS = default_kinds().rooms
PRESETS = ("classic-fr", "big")


@dataclass
class Rig:
    """A host over an event store, its rooms' projections live in `players`."""

    host: RoomHost
    clock: ManualClock
    events: EventStore
    players: PlayerStore
    projector: Projector


@asynccontextmanager
async def rig(players_url: str = "memory", events: EventStore | None = None) -> AsyncIterator[Rig]:
    clock = ManualClock()
    store = events or MemoryStore()
    host = RoomHost(store, LocalBroadcaster(), clock, lexicons, KINDS)
    players = await PlayerStore.open(players_url)
    projector = Projector(players, store, KINDS, lexicons)
    host.observers.append(projector.observe)
    await host.start(timers=False)
    try:
        yield Rig(host, clock, store, players, projector)
    finally:
        await projector.close()
        await host.close()
        await players.close()


async def rebuilt_dump(events: EventStore, url: str = "memory") -> str:
    """The projections a rebuild makes from `events` alone, as text."""
    players = await PlayerStore.open(url)
    try:
        await Projector(players, events, KINDS, lexicons).rebuild()
        return await players.dump()
    finally:
        await players.close()


async def start_match(
    rig: Rig, people: Sequence[str], bots: Sequence[str], rng: random.Random
) -> str:
    """A rated Boggle room of one round with `people` (accounts named by their player
    ids) and computer players, its round started: its id."""
    preset = rng.choice(PRESETS)
    # a tie at the top shares the win (else the match would go on to another round)
    settings = BoggleSettings(
        preset=preset, rated=True, rounds=1, duration=60, extra_round_on_tie=False
    )
    first, *others = people
    seating = [Join(first, digest(first), None, first, True), *(AddBot(b) for b in bots)]
    room = await rig.host.create(settings, seating)
    assert isinstance(room, str), room
    for name in others:
        joined = await rig.host.submit(room, None, Join(name, digest(name), None, name, True))
        assert not hasattr(joined, "code"), joined
    await rig.host.submit(room, "s1", StartRound(rng.getrandbits(32)))
    return room


async def write_words(rig: Rig, room: str, rng: random.Random) -> None:
    """Each person writes some of the grid's words (sometimes none, sometimes the same
    as another: ties and crossed-out words)."""
    actor = rig.host.room(room)
    assert isinstance(actor, BoggleRoom)
    state = actor.running
    assert state is not None
    found = [
        w.word
        for w in solve(state.grid, get_preset(actor.settings.preset), load_lexicon("fr")).words
    ]
    shared = rng.sample(found, min(len(found), rng.randint(0, 6)))
    for seat in actor.seats.values():
        if seat.is_bot:
            continue
        words = (
            shared if rng.random() < 0.3 else rng.sample(found, min(len(found), rng.randint(0, 8)))
        )
        for word in words:
            await rig.host.submit(room, seat.seat, WriteWord(word))


async def play_matches(rig: Rig, count: int, pool: Sequence[str], rng: random.Random) -> None:
    """`count` rated matches of 2 to 6 places among `pool`, a few at a time, ending
    together (equal end times: the rating order falls to the rooms' ids) in an order
    that is not their rating order."""
    started = 0
    while started < count:
        batch = []
        for _ in range(min(rng.randint(1, 4), count - started)):
            bots = [rng.choice(("beginner", "intermediate")) for _ in range(rng.randint(0, 1))]
            size = rng.randint(max(1, 2 - len(bots)), min(6 - len(bots), len(pool)))
            people = rng.sample(list(pool), size)
            room = await start_match(rig, people, bots, rng)
            await write_words(rig, room, rng)
            batch.append(room)
            started += 1
        rig.clock.advance(61)
        rng.shuffle(batch)
        for room in batch:
            await rig.host.tick(room)
        rig.clock.advance(rng.choice((0, 1, 5)))


def player_pool(size: int) -> list[str]:
    return [f"p{number:03d}" for number in range(size)]


def sqlite_url(tmp: Path, name: str) -> str:
    return str(tmp / f"{name}.sqlite3")
