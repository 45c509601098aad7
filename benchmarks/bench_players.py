"""Players benchmark: rating updates for 10,000 finished matches, a leaderboard page over
100,000 rated players, and a room's word acknowledgements while the ratings update.

    python benchmarks/bench_players.py [--matches 10000] [--players 100000] [--pool 3000]

On SQLite, as `motamot serve` keeps them (the rooms' events in their file, the players'
tables in theirs beside it, `service.players.db`):

- ratings: `--matches` outcomes of 2 to 6 places (ties, a computer player now and then)
  among `--pool` accounts, queued to the live projector as the host would queue them,
  until all are stored and rated; the baseline is the same OpenSkill updates in memory,
  no database (`rate` alone), measured in the same run;
- leaderboard: `/classements` through the real app over `--players` rated accounts (and
  their games this week); the baseline is a page that reads nothing (`/compte/connexion`);
- acks: a Boggle room's words, one every 5 ms, stored before they are acknowledged; the
  acknowledgement's latency idle, then while the ratings update (the same room, the same
  file). Ratios are to the idle figures of the same run.

The machine's load (`os.getloadavg()`) is printed before and after: on a shared machine
wall times move with it; the ratios less.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from starlette.testclient import TestClient  # noqa: E402

from motamot.service.boggle.commands import StartRound, WriteWord  # noqa: E402
from motamot.service.boggle.settings import BoggleSettings  # noqa: E402
from motamot.service.brokers.local import LocalBroadcaster  # noqa: E402
from motamot.service.players.projector import Projector  # noqa: E402
from motamot.service.players.ratings import NEW, Rating, rate  # noqa: E402
from motamot.service.players.store import PlayerStore  # noqa: E402
from motamot.service.ports import SystemClock  # noqa: E402
from motamot.service.rooms.commands import Join  # noqa: E402
from motamot.service.rooms.host import RoomHost, cached_lexicons  # noqa: E402
from motamot.service.rooms.outcomes import Refusal  # noqa: E402
from motamot.service.rooms.results import GameOutcome, Place, PlaceFigures, ranks  # noqa: E402
from motamot.service.stores.sqlite import SqliteStore  # noqa: E402
from motamot.web import default_kinds  # noqa: E402

FAMILIES = ("boggle-4x4", "boggle-big", "topword-fr", "upwords-en")
WEEK = 7 * 86400


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def outcomes(count: int, pool: int, now: float, rng: random.Random) -> list[GameOutcome]:
    """`count` finished matches among `pool` players, ending one second apart."""
    found = []
    for number in range(count):
        size = rng.randint(2, 6)
        people = rng.sample(range(pool), size)
        bot = rng.random() < 0.2
        scores = [rng.randint(0, 40) // 4 for _ in range(size)]  # // 4: ties
        places = tuple(
            Place(
                f"s{i + 1}",
                f"bot {i}" if bot and i == 0 else f"p{person}",
                None if bot and i == 0 else f"p{person}",
                "expert" if bot and i == 0 else None,
                score,
                rank,
                PlaceFigures(rounds=1, words=score, best_round=score, points=score),
            )
            for i, (person, score, rank) in enumerate(
                zip(people, scores, ranks(scores), strict=True)
            )
        )
        family = FAMILIES[number % 2]
        room = f"room{number:06d}"
        found.append(
            GameOutcome(
                "boggle", room, 10, now - count + number, "classic-fr", family, True, places
            )
        )
    return found


def in_memory(matches: list[GameOutcome]) -> float:
    """The baseline: the same rating updates, in memory."""
    ratings: dict[tuple[str, str], Rating] = {}
    start = time.perf_counter()
    for outcome in matches:
        before = [ratings.get((p.player or "", outcome.family), NEW) for p in outcome.places]
        for place, after in zip(
            outcome.places, rate(before, [p.rank for p in outcome.places]), strict=True
        ):
            ratings[(place.player or "", outcome.family)] = after
    return time.perf_counter() - start


class Acks:
    """A Boggle room whose seats write a word every `gap` seconds; each ack's latency."""

    def __init__(self, host: RoomHost, gap: float = 0.005) -> None:
        self.host = host
        self.gap = gap
        self.latencies: list[float] = []
        self.room = ""
        self.words = 0

    async def open(self) -> None:
        seats = [Join(f"P{n}", f"{n:064x}", None, f"p{n}", True) for n in range(1, 21)]
        room = await self.host.create(BoggleSettings(duration=3600), seats)
        assert isinstance(room, str)
        self.room = room
        await self.host.submit(room, None, StartRound(7))

    async def run(self, seconds: float, stop: asyncio.Event | None = None) -> list[float]:
        """Words for `seconds` (or until `stop`), each ack's latency in seconds."""
        measured: list[float] = []
        end = time.perf_counter() + seconds
        while time.perf_counter() < end and not (stop is not None and stop.is_set()):
            self.words += 1
            seat = f"s{1 + self.words % 20}"
            start = time.perf_counter()
            answer = await self.host.submit(self.room, seat, WriteWord(f"zz{self.words}"))
            measured.append(time.perf_counter() - start)
            assert not isinstance(answer, Refusal), answer
            await asyncio.sleep(self.gap)
        return measured


def quantiles(values: list[float]) -> tuple[float, float]:
    ordered = sorted(values)
    return statistics.median(ordered) * 1000, ordered[int(len(ordered) * 0.99)] * 1000


@dataclass(frozen=True)
class RatingRun:
    seconds: float
    baseline: float
    rated: int
    idle: list[float]
    during: list[float]


