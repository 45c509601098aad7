"""A client process: a share of the browsers (whole rooms) on its own event loop.

The coordinator talks to it through a pipe: `ready` (lexicon loaded) → `open`
at a given time → `opened` (every socket welcomed, or a minute passed) →
`play` with the plan → `done` with every browser's record, this process's CPU
seconds over time and how late its event loop woke (its share of a latency:
a loop that wakes late delays the answers it reads).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import time
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

from load.browser import Browser, Plan, Record, Seat
from load.model import MODELS, Model
from motamot.boggle import get_preset, parse_grid, solve
from motamot.lexicon import load_lexicon

#: Seconds between two probes of the loop's lag, and between two CPU readings.
LAG_EVERY, CPU_EVERY = 0.01, 0.5
#: How long the sockets may take to open before the play goes on without the rest.
OPEN_SECONDS = 60.0
#: After the last word, how long answers on their way may still come.
DRAIN_SECONDS = 3.0


@dataclass
class ClientFigures:
    """What one client process sends back."""

    records: list[Record]
    #: (epoch, seconds the loop woke late)
    lags: list[tuple[float, float]] = field(default_factory=list)
    #: (epoch, CPU seconds of this process so far)
    cpu: list[tuple[float, float]] = field(default_factory=list)


def main(pipe: Connection, seats: list[Seat], model: str, opening: int) -> None:
    """The process's entry point (uvloop if it is there, as uvicorn uses it)."""
    try:
        import uvloop
    except ImportError:
        asyncio.run(_main(pipe, seats, MODELS[model], opening))
    else:
        uvloop.run(_main(pipe, seats, MODELS[model], opening))


async def _main(pipe: Connection, seats: list[Seat], model: Model, opening: int) -> None:
    # No cycle collection here: a client makes almost no cyclic garbage (about 600
    # objects a run), and a full collection over 1,000 sockets stopped this loop for
    # 0.25-0.7 s, answers read that late counting as the server's (burst results
    # p50 3.8 s with it, 1.6 s without, 4,000 players).
    gc.disable()
    rules, lexicon = get_preset("classic-fr"), load_lexicon("fr")
    solved: dict[str, list[str]] = {}

    def grid_words(grid: str) -> list[str]:
        if grid not in solved:
            solved[grid] = [w.word for w in solve(parse_grid(grid), rules, lexicon).words]
        return solved[grid]

    gate = asyncio.Semaphore(opening)
    browsers = [Browser(seat, model, grid_words, gate) for seat in seats]
    pipe.send(("ready",))
    _, open_at = await _receive(pipe)
    figures = ClientFigures([b.record for b in browsers])
    probes = [asyncio.create_task(_lag(figures.lags)), asyncio.create_task(_cpu(figures.cpu))]
    await asyncio.sleep(max(0.0, open_at - time.time()))
    running = [asyncio.create_task(b.run()) for b in browsers]
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(asyncio.gather(*(b.welcomed.wait() for b in browsers)), OPEN_SECONDS)
    pipe.send(("opened", sum(b.welcomed.is_set() for b in browsers)))
    _, plan = await _receive(pipe)
    hosts = [asyncio.create_task(b.host(plan)) for b in browsers if b.seat.host]
    await _play_until_done(browsers, plan, model)
    for task in [*hosts, *probes]:
        task.cancel()
    await asyncio.gather(*(b.stop() for b in browsers))
    await asyncio.wait(running, timeout=10)
    figures.cpu.append((time.time(), time.process_time()))
    pipe.send(("done", figures))


async def _play_until_done(browsers: list[Browser], plan: Plan, model: Model) -> None:
    """Until every browser holds every round's results (or the plan's stop time); then
    the last answers on their way."""
    while time.time() < plan.stop_at:
        if model.ends and all(b.rounds_done() >= plan.rounds for b in browsers):
            break
        await asyncio.sleep(0.25)
    for browser in browsers:
        browser.hush()
    give_up = time.time() + DRAIN_SECONDS
    while time.time() < give_up and any(b.waiting() for b in browsers):
        await asyncio.sleep(0.1)


async def _receive(pipe: Connection) -> Any:
    return await asyncio.get_running_loop().run_in_executor(None, pipe.recv)


async def _lag(lags: list[tuple[float, float]]) -> None:
    while True:
        asked = time.perf_counter()
        await asyncio.sleep(LAG_EVERY)
        lags.append((time.time(), time.perf_counter() - asked - LAG_EVERY))


async def _cpu(samples: list[tuple[float, float]]) -> None:
    while True:
        samples.append((time.time(), time.process_time()))
        await asyncio.sleep(CPU_EVERY)
