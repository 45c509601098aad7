"""Fault test, Topword: a table run by three host processes, its owner SIGKILLed mid-turn.

    python -m tests.scale.fault_topword

Two people (each sending through its own process, one of them through the
owner's) and a computer player (thought out by the owner) play with a turn
clock; in the middle of a person's turn, whose player sleeps through it,
the owner is killed. Checked: the
lease moves within seconds, that turn passes at its original deadline (the
clock kept from the store), the bot keeps playing under the new owner, and
every acknowledged move or pass is in the stored game, as many as were
acknowledged.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import itertools
import json
import os
import random
import signal
import sys
import time
from dataclasses import dataclass, field
from typing import Any

import redis.asyncio as aioredis

from motamot.service.brokers.redis import split_url
from motamot.service.rooms.codec import decode_answer
from motamot.service.rooms.commands import AddBot, Join
from motamot.service.rooms.host import cached_lexicons
from motamot.service.rooms.outcomes import Ack
from motamot.service.stores.postgres import PostgresStore
from motamot.service.topword import TOPWORD
from motamot.service.topword.commands import Start, turn_command
from motamot.service.topword.events import Exchanged, GameEnded, Passed, Played
from motamot.service.topword.room import TopwordRoom
from motamot.topword.bots import make_bot, view_of
from motamot.topword.bots.view import as_action
from motamot.web import default_kinds
from tests.scale.processes import LEASE_SECONDS, lease_owner, pid_of
from tests.service.backends import postgres_schema, redis_prefix

TURN_SECONDS = 8.0
KILL_AT_TURN = 6


class Worker:
    """A host_worker process: requests in on stdin, answers out on stdout."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        self.waiting: dict[int, asyncio.Future[Any]] = {}
        self.ids = itertools.count(1)
        self.reader = asyncio.create_task(self._read())

    @classmethod
    async def start(cls, db: str, broker: str, lease: float) -> Worker:
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "tests.scale.host_worker",
            db,
            broker,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            env={**os.environ, "MOTAMOT_LEASE_SECONDS": str(lease)},
        )
        assert process.stdout is not None
        ready = json.loads(await asyncio.wait_for(process.stdout.readline(), 60))
        assert "ready" in ready
        return cls(process)

    async def _read(self) -> None:
        assert self.process.stdout is not None
        while line := await self.process.stdout.readline():
            message = json.loads(line)
            future = self.waiting.pop(message["id"], None)
            if future is not None and not future.done():
                future.set_result(message["answer"])
        for future in self.waiting.values():
            if not future.done():
                future.set_exception(ConnectionError("worker gone"))

    async def ask(self, request: dict[str, Any], timeout: float = 20) -> Any:
        if self.process.returncode is not None or self.reader.done():
            raise ConnectionError("worker gone")
        number = next(self.ids)
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.waiting[number] = future
        assert self.process.stdin is not None
        self.process.stdin.write((json.dumps({**request, "id": number}) + "\n").encode())
        await self.process.stdin.drain()
        return await asyncio.wait_for(future, timeout)

    async def stop(self) -> None:
        if self.process.returncode is None:
            assert self.process.stdin is not None
            self.process.stdin.close()
            try:
                await asyncio.wait_for(self.process.wait(), 10)
            except TimeoutError:
                self.process.kill()
                await self.process.wait()
        self.reader.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self.reader


@dataclass
class Person:
    name: str
    worker: int
    seat: str = ""
    acked: list[int] = field(default_factory=list)
    moved: int = 0


@dataclass
class TopwordFigures:
    acknowledged: int
    in_final_state: int
    takeover_seconds: float
    timed_out_at_deadline: bool
    bot_turns_after_takeover: int
    moved_people: int

    def ok(self, lease: float) -> bool:
        return (
            self.acknowledged == self.in_final_state > 0
            and self.takeover_seconds < lease + 3
            and self.timed_out_at_deadline
            and self.bot_turns_after_takeover > 0
            and self.moved_people > 0
        )


