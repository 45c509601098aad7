"""One run: fresh servers and store, seats over HTTP, client processes playing a plan.

The coordinator (this process) seats the players, starts the client processes
(whole rooms each), tells them when to open their sockets and when the hosts
start, reads the servers' CPU and RSS meanwhile, and gathers the records.
Servers and client processes are stopped in `finally`, whatever happens.
"""

from __future__ import annotations

import asyncio
import math
import multiprocessing
import os
import time
from dataclasses import dataclass
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from load import worker
from load.browser import Plan, Seat
from load.model import Model
from load.seating import seat_players
from load.servers import Samples, log_summary, store_for
from load.worker import ClientFigures
from tests.scale.processes import servers

#: Seconds between "open your sockets" and the moment they do (every process ready).
OPEN_DELAY = 0.5
#: Seconds after the sockets opened before the first rounds start.
START_DELAY = 1.0
#: Slack added to the plan's expected length before everybody stops anyway.
SLACK_SECONDS = 30.0
#: A round that never ends within the run (the old model).
ENDLESS = 3600.0


@dataclass(frozen=True)
class Setup:
    players: int
    size: int
    #: share of the rooms whose host starts half a round later
    later: float
    store: str
    processes: int
    route: str
    round_seconds: float
    rounds: int
    pause: float
    clients: int
    opening: int
    model: Model
    #: seconds of play for a model whose rounds do not end
    window: float


@dataclass(frozen=True)
class Played:
    """What the client processes did: the plan they followed and their figures."""

    plan: Plan
    seating_seconds: float
    #: sockets welcomed within the opening time
    opened: int
    clients: list[ClientFigures]


@dataclass(frozen=True)
class Outcome:
    setup: Setup
    played: Played
    samples: Samples
    #: what the servers wrote on stderr (log_summary)
    log: list[str]
    load_start: tuple[float, float, float]
    load_end: tuple[float, float, float]

    @property
    def plan(self) -> Plan:
        return self.played.plan

    @property
    def clients(self) -> list[ClientFigures]:
        return self.played.clients


def make_plan(setup: Setup, first: float) -> Plan:
    """When each group starts, and when everybody stops at the latest."""
    if not setup.model.ends:
        return Plan((first, first), 1, 0.0, first + setup.window)
    later = first + setup.round_seconds / 2
    length = setup.rounds * (setup.round_seconds + setup.pause + 5.0)
    return Plan((first, later), setup.rounds, setup.pause, later + length + SLACK_SECONDS)


async def run(setup: Setup, folder: Path, label: str) -> Outcome:
    load_start = os.getloadavg()
    log_path = folder / f"{label}.stderr"
    env = {"MOTAMOT_DATA_DIR": str(folder)}
    with (
        store_for(setup.store, folder, label) as store,
        open(log_path, "wb") as log,
        servers(setup.processes, store.db, store.broker, None, env=env, log=log) as started,
    ):
        samples = Samples([s.process.pid for s in started], backed=store.broker is not None)
        sampler = asyncio.create_task(samples.run())
        try:
            played = await _play(setup, [s.address for s in started])
        finally:
            sampler.cancel()
    return Outcome(setup, played, samples, log_summary(log_path), load_start, os.getloadavg())


async def _play(setup: Setup, bases: list[str]) -> Played:
    clock = time.time()
    duration = setup.round_seconds if setup.model.ends else ENDLESS
    seats = await seat_players(
        bases, setup.players, setup.size, setup.later, setup.route, duration, setup.rounds
    )
    seating = time.time() - clock
    pipes, processes = _spawn(seats, setup)
    try:
        await _gather(pipes, "ready", 120)
        for pipe in pipes:
            pipe.send(("open", time.time() + OPEN_DELAY))
        opened = sum(m[1] for m in await _gather(pipes, "opened", worker.OPEN_SECONDS + 30))
        plan = make_plan(setup, time.time() + START_DELAY)
        for pipe in pipes:
            pipe.send(("play", plan))
        wait = plan.stop_at - time.time() + worker.DRAIN_SECONDS + 60
        done = await _gather(pipes, "done", wait)
    finally:
        for process in processes:
            if process.is_alive():
                process.kill()
            process.join(10)
    return Played(plan, seating, opened, [message[1] for message in done])


def _spawn(seats: list[Seat], setup: Setup) -> tuple[list[Connection], list[Any]]:
    """`setup.clients` processes, each with whole rooms (its browsers share their grids)."""
    share = _shares(seats, setup.clients)
    context = multiprocessing.get_context("spawn")
    pipes, processes = [], []
    for index in range(setup.clients):
        mine = [seat for seat in seats if share[seat.room] == index]
        ours, theirs = context.Pipe()
        process = context.Process(
            target=worker.main, args=(theirs, mine, setup.model.name, setup.opening), daemon=True
        )
        process.start()
        pipes.append(ours)
        processes.append(process)
    return pipes, processes


def _shares(seats: list[Seat], clients: int) -> dict[str, int]:
    """Each room's client process. With two or more, the rooms started later (group 1)
    get the last one to themselves: their words, timed through the others' end, are not
    read behind a thousand results frames in the same loop (a player's browser reads its
    own frames only; sharing a loop made the rooms still playing seem to wait twice as
    long at 2,000 players on three processes: the client's own lag, p99 211 ms)."""
    first = sorted({seat.room for seat in seats if seat.group == 0})
    late = sorted({seat.room for seat in seats if seat.group == 1})
    if clients < 2 or not first or not late:
        return {room: index % clients for index, room in enumerate(sorted([*first, *late]))}
    share = {room: index % (clients - 1) for index, room in enumerate(first)}
    share.update((room, clients - 1) for room in late)
    return share


async def _gather(pipes: list[Connection], kind: str, timeout: float) -> list[Any]:
    """The message `kind` from every client process (within `timeout` seconds)."""
    loop = asyncio.get_running_loop()

    def receive(pipe: Connection) -> Any:
        if not pipe.poll(timeout):
            raise TimeoutError(f"no '{kind}' from a client process in {timeout:.0f} s")
        return pipe.recv()

    messages = await asyncio.gather(*(loop.run_in_executor(None, receive, p) for p in pipes))
    for message in messages:
        if message[0] != kind:
            raise RuntimeError(f"a client process said {message[0]!r}, expected {kind!r}")
    return messages


def auto_clients(players: int, later: float = 0.0) -> int:
    """Client processes for `players`: one per 1,000 of those starting first (their loops
    stay under a few ms), four at most, and one more for the rooms started later."""
    first = max(1, min(4, math.ceil(players * (1 - later) / 1000)))
    return first + (1 if later > 0 else 0)
