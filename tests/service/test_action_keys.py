"""Action keys (issue 34): what a player did is applied at most once, however often the
page sends it again (its answer lost, a reload, a restart, another process), and an
action sent again once its round or turn is over is refused, never counted elsewhere."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

from motamot.service.boggle.commands import StartRound, StopRound, WriteWord
from motamot.service.boggle.events import WordWritten
from motamot.service.boggle.settings import BoggleSettings
from motamot.service.brokers.local import LocalBroadcaster
from motamot.service.duplicate.commands import EndTurn, StartDuplicate, Submit
from motamot.service.duplicate.events import MoveSubmitted
from motamot.service.duplicate.settings import DuplicateSettings
from motamot.service.ports import EventStore, ManualClock
from motamot.service.rooms.commands import Join, Say
from motamot.service.rooms.events import ChatSaid
from motamot.service.rooms.host import RoomHost
from motamot.service.rooms.keys import KEPT_PER_SEAT, ActionKeys
from motamot.service.rooms.outcomes import Ack, Refusal
from motamot.service.stores.memory import MemoryStore
from motamot.service.stores.sqlite import SqliteStore
from motamot.service.topword.commands import Pass, Start
from motamot.service.topword.events import Passed
from motamot.service.topword.settings import TopwordSettings
from tests.service.backends import postgres_schema, redis_prefix
from tests.service.conftest import (
    KINDS,
    cluster_process,
    digest,
    from_stored,
    kill,
    lexicons,
    mortal_process,
    run,
)


def host_on(store: EventStore) -> RoomHost:
    return RoomHost(store, LocalBroadcaster(), ManualClock(), lexicons, KINDS)


async def room_with(host: RoomHost, settings: Any, *names: str) -> str:
    room_id = await host.create(settings)
    assert isinstance(room_id, str)
    for name in names:
        assert isinstance(await host.submit(room_id, None, Join(name, digest(name))), Ack)
    return room_id


async def stored_of(store: EventStore, room_id: str, kind: type[Any]) -> list[Any]:
    return [e for e in map(from_stored, await store.load(room_id)) if isinstance(e, kind)]


def test_a_word_sent_again_with_its_key_is_written_once_and_acknowledged_again() -> None:
    async def body() -> None:
        store = MemoryStore()
        host = host_on(store)
        room_id = await room_with(host, BoggleSettings(duration=60), "ana", "bob")
        assert isinstance(await host.submit(room_id, "s1", StartRound(3)), Ack)
        first = await host.submit(room_id, "s1", WriteWord("rat", key="k-1", round=1))
        assert isinstance(first, Ack) and first.events[0]["text"] == "rat"
        again = await host.submit(room_id, "s1", WriteWord("rat", key="k-1", round=1))
        assert again == Ack(first.seq, ())  # the first one's number, nothing new
        # the same key is another seat's own: keys are per seat
        bob = await host.submit(room_id, "s2", WriteWord("rat", key="k-1", round=1))
        assert isinstance(bob, Ack) and bob.seq == first.seq + 1
        # without a key, the same word again is the duplicate entry it always was
        twice = await host.submit(room_id, "s1", WriteWord("rat"))
        assert isinstance(twice, Refusal) and twice.code == "duplicate_entry"
        words = await stored_of(store, room_id, WordWritten)
        assert [(w.seat, w.key) for w in words] == [("s1", "k-1"), ("s2", "k-1")]

    run(body)


def test_two_sends_of_one_key_in_the_same_batch_write_it_once() -> None:
    async def body() -> None:
        store = MemoryStore()
        host = host_on(store)
        room_id = await room_with(host, BoggleSettings(duration=60), "ana")
        assert isinstance(await host.submit(room_id, "s1", StartRound(3)), Ack)
        word = WriteWord("rat", key="same", round=1)
        answers = await asyncio.gather(*(host.submit(room_id, "s1", word) for _ in range(3)))
        assert all(isinstance(answer, Ack) for answer in answers)
        assert len({answer.seq for answer in answers if isinstance(answer, Ack)}) == 1
        assert len(await stored_of(store, room_id, WordWritten)) == 1

    run(body)


def test_a_key_is_known_after_a_restart_from_the_stored_events(tmp_path: Path) -> None:
    async def body() -> None:
        path = tmp_path / "rooms.sqlite3"
        before = host_on(SqliteStore(path))
        room_id = await room_with(before, BoggleSettings(duration=600), "ana")
        assert isinstance(await before.submit(room_id, "s1", StartRound(3)), Ack)
        first = await before.submit(room_id, "s1", WriteWord("rat", key="abc_9", round=1))
        assert isinstance(first, Ack)
        await before.close()
        after = host_on(SqliteStore(path))  # another process, on the same file
        await after.start(timers=False)
        again = await after.submit(room_id, "s1", WriteWord("rat", key="abc_9", round=1))
        assert again == Ack(first.seq, ())
        assert len(await stored_of(after.store, room_id, WordWritten)) == 1
        await after.close()

    run(body)


def test_b10_a_word_sent_again_once_its_round_is_over_is_too_late() -> None:
    """Typed in round 1, sent again (never applied) while round 2 runs: refused
    `after_deadline`, not written in round 2; one that was applied is acknowledged."""

    async def body() -> None:
        store = MemoryStore()
        host = host_on(store)
        room_id = await room_with(host, BoggleSettings(duration=60, rounds=3), "ana")
        assert isinstance(await host.submit(room_id, "s1", StartRound(3)), Ack)
        applied = await host.submit(room_id, "s1", WriteWord("rat", key="in-1", round=1))
        assert isinstance(applied, Ack)
        assert isinstance(await host.submit(room_id, "s1", StopRound()), Ack)
        assert isinstance(await host.submit(room_id, "s1", StartRound(4)), Ack)
        late = await host.submit(room_id, "s1", WriteWord("tir", key="in-2", round=1))
        assert late == Refusal("after_deadline")
        assert await host.submit(room_id, "s1", WriteWord("rat", key="in-1", round=1)) == Ack(
            applied.seq, ()
        )
        assert [w.key for w in await stored_of(store, room_id, WordWritten)] == ["in-1"]

    run(body)


def test_a_topword_pass_sent_again_is_acknowledged_not_refused_not_your_turn() -> None:
    async def body() -> None:
        store = MemoryStore()
        host = host_on(store)
        room_id = await room_with(host, TopwordSettings(), "ana", "bob")
        assert isinstance(await host.submit(room_id, "s1", Start(11)), Ack)
        room = host.room(room_id)
        mover = room.current  # type: ignore[attr-defined]
        other = "s2" if mover == "s1" else "s1"
        passed = await host.submit(room_id, mover, Pass(key="p1", turn=1))
        assert isinstance(passed, Ack)
        assert await host.submit(room_id, mover, Pass(key="p1", turn=1)) == Ack(passed.seq, ())
        # a new action for a turn gone by is too late, never played on another turn
        stale = await host.submit(room_id, other, Pass(key="p2", turn=1))
        assert stale == Refusal("turn_over", {"turn": 1})
        assert isinstance(await host.submit(room_id, other, Pass(key="p2", turn=2)), Ack)
        passes = await stored_of(store, room_id, Passed)
        assert [(p.seat, p.key) for p in passes] == [(mover, "p1"), (other, "p2")]

    run(body)


def test_d3_a_submission_sent_again_counts_once_and_one_for_an_ended_turn_is_refused() -> None:
    async def body() -> None:
        store = MemoryStore()
        host = host_on(store)
        room_id = await room_with(host, DuplicateSettings(turn_seconds=None), "ana", "bob")
        assert isinstance(await host.submit(room_id, "s1", StartDuplicate(5)), Ack)
        sent = await host.submit(room_id, "s2", Submit("8H MAIN", key="d1", turn=1))
        assert isinstance(sent, Ack)
        assert await host.submit(room_id, "s2", Submit("8H MAIN", key="d1", turn=1)) == Ack(
            sent.seq, ()
        )
        assert isinstance(await host.submit(room_id, "s1", EndTurn()), Ack)
        late = await host.submit(room_id, "s2", Submit("8H MAIN", key="d2", turn=1))
        assert late == Refusal("turn_over", {"turn": 1})
        # the first one, sent again after its turn ended, is still the one acknowledged
        assert await host.submit(room_id, "s2", Submit("8H MAIN", key="d1", turn=1)) == Ack(
            sent.seq, ()
        )
        assert [m.key for m in await stored_of(store, room_id, MoveSubmitted)] == ["d1"]

    run(body)


def test_c2_a_chat_message_sent_again_is_said_once() -> None:
    async def body() -> None:
        store = MemoryStore()
        host = host_on(store)
        room_id = await room_with(host, BoggleSettings(), "ana")
        said = await host.submit(room_id, "s1", Say("bonjour", key="c1"))
        assert isinstance(said, Ack)
        assert await host.submit(room_id, "s1", Say("bonjour", key="c1")) == Ack(said.seq, ())
        assert [c.key for c in await stored_of(store, room_id, ChatSaid)] == ["c1"]

    run(body)


def test_an_action_refused_leaves_its_key_free_to_be_tried_again() -> None:
    """A refusal changes nothing, its key included: sent again when it may be taken
    (a round started since), it is."""

    async def body() -> None:
        store = MemoryStore()
        host = host_on(store)
        room_id = await room_with(host, BoggleSettings(duration=60), "ana")
        refused = await host.submit(room_id, "s1", WriteWord("rat", key="early"))
        assert refused == Refusal("round_not_running")
        assert isinstance(await host.submit(room_id, "s1", StartRound(3)), Ack)
        assert isinstance(await host.submit(room_id, "s1", WriteWord("rat", key="early")), Ack)

    run(body)


class _Keyed(msgspec.Struct, frozen=True):
    seq: int
    seat: str
    key: str | None = None


@given(st.lists(st.tuples(st.sampled_from(["s1", "s2"]), st.booleans()), max_size=120))
def test_each_seat_keeps_its_last_keys_only(actions: list[tuple[str, bool]]) -> None:
    """Against the plain list of each seat's keys: the last KEPT_PER_SEAT are found with
    their event's number, older ones are forgotten, an event without a key changes nothing."""
    keys = ActionKeys()
    made: dict[str, list[tuple[str, int]]] = {"s1": [], "s2": []}
    for seq, (seat, keyed) in enumerate(actions, 1):
        key = f"{seat}-{seq}" if keyed else None
        keys.remember(_Keyed(seq, seat, key))
        if key is not None:
            made[seat].append((key, seq))
    for seat, mine in made.items():
        kept = mine[-KEPT_PER_SEAT:]
        for key, seq in kept:
            assert keys.applied(seat, key) == seq
        for key, _ in mine[: len(mine) - len(kept)]:
            assert keys.applied(seat, key) is None
        other = "s2" if seat == "s1" else "s1"
        assert all(keys.applied(other, key) is None for key, _ in mine)
    assert keys.applied(None, "s1-1") is None and keys.applied("s1", None) is None