async def topword_fault(db: str, broker: str, lease: float) -> TopwordFigures:
    codec = default_kinds().rooms.commands
    address, prefix = split_url(broker)
    client = aioredis.Redis.from_url(address)
    store = await PostgresStore.open(db)
    workers = [await Worker.start(db, broker, lease) for _ in range(3)]
    lexicons = cached_lexicons()
    try:
        room = await workers[0].ask({"create": {"turn_seconds": TURN_SECONDS, "bot_seconds": 0.5}})
        assert isinstance(room, str), room
        # ana talks to the process that created the table: the one killed
        people = [Person("ana", 0), Person("bob", 1)]

        async def send(person: Person, seat: str | None, command: Any) -> Any:
            """Through the person's process; on to the next one if it is gone."""
            for _ in range(len(workers) * 3):
                try:
                    body = codec.encode(seat, command)
                    answer = await workers[person.worker].ask({"room": room, "body": body})
                    return decode_answer(json.dumps(answer))
                except (ConnectionError, TimeoutError):
                    person.worker = (person.worker + 1) % len(workers)
                    person.moved += 1
            raise RuntimeError(f"{person.name}: no process answers")

        for person in people:
            digest = hashlib.sha256(person.name.encode()).hexdigest()
            joined = await send(person, None, Join(person.name, digest))
            assert isinstance(joined, Ack), joined
            person.seat = joined.events[0]["seat"]
        assert isinstance(await send(people[0], people[0].seat, AddBot("greedy")), Ack)
        assert isinstance(await send(people[0], people[0].seat, Start(2026)), Ack)

        async def table() -> TopwordRoom:
            rows = await store.load(room)
            built = TopwordRoom.from_events([TOPWORD.codec.from_stored(r) for r in rows], lexicons)
            return built

        killed_at: float | None = None
        sleeping_deadline: float | None = None
        sleeper: Person | None = None
        takeover = float("nan")
        give_up = time.monotonic() + 120
        while time.monotonic() < give_up:
            state = await table()
            assert state.game is not None
            if state.ended is not None:
                break
            turns = len(state.game.turns)
            if sleeper is not None and turns > KILL_AT_TURN + 6:
                break
            playing = next((p for p in people if p.seat == state.current), None)
            asleep = playing is sleeper and state.turn_deadline() == sleeping_deadline
            if playing is None or asleep:
                await asyncio.sleep(0.1)
                continue
            person = playing
            if killed_at is None and turns >= KILL_AT_TURN:
                # mid-turn: this person falls asleep and its process's owner dies
                sleeper, sleeping_deadline = person, state.turn_deadline()
                await asyncio.sleep(TURN_SECONDS / 2)
                owner = await lease_owner(client, prefix, room)
                assert owner is not None
                victim = next(w for w in workers if w.process.pid == pid_of(owner))
                killed_at = time.monotonic()
                victim.process.send_signal(signal.SIGKILL)
                while (now_owner := await lease_owner(client, prefix, room)) in (None, owner):
                    await asyncio.sleep(0.02)
                    if time.monotonic() - killed_at > 30:
                        raise RuntimeError("nobody took the table over")
                takeover = time.monotonic() - killed_at
                del now_owner
                continue
            index = state.index_of(person.seat)
            bot = make_bot("greedy", random.Random(turns))
            action = turn_command(as_action(bot.choose(view_of(state.game, index))))
            answer = await send(person, person.seat, action)
            if isinstance(answer, Ack):
                person.acked.append(answer.seq)
            else:
                await asyncio.sleep(0.1)
        rows = [TOPWORD.codec.from_stored(r) for r in await store.load(room)]
        by_seq = {event.seq: event for event in rows}
        acked = [(p.seat, seq) for p in people for seq in p.acked]

        def turn_of(seat: str, seq: int) -> bool:
            event = by_seq.get(seq)
            if isinstance(event, GameEnded):
                event = by_seq.get(seq - 1)
            return isinstance(event, (Played, Passed, Exchanged)) and event.seat == seat

        stored = [(seat, seq) for seat, seq in acked if turn_of(seat, seq)]
        assert sleeper is not None and sleeping_deadline is not None
        timed_out = [e for e in rows if isinstance(e, Passed) and e.timed_out]
        turns_after = [
            e
            for e in rows
            if isinstance(e, (Played, Passed, Exchanged))
            and e.seat not in {p.seat for p in people}
            and e.at > sleeping_deadline
        ]
        return TopwordFigures(
            acknowledged=len(acked),
            in_final_state=len(stored),
            takeover_seconds=takeover,
            timed_out_at_deadline=any(
                e.seat == sleeper.seat and e.at == sleeping_deadline for e in timed_out
            ),
            bot_turns_after_takeover=len(turns_after),
            moved_people=sum(1 for p in people if p.moved > 0),
        )
    finally:
        for worker in workers:
            with contextlib.suppress(ProcessLookupError):
                await worker.stop()
        await store.close()
        await client.aclose()


def main() -> int:
    with postgres_schema() as db, redis_prefix() as broker:
        table = asyncio.run(topword_fault(db, broker, LEASE_SECONDS))
    print(json.dumps({"topword": table.__dict__}))
    print(
        "fault test (Topword, 2 people + a bot over 3 host processes, owner SIGKILLed"
        f" mid-turn): acknowledged moves {table.acknowledged}, in the final state"
        f" {table.in_final_state}; takeover {table.takeover_seconds:.2f} s; the sleeping"
        f" turn passed at its deadline: {table.timed_out_at_deadline};"
        f" bot turns after the takeover {table.bot_turns_after_takeover};"
        f" {table.moved_people} person(s) moved to another process"
    )
    if not table.ok(LEASE_SECONDS):
        print("FAULT TEST FAILED (Topword)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
