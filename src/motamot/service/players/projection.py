"""Projecting rooms' facts into the players' tables, in one transaction per batch.

Idempotent per room: a room's facts up to event `last` are applied only past the room's
mark (`players_projected`), and the mark moves in the same transaction, so facts seen
twice (live, then again by the catch-up after a crash) count once.

Ratings depend on order: rated outcomes of a family are rated in the order of their key
(ended_at, room, seq), whatever order they arrive in. An outcome that arrives after one
with a later key (two processes, one clock tick) rates the family again from that key,
from the stored outcomes, so the live tables stay equal to a rebuild's.
"""

from __future__ import annotations

import datetime
import functools
import secrets
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

import msgspec

from motamot.service.players.db import Tx
from motamot.service.players.facts import RenameFact, RoomFacts, SeatFact
from motamot.service.players.farming import Pair, day_of, not_rated, pairs
from motamot.service.players.ratings import NEW, Rating, bot_rating, rate
from motamot.service.rooms.results import GameOutcome

_ENCODE = msgspec.json.Encoder()
_DECODE = msgspec.json.Decoder(GameOutcome)
Key = tuple[float, str, int]


class RatingCache:
    """The ratings this process last read or wrote, valid while the store's ratings
    generation is the one it saw (another process rating in between clears it)."""

    def __init__(self) -> None:
        self.generation: str | None = None
        self.ratings: dict[tuple[str, str], Rating] = {}

    def clear(self) -> None:
        self.generation = None
        self.ratings.clear()


def apply(tx: Tx, batch: Sequence[RoomFacts], cache: RatingCache | None = None) -> int:
    """Apply the facts past each room's mark, and move the marks; how many outcomes
    were new."""
    marks = dict(_in_rooms(tx, "players_projected", sorted({f.room for f in batch})))
    fresh = [_past_mark(facts, marks.get(facts.room, 0)) for facts in batch]
    new = apply_facts(
        tx,
        [seat for facts in fresh for seat in facts.seats],
        sorted((o for facts in fresh for o in facts.outcomes), key=lambda o: o.key),
        [rename for facts in fresh for rename in facts.renames],
        cache,
    )
    set_marks(tx, {facts.room: facts.last for facts in batch})
    return len(new)


def _in_rooms(tx: Tx, table: str, rooms: Sequence[str]) -> list[tuple[str, int]]:
    """The (room, seq) rows of `table` (marks, or games) for `rooms`."""
    found: list[tuple[str, int]] = []
    for start in range(0, len(rooms), 500):
        chunk = rooms[start : start + 500]
        marks = ", ".join("?" * len(chunk))
        rows = tx.execute(f"SELECT room, seq FROM {table} WHERE room IN ({marks})", chunk)
        found.extend((str(room), int(seq)) for room, seq in rows)
    return found


def apply_facts(
    tx: Tx,
    seats: Sequence[SeatFact],
    outcomes: Sequence[GameOutcome],
    renames: Sequence[RenameFact],
    cache: RatingCache | None = None,
) -> list[GameOutcome]:
    """Seats, then outcomes (in key order), then renames; the outcomes not stored before."""
    add_seats(tx, seats)
    last = {family: _last_rated(tx, family) for family in sorted({o.family for o in outcomes})}
    new = add_games(tx, outcomes)
    rate_games(tx, new, last, cache or RatingCache())
    rename(tx, renames)
    return new


def set_marks(tx: Tx, marks: Mapping[str, int]) -> None:
    """Each room's last projected event (never moved back)."""
    tx.executemany(
        "INSERT INTO players_projected (room, seq) VALUES (?, ?) ON CONFLICT (room)"
        " DO UPDATE SET seq = CASE WHEN excluded.seq > players_projected.seq"
        " THEN excluded.seq ELSE players_projected.seq END",
        [(room, last) for room, last in sorted(marks.items()) if last],
    )


def _past_mark(facts: RoomFacts, mark: int) -> RoomFacts:
    if facts.last <= mark:
        return RoomFacts(facts.room, mark)
    return RoomFacts(
        facts.room,
        facts.last,
        facts.seats,
        [outcome for outcome in facts.outcomes if outcome.seq > mark],
        facts.renames,
    )


def add_seats(tx: Tx, seats: Iterable[SeatFact]) -> None:
    tx.executemany(
        "INSERT INTO players_seats (player, room, seat, kind, name, joined, invite)"
        " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (player, room, seat) DO NOTHING",
        [(s.player, s.room, s.seat, s.kind, s.name, s.joined, s.invite) for s in seats],
    )


