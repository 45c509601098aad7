"""Tournament benchmark: `python benchmarks/bench_tournament.py` (a Swiss of 256, and a
Boggle tournament arena of 2,000).

Issue 39's targets, on one process: a Swiss of 256 players, each round paired in < 1 s
(docs/rules.md, K1) and all its 128 tables started within 2 s; a Boggle tournament arena
of 2,000 players with the arena's round-end targets (a word's verdict p99 < 100 ms,
every player's results < 2 s after the deadline).

1. The pairer alone (`service/tournament/swiss.py`), `--rounds` rounds of `--players`
   from the standings (K5) as random results leave them, and the same rounds folded
   through a `TournamentRoom` (every result stored as an event): its cost a round.
2. The server (`--server-players`, 0: skipped): the whole app in this process (a memory
   store, the real clock), a Swiss of that many people, each of its `--server-rounds`
   rounds: from the last table's end to the next round paired (the keeper reports the
   results; the last pairs), and from the pairing to every table open with its game
   started (the keeper's work: seating, the starting player, the seed).
3. The arena (`--arena-players`, 0: skipped): a Boggle tournament arena of that many
   people; its round's room opened by the keeper with everybody seated; each player
   writes a word every 4 s on average (Poisson times; words of the grid and letters
   that are no word) for `--arena-seconds`; each word's time through the room's actor
   (decided, stored, answered: in-process, no socket); after the deadline, the time to
   the round's end event, to every player's results view drawn (what each page gets),
   and to the tournament's standings scored.

Printed: the machine's load at start and end, each figure, and a verdict line.

    python benchmarks/bench_tournament.py [--players 256] [--rounds 8] [--seed 1]
        [--server-players 256] [--server-rounds 3] [--arena-players 2000]
        [--arena-seconds 30]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from load.tournament import arena_through_the_server, swiss_through_the_server

from motamot.service.rooms.commands import AddBot, Join
from motamot.service.tournament.commands import EndGame, OpenedTable, StartNow
from motamot.service.tournament.room import TournamentRoom
from motamot.service.tournament.settings import TournamentSettings
from motamot.service.tournament.swiss import Round, history_of, pair_round, rematches

T0 = 1_700_000_000.0
TARGET_SECONDS = 1.0


def pairing_only(players: int, rounds: int, rng: random.Random) -> tuple[list[float], int]:
    """Each round's pairing time, and the rematches over all rounds."""
    names = [f"p{i:04}" for i in range(players)]
    wins = dict.fromkeys(names, 0)
    done: list[Round] = []
    times: list[float] = []
    repeated = 0
    for _ in range(rounds):
        ranked = sorted(names, key=lambda p: (-wins[p], names.index(p)))
        history = history_of(done)
        began = time.perf_counter()
        one = pair_round(ranked, history)
        times.append(time.perf_counter() - began)
        repeated += rematches(((p.first, p.second) for p in one.pairs), history)
        done.append(one)
        for pair in one.pairs:
            wins[rng.choice((pair.first, pair.second))] += 1
        if one.bye:
            wins[one.bye] += 1
    return times, repeated


def through_the_room(players: int, rounds: int, rng: random.Random) -> list[float]:
    """Each round's cost in a TournamentRoom: every result handled (the last one pairs
    the next round), tables opened, all as the keeper would."""
    settings = TournamentSettings("Banc", T0 + 3600, rounds=rounds, cap=512, gap_seconds=0)
    room = TournamentRoom.create("b" * 16, settings, T0, lambda name: None)  # type: ignore[arg-type, return-value]
    assert isinstance(room, TournamentRoom)
    room.handle(None, Join("Dora", "0" * 64, player="p-dora", account=True), T0)
    for _ in range(players):
        room.handle("s1", AddBot("beginner"), T0)
    room.handle("s1", StartNow(), T0)
    assert len(room.players) == players, len(room.players)
    times: list[float] = []
    for _ in range(rounds):
        current = room.current
        assert current is not None and current.begun
        began = time.perf_counter()
        for board in range(1, len(current.boards) + 1):
            room.handle(None, OpenedTable(current.number, board, f"t{board}"), T0)
        for board in range(1, len(current.boards) + 1):
            first, second = rng.randrange(400), rng.randrange(400)
            out = room.handle(None, EndGame(current.number, board, first, second), T0)
            assert isinstance(out, list), out
        times.append(time.perf_counter() - began)
    assert room.ended_at is not None
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=256)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--server-players", type=int, default=256)
    parser.add_argument("--server-rounds", type=int, default=3)
    parser.add_argument("--arena-players", type=int, default=2000)
    parser.add_argument("--arena-seconds", type=int, default=30)
    args = parser.parse_args()
    print(f"load at start: {os.getloadavg()}")
    times, repeated = pairing_only(args.players, args.rounds, random.Random(args.seed))
    print(
        f"pairing {args.players} players, {args.rounds} rounds: p50 "
        f"{statistics.median(times) * 1000:.1f} ms, max {max(times) * 1000:.1f} ms; "
        f"rematches {repeated}"
    )
    room = through_the_room(args.players, args.rounds, random.Random(args.seed))
    print(
        f"the room, a round's tables and results (and the next pairing): p50 "
        f"{statistics.median(room) * 1000:.1f} ms, max {max(room) * 1000:.1f} ms"
    )
    ok = max(times) < TARGET_SECONDS and repeated == 0
    if args.server_players:
        lines, met = swiss_through_the_server(args.server_players, args.server_rounds)
        print("\n".join(lines))
        ok = ok and met
    if args.arena_players:
        lines, met = arena_through_the_server(
            args.arena_players, args.arena_seconds, random.Random(args.seed)
        )
        print("\n".join(lines))
        ok = ok and met
    print(f"load at end: {os.getloadavg()}")
    print(f"verdict: {'OK' if ok else 'MISSED'} (the targets above)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
