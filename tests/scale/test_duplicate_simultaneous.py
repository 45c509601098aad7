"""D10, D11 across processes: a numbered game exported from a server of its own (SQLite) is
imported on a cluster of three `motamot serve` processes over one PostgreSQL schema and
Redis; two rooms play it, each owned by a different process, and the combined ranking
(rank, share of the tops) is the same asked of any of the three, a turn after a turn.

A ranking is read again from the store once it is `FRESH_SECONDS` old: no process may
answer without a turn's end when asked twice that after a player saw it (what this rules
out: a ranking that stays stale, or one only the room's owner knows). A slow answer does
not count against it: what is checked is when the last answer without it was asked.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx2
import pytest
import redis.asyncio as aioredis
from websockets.asyncio.client import ClientConnection, connect

from motamot.service.duplicate.simultaneous import FRESH_SECONDS
from tests.scale.processes import lease_owner, pid_of, servers
from tests.service.backends import REDIS_URL, postgres_schema, redis_prefix
from tests.web.duplicate.test_duplicate_ws import moves_of

Message = dict[str, Any]
NUMBER = 4217
TURN_SECONDS = 6


class Socket:
    """One seat's (or a spectator's) socket, every frame it receives kept."""

    def __init__(self, server: str, room: str, token: str | None) -> None:
        self.url = server.replace("http://", "ws://") + f"/ws/{room}"
        self.token = token
        self.frames: list[tuple[float, Message]] = []
        self._new = asyncio.Event()
        self._ws: ClientConnection | None = None
        self._reader: asyncio.Task[None] | None = None
        self._ids = 0

    async def __aenter__(self) -> Socket:
        self._ws = await connect(self.url, open_timeout=10, max_queue=None)
        await self._ws.send(json.dumps({"type": "hello", "token": self.token, "last_seq": 0}))
        self._reader = asyncio.create_task(self._read())
        return self

    async def __aexit__(self, *_: object) -> None:
        assert self._ws is not None and self._reader is not None
        await self._ws.close()
        self._reader.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self._reader

    async def _read(self) -> None:
        assert self._ws is not None
        async for frame in self._ws:
            self.frames.append((time.monotonic(), json.loads(frame)))
            self._new.set()

    async def until(self, wanted: Callable[[Message], bool], seconds: float = 30) -> Message:
        """The first frame received (ever) that `wanted` accepts."""
        give_up = time.monotonic() + seconds
        while True:
            for _, frame in self.frames:
                if wanted(frame):
                    return frame
            self._new.clear()
            left = give_up - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no such frame in {seconds} s: {self.frames[-3:]}")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._new.wait(), left)

    async def ask(self, message: Message) -> Message:
        """Send a seat action; its ack (a refusal fails the test)."""
        assert self._ws is not None
        self._ids += 1
        request = self._ids
        await self._ws.send(json.dumps({**message, "id": request}))
        answer = await self.until(lambda m: m.get("id") == request and m["type"] != "events")
        assert answer["type"] == "ack", answer
        return answer

    def event_seen(self, tag: str, number: int) -> float | None:
        """When a `duplicate.<tag>` event of turn `number` arrived (None: not yet)."""
        for at, frame in self.frames:
            for event in frame.get("events", []):
                if event.get("type") == f"duplicate.{tag}" and event.get("number") == number:
                    return at
        return None


async def post(server: str, path: str, body: Message) -> Message:
    async with httpx2.AsyncClient(timeout=30) as http:
        answer = await http.post(server + path, json=body)
    assert answer.status_code == 200, answer.text
    found: Message = answer.json()
    return found


async def get(server: str, path: str) -> httpx2.Response:
    async with httpx2.AsyncClient(timeout=30) as http:
        return await http.get(server + path)


async def exported_game(server: str) -> Message:
    """A game played (and ended by its arbiter) on `server`, saved as « partie n° NUMBER »."""
    made = await post(server, "/api/duplicate", {"name": "Arbitre", "arbiter": True})
    await post(server, f"/api/rooms/{made['room']}/join", {"name": "Bob"})
    async with Socket(server, made["room"], made["token"]) as arbiter:
        await arbiter.ask({"type": "start"})
        await arbiter.ask({"type": "arbiter_end_game", "reason": "fin"})
    answer = await get(server, f"/api/duplicate/{made['room']}/game?numero={NUMBER}")
    assert answer.status_code == 200, answer.text
    game: Message = answer.json()
    return game


async def view(server: str, room: str) -> Message:
    async with Socket(server, room, None) as spectator:
        welcome = await spectator.until(lambda m: m["type"] == "welcome")
    found: Message = welcome["view"]
    return found


async def rankings(addresses: list[str]) -> list[Message]:
    answers = await asyncio.gather(
        *(get(address, f"/api/duplicate/simultane/{NUMBER}") for address in addresses)
    )
    for answer in answers:
        assert answer.status_code == 200, answer.text
    return [answer.json() for answer in answers]


async def shown_after(
    addresses: list[str], turns: int, seconds: float
) -> tuple[list[Message], float]:
    """Each process's ranking once it counts `turns` turns in every room, and when the
    last round of questions that found it missing somewhere was sent (0: none)."""
    give_up = time.monotonic() + seconds
    missed = 0.0
    while True:
        asked = time.monotonic()
        bodies = await rankings(addresses)
        if all(
            body["rooms"] == 2 and all(line["turns"] == turns for line in body["ranking"])
            for body in bodies
        ):
            assert all(body["turns"] == turns for body in bodies)  # every room played them
            return bodies, missed
        missed = asked
        if time.monotonic() > give_up:
            raise AssertionError(f"turn {turns} not ranked in {seconds} s: {bodies}")
        await asyncio.sleep(0.05)


@pytest.mark.slow
def test_d11_a_numbered_game_exported_from_sqlite_is_ranked_alike_on_three_processes(
    tmp_path: Path,
) -> None:
    async def main() -> None:
        with servers(1, str(tmp_path / "club.db"), None) as (alone,):
            game = await exported_game(alone.address)
        fields = {key: game[key] for key in ("number", "seed", "ruleset", "dictionary")}
        log = tmp_path / "cluster.log"
        with (
            postgres_schema() as db,
            redis_prefix() as broker,
            log.open("wb") as out,
            servers(3, db, broker, lease_seconds=30, log=out) as processes,
        ):
            await play(processes, broker, fields)
        # three processes creating the index at once: none fails (its fill marker, its rows)
        said = log.read_text(errors="replace")
        assert "Traceback" not in said and '"level": "error"' not in said, said[-3000:]

    async def play(processes: Any, broker: str, fields: Message) -> None:
        addresses = [process.address for process in processes]
        rooms = []
        for index, players in ((0, ("Ana", "Ben")), (1, ("Cat", "Dan"))):
            here = addresses[index]
            made = await post(
                here,
                "/api/duplicate",
                {"name": "Arbitre", "arbiter": True, **fields, "turn_seconds": TURN_SECONDS},
            )
            tokens = {}
            for name in players:
                joined = await post(here, f"/api/rooms/{made['room']}/join", {"name": name})
                tokens[name] = joined["token"]
            rooms.append((here, made["room"], made["token"], tokens))
        async with contextlib.AsyncExitStack() as stack:
            sockets: dict[str, Socket] = {}
            for here, room, arbiter, tokens in rooms:
                # the arbiter's socket comes first: the room is owned where it connects
                sockets[room] = await stack.enter_async_context(Socket(here, room, arbiter))
                await sockets[room].until(lambda m: m["type"] == "welcome")
                for name, token in tokens.items():
                    sockets[name] = await stack.enter_async_context(Socket(here, room, token))
            client = aioredis.Redis.from_url(REDIS_URL)
            prefix = broker.split("prefix=", 1)[1]
            try:
                for index, (_, room, _, _) in enumerate(rooms):
                    owner = await lease_owner(client, prefix, room)
                    assert owner is not None and pid_of(owner) == processes[index].process.pid
            finally:
                await client.aclose()
            for _, room, _, _ in rooms:
                await sockets[room].ask({"type": "start"})
            racks = [await view(addresses[2], room) for _, room, _, _ in rooms]
            assert racks[0]["game"]["rack"] == racks[1]["game"]["rack"]  # the same draws
            moves = moves_of(racks[0]["game"])
            top = moves[0]
            lower = next(move for move in moves if move.points < top.points)
            # turn 1: Ana and Dan find the top, Cat a lower move, Ben nothing
            for name, move in (("Ana", top), ("Dan", top), ("Cat", lower)):
                await sockets[name].ask({"type": "play", "move": move.notation, "turn": 1})
            seen = [await turn_end(sockets[room], 1) for _, room, _, _ in rooms]
            bodies, missed = await shown_after(addresses, 1, 20)
            assert missed - max(seen) < 2 * FRESH_SECONDS, missed - max(seen)
            first = bodies[0]["ranking"]
            assert all(body["ranking"] == first for body in bodies), bodies
            assert bodies[0]["players"] == 4  # the arbiters are not ranked
            by_name = {line["name"]: line for line in first}
            assert by_name["Ana"]["rank"] == by_name["Dan"]["rank"] == 1
            assert by_name["Ana"]["percent"] == by_name["Dan"]["percent"] == 100.0
            assert by_name["Cat"]["rank"] == 3 and by_name["Ben"]["rank"] == 4
            share = round(100 * lower.points / top.points, 1)
            assert abs(by_name["Cat"]["percent"] - share) <= 0.05
            assert by_name["Ben"]["percent"] == 0.0 and by_name["Ben"]["total"] == 0
            assert {line["room"] for line in first} == {room[:16] for _, room, _, _ in rooms}
            # turn 2: nobody plays; its end lowers every share, seen alike everywhere
            seen = [await turn_end(sockets[room], 2) for _, room, _, _ in rooms]
            bodies, missed = await shown_after(addresses, 2, 20)
            assert missed - max(seen) < 2 * FRESH_SECONDS, missed - max(seen)
            second = {line["name"]: line for line in bodies[0]["ranking"]}
            assert all(body["ranking"] == bodies[0]["ranking"] for body in bodies)
            assert second["Ana"]["top_total"] > top.points
            assert second["Ana"]["percent"] < 100.0 and second["Ana"]["rank"] == 1

    asyncio.run(asyncio.wait_for(main(), 240))


async def turn_end(socket: Socket, number: int) -> float:
    """When the socket saw turn `number` end."""
    await socket.until(
        lambda m: any(
            e.get("type") == "duplicate.turn_ended" and e.get("number") == number
            for e in m.get("events", [])
        ),
        TURN_SECONDS * 4,
    )
    seen = socket.event_seen("turn_ended", number)
    assert seen is not None
    return seen