def add_games(tx: Tx, outcomes: Sequence[GameOutcome]) -> list[GameOutcome]:
    """Store each outcome and its places; the ones not stored before."""
    stored = set(_in_rooms(tx, "players_games", sorted({o.room for o in outcomes})))
    new = [o for o in outcomes if (o.room, o.seq) not in stored]
    tx.executemany(
        "INSERT INTO players_games (room, seq, kind, variant, family, rated, ended_at, outcome)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (o.room, o.seq, o.kind, o.variant, o.family, int(o.rated), o.ended_at, _json(o))
            for o in new
        ],
    )
    tx.executemany(
        "INSERT INTO players_places (room, seq, seat, player, kind, variant, ended_at, name,"
        " level, score, rank, won, rounds, words, best_round, moves, points, longest_word,"
        " best_word, best_word_points)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                o.room, o.seq, p.seat, p.player, o.kind, o.variant, o.ended_at, p.name,
                p.level, p.score, p.rank, int(p.rank == 1), f.rounds, f.words, f.best_round,
                f.moves, f.points, f.longest_word, f.best_word, f.best_word_points,
            )
            for o in new
            for p in o.places
            for f in (p.figures,)
        ],
    )  # fmt: skip
    counts = Counter(p.player for o in new for p in o.places if p.player is not None)
    tx.executemany(
        "INSERT INTO players_totals (player, games) VALUES (?, ?)"
        " ON CONFLICT (player) DO UPDATE SET games = players_totals.games + excluded.games",
        sorted(counts.items()),
    )
    return new


def _json(outcome: GameOutcome) -> str:
    return _ENCODE.encode(outcome).decode("utf-8")


def rename(tx: Tx, renames: Iterable[RenameFact]) -> None:
    rows = [(r.name, r.room, r.seat) for r in renames]
    tx.executemany("UPDATE players_seats SET name = ? WHERE room = ? AND seat = ?", rows)
    tx.executemany("UPDATE players_places SET name = ? WHERE room = ? AND seat = ?", rows)


# --- ratings ---------------------------------------------------------------------------


def rate_games(
    tx: Tx,
    outcomes: Sequence[GameOutcome],
    last: Mapping[str, Key | None],
    cache: RatingCache,
) -> None:
    """Rate the rated outcomes (sorted by key), family by family; `last`: each family's
    last rated outcome before these (one later than the first of these: rate again)."""
    families: dict[str, list[GameOutcome]] = {}
    for outcome in outcomes:
        if outcome.rated and any(place.player for place in outcome.places):
            families.setdefault(outcome.family, []).append(outcome)
    if not families:
        return
    _take_generation(tx, cache)
    for family, rated in families.items():
        before = last.get(family)
        if before is not None and before > rated[0].key:
            _rate_again_from(tx, family, rated[0].key, cache)
        else:
            _rate_in_order(tx, family, rated, cache)


def _take_generation(tx: Tx, cache: RatingCache) -> None:
    """One rater at a time (PostgreSQL: a lock until the commit), the cache kept only if
    nobody else rated since, and a new generation for what this transaction writes."""
    if tx.dialect == "postgresql":
        tx.execute("SELECT pg_advisory_xact_lock(hashtext(current_schema() || '.ratings'))")
    rows = tx.execute("SELECT value FROM players_keys WHERE name = 'ratings_generation'")
    if not rows or rows[0][0] != cache.generation:
        cache.clear()
    cache.generation = secrets.token_hex(8)
    tx.execute(
        "INSERT INTO players_keys (name, value) VALUES ('ratings_generation', ?)"
        " ON CONFLICT (name) DO UPDATE SET value = excluded.value",
        (cache.generation,),
    )


def _last_rated(tx: Tx, family: str) -> Key | None:
    """The key of the last rated outcome of `family` stored (an index's last entry)."""
    rows = tx.execute(
        "SELECT ended_at, room, seq FROM players_games WHERE family = ? AND rated = 1"
        " ORDER BY ended_at DESC, room DESC, seq DESC LIMIT 1",
        (family,),
    )
    return (float(rows[0][0]), str(rows[0][1]), int(rows[0][2])) if rows else None


def _rate_in_order(
    tx: Tx, family: str, outcomes: Sequence[GameOutcome], cache: RatingCache
) -> None:
    """Rate `outcomes` (in key order, none rated after them yet) from the stored ratings."""
    people = sorted({p.player for o in outcomes for p in o.places if p.player is not None})
    ratings = _ratings(tx, family, people, cache)
    history: list[tuple[object, ...]] = []
    together = _Together(tx, family)
    moved: set[str] = set()
    for outcome in outcomes:
        if not_rated(outcome, functools.partial(together.count, day_of(outcome))) is not None:
            continue  # farming (R5-R7): the game stands, nobody's rating moves
        together.add(outcome)
        for player, after in _rated(outcome, ratings).items():
            ratings[player] = after
            moved.add(player)
            history.append(
                (player, family, outcome.ended_at, outcome.room, outcome.seq, after.mu, after.sigma)
            )
    tx.executemany(
        "INSERT INTO players_ratings (player, family, mu, sigma, games) VALUES (?, ?, ?, ?, ?)"
        " ON CONFLICT (player, family) DO UPDATE SET"
        " mu = excluded.mu, sigma = excluded.sigma, games = excluded.games",
        [(p, family, r.mu, r.sigma, r.games) for p, r in sorted(ratings.items()) if p in moved],
    )
    cache.ratings.update(((player, family), rating) for player, rating in ratings.items())
    tx.executemany(
        "INSERT INTO players_rating_history (player, family, ended_at, room, seq, mu, sigma)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        history,
    )


