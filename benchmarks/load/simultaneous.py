"""The simultaneous for `bench_duplicate.py --rooms R --processes P` (D10, D11): a
numbered game saved from a game its arbiter ends at once, then R rooms with an arbiter
playing it, room r owned by process r mod P (its arbiter's and players' sockets go there);
and a watcher that asks every process for the combined ranking a few times a second and
notes when each first counts a turn in every room.
"""

from __future__ import annotations

import asyncio
import contextlib
import http.cookiejar
import json
import time
from dataclasses import dataclass, field
from typing import Any

import httpx2
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from load.duplicate import DuplicateSeat
from load.seating import NoCookies, source_address

#: The numbered game every room plays.
NUMBER = 2026
#: Joins over HTTP at once.
AT_ONCE = 32
#: How often the watcher asks each process for the ranking (seconds).
POLL_EVERY = 0.25


async def numbered_game(base: str, tries: int = 5) -> dict[str, Any]:
    """« Partie n° NUMBER »: the file of a game its arbiter started and ended at once (a
    socket closed on the way, by a room that moved, is tried again)."""
    async with httpx2.AsyncClient(timeout=60, trust_env=False) as web:
        for _ in range(tries):
            made = (
                await web.post(f"{base}/api/duplicate", json={"name": "A", "arbiter": True})
            ).json()
            await web.post(f"{base}/api/rooms/{made['room']}/join", json={"name": "B"})
            url = base.replace("http://", "ws://") + f"/ws/{made['room']}"
            with contextlib.suppress(ConnectionClosed):
                async with connect(url, open_timeout=30) as ws:
                    hello = {"type": "hello", "token": made["token"], "last_seq": 0}
                    await ws.send(json.dumps(hello))
                    steps = ({"type": "start"}, {"type": "arbiter_end_game", "reason": "banc"})
                    for request, step in enumerate(steps, 1):
                        await ws.send(json.dumps({**step, "id": request}))
                        while json.loads(await ws.recv()).get("id") != request:
                            pass
            answer = await web.get(f"{base}/api/duplicate/{made['room']}/game?numero={NUMBER}")
            if answer.status_code == 200:
                game: dict[str, Any] = answer.json()
                return game
    raise RuntimeError(f"no numbered game could be saved in {tries} tries")


@dataclass
class Rooms:
    """The seats of every room, the arbiters first (each room's host)."""

    seats: list[DuplicateSeat]
    seconds: float
    refused: list[str]


async def seat_rooms(
    addresses: list[str], rooms: int, players: int, turn_seconds: float, game: dict[str, Any]
) -> Rooms:
    """`rooms` rooms playing `game`, each with its arbiter and `players` players, created
    and joined through the process that will own it."""
    fields = {key: game[key] for key in ("number", "seed", "ruleset", "dictionary")}
    gate = asyncio.Semaphore(AT_ONCE)
    refused: list[str] = []
    jar = http.cookiejar.CookieJar(policy=NoCookies())
    limits = httpx2.Limits(max_connections=AT_ONCE)
    started = time.time()
    arbiters: list[DuplicateSeat] = []
    joins: list[tuple[str, str, int]] = []
    async with httpx2.AsyncClient(limits=limits, timeout=120, trust_env=False, cookies=jar) as web:
        for index in range(rooms):
            base = addresses[index % len(addresses)]
            form = {"name": "Arbitre", "arbiter": True, "turn_seconds": turn_seconds, **fields}
            answer = await web.post(f"{base}/api/duplicate", json=form)
            answer.raise_for_status()
            made = answer.json()
            number = index * (players + 1)
            source = source_address(number)
            arbiters.append(DuplicateSeat(made["room"], made["token"], base, source, True, False))
            joins += [(made["room"], base, number + n) for n in range(1, players + 1)]

        async def one(room: str, base: str, number: int) -> DuplicateSeat | None:
            async with gate:
                answer = await web.post(
                    f"{base}/api/rooms/{room}/join", json={"name": f"Joueur {number}"}
                )
            if answer.status_code != 200:
                refused.append(f"{answer.status_code} {answer.text[:80]}")
                return None
            return DuplicateSeat(room, answer.json()["token"], base, source_address(number))

        seated = await asyncio.gather(*(one(*join) for join in joins))
    seats = [*arbiters, *(seat for seat in seated if seat is not None)]
    return Rooms(seats, time.time() - started, refused)


@dataclass
class RankingWatch:
    """When each process's ranking first counted turn t in all `rooms` rooms."""

    addresses: list[str]
    rooms: int
    #: (process, turn) → epoch seconds
    shown: dict[tuple[int, int], float] = field(default_factory=dict)
    #: every answer's time (seconds) and size (bytes), and failures
    answers: list[tuple[float, int]] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    players: int = 0

    async def run(self) -> None:
        async with httpx2.AsyncClient(timeout=30, trust_env=False) as web:
            while True:
                await asyncio.gather(*(self._ask(web, i) for i in range(len(self.addresses))))
                await asyncio.sleep(POLL_EVERY)

    async def _ask(self, web: httpx2.AsyncClient, process: int) -> None:
        url = f"{self.addresses[process]}/api/duplicate/simultane/{NUMBER}"
        sent = time.perf_counter()
        try:
            answer = await web.get(url)
        except httpx2.HTTPError as error:
            self.failures.append(type(error).__name__)
            return
        self.answers.append((time.perf_counter() - sent, len(answer.content)))
        if answer.status_code != 200:
            self.failures.append(str(answer.status_code))
            return
        body = answer.json()
        self.players = max(self.players, body["players"])
        if body["rooms"] < self.rooms:
            return
        counted, at = body["turns"], time.time()
        for turn in range(1, counted + 1):
            self.shown.setdefault((process, turn), at)
