"""Rolling restart: three `motamot serve` processes, restarted one at a time with SIGTERM
while rounds are played in three Boggle rooms, each started again on its own port (what
an upgrade does, one process after the other).

    python -m tests.scale.rolling [--duration 45]

Players of each room are spread over the three processes and write words all along.
Checked, and printed as figures: every round in play finishes, at its deadline; every
acknowledged word is in the stored round and in the results its players received (no
word lost), the same words; every player whose process was stopped reconnected and
holds the room's last event. Exit status 0 only if all of it holds. Uses the machine's
PostgreSQL and Redis, a schema and a key prefix of its own, removed afterwards.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import sys
import tempfile
import time
from dataclasses import dataclass
from typing import IO

from motamot.boggle.grid import parse_grid
from motamot.boggle.rules import get_preset
from motamot.boggle.solve import solve
from motamot.lexicon import load_lexicon
from motamot.server.links import room_of
from motamot.service.boggle import BOGGLE
from motamot.service.boggle.events import RoundEnded, WordWritten
from motamot.service.stores.postgres import PostgresStore
from tests.ports import free_port
from tests.scale.player import Player, create_room, join_room
from tests.scale.processes import LEASE_SECONDS, ServerProcess, start_server, wait_until_up
from tests.service.backends import postgres_schema, redis_prefix

ROOMS = 3
PLAYERS_PER_ROOM = 3
#: Seconds between two words of one player (a socket may send 8 a second for long).
PACE = 0.25
#: How late after its deadline a player may learn that its round ended.
END_SLACK = LEASE_SECONDS + 3.0


@dataclass
class Figures:
    rooms: int
    rounds_ended: int
    ended_at_deadline: int
    acknowledged: int
    stored: int
    in_results: int
    same_words: bool
    restarts: int
    stop_seconds: list[float]
    reconnected: int
    players: int
    caught_up: int

    def ok(self) -> bool:
        return (
            self.rounds_ended == self.ended_at_deadline == self.rooms
            and self.same_words
            and self.acknowledged > 0
            and self.restarts == 3
            and self.reconnected == self.players
            and self.caught_up == self.players
        )


async def play_room(addresses: list[str], number: int, duration: float) -> list[Player]:
    """A room created on one process, its players joined and connected on each."""
    first = number % len(addresses)
    link, seat, token = await create_room(
        addresses[first], f"r{number}p0", duration=duration, rounds=1
    )
    group = [Player(f"r{number}p0", addresses, link, token, seat, server=first)]
    for index in range(1, PLAYERS_PER_ROOM):
        where = (first + index) % len(addresses)
        joined_seat, joined_token = await join_room(addresses[where], link, f"r{number}p{index}")
        group.append(
            Player(f"r{number}p{index}", addresses, link, joined_token, joined_seat, where)
        )
    for player in group:
        await player.start()
    answer = await group[0].request({"type": "start"})
    assert answer["type"] == "ack", answer
    while any(player.grid is None for player in group):
        await asyncio.sleep(0.05)
    return group


async def write_all_round(group: list[Player]) -> None:
    grid, deadline = group[0].grid, group[0].deadline
    assert grid is not None and deadline is not None
    words = [
        w.word for w in solve(parse_grid(grid), get_preset("classic-fr"), load_lexicon("fr")).words
    ]
    random.Random(grid).shuffle(words)

    async def write(player: Player, index: int) -> None:
        for text in words[index :: len(group)] * 3:
            if time.time() >= deadline - 1.0:
                return
            await player.write(text)
            await asyncio.sleep(PACE)

    await asyncio.gather(*(write(player, index) for index, player in enumerate(group)))


async def roll(
    processes: list[ServerProcess], db: str, broker: str, env: dict[str, str], log: IO[bytes]
) -> list[float]:
    """Each process in turn: SIGTERM, wait for it to stop, start it again on its port and
    wait until it is ready; the seconds each took to stop."""
    took = []
    for index, old in enumerate(processes):
        await asyncio.sleep(2.0)
        stopped_at = time.monotonic()
        old.process.send_signal(signal.SIGTERM)
        await asyncio.to_thread(old.process.wait, 30)
        took.append(time.monotonic() - stopped_at)
        new = start_server(old.port, db, broker, env, log)
        processes[index] = new
        await asyncio.to_thread(wait_until_up, new)
    return took


async def rolling(db: str, broker: str, duration: float, log: IO[bytes]) -> Figures:
    """The test; the processes' logs go to `log`."""
    env = {**os.environ, "MOTAMOT_LEASE_SECONDS": str(LEASE_SECONDS)}
    processes = [start_server(port, db, broker, env, log) for port in _ports(3)]
    try:
        for process in processes:
            wait_until_up(process)
        addresses = [process.address for process in processes]
        groups = [await play_room(addresses, number, duration) for number in range(ROOMS)]
        writers = [asyncio.create_task(write_all_round(group)) for group in groups]
        stop_seconds = await roll(processes, db, broker, env, log)
        await asyncio.gather(*writers)
        players = [player for group in groups for player in group]
        give_up = time.time() + duration + 30
        while any(p.round_ended is None for p in players) and time.time() < give_up:
            await asyncio.sleep(0.1)
        await asyncio.sleep(0.5)  # the last frames
        figures = await _figures(db, groups, stop_seconds)
        for player in players:
            await player.stop()
        return figures
    finally:
        for process in processes:
            if process.process.poll() is None:
                process.process.send_signal(signal.SIGTERM)
        for process in processes:
            try:
                process.process.wait(15)
            except Exception:
                process.process.kill()