@pytest.fixture
def urls() -> Iterator[tuple[str, str]]:
    """A PostgreSQL schema and a Redis prefix of the test's own (the machine's servers)."""
    with postgres_schema() as pg, redis_prefix() as broker:
        yield pg, broker


def test_a_key_sent_again_to_another_process_or_after_its_owner_died_is_written_once(
    urls: tuple[str, str],
) -> None:
    """Relayed to the owner, sent again there, then again once the owner is gone and
    another process has taken the room from the store: one word, one number."""

    async def main() -> None:
        clock = ManualClock()
        async with cluster_process(urls, clock) as b, mortal_process(urls, clock) as a:
            room_id = await room_with(a, BoggleSettings(duration=60), "ana")
            assert isinstance(await a.submit(room_id, "s1", StartRound(3)), Ack)
            word = WriteWord("rat", key="far-1", round=1)
            relayed = await b.submit(room_id, "s1", word)  # b's socket, a's room
            assert isinstance(relayed, Ack) and relayed.events
            assert await a.submit(room_id, "s1", word) == Ack(relayed.seq, ())
            assert await b.submit(room_id, "s1", word) == Ack(relayed.seq, ())
            await kill(a)
            assert await b.submit(room_id, "s1", word) == Ack(relayed.seq, ())
            assert b.owns(room_id)
            assert [w.key for w in await stored_of(b.store, room_id, WordWritten)] == ["far-1"]

    run(main)
