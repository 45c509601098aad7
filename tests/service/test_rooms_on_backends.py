"""The room-level suite, once per backend: memory and SQLite in one process (RoomHost over the
local broadcaster), PostgreSQL and Redis for several (ClusterHost), see `hosts` in conftest."""

from __future__ import annotations

import asyncio
import json

import pytest

from motamot.service.boggle.commands import StartRound, WriteWord
from motamot.service.boggle.events import RoundEnded, WordWritten
from motamot.service.boggle.room import BoggleRoom
from motamot.service.boggle.settings import BoggleSettings
from motamot.service.ports import ManualClock, SystemClock
from motamot.service.rooms.commands import AddBot, Join
from motamot.service.rooms.host import RoomHost
from motamot.service.rooms.outcomes import Ack, Refusal
from tests.service.conftest import HostBackend, digest, from_stored, lexicons, run


async def seated_room(host: RoomHost, *names: str) -> str:
    room_id = await host.create(BoggleSettings())
    assert isinstance(room_id, str)
    for name in names:
        assert isinstance(await host.submit(room_id, None, Join(name, digest(name))), Ack)
    return room_id


def test_commands_of_one_room_are_serialised_and_stored_in_order(hosts: HostBackend) -> None:
    async def body() -> None:
        async with hosts.host(ManualClock()) as host:
            room_id = await seated_room(host, *(f"p{n}" for n in range(6)))
            assert isinstance(await host.submit(room_id, "s1", StartRound(11)), Ack)
            words = ["rat", "tir", "art", "net", "tes", "roi"]
            answers = await asyncio.gather(
                *(host.submit(room_id, f"s{s}", WriteWord(w)) for s in range(1, 7) for w in words)
            )
            assert all(isinstance(answer, Ack) for answer in answers)
            assert sorted(a.seq for a in answers if isinstance(a, Ack)) == list(range(9, 45))
            stored = await host.store.load(room_id)
            assert [e.seq for e in stored] == list(range(1, 45))
            assert sum(isinstance(from_stored(e), WordWritten) for e in stored) == 36
            rebuilt = BoggleRoom.from_events([from_stored(e) for e in stored], lexicons)
            assert json.dumps(rebuilt.view("s3")) == json.dumps(await host.view(room_id, "s3"))

    run(body)


def test_refusals_change_nothing(hosts: HostBackend) -> None:
    async def body() -> None:
        async with hosts.host(ManualClock()) as host:
            room_id = await seated_room(host, "ana", "bob")
            assert await host.submit(room_id, "s2", StartRound(3)) == Refusal("not_host")
            before = await host.view(room_id, "s1")
            refused = await host.submit(room_id, "s1", WriteWord("rat"))
            assert isinstance(refused, Refusal) and refused.code == "round_not_running"
            assert await host.view(room_id, "s1") == before
            assert len(await host.store.load(room_id)) == 3

    run(body)


def test_a_restart_ends_an_overdue_round_at_its_deadline(hosts: HostBackend) -> None:
    async def body() -> None:
        clock = ManualClock()
        async with hosts.host(clock) as host:
            room_id = await seated_room(host, "ana")
            await host.submit(room_id, "s1", AddBot("expert"))
            await host.submit(room_id, "s1", StartRound(5))
            assert isinstance(await host.submit(room_id, "s1", WriteWord("rat")), Ack)
        clock.advance(3600)  # every process was down for an hour
        async with hosts.host(clock) as restarted:
            view = await restarted.view(room_id, "s1")
            assert view is not None and view["round"]["running"] is False
            rows = [from_stored(e) for e in await restarted.store.load(room_id)]
            ended = [e for e in rows if isinstance(e, RoundEnded)]
            state = restarted.room(room_id).round  # type: ignore[attr-defined]
            assert len(ended) == 1 and ended[0].at == state.deadline
            bot_words = [e for e in rows if isinstance(e, WordWritten) and e.seat == "s2"]
            assert [w.at for w in bot_words] == [at for at, _, _ in state.plan]
            assert [e.text for e in rows if isinstance(e, WordWritten) and e.seat == "s1"] == [
                "rat"
            ]

    run(body)


@pytest.mark.slow
def test_timers_write_bot_words_and_followers_see_them(hosts: HostBackend) -> None:
    async def body() -> None:
        async with hosts.host(SystemClock(), timers=True) as host:
            room_id = await seated_room(host, "ana")
            await host.submit(room_id, "s1", AddBot("expert"))
            subscription = await hosts.followers(host).subscribe(room_id)
            await host.submit(room_id, "s1", StartRound(8))
            first_wakeup = host.room(room_id).next_wakeup()

            async def first_bot_word() -> WordWritten:
                async for row in subscription:
                    event = from_stored(row)
                    if isinstance(event, WordWritten):
                        return event
                raise AssertionError("subscription ended")

            word = await asyncio.wait_for(first_bot_word(), 15)
            assert word.seat == "s2" and word.at == first_wakeup
            await subscription.close()

    run(body)


def test_unknown_rooms_and_resync(hosts: HostBackend) -> None:
    async def body() -> None:
        async with hosts.host(ManualClock()) as host:
            assert await host.submit("nope", None, Join("a", digest("a"))) == Refusal(
                "unknown_room"
            )
            assert await host.view("nope", None) is None
            room_id = await seated_room(host, "ana", "bob")
            assert [e.seq for e in await host.events_since(room_id, 1)] == [2, 3]
            bad = await host.create(BoggleSettings(preset="nope"))
            assert isinstance(bad, Refusal) and bad.code == "unknown_preset"

    run(body)