async def ratings_and_acks(db: Path, matches: int, pool: int, with_acks: bool) -> RatingRun:
    """The matches rated by the live projector (with a room's words meanwhile, or not)."""
    events = SqliteStore(db)
    players = await PlayerStore.open(str(db))
    lexicons = cached_lexicons()
    host = RoomHost(events, LocalBroadcaster(), SystemClock(), lexicons, default_kinds().rooms)
    projector = Projector(players, events, default_kinds().rooms, lexicons)
    host.observers.append(projector.observe)
    await host.start(timers=False)
    acks = Acks(host)
    await acks.open()
    idle = await acks.run(2.0) if with_acks else []
    batch = outcomes(matches, pool, time.time(), random.Random(22))
    baseline = in_memory(batch)
    start = time.perf_counter()
    stop = asyncio.Event()
    projector.push_outcomes(batch)
    during_task = asyncio.create_task(acks.run(120 if with_acks else 0, stop))
    await projector.settle()
    seconds = time.perf_counter() - start
    stop.set()
    during = await during_task
    rated = await players.read(lambda tx: tx.execute("SELECT count(*) FROM players_rating_history"))
    await host.close()
    await players.close()
    await events.close()
    return RatingRun(seconds, baseline, int(rated[0][0]), idle, during)


async def fill_players(db: Path, count: int, now: float, rng: random.Random) -> None:
    """`count` accounts, each rated in a family, some with games this week."""
    players = await PlayerStore.open(str(db))

    def work(tx: Any) -> None:
        tx.executemany(
            "INSERT INTO players_players (player, created, name, name_key) VALUES (?, ?, ?, ?)",
            [(f"q{n}", now, f"Joueur{n}", f"joueur{n}") for n in range(count)],
        )
        tx.executemany(
            "INSERT INTO players_ratings (player, family, mu, sigma, games) VALUES (?, ?, ?, ?, ?)",
            [
                (f"q{n}", FAMILIES[n % 4], rng.gauss(25, 5), rng.uniform(1, 8), rng.randint(1, 50))
                for n in range(count)
            ],
        )
        tx.executemany(
            "INSERT INTO players_totals (player, games) VALUES (?, ?)",
            [(f"q{n}", rng.randint(1, 200)) for n in range(count)],
        )
        tx.executemany(
            "INSERT INTO players_places (room, seq, seat, player, kind, variant, ended_at, name,"
            " level, score, rank, won, rounds, words, best_round, moves, points, longest_word,"
            " best_word, best_word_points) VALUES (?, 1, 's1', ?, 'boggle', 'classic-fr', ?, ?,"
            " NULL, 1, 1, 1, 1, 1, 1, 0, 1, '', '', 0)",
            [
                (f"w{n}", f"q{rng.randrange(count)}", now - rng.uniform(0, 2 * WEEK), "x")
                for n in range(count // 2)
            ],
        )

    await players.db.run(work)
    await players.close()


def leaderboard(db: Path, count: int) -> tuple[float, float, int]:
    """The leaderboard page's time and a page that reads nothing, over `count` players."""
    from motamot.server.serve import build_app
    from motamot.service.stores import open_store

    asyncio.run(fill_players(db, count, time.time(), random.Random(5)))
    app = build_app(
        lambda: open_store(str(db)),
        SystemClock(),
        default_kinds(),
        players_factory=lambda: PlayerStore.open(str(db)),
    )
    with TestClient(app) as client:
        client.get("/classements")  # templates compiled, caches warm
        board, plain = [], []
        size = 0
        for _ in range(5):
            start = time.perf_counter()
            page = client.get("/classements")
            board.append(time.perf_counter() - start)
            assert page.status_code == 200 and "Joueur" in page.text
            size = len(page.content)
            start = time.perf_counter()
            client.get("/compte/connexion")
            plain.append(time.perf_counter() - start)
    return statistics.median(board), statistics.median(plain), size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--pool", type=int, default=3_000)
    args = parser.parse_args()
    print(f"load before: {load()}  (cpus: {os.cpu_count()})")
    with tempfile.TemporaryDirectory() as folder:
        alone = asyncio.run(
            ratings_and_acks(Path(folder) / "a.sqlite3", args.matches, args.pool, False)
        )
        print(
            f"ratings: {args.matches:,} matches stored and rated in {alone.seconds:.2f} s"
            f" ({args.matches / alone.seconds:,.0f}/s; {alone.rated:,} ratings updated);"
            f" the same updates in memory {alone.baseline:.2f} s"
            f" (x{alone.seconds / alone.baseline:.2f})"
        )
        run = asyncio.run(
            ratings_and_acks(Path(folder) / "c.sqlite3", args.matches, args.pool, True)
        )
        idle_p50, idle_p99 = quantiles(run.idle)
        during_p50, during_p99 = quantiles(run.during)
        print(
            f"acks: idle p50 {idle_p50:.2f} ms p99 {idle_p99:.2f} ms ({len(run.idle)} words);"
            f" while {args.matches:,} matches are rated ({run.seconds:.2f} s) p50"
            f" {during_p50:.2f} ms p99 {during_p99:.2f} ms ({len(run.during)} words);"
            f" x{during_p50 / idle_p50:.2f} p50, x{during_p99 / idle_p99:.2f} p99"
        )
        board, plain, size = leaderboard(Path(folder) / "b.sqlite3", args.players)
        print(
            f"leaderboard: /classements over {args.players:,} rated players {board * 1000:.0f} ms"
            f" ({size / 1024:.0f} KiB); a page that reads nothing {plain * 1000:.1f} ms"
            f" (x{board / plain:.1f})"
        )
    print(f"load after: {load()}")


if __name__ == "__main__":
    main()