def _ports(count: int) -> list[int]:

    return [free_port() for _ in range(count)]


async def _figures(db: str, groups: list[list[Player]], stop_seconds: list[float]) -> Figures:
    store = await PostgresStore.open(db)
    acknowledged = stored = in_results = ended = at_deadline = caught_up = 0
    same = True
    try:
        for group in groups:
            rows = await store.load(room_of(group[0].room))
            events = [BOGGLE.codec.from_stored(row) for row in rows]
            words = {(e.seat, e.text) for e in events if isinstance(e, WordWritten)}
            ends = [e for e in events if isinstance(e, RoundEnded)]
            acked = {(p.seat, text) for p in group for text in p.stored_words()}
            result = (group[0].round_ended or {}).get("result", group[0].round_ended or {})
            by_name = {p.name: p.seat for p in group}
            shown = {
                (by_name[entry_player["player"]], entry["input"])
                for entry_player in result.get("players", [])
                for entry in entry_player["entries"]
            }
            acknowledged, stored, in_results = (
                acknowledged + len(acked),
                stored + len(words),
                in_results + len(shown),
            )
            same = same and acked == words == shown
            ended += len(ends) == 1
            at_deadline += len(ends) == 1 and ends[0].at == group[0].deadline
            caught_up += sum(1 for p in group if p.last_seq == rows[-1].seq)
    finally:
        await store.close()
    players = [p for group in groups for p in group]
    return Figures(
        rooms=len(groups),
        rounds_ended=ended,
        ended_at_deadline=at_deadline,
        acknowledged=acknowledged,
        stored=stored,
        in_results=in_results,
        same_words=same,
        restarts=len(stop_seconds),
        stop_seconds=[round(seconds, 2) for seconds in stop_seconds],
        reconnected=sum(1 for p in players if p.reconnects > 0),
        players=len(players),
        caught_up=caught_up,
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--duration", type=float, default=45.0)
    args = parser.parse_args()
    with (
        postgres_schema() as db,
        redis_prefix() as broker,
        tempfile.TemporaryFile() as log,
    ):
        figures = asyncio.run(rolling(db, broker, args.duration, log))
    print(json.dumps({"rolling": figures.__dict__}))
    print(
        f"rolling restart (3 processes, SIGTERM one at a time, {figures.rooms} Boggle rooms,"
        f" {figures.players} players): rounds ended {figures.rounds_ended}/{figures.rooms}"
        f" (at their deadline: {figures.ended_at_deadline}); acknowledged words"
        f" {figures.acknowledged}, stored {figures.stored}, in the results"
        f" {figures.in_results} (the same words: {figures.same_words}); each stop took"
        f" {figures.stop_seconds} s; {figures.reconnected}/{figures.players} players"
        f" reconnected, {figures.caught_up}/{figures.players} hold the last event"
    )
    if not figures.ok():
        print("ROLLING RESTART TEST FAILED", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
