"""The seeks and the pairings' results in the players' database, shared by every process.

Pairing takes the seeks' table for itself for one transaction (PostgreSQL: a table lock
that every pairer waits for; SQLite: the one writer a file has): a seek is read, chosen
and deleted by one pairer only, so no seek is ever paired twice, whichever processes
pair at once. A result (the table a seek was paired into) is kept a day, for the
seeker's socket to be told, on whichever process it is, or for them to come back to.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from motamot.service.pairing.match import choose, pairs
from motamot.service.pairing.seeks import Pairing, Seek
from motamot.service.players.db import Db, Row, Tx
from motamot.service.players.ratings import NEW, SCALE

#: The most seeks waiting at once (a new one past it is refused).
MAX_SEEKS = 1000
#: A correspondence seek waits at most this long.
MAX_WAIT_SECONDS = 7 * 86400
#: A pairing's result is kept this long.
RESULT_SECONDS = 86400

_TABLES = """
CREATE TABLE IF NOT EXISTS pairing_seeks (
    player {text} PRIMARY KEY,
    id {text} NOT NULL UNIQUE,
    name {text} NOT NULL,
    account {int} NOT NULL,
    rating {int},
    ruleset {text} NOT NULL,
    pace {text} NOT NULL,
    rated {int} NOT NULL,
    digest {text} NOT NULL,
    since {float} NOT NULL,
    alive_until {float},
    origin {text} NOT NULL DEFAULT '',
    browser {text} NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS pairing_results (
    seek {text} PRIMARY KEY,
    player {text} NOT NULL,
    state {text} NOT NULL,
    room {text} NOT NULL,
    seat {text} NOT NULL,
    at {float} NOT NULL
);
CREATE INDEX IF NOT EXISTS pairing_results_player ON pairing_results (player, at);
"""

_TYPES = {
    "sqlite": {"float": "REAL", "int": "INTEGER", "text": "TEXT"},
    "postgresql": {"float": "DOUBLE PRECISION", "int": "BIGINT", "text": 'TEXT COLLATE "C"'},
}

_COLUMNS = (
    "id, player, name, account, rating, ruleset, pace, rated, digest, since, alive_until,"
    " origin, browser"
)
#: Columns added since the table was first made, for a table made before them.
_ADDED = ("origin", "browser")


@dataclass(frozen=True)
class Sought:
    """What a new seek came to: paired at once, waiting, or refused (`refused` a code)."""

    seek: Seek
    pairing: Pairing | None = None
    refused: str | None = None
    #: The seek of the same player it replaced (its socket is told).
    replaced: Seek | None = None


#: A pairing's table is being opened (by the process that paired it)...
OPENING = "opening"
#: ... is open (`room`, `seat`)...
OPEN = "open"
#: ... could not be opened (both may seek again).
FAILED = "failed"
#: A table still opening after this long never will (its pairer died): failed.
OPENING_SECONDS = 60


@dataclass(frozen=True)
class Result:
    """What became of a seek that was paired."""

    seek: str
    player: str
    state: str
    room: str
    seat: str
    at: float

    def settled(self, now: float) -> str:
        """The state as a waiter reads it at `now` (a table opening too long: failed)."""
        if self.state == OPENING and now - self.at > OPENING_SECONDS:
            return FAILED
        return self.state


@dataclass
class Swept:
    """What a sweep did: the pairings it made, the seeks that ran out."""

    pairings: list[Pairing] = field(default_factory=list)
    expired: list[str] = field(default_factory=list)


def create_tables(tx: Tx) -> None:
    if tx.dialect == "postgresql":
        tx.execute("SELECT pg_advisory_xact_lock(hashtext(current_schema() || '.pairing'))")
    for statement in _TABLES.format(**_TYPES[tx.dialect]).split(";"):
        if statement.strip():
            tx.execute(statement)
    if tx.dialect == "postgresql":
        found = tx.execute(
            "SELECT column_name FROM information_schema.columns"
            " WHERE table_schema = current_schema() AND table_name = 'pairing_seeks'"
        )
    else:
        found = [(row[1],) for row in tx.execute("PRAGMA table_info(pairing_seeks)")]
    have = {str(name) for (name,) in found}
    for column in _ADDED:
        if column not in have:
            text = _TYPES[tx.dialect]["text"]
            tx.execute(f"ALTER TABLE pairing_seeks ADD COLUMN {column} {text} NOT NULL DEFAULT ''")


def _seek(row: Row) -> Seek:
    (seek_id, player, name, account, rating, ruleset, pace, rated, digest, since, alive) = row[:11]
    origin, browser = row[11:]
    return Seek(
        str(seek_id),
        str(player),
        str(name),
        bool(account),
        None if rating is None else int(rating),
        str(ruleset),
        str(pace),
        bool(rated),
        str(digest),
        float(since),
        None if alive is None else float(alive),
        str(origin),
        str(browser),
    )


def _values(seek: Seek) -> tuple[object, ...]:
    return (
        seek.id,
        seek.player,
        seek.name,
        int(seek.account),
        seek.rating,
        seek.ruleset,
        seek.pace,
        int(seek.rated),
        seek.digest,
        seek.since,
        seek.alive_until,
        seek.origin,
        seek.browser,
    )


def _lock(tx: Tx) -> None:
    """The seeks for this transaction alone (SQLite's BEGIN IMMEDIATE is that already)."""
    if tx.dialect == "postgresql":
        tx.execute("LOCK TABLE pairing_seeks IN SHARE ROW EXCLUSIVE MODE")


def _expire(tx: Tx, now: float) -> list[str]:
    """Drop the live seeks nobody renewed, the correspondence seeks too old, old results."""
    gone = tx.execute(
        "DELETE FROM pairing_seeks WHERE alive_until < ? OR since < ? RETURNING id",
        (now, now - MAX_WAIT_SECONDS),
    )
    tx.execute("DELETE FROM pairing_results WHERE at < ?", (now - RESULT_SECONDS,))
    return sorted(str(seek_id) for (seek_id,) in gone)


def _take(tx: Tx, pairing: Pairing, now: float) -> None:
    """The pairing's seeks out of the waiting ones, their results opening (in the same
    transaction: whoever finds a seek gone finds its result)."""
    for taken in (pairing.first, pairing.second):
        tx.execute("DELETE FROM pairing_seeks WHERE id = ?", (taken.id,))
    record(
        tx, [Result(s.id, s.player, OPENING, "", "", now) for s in (pairing.first, pairing.second)]
    )


def seek(tx: Tx, new: Seek, now: float, limit: int = MAX_SEEKS) -> Sought:
    """`new` paired with the seek it fits best, or waiting (it replaces the player's
    former seek), or refused past `limit` seeks waiting."""
    _lock(tx)
    _expire(tx, now)
    old = tx.execute(
        f"DELETE FROM pairing_seeks WHERE player = ? RETURNING {_COLUMNS}", (new.player,)
    )
    replaced = _seek(old[0]) if old else None
    (count,) = tx.execute("SELECT COUNT(*) FROM pairing_seeks")[0]
    if int(count) >= limit:
        return Sought(new, refused="pairing_full", replaced=replaced)
    waiting = [
        _seek(row)
        for row in tx.execute(
            f"SELECT {_COLUMNS} FROM pairing_seeks WHERE ruleset = ? AND pace = ? AND rated = ?",
            (new.ruleset, new.pace, int(new.rated)),
        )
    ]
    other = choose(new, waiting, now)
    if other is not None:
        pairing = Pairing(other, new)
        _take(tx, pairing, now)
        return Sought(new, pairing, replaced=replaced)
    marks = ", ".join("?" for _ in _values(new))
    tx.execute(f"INSERT INTO pairing_seeks ({_COLUMNS}) VALUES ({marks})", _values(new))
    return Sought(new, replaced=replaced)


def sweep(tx: Tx, now: float) -> Swept:
    """Pair every seek that fits another now (their windows widened while they waited)."""
    _lock(tx)
    swept = Swept(expired=_expire(tx, now))
    waiting = [_seek(row) for row in tx.execute(f"SELECT {_COLUMNS} FROM pairing_seeks")]
    for pairing in pairs(waiting, now):
        _take(tx, pairing, now)
        swept.pairings.append(pairing)
    return swept


def cancel(tx: Tx, player: str, seek_id: str | None = None) -> Seek | None:
    """Take the player's seek away (only seek `seek_id`, if given); the seek taken."""
    if seek_id is None:
        found = tx.execute(
            f"DELETE FROM pairing_seeks WHERE player = ? RETURNING {_COLUMNS}", (player,)
        )
    else:
        found = tx.execute(
            f"DELETE FROM pairing_seeks WHERE player = ? AND id = ? RETURNING {_COLUMNS}",
            (player, seek_id),
        )
    return _seek(found[0]) if found else None


def renew(tx: Tx, seek_ids: Sequence[str], until: float) -> None:
    """The live seeks whose sockets are open here count until `until`."""
    tx.executemany(
        "UPDATE pairing_seeks SET alive_until = ? WHERE id = ? AND alive_until IS NOT NULL",
        [(until, seek_id) for seek_id in seek_ids],
    )


def waiting_of(tx: Tx, player: str) -> Seek | None:
    found = tx.execute(f"SELECT {_COLUMNS} FROM pairing_seeks WHERE player = ?", (player,))
    return _seek(found[0]) if found else None


def take_over(tx: Tx, player: str, digest: str) -> Seek | None:
    """A socket of the player came back: its seek (if it still waits) takes the new
    socket's token, for the seat it will be given."""
    found = tx.execute(
        f"UPDATE pairing_seeks SET digest = ? WHERE player = ? RETURNING {_COLUMNS}",
        (digest, player),
    )
    return _seek(found[0]) if found else None


def still_waiting(tx: Tx, seek_ids: Sequence[str]) -> set[str]:
    if not seek_ids:
        return set()
    marks = ", ".join("?" for _ in seek_ids)
    found = tx.execute(f"SELECT id FROM pairing_seeks WHERE id IN ({marks})", list(seek_ids))
    return {str(seek_id) for (seek_id,) in found}


def record(tx: Tx, results: Sequence[Result]) -> None:
    tx.executemany(
        "INSERT INTO pairing_results (seek, player, state, room, seat, at)"
        " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (seek) DO UPDATE SET"
        " state = excluded.state, room = excluded.room, seat = excluded.seat",
        [(r.seek, r.player, r.state, r.room, r.seat, r.at) for r in results],
    )


_RESULT = "seek, player, state, room, seat, at"


def _result(row: Row) -> Result:
    seek_id, player, state, room, seat, at = row
    return Result(str(seek_id), str(player), str(state), str(room), str(seat), float(at))


def results(tx: Tx, seek_ids: Sequence[str]) -> dict[str, Result]:
    if not seek_ids:
        return {}
    marks = ", ".join("?" for _ in seek_ids)
    found = tx.execute(
        f"SELECT {_RESULT} FROM pairing_results WHERE seek IN ({marks})", list(seek_ids)
    )
    return {result.seek: result for result in map(_result, found)}


def last_result(tx: Tx, player: str) -> Result | None:
    """The player's latest table from a pairing (a seeker who comes back is shown it)."""
    found = tx.execute(
        f"SELECT {_RESULT} FROM pairing_results WHERE player = ? AND state = ?"
        " ORDER BY at DESC LIMIT 1",
        (player, OPEN),
    )
    return _result(found[0]) if found else None


def rating_of(tx: Tx, player: str, family: str) -> int:
    """The player's shown rating in `family` (a new player's when they have none)."""
    found = tx.execute(
        "SELECT mu FROM players_ratings WHERE player = ? AND family = ?", (player, family)
    )
    return round(SCALE * float(found[0][0])) if found else NEW.shown


class PairingStore:
    """The pairing's tables over one database (each method one transaction)."""

    def __init__(self, db: Db) -> None:
        self.db = db

    async def create(self) -> None:
        await self.db.run(create_tables)

    async def seek(self, new: Seek, now: float, limit: int = MAX_SEEKS) -> Sought:
        return await self.db.run(lambda tx: seek(tx, new, now, limit), durable=False)

    async def sweep(self, now: float) -> Swept:
        return await self.db.run(lambda tx: sweep(tx, now), durable=False)

    async def cancel(self, player: str, seek_id: str | None = None) -> Seek | None:
        return await self.db.run(lambda tx: cancel(tx, player, seek_id), durable=False)

    async def renew(self, seek_ids: Sequence[str], until: float) -> None:
        if seek_ids:
            await self.db.run(lambda tx: renew(tx, seek_ids, until), durable=False)

    async def waiting_of(self, player: str) -> Seek | None:
        return await self.db.run(lambda tx: waiting_of(tx, player), durable=False)

    async def take_over(self, player: str, digest: str) -> Seek | None:
        return await self.db.run(lambda tx: take_over(tx, player, digest), durable=False)

    async def still_waiting(self, seek_ids: Sequence[str]) -> set[str]:
        return await self.db.run(lambda tx: still_waiting(tx, seek_ids), durable=False)

    async def record(self, found: Sequence[Result]) -> None:
        await self.db.run(lambda tx: record(tx, found))

    async def results(self, seek_ids: Sequence[str]) -> dict[str, Result]:
        return await self.db.run(lambda tx: results(tx, seek_ids), durable=False)

    async def last_result(self, player: str) -> Result | None:
        return await self.db.run(lambda tx: last_result(tx, player), durable=False)