class _Together:
    """The games each pair of people rated together in a family, by UTC day (R7): read
    from the rating history once per pair and day (every game stored there was rated
    before the ones being rated now), then counted on."""

    def __init__(self, tx: Tx, family: str) -> None:
        self.tx = tx
        self.family = family
        self.counts: dict[tuple[str, Pair], int] = {}

    def count(self, day: str, pair: Pair) -> int:
        key = (day, pair)
        if key not in self.counts:
            start = datetime.datetime.fromisoformat(day).replace(tzinfo=datetime.UTC)
            begin = start.timestamp()
            rows = self.tx.execute(
                "SELECT COUNT(*) FROM players_rating_history a JOIN players_rating_history b"
                " ON b.family = a.family AND b.room = a.room AND b.seq = a.seq"
                " WHERE a.family = ? AND a.player = ? AND b.player = ?"
                " AND a.ended_at >= ? AND a.ended_at < ?",
                (self.family, pair[0], pair[1], begin, begin + 86400),
            )
            self.counts[key] = int(rows[0][0]) if rows else 0
        return self.counts[key]

    def add(self, outcome: GameOutcome) -> None:
        """`outcome` rated: one more game for each of its pairs."""
        day = day_of(outcome)
        for pair in pairs(outcome):
            self.counts[(day, pair)] = self.count(day, pair) + 1


def _ratings(tx: Tx, family: str, people: Sequence[str], cache: RatingCache) -> dict[str, Rating]:
    """The people's ratings in `family` (a new player's for those not rated yet)."""
    found = {player: cache.ratings.get((player, family), NEW) for player in people}
    missing = [player for player in people if (player, family) not in cache.ratings]
    for start in range(0, len(missing), 500):
        chunk = missing[start : start + 500]
        marks = ", ".join("?" * len(chunk))
        rows = tx.execute(
            "SELECT player, mu, sigma, games FROM players_ratings"
            f" WHERE family = ? AND player IN ({marks})",
            (family, *chunk),
        )
        for player, mu, sigma, games in rows:
            found[str(player)] = Rating(float(mu), float(sigma), int(games))
    return found


def _rated(outcome: GameOutcome, ratings: dict[str, Rating]) -> dict[str, Rating]:
    """Each person's rating after `outcome` (computer players keep their fixed ones)."""
    before = [
        ratings[p.player] if p.player is not None else bot_rating(outcome.family, p.level or "")
        for p in outcome.places
    ]
    after = rate(before, [place.rank for place in outcome.places])
    return {
        place.player: rating
        for place, rating in zip(outcome.places, after, strict=True)
        if place.player is not None
    }


def _rate_again_from(tx: Tx, family: str, key: Key, cache: RatingCache) -> None:
    """Forget `family`'s ratings from `key` on, then rate its outcomes from there in order."""
    ended_at, room, seq = key
    after_key = (
        "family = ? AND (ended_at > ? OR (ended_at = ? AND (room > ? OR (room = ? AND seq >= ?))))"
    )
    params = (family, ended_at, ended_at, room, room, seq)
    tx.execute(f"DELETE FROM players_rating_history WHERE {after_key}", params)
    tx.execute("DELETE FROM players_ratings WHERE family = ?", (family,))
    last: dict[str, Rating] = {}
    for player, mu, sigma in tx.execute(
        "SELECT player, mu, sigma FROM players_rating_history WHERE family = ?"
        " ORDER BY player, ended_at, room, seq",
        (family,),
    ):
        games = last[player].games + 1 if player in last else 1
        last[str(player)] = Rating(float(mu), float(sigma), games)
    tx.executemany(
        "INSERT INTO players_ratings (player, family, mu, sigma, games) VALUES (?, ?, ?, ?, ?)",
        [(player, family, r.mu, r.sigma, r.games) for player, r in sorted(last.items())],
    )
    rows = tx.execute(
        f"SELECT outcome FROM players_games WHERE rated = 1 AND {after_key}"
        " ORDER BY ended_at, room, seq",
        params,
    )
    outcomes = [_DECODE.decode(str(row[0])) for row in rows]
    for cached in [k for k in cache.ratings if k[1] == family]:
        del cache.ratings[cached]
    _rate_in_order(tx, family, [o for o in outcomes if any(p.player for p in o.places)], cache)
