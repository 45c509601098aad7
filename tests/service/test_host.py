"""The room host: store before acknowledge, conflicts, serialised commands, timers, restarts."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from pathlib import Path

from motamot.service.boggle.commands import StartRound, WriteWord
from motamot.service.boggle.events import RoundEnded, WordWritten
from motamot.service.boggle.room import BoggleRoom
from motamot.service.boggle.settings import BoggleSettings
from motamot.service.brokers.local import LocalBroadcaster
from motamot.service.ports import ManualClock, StoredEvent, SystemClock
from motamot.service.rooms.commands import AddBot, Join, SetReady
from motamot.service.rooms.host import RoomHost
from motamot.service.rooms.outcomes import Ack, Refusal
from motamot.service.stores.memory import MemoryStore
from motamot.service.stores.sqlite import SqliteStore
from motamot.service.topword.commands import Start
from motamot.service.topword.settings import TopwordSettings
from tests.service.conftest import KINDS, StoreBackend, digest, from_stored, lexicons, run


class FlakyStore(MemoryStore):
    """A memory store whose appends fail while `failing` is set."""

    failing = False

    async def append(self, room: str, expected_seq: int, events: Sequence[StoredEvent]) -> None:
        if self.failing:
            raise OSError("disk full")
        await super().append(room, expected_seq, events)


class CheckingBroadcaster(LocalBroadcaster):
    """Checks that whatever is published is already in the store."""

    def __init__(self, store: MemoryStore) -> None:
        super().__init__()
        self.store = store
        self.published: list[StoredEvent] = []

    async def publish(self, room: str, events: Sequence[StoredEvent]) -> None:
        stored = await self.store.load(room)
        assert all(event in stored for event in events)
        self.published.extend(events)
        await super().publish(room, events)


async def seated_room(host: RoomHost, *names: str) -> str:
    room_id = await host.create(BoggleSettings())
    assert isinstance(room_id, str)
    for name in names:
        assert isinstance(await host.submit(room_id, None, Join(name, digest(name))), Ack)
    return room_id


def test_store_before_acknowledge_and_a_failed_append_changes_nothing() -> None:
    async def body() -> None:
        store = FlakyStore()
        broker = CheckingBroadcaster(store)
        host = RoomHost(store, broker, ManualClock(), lexicons, KINDS)
        room_id = await seated_room(host, "ana")
        started = await host.submit(room_id, "s1", StartRound(3))
        assert isinstance(started, Ack) and started.seq == 3
        before = await host.view(room_id, "s1")
        published = len(broker.published)
        store.failing = True
        refused = await host.submit(room_id, "s1", WriteWord("rat"))
        assert isinstance(refused, Refusal) and refused.retryable
        store.failing = False
        assert await host.view(room_id, "s1") == before
        assert len(broker.published) == published
        accepted = await host.submit(room_id, "s1", WriteWord("rat"))
        assert isinstance(accepted, Ack) and accepted.seq == 4
        assert accepted.events[0]["text"] == "rat" and "feedback" in accepted.events[0]

    run(body)


def test_a_stale_host_gets_a_retryable_conflict_then_succeeds() -> None:
    async def body() -> None:
        store = MemoryStore()
        clock = ManualClock()
        first = RoomHost(store, LocalBroadcaster(), clock, lexicons, KINDS)
        second = RoomHost(store, LocalBroadcaster(), clock, lexicons, KINDS)
        room_id = await seated_room(first)
        assert await second.view(room_id, None) is not None  # both hold the room now
        assert isinstance(await first.submit(room_id, None, Join("ana", digest("ana"))), Ack)
        stale = await second.submit(room_id, None, Join("bob", digest("bob")))
        assert isinstance(stale, Refusal) and stale.code == "conflict" and stale.retryable
        again = await second.submit(room_id, None, Join("bob", digest("bob")))
        assert isinstance(again, Ack) and again.events[0]["seat"] == "s2"
        assert [e.seq for e in await store.load(room_id)] == [1, 2, 3]

    run(body)


def test_commands_of_one_room_are_serialised(tmp_path: Path) -> None:
    async def body() -> None:
        store = SqliteStore(tmp_path / "events.sqlite3")
        host = RoomHost(store, LocalBroadcaster(), ManualClock(), lexicons, KINDS)
        names = [f"p{n}" for n in range(8)]
        room_id = await seated_room(host, *names)
        await host.submit(room_id, "s1", StartRound(11))
        words = ["rat", "tir", "art", "net", "tes", "roi", "main", "faim"]
        answers = await asyncio.gather(
            *(
                host.submit(room_id, f"s{seat}", WriteWord(word))
                for seat in range(1, 9)
                for word in words
            )
        )
        assert all(isinstance(answer, Ack) for answer in answers)
        stored = await store.load(room_id)
        assert [e.seq for e in stored] == list(range(1, len(stored) + 1))
        assert sum(isinstance(from_stored(e), WordWritten) for e in stored) == 64
        rebuilt = BoggleRoom.from_events([from_stored(e) for e in stored], lexicons)
        live = await host.view(room_id, "s3")
        assert json.dumps(rebuilt.view("s3")) == json.dumps(live)
        await store.close()

    run(body)


class CountingStore(MemoryStore):
    """A memory store that counts its appends and takes a while over each (a disk flush)."""

    def __init__(self) -> None:
        super().__init__()
        self.appends: list[int] = []

    async def append(self, room: str, expected_seq: int, events: Sequence[StoredEvent]) -> None:
        await asyncio.sleep(0.01)
        await super().append(room, expected_seq, events)
        self.appends.append(len(events))


def test_commands_that_wait_for_their_room_are_stored_in_one_append() -> None:
    async def body() -> None:
        store = CountingStore()
        host = RoomHost(store, LocalBroadcaster(), ManualClock(), lexicons, KINDS)
        room_id = await seated_room(host, *(f"p{n}" for n in range(5)))
        await host.submit(room_id, "s1", StartRound(11))
        store.appends.clear()
        commands = [("s1", "rat"), ("s2", "tir"), ("s9", "art"), ("s4", "rat"), ("s5", "rat")]
        first = asyncio.create_task(host.submit(room_id, "s3", WriteWord("net")))
        await asyncio.sleep(0.001)  # its append has begun
        answers = await asyncio.gather(
            *(host.submit(room_id, seat, WriteWord(word)) for seat, word in commands)
        )
        assert isinstance(await first, Ack)
        # The first command is stored alone; the five that came meanwhile, together.
        assert store.appends == [1, 4]
        refused = answers[2]
        assert isinstance(refused, Refusal) and not refused.retryable  # no such seat
        acks = [answer for answer in answers if isinstance(answer, Ack)]
        assert [ack.seq for ack in acks] == sorted(ack.seq for ack in acks)
        assert len({ack.seq for ack in acks}) == 4  # each its own place in the room
        for (seat, word), answer in zip(commands, answers, strict=True):
            if isinstance(answer, Ack):  # each sees its own word, and only its own
                assert [event["text"] for event in answer.events] == [word]
                assert answer.events[0]["seat"] == seat
        stored = await store.load(room_id)
        assert [e.seq for e in stored] == list(range(1, len(stored) + 1))

    run(body)


def test_a_failed_batch_refuses_every_command_of_it_and_stores_none() -> None:
    async def body() -> None:
        store = FlakyStore()
        host = RoomHost(store, LocalBroadcaster(), ManualClock(), lexicons, KINDS)
        room_id = await seated_room(host, "ana", "bob")
        await host.submit(room_id, "s1", StartRound(11))
        before = await host.view(room_id, "s1")
        store.failing = True
        answers = await asyncio.gather(
            host.submit(room_id, "s1", WriteWord("rat")),
            host.submit(room_id, "s2", WriteWord("tir")),
        )
        assert all(isinstance(a, Refusal) and a.retryable for a in answers)
        store.failing = False
        assert await host.view(room_id, "s1") == before

    run(body)


def test_held_bots_wait_until_released() -> None:
    async def body() -> None:
        host = RoomHost(MemoryStore(), LocalBroadcaster(), ManualClock(), lexicons, KINDS)
        room_id = await host.create(TopwordSettings(dictionary="fr", bot_seconds=0.0))
        assert isinstance(room_id, str)
        assert isinstance(await host.submit(room_id, None, AddBot("beginner", "Ordi")), Ack)
        assert isinstance(await host.submit(room_id, None, AddBot("beginner", "Robot")), Ack)
        host.hold_bots(room_id)
        assert isinstance(await host.submit(room_id, None, Start(5)), Ack)
        await host.settle()
        started = await host.view(room_id, None)
        await asyncio.sleep(0.05)
        assert await host.view(room_id, None) == started  # nobody played
        await host.release_bots(room_id)
        await host.settle()
        assert await host.view(room_id, None) != started
        await host.close()

    run(body)


def test_a_restart_fires_overdue_timers_at_their_own_times(store: StoreBackend) -> None:
    async def body() -> None:
        clock = ManualClock()
        events = await store.open()
        host = RoomHost(events, LocalBroadcaster(), clock, lexicons, KINDS)
        room_id = await seated_room(host, "ana")
        await host.submit(room_id, "s1", AddBot("expert"))
        await host.submit(room_id, "s1", StartRound(5))
        deadline = host.room(room_id).next_wakeup()
        await host.close()
        await events.close()

        clock.advance(3600)  # the process was down for an hour
        reopened = await store.open()
        restarted = RoomHost(reopened, LocalBroadcaster(), clock, lexicons, KINDS)
        await restarted.start(timers=False)
        after = [from_stored(e) for e in await reopened.load(room_id)]
        ended = [e for e in after if isinstance(e, RoundEnded)]
        assert len(ended) == 1 and ended[0].at < clock.now() - 3000
        room = restarted.room(room_id)
        state = room.round  # type: ignore[attr-defined]
        assert ended[0].at == state.deadline and deadline is not None
        bot_words = [e for e in after if isinstance(e, WordWritten)]
        assert bot_words and all(w.at <= state.deadline for w in bot_words)
        assert [w.at for w in bot_words] == [at for at, _, _ in state.plan]
        await reopened.close()

    run(body)


class JumpingClock(SystemClock):
    """The machine's clock, moved forward by `offset` (to skip a bot's warm-up)."""

    offset = 0.0

    def now(self) -> float:
        return super().now() + self.offset


def test_timers_write_bot_words_without_any_command() -> None:
    async def body() -> None:
        store = MemoryStore()
        broker = LocalBroadcaster()
        clock = JumpingClock()
        host = RoomHost(store, broker, clock, lexicons, KINDS)
        await host.start()
        room_id = await seated_room(host, "ana")
        await host.submit(room_id, "s1", AddBot("expert"))
        subscription = await broker.subscribe(room_id)
        await host.submit(room_id, "s1", StartRound(8))
        first_wakeup = host.room(room_id).next_wakeup()
        assert first_wakeup is not None
        # Half a second before the first bot word; the next command wakes the timer,
        # which then fires on its own.
        clock.offset = first_wakeup - clock.now() - 0.5
        assert isinstance(await host.submit(room_id, "s1", SetReady(True)), Ack)

        async def first_bot_word() -> WordWritten:
            async for row in subscription:
                event = from_stored(row)
                if isinstance(event, WordWritten):
                    return event
            raise AssertionError("subscription ended")

        word = await asyncio.wait_for(first_bot_word(), 15)
        assert word.seat == "s2" and word.at == first_wakeup
        await subscription.close()
        await host.close()

    run(body)


def test_unknown_rooms_and_resync() -> None:
    async def body() -> None:
        store = MemoryStore()
        host = RoomHost(store, LocalBroadcaster(), ManualClock(), lexicons, KINDS)
        assert (await host.submit("nope", None, Join("a", digest("a")))) == Refusal("unknown_room")
        assert await host.view("nope", None) is None
        room_id = await seated_room(host, "ana", "bob")
        since = await host.events_since(room_id, 1)
        assert [e.seq for e in since] == [2, 3]
        bad = await host.create(BoggleSettings(preset="nope"))
        assert isinstance(bad, Refusal) and bad.code == "unknown_preset"

    run(body)


def test_a_room_opened_by_its_given_id_is_opened_once(store: StoreBackend) -> None:
    """Two hosts (two processes) opening the same scheduled room: one stores it, the
    other is told it exists and reads the same room; nothing is stored twice."""

    async def body() -> None:
        events = await store.open()
        clock = ManualClock()
        first = RoomHost(events, LocalBroadcaster(), clock, lexicons, KINDS)
        second = RoomHost(events, LocalBroadcaster(), clock, lexicons, KINDS)
        made = await first.create(BoggleSettings(), room_id="daily-2026-12-02")
        assert made == "daily-2026-12-02"
        for host in (first, second):
            again = await host.create(BoggleSettings(rounds=3), room_id="daily-2026-12-02")
            assert isinstance(again, Refusal) and again.code == "room_exists"
            assert again.retryable
        assert len(await events.load("daily-2026-12-02")) == 1
        view = await second.view("daily-2026-12-02", None)
        assert view is not None and view == await first.view("daily-2026-12-02", None)
        await events.close()

    run(body)


class RoomFailingStore(MemoryStore):
    """A memory store whose appends to the room `failing` fail."""

    failing: str | None = None
    appends = 0

    async def append(self, room: str, expected_seq: int, events: Sequence[StoredEvent]) -> None:
        self.appends += 1
        if room == self.failing:
            raise OSError("disk full")
        await super().append(room, expected_seq, events)


def test_rooms_whose_rounds_end_together_each_store_and_publish_their_end_once() -> None:
    """Timers due together are ticked together (`tick_together`): every room's end is
    stored and published once, its results built ahead, and a room whose append fails
    ends once the store takes it again, the others unharmed."""

    async def body() -> None:
        store = RoomFailingStore()
        broker = CheckingBroadcaster(store)
        clock = JumpingClock()
        host = RoomHost(store, broker, clock, lexicons, KINDS)
        await host.start()
        rooms: list[str] = []
        for _ in range(40):  # more than ENDS_AT_ONCE: several groups
            room_id = await host.create(BoggleSettings(duration=1))
            assert isinstance(room_id, str)
            assert isinstance(await host.submit(room_id, None, Join("ana", digest("ana"))), Ack)
            assert isinstance(await host.submit(room_id, "s1", StartRound(len(rooms))), Ack)
            assert isinstance(await host.submit(room_id, "s1", WriteWord("rat")), Ack)
            rooms.append(room_id)
        store.failing = rooms[7]
        clock.offset = 2.0  # every deadline passed at once: every timer is due now

        async def ended(room_id: str) -> bool:
            """The round's end stored and published (it is published once stored)."""
            rows = await store.load(room_id)
            ends = {e.seq for e in rows if isinstance(from_stored(e), RoundEnded)}
            return any(e.room == room_id and e.seq in ends for e in broker.published)

        for _ in range(200):
            if all([await ended(room_id) for room_id in rooms if room_id != rooms[7]]):
                break
            await asyncio.sleep(0.02)
        assert not await ended(rooms[7])
        store.failing = None
        assert await host.view(rooms[7], "s1") is not None  # its page reads it again
        for _ in range(200):
            if await ended(rooms[7]):
                break
            await asyncio.sleep(0.02)
        for room_id in rooms:
            ends = [e for e in await store.load(room_id) if isinstance(from_stored(e), RoundEnded)]
            assert len(ends) == 1, room_id
            published = [e for e in broker.published if e.room == room_id and e.seq == ends[0].seq]
            assert len(published) == 1
            room = host.room(room_id)
            assert isinstance(room, BoggleRoom)
            state = room.round
            assert state is not None and not state.running
            assert state.shown_end is not None or room_id == rooms[7]
        # twice the same room in one group: ticked once, no lock taken twice
        again = await asyncio.wait_for(host.tick_together([rooms[0], rooms[0]]), 5)
        assert again == [[], []]
        await host.close()

    run(body)
