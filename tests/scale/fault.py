"""Fault test: three `motamot serve` processes, one Boggle room across them, its owner SIGKILLed.

    python -m tests.scale.fault [--players 6] [--duration 30]

Players of one room are spread over the three processes and write words
all round long; mid-round the process holding the room's lease is killed
with SIGKILL. Checked, and printed as figures:

- another process holds the lease within a few seconds (takeover time);
- every acknowledged word is in the stored round and in the final results
  every client received (acknowledged = in the final state, counted both);
- the round ends at its original deadline (the RoundEnded time is the
  deadline; clients see it within lease time + slack);
- every client of the killed process reconnected elsewhere and resynced
  (its last seq is the store's last seq).

Exit status 0 only if all of it holds. Uses the machine's PostgreSQL and
Redis, a schema and a key prefix of its own, both removed afterwards.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import signal
import sys
import time
from dataclasses import dataclass

import redis.asyncio as aioredis

from motamot.boggle.grid import parse_grid
from motamot.boggle.rules import get_preset
from motamot.boggle.solve import solve
from motamot.lexicon import load_lexicon
from motamot.server.links import room_of
from motamot.service.boggle import BOGGLE
from motamot.service.boggle.events import RoundEnded, WordWritten
from motamot.service.brokers.redis import split_url as split_redis
from motamot.service.stores.postgres import PostgresStore
from tests.scale.player import Player, create_room, join_room
from tests.scale.processes import LEASE_SECONDS, lease_owner, pid_of, servers
from tests.service.backends import postgres_schema, redis_prefix

#: How late after its deadline a client may learn that the round ended.
END_SLACK = 2.0


@dataclass
class Figures:
    acknowledged: int
    in_final_state: int
    in_results: int
    #: the three are the same set of (seat, word), not only the same count
    same_words: bool
    takeover_seconds: float
    end_delay_seconds: float
    ended_at_deadline: bool
    reconnected: int
    moved_players: int
    resynced: int
    players: int

    def ok(self) -> bool:
        return (
            self.same_words
            and self.acknowledged > 0
            and self.takeover_seconds < LEASE_SECONDS + 3
            and self.ended_at_deadline
            and 0 <= self.end_delay_seconds < LEASE_SECONDS + END_SLACK
            and self.reconnected >= self.moved_players > 0
            and self.resynced == self.players
        )


async def boggle_fault(db: str, broker: str, players: int, duration: float) -> Figures:
    address, prefix = split_redis(broker)
    client = aioredis.Redis.from_url(address)
    with servers(3, db, broker) as processes:
        addresses = [server.address for server in processes]
        room, seat, token = await create_room(addresses[0], "p0", duration=duration, rounds=1)
        group = [Player("p0", addresses, room, token, seat, server=0)]
        for number in range(1, players):
            where = number % len(addresses)
            seat, token = await join_room(addresses[where], room, f"p{number}")
            group.append(Player(f"p{number}", addresses, room, token, seat, server=where))
        for player in group:
            await player.start()
        answer = await group[0].request({"type": "start"})
        assert answer["type"] == "ack", answer
        while any(player.grid is None for player in group):
            await asyncio.sleep(0.05)
        grid, deadline = group[0].grid, group[0].deadline
        assert grid is not None and deadline is not None
        rules = get_preset("classic-fr")
        found = [w.word for w in solve(parse_grid(grid), rules, load_lexicon("fr")).words]
        random.Random(1).shuffle(found)
        stop_writing = deadline - 1.0

        async def write(player: Player, index: int) -> None:
            mine = found[index :: len(group)] or ["ZZZZ"]
            for text in mine * 5:
                if time.time() >= stop_writing:
                    return
                await player.write(f"{text}")
                await asyncio.sleep(0.2)

        writers = [asyncio.create_task(write(p, i)) for i, p in enumerate(group)]
        await asyncio.sleep(min(5.0, duration / 3))
        owner = await lease_owner(client, prefix, room)
        assert owner is not None, "the room has no owner"
        victim = next(s for s in processes if s.process.pid == pid_of(owner))
        moved = [p for p in group if p.address == victim.address]
        killed_at = time.monotonic()
        victim.process.send_signal(signal.SIGKILL)
        while True:
            now_owner = await lease_owner(client, prefix, room)
            if now_owner is not None and now_owner != owner:
                break
            if time.monotonic() - killed_at > 30:
                raise RuntimeError("nobody took the room over")
            await asyncio.sleep(0.02)
        takeover = time.monotonic() - killed_at
        await asyncio.gather(*writers)
        give_up = time.time() + duration + 30
        while any(p.round_ended is None for p in group) and time.time() < give_up:
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.5)  # the last frames
        store = await PostgresStore.open(db)
        rows = await store.load(room_of(room))
        await store.close()
        events = [BOGGLE.codec.from_stored(row) for row in rows]
        written = [e for e in events if isinstance(e, WordWritten)]
        ended = [e for e in events if isinstance(e, RoundEnded)]
        acknowledged = {(p.seat, text) for p in group for text in p.stored_words()}
        stored = {(e.seat, e.text) for e in written}
        results = group[0].round_ended or {}
        result = results.get("result", results)
        in_results = {
            (next(p.seat for p in group if p.name == entry_player["player"]), entry["input"])
            for entry_player in result.get("players", [])
            for entry in entry_player["entries"]
        }
        seen = [p.round_ended_seen for p in group if p.round_ended_seen is not None]
        figures = Figures(
            acknowledged=len(acknowledged),
            in_final_state=len(stored),
            in_results=len(in_results),
            same_words=acknowledged == stored == in_results,
            takeover_seconds=takeover,
            end_delay_seconds=(max(seen) - deadline) if len(seen) == len(group) else float("inf"),
            ended_at_deadline=len(ended) == 1 and ended[0].at == deadline,
            reconnected=sum(1 for p in moved if p.reconnects > 0),
            moved_players=len(moved),
            resynced=sum(1 for p in group if p.last_seq == rows[-1].seq),
            players=len(group),
        )
        for player in group:
            await player.stop()
    await client.aclose()
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--duration", type=float, default=30.0)  # M1: 30 s at least
    parser.add_argument("--games", default="boggle,topword")
    args = parser.parse_args()
    failed = False
    if "boggle" in args.games:
        with postgres_schema() as db, redis_prefix() as broker:
            figures = asyncio.run(boggle_fault(db, broker, args.players, args.duration))
        print(json.dumps({"boggle": figures.__dict__}))
        print(
            f"fault test (Boggle, {figures.players} players on 3 processes, owner SIGKILLed):"
            f" acknowledged words {figures.acknowledged}, in the final state"
            f" {figures.in_final_state}, in the results {figures.in_results}"
            f" (the same words: {figures.same_words});"
            f" takeover {figures.takeover_seconds:.2f} s; round end seen"
            f" {figures.end_delay_seconds:+.2f} s after the deadline"
            f" (ended at the deadline: {figures.ended_at_deadline});"
            f" {figures.reconnected}/{figures.moved_players} moved clients reconnected,"
            f" {figures.resynced}/{figures.players} resynced"
        )
        failed |= not figures.ok()
    if "topword" in args.games:
        from tests.scale import fault_topword

        failed |= fault_topword.main() != 0
    if failed:
        print("FAULT TEST FAILED", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
