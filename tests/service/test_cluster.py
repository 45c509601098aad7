"""Several ClusterHosts (as several processes would) over one PostgreSQL schema and one Redis.

Each host has its own store connections, its own Redis connections and its
own process id; they share only what separate processes share. The clock is
manual: deadlines are ticked on purpose, the leases run on Redis's time.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Iterator
from contextlib import AbstractAsyncContextManager

import pytest

from motamot.service.boggle.commands import StartRound, WriteWord
from motamot.service.boggle.events import RoundEnded, WordWritten
from motamot.service.boggle.room import BoggleRoom
from motamot.service.boggle.settings import BoggleSettings
from motamot.service.ports import ManualClock, Subscription
from motamot.service.rooms.cluster import ClusterHost
from motamot.service.rooms.commands import AddBot as TAddBot
from motamot.service.rooms.commands import Join
from motamot.service.rooms.commands import Join as TJoin
from motamot.service.rooms.outcomes import Ack, Refusal
from motamot.service.topword.commands import Pass, Start
from motamot.service.topword.events import Exchanged, Passed, Played
from motamot.service.topword.room import TopwordRoom
from motamot.service.topword.settings import TopwordSettings
from tests.service.backends import postgres_schema, redis_prefix
from tests.service.conftest import (
    cluster_process,
    digest,
    from_stored,
    kill,
    mortal_process,
)
from tests.service.test_postgres_redis import run

GRID_SEED = 7


@pytest.fixture
def urls() -> Iterator[tuple[str, str]]:
    with postgres_schema() as pg, redis_prefix() as broker:
        yield pg, broker


def cluster_host(
    urls: tuple[str, str], clock: ManualClock, lease: float = 1.0
) -> AbstractAsyncContextManager[ClusterHost]:
    """A process whose host runs its rooms' timers."""
    return cluster_process(urls, clock, timers=True, lease=lease)


async def join(host: ClusterHost, room_id: str, name: str) -> str:
    answer = await host.submit(room_id, None, Join(name, digest(name)))
    assert isinstance(answer, Ack), answer
    room = host.room(room_id)
    assert isinstance(room, BoggleRoom)
    return next(s.seat for s in room.seats.values() if s.secret_digest == digest(name))


def accepted_words(host: ClusterHost, room_id: str) -> dict[str, list[str]]:
    room = host.room(room_id)
    assert isinstance(room, BoggleRoom)
    state = room.rounds[-1]
    return {seat: sorted(w.text for w in words) for seat, words in state.words.items()}


def test_commands_from_any_process_reach_the_owner_and_replicas_follow(
    urls: tuple[str, str],
) -> None:
    async def main() -> None:
        clock = ManualClock()
        async with cluster_host(urls, clock) as a, cluster_host(urls, clock) as b:
            room_id = await a.create(BoggleSettings(duration=60))
            assert isinstance(room_id, str)
            assert await a.claim(room_id)  # a's own player came first
            assert a.owns(room_id) and not b.owns(room_id)
            ana = await join(a, room_id, "ana")
            bob = await join(b, room_id, "bob")  # relayed to a, acknowledged back
            refused = await b.submit(room_id, bob, StartRound(GRID_SEED))
            assert isinstance(refused, Refusal) and refused.code == "not_host"
            started = await a.submit(room_id, ana, StartRound(GRID_SEED))
            assert isinstance(started, Ack)
            for text in ("main", "faim", "tes"):
                answer = await b.submit(room_id, bob, WriteWord(text))
                assert isinstance(answer, Ack)
                assert answer.events[0]["seat"] == bob  # the writer's own view, from the owner
            assert isinstance(await a.submit(room_id, ana, WriteWord("net")), Ack)
            refused = await b.submit(room_id, bob, WriteWord("main"))
            assert isinstance(refused, Refusal) and refused.code == "duplicate_entry"
            await b.catch_up(room_id, a.room(room_id).last_seq)
            assert b.room(room_id).last_seq == a.room(room_id).last_seq
            assert b.room(room_id).view(bob) == a.room(room_id).view(bob)
            assert accepted_words(b, room_id) == {ana: ["net"], bob: ["faim", "main", "tes"]}
            assert not b.owns(room_id)

    run(main)


def test_a_followed_replica_wakes_each_relayed_answer_as_its_event_is_folded(
    urls: tuple[str, str],
) -> None:
    """Answers relayed at once each wait for their own event on the replica (a heap by
    number): all come back, the replica holds them all, and no waiter is left behind."""

    async def main() -> None:
        clock = ManualClock()
        async with cluster_host(urls, clock) as a, cluster_host(urls, clock) as b:
            room_id = await a.create(BoggleSettings(duration=60))
            assert isinstance(room_id, str)
            assert await a.claim(room_id)
            ana = await join(a, room_id, "ana")
            bob = await join(b, room_id, "bob")
            # both follow the room (sockets on both): it stays a's, b's answers are relayed
            subscriptions = [await host.followers().subscribe(room_id) for host in (a, b)]

            async def follow(subscription: Subscription) -> None:
                async for _ in subscription:
                    pass

            following = [asyncio.create_task(follow(one)) for one in subscriptions]
            assert isinstance(await a.submit(room_id, ana, StartRound(GRID_SEED)), Ack)
            texts = ("main", "faim", "tes", "net", "mine", "fait")
            answers = await asyncio.gather(
                *(b.submit(room_id, bob, WriteWord(text)) for text in texts)
            )
            assert all(isinstance(answer, (Ack, Refusal)) for answer in answers)
            seqs = [answer.seq for answer in answers if isinstance(answer, Ack)]
            assert len(seqs) >= 3 and b.room(room_id).last_seq >= max(seqs)
            assert b.room(room_id).last_seq == a.room(room_id).last_seq
            assert room_id not in b._folded and not b.owns(room_id)
            for task, subscription in zip(following, subscriptions, strict=True):
                task.cancel()
                await subscription.close()

    run(main)


