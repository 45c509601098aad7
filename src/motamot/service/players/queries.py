"""What the player pages read: a profile's figures, ratings and last games, « Mes
parties », the leaderboards. Each function is one read-only transaction's work."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from motamot.service.players.db import Tx
from motamot.service.players.ratings import PROVISIONAL_GAMES, Rating

#: Rows a leaderboard shows.
TOP = 100


@dataclass(frozen=True)
class Named:
    """A player as a page names them: an account's name, linked unless private."""

    player: str
    name: str
    linked: bool


@dataclass
class VariantFigures:
    """One game and variant of a player's: counts, bests, means."""

    kind: str
    variant: str
    games: int = 0
    wins: int = 0
    best_round: int = 0
    rounds: int = 0
    words: int = 0
    moves: int = 0
    points: int = 0
    best_word: str = ""
    best_word_points: int = 0
    longest_word: str = ""


@dataclass(frozen=True)
class Seat:
    """One place in a past game."""

    seat: str
    name: str
    player: str | None
    level: str | None
    rank: int
    score: int


@dataclass
class PastGame:
    room: str
    seq: int
    kind: str
    variant: str
    ended_at: float
    rated: bool
    mine: Seat
    places: list[Seat] = field(default_factory=list)


@dataclass(frozen=True)
class RatingLine:
    family: str
    rating: Rating
    #: (ended_at, mu) after each rated game, in order.
    history: tuple[tuple[float, float], ...]


@dataclass(frozen=True)
class Board:
    """A leaderboard: (player, its figure: a rating or a count of games)."""

    rows: tuple[tuple[Named, Rating | int], ...]


def named(tx: Tx, players: Sequence[str]) -> dict[str, Named]:
    """The accounts among `players`, by player (deleted ones and identities left out)."""
    found: dict[str, Named] = {}
    unique = sorted(set(players))
    for start in range(0, len(unique), 500):
        chunk = unique[start : start + 500]
        rows = tx.execute(
            "SELECT player, name, private FROM players_players WHERE name IS NOT NULL"
            f" AND deleted = 0 AND player IN ({', '.join('?' * len(chunk))})",
            chunk,
        )
        for player, name, private in rows:
            found[str(player)] = Named(str(player), str(name), not private)
    return found


def figures(tx: Tx, player: str) -> list[VariantFigures]:
    """Per game and variant: games, wins, the best round (or move), words per round,
    points per move, the best-scoring and the longest word."""
    rows = tx.execute(
        "SELECT kind, variant, won, best_round, rounds, words, moves, points,"
        " best_word, best_word_points, longest_word FROM players_places WHERE player = ?",
        (player,),
    )
    by: dict[tuple[str, str], VariantFigures] = {}
    for kind, variant, won, best, rounds, words, moves, points, word, word_points, long in rows:
        entry = by.setdefault((kind, variant), VariantFigures(str(kind), str(variant)))
        entry.games += 1
        entry.wins += int(won)
        entry.best_round = max(entry.best_round, int(best))
        entry.rounds += int(rounds)
        entry.words += int(words)
        entry.moves += int(moves)
        entry.points += int(points)
        if word and (-int(word_points), str(word)) < (
            -entry.best_word_points,
            entry.best_word or "~",
        ):
            entry.best_word, entry.best_word_points = str(word), int(word_points)
        if long and (-len(long), str(long)) < (-len(entry.longest_word), entry.longest_word or "~"):
            entry.longest_word = str(long)
    return [by[key] for key in sorted(by)]


def ratings(tx: Tx, player: str) -> list[RatingLine]:
    rated = tx.execute(
        "SELECT family, mu, sigma, games FROM players_ratings WHERE player = ? ORDER BY family",
        (player,),
    )
    history: dict[str, list[tuple[float, float]]] = {}
    for family, ended_at, mu in tx.execute(
        "SELECT family, ended_at, mu FROM players_rating_history WHERE player = ?"
        " ORDER BY family, ended_at, room, seq",
        (player,),
    ):
        history.setdefault(str(family), []).append((float(ended_at), float(mu)))
    return [
        RatingLine(str(f), Rating(float(mu), float(sigma), int(games)), tuple(history.get(f, ())))
        for f, mu, sigma, games in rated
    ]


def last_games(tx: Tx, player: str, count: int = 20) -> list[PastGame]:
    """The player's last `count` finished games, each with every place."""
    mine = tx.execute(
        "SELECT pl.room, pl.seq, pl.kind, pl.variant, pl.ended_at, g.rated, pl.seat, pl.name,"
        " pl.rank, pl.score FROM players_places pl JOIN players_games g"
        " ON g.room = pl.room AND g.seq = pl.seq WHERE pl.player = ?"
        " ORDER BY pl.ended_at DESC, pl.room DESC, pl.seq DESC LIMIT ?",
        (player, count),
    )
    games = [
        PastGame(
            str(room), int(seq), str(kind), str(variant), float(at), bool(rated),
            Seat(str(seat), str(name), player, None, int(rank), int(score)),
        )
        for room, seq, kind, variant, at, rated, seat, name, rank, score in mine
    ]  # fmt: skip
    _add_places(tx, games)
    return games