def test_a_dead_owner_is_replaced_and_nothing_acknowledged_is_lost(
    urls: tuple[str, str],
) -> None:
    async def main() -> None:
        clock = ManualClock()
        async with (
            cluster_host(urls, clock) as b,
            cluster_host(urls, clock) as c,
            mortal_process(urls, clock) as a,
        ):
            room_id = await a.create(BoggleSettings(duration=60))
            assert isinstance(room_id, str) and await a.claim(room_id)
            ana = await join(b, room_id, "ana")
            bob = await join(c, room_id, "bob")
            assert isinstance(await b.submit(room_id, ana, StartRound(GRID_SEED)), Ack)
            deadline = b.room(room_id).rounds[-1].deadline  # type: ignore[attr-defined]
            acked: list[tuple[str, str]] = []
            for seat, host, text in ((ana, b, "main"), (bob, c, "faim")):
                assert isinstance(await host.submit(room_id, seat, WriteWord(text)), Ack)
                acked.append((seat, text))
            await kill(a)
            for seat, host, text in ((ana, b, "tes"), (bob, c, "net"), (ana, c, "rat")):
                answer = await host.submit(room_id, seat, WriteWord(text))
                assert isinstance(answer, Ack), answer
                acked.append((seat, text))
            assert b.owns(room_id) != c.owns(room_id)
            owner = b if b.owns(room_id) else c
            clock.advance(120)  # long after the deadline: the round ends at the deadline
            await owner.tick(room_id)
            rows = await owner.store.load(room_id)
            events = [from_stored(row) for row in rows]
            ended = [e for e in events if isinstance(e, RoundEnded)]
            assert len(ended) == 1 and ended[0].at == deadline
            written = [(e.seat, e.text) for e in events if isinstance(e, WordWritten)]
            assert sorted(written) == sorted(acked)

    run(main)


def test_a_room_moves_to_the_process_whose_players_follow_it(urls: tuple[str, str]) -> None:
    async def main() -> None:
        clock = ManualClock()
        async with cluster_host(urls, clock) as a, cluster_host(urls, clock) as b:
            lonely = await a.create(BoggleSettings(duration=60))
            shared = await a.create(BoggleSettings(duration=60))
            assert isinstance(lonely, str) and isinstance(shared, str)
            assert await a.claim(lonely) and await a.claim(shared)  # a used them first
            on_b = [await b.followers().subscribe(room) for room in (lonely, shared)]
            on_a = await a.followers().subscribe(shared)  # a has players of `shared` too
            try:
                ana = await join(b, lonely, "ana")  # answered by a, which then gives it up
                assert b.owns(lonely) and not a.owns(lonely)
                with pytest.raises(KeyError):
                    a.room(lonely)  # forgotten there: a's sweep cannot take it back
                assert isinstance(await b.submit(lonely, ana, StartRound(GRID_SEED)), Ack)
                assert isinstance(await b.submit(lonely, ana, WriteWord("main")), Ack)
                rows = await b.store.load(lonely)
                assert [from_stored(r).seq for r in rows] == list(range(1, 5))
                assert accepted_words(b, lonely) == {ana: ["main"]}
                # followed on both sides: the room stays where it is
                await join(b, shared, "bob")
                assert a.owns(shared) and not b.owns(shared)
            finally:
                for subscription in (*on_b, on_a):
                    await subscription.close()

    run(main)


def test_a_stale_owner_cannot_write_after_a_takeover(urls: tuple[str, str]) -> None:
    async def main() -> None:
        clock = ManualClock()
        async with cluster_host(urls, clock, lease=30) as a, cluster_host(urls, clock) as b:
            room_id = await a.create(BoggleSettings(duration=60))
            assert isinstance(room_id, str)
            ana = await join(a, room_id, "ana")
            # a pause longer than the lease: b takes the room while a still believes it owns it
            await a.leases._client.delete(a.leases.key(room_id))
            assert await b.claim(room_id)
            assert isinstance(await b.submit(room_id, ana, StartRound(GRID_SEED)), Ack)
            assert a.owns(room_id)
            # valid on a's stale copy: its append conflicts, then it is relayed to b
            cat = await join(a, room_id, "cat")
            assert not a.owns(room_id)
            assert isinstance(await a.submit(room_id, cat, WriteWord("main")), Ack)
            rows = await b.store.load(room_id)
            assert [from_stored(r).seq for r in rows] == list(range(1, len(rows) + 1))
            assert [type(from_stored(r)).__name__ for r in rows[1:]] == [
                "SeatTaken",
                "RoundStarted",
                "SeatTaken",
                "WordWritten",
            ]

    run(main)


def test_an_unknown_room_is_refused_everywhere(urls: tuple[str, str]) -> None:
    async def main() -> None:
        async with cluster_host(urls, ManualClock()) as a:
            answer = await a.submit("nope", None, Join("ana", digest("ana")))
            assert answer == Refusal("unknown_room")
            assert not a.owns("nope")
            await asyncio.sleep(0)

    run(main)


def test_a_topword_turn_clock_survives_its_owner(urls: tuple[str, str]) -> None:
    """Mid-turn the owner dies; the heir passes the turn at its original deadline."""

    async def main() -> None:
        clock = ManualClock()
        async with cluster_host(urls, clock) as b, mortal_process(urls, clock) as a:
            room_id = await a.create(TopwordSettings(turn_seconds=60))
            assert isinstance(room_id, str) and await a.claim(room_id)
            assert isinstance(await b.submit(room_id, None, TJoin("ana", digest("ana"))), Ack)
            assert isinstance(await a.submit(room_id, None, TJoin("bob", digest("bob"))), Ack)
            assert isinstance(await b.submit(room_id, "s1", Start(77)), Ack)
            table = b.room(room_id)
            assert isinstance(table, TopwordRoom)
            first = table.current
            assert first is not None
            assert isinstance(await b.submit(room_id, first, Pass()), Ack)  # relayed to a
            clock.advance(20)
            deadline = table.turn_deadline()
            assert deadline is not None and table.current != first
            await kill(a)  # 20 s into the second turn
            clock.advance(100)  # long past that turn's deadline
            await asyncio.sleep(1.5)  # a's lease runs out (Redis time)
            view = await b.view(room_id, None)  # b needs the room: it takes it over
            assert b.owns(room_id) and view is not None
            for _ in range(100):  # the heir's timer ticks the overdue turn as it can
                rows = [from_stored(row) for row in await b.store.load(room_id)]
                passes = [e for e in rows if isinstance(e, Passed)]
                if len(passes) >= 2:
                    break
                await asyncio.sleep(0.05)
            assert [p.timed_out for p in passes[:2]] == [False, True]
            assert passes[1].at == deadline  # not when b took over, 100 s later

    run(main)


def test_bots_are_played_by_the_owner_only(urls: tuple[str, str]) -> None:
    async def main() -> None:
        clock = ManualClock()
        async with cluster_host(urls, clock) as a, cluster_host(urls, clock) as b:
            room_id = await a.create(TopwordSettings(bot_seconds=0.0))
            assert isinstance(room_id, str) and await a.claim(room_id)  # a's player came first
            assert isinstance(await b.submit(room_id, None, TJoin("ana", digest("ana"))), Ack)
            assert isinstance(await b.submit(room_id, "s1", TAddBot("greedy")), Ack)
            assert isinstance(await b.submit(room_id, "s1", Start(5)), Ack)
            turns: list[Played | Passed | Exchanged] = []
            for _ in range(40):
                await a.settle()
                rows = [from_stored(row) for row in await a.store.load(room_id)]
                turns = [e for e in rows if isinstance(e, (Played, Passed, Exchanged))]
                if len(turns) >= 6:
                    break
                await b.catch_up(room_id, rows[-1].seq)
                table = b.room(room_id)
                assert isinstance(table, TopwordRoom)
                if table.current == "s1":
                    assert isinstance(await b.submit(room_id, "s1", Pass()), Ack)
            assert not b._bots  # the replica never thought for the bot
            seats = [e.seat for e in turns]
            assert len(turns) >= 6 and all(x != y for x, y in itertools.pairwise(seats))

    run(main)


def test_a_room_is_owned_where_its_players_come_and_never_moves(urls: tuple[str, str]) -> None:
    """Issue 27: a room created on one process and played on another (a proxy routing by
    room id) is owned by the second from its first command: no handover, no resync."""

    async def main() -> None:
        clock = ManualClock()
        async with cluster_host(urls, clock) as a, cluster_host(urls, clock) as b:
            room_id = await a.create(BoggleSettings(duration=60))
            assert isinstance(room_id, str)
            assert not a.owns(room_id) and not b.owns(room_id)
            with pytest.raises(KeyError):
                a.room(room_id)  # not kept where it was created
            follower = await b.followers().subscribe(room_id)
            try:
                ana = await join(b, room_id, "ana")
                assert b.owns(room_id) and not a.owns(room_id)
                assert isinstance(await b.submit(room_id, ana, StartRound(GRID_SEED)), Ack)
                assert isinstance(await b.submit(room_id, ana, WriteWord("main")), Ack)
                assert b.owns(room_id) and not a.owns(room_id)
                seqs = [from_stored(row).seq for row in await b.store.load(room_id)]
                assert seqs == list(range(1, len(seqs) + 1))
            finally:
                await follower.close()

    run(main)