def _add_places(tx: Tx, games: list[PastGame]) -> None:
    by_room: dict[tuple[str, int], PastGame] = {(g.room, g.seq): g for g in games}
    rooms = sorted({g.room for g in games})
    if not rooms:
        return
    rows = tx.execute(
        "SELECT room, seq, seat, name, player, level, rank, score FROM players_places"
        f" WHERE room IN ({', '.join('?' * len(rooms))}) ORDER BY room, seq, rank, seat",
        rooms,
    )
    for room, seq, seat, name, player, level, rank, score in rows:
        game = by_room.get((str(room), int(seq)))
        if game is not None:
            game.places.append(Seat(str(seat), str(name), player, level, int(rank), int(score)))


@dataclass(frozen=True)
class MyRoom:
    """A room one of the player's seats is in, and the games that ended there."""

    room: str
    invite: str | None
    kind: str
    name: str
    joined: float
    games: tuple[PastGame, ...]


def my_rooms(tx: Tx, player: str, count: int = 100) -> list[MyRoom]:
    """« Mes parties »: the player's rooms, the latest first, with their finished games."""
    seats = tx.execute(
        "SELECT room, invite, kind, name, joined, seat FROM players_seats WHERE player = ?"
        " ORDER BY joined DESC, room LIMIT ?",
        (player, count),
    )
    rooms = sorted({str(row[0]) for row in seats})
    ended: dict[str, list[PastGame]] = {}
    if rooms:
        rows = tx.execute(
            "SELECT pl.room, pl.seq, pl.kind, pl.variant, pl.ended_at, g.rated, pl.seat,"
            " pl.name, pl.rank, pl.score FROM players_places pl JOIN players_games g"
            " ON g.room = pl.room AND g.seq = pl.seq WHERE pl.player = ?"
            f" AND pl.room IN ({', '.join('?' * len(rooms))}) ORDER BY pl.ended_at, pl.seq",
            (player, *rooms),
        )
        for room, seq, kind, variant, at, rated, seat, name, rank, score in rows:
            game = PastGame(
                str(room), int(seq), str(kind), str(variant), float(at), bool(rated),
                Seat(str(seat), str(name), player, None, int(rank), int(score)),
            )  # fmt: skip
            ended.setdefault(str(room), []).append(game)
        _add_places(tx, [g for games in ended.values() for g in games])
    return [
        MyRoom(str(room), invite, str(kind), str(name), float(joined), tuple(ended.get(room, ())))
        for room, invite, kind, name, joined, _ in seats
    ]


def top_rated(tx: Tx, family: str, count: int = TOP) -> Board:
    """The family's best accounts whose ratings are no longer provisional (R3, R8: ten
    games rated; a rating farmed in a few games does not reach the list)."""
    rows = tx.execute(
        "SELECT r.player, p.name, p.private, r.mu, r.sigma, r.games FROM players_ratings r"
        " JOIN players_players p ON p.player = r.player"
        " WHERE r.family = ? AND r.games >= ? AND p.name IS NOT NULL AND p.deleted = 0"
        " ORDER BY r.mu DESC, r.player LIMIT ?",
        (family, PROVISIONAL_GAMES, count),
    )
    return Board(
        tuple(
            (Named(str(pl), str(n), not pr), Rating(float(mu), float(sg), int(g)))
            for pl, n, pr, mu, sg, g in rows
        )
    )


def most_active(tx: Tx, since: float | None, count: int = TOP) -> Board:
    """The accounts with the most finished games since `since` (None: ever)."""
    if since is None:
        rows = tx.execute(
            "SELECT t.player, p.name, p.private, t.games FROM players_totals t"
            " JOIN players_players p ON p.player = t.player"
            " WHERE p.name IS NOT NULL AND p.deleted = 0"
            " ORDER BY t.games DESC, t.player LIMIT ?",
            (count,),
        )
    else:
        rows = tx.execute(
            "SELECT pl.player, p.name, p.private, count(*) AS games FROM players_games g"
            " JOIN players_places pl ON pl.room = g.room AND pl.seq = g.seq"
            " JOIN players_players p ON p.player = pl.player"
            " WHERE g.ended_at >= ? AND p.name IS NOT NULL AND p.deleted = 0"
            " GROUP BY pl.player, p.name, p.private ORDER BY games DESC, pl.player LIMIT ?",
            (since, count),
        )
    return Board(tuple((Named(str(pl), str(n), not pr), int(g)) for pl, n, pr, g in rows))


def daily_families(tx: Tx, player: str, count: int = 400) -> list[str]:
    """The families (each names its day) of the player's last `count` ranked daily
    grids (`service.daily.outcome`: only a ranked play leaves a game)."""
    rows = tx.execute(
        "SELECT DISTINCT g.family FROM players_places pl JOIN players_games g"
        " ON g.room = pl.room AND g.seq = pl.seq WHERE pl.player = ? AND pl.kind = 'daily'"
        " ORDER BY g.family DESC LIMIT ?",
        (player, count),
    )
    return [str(row[0]) for row in rows]


def families(tx: Tx) -> list[str]:
    """The rating families anybody is rated in."""
    return [str(row[0]) for row in tx.execute("SELECT DISTINCT family FROM players_ratings")]
