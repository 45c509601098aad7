"""The tournaments' list (« Tournois »: upcoming, running, finished), the same on every
process: a projection of each public tournament's state into the players' database,
written by the keeper of the process that runs it after each of its events."""

from __future__ import annotations

from dataclasses import dataclass

from motamot.service.players.db import Db, Tx
from motamot.service.tournament.room import TournamentRoom
from motamot.service.tournament.standings import podium
from motamot.service.tournament.views import phase

_TYPES = {
    "sqlite": {"float": "REAL", "int": "INTEGER", "text": "TEXT"},
    "postgresql": {"float": "DOUBLE PRECISION", "int": "BIGINT", "text": 'TEXT COLLATE "C"'},
}
_TABLE = """
CREATE TABLE IF NOT EXISTS tournaments_listed (
    room {text} PRIMARY KEY,
    name {text} NOT NULL,
    format {text} NOT NULL,
    phase {text} NOT NULL,
    starts_at {float} NOT NULL,
    registered {int} NOT NULL,
    rated {int} NOT NULL,
    winner {text} NOT NULL,
    updated {float} NOT NULL
)"""
#: The finished tournaments the list shows (the latest).
FINISHED_SHOWN = 20
#: The phases of each part of the list.
PARTS = {
    "upcoming": ("registration",),
    "running": ("running", "paused"),
    "finished": ("finished",),
}


@dataclass(frozen=True)
class Listed:
    """A tournament as the list shows it (nothing secret: its name, format, phase, start,
    how many registered, whether rated, its winner's name once over)."""

    room: str
    name: str
    format: str
    phase: str
    starts_at: float
    registered: int
    rated: bool
    winner: str
    updated: float


def listed(room: object, now: float) -> Listed | None:
    """A public tournament room's row (None: a private one), read inside its actor."""
    if not isinstance(room, TournamentRoom) or not room.public:
        return None
    s = room.settings
    top = podium(room.standings()) if room.ended_at is not None else []
    winner = ", ".join(room.seats[row.player].name for row in top if row.place == 1)
    count = len(room.players) if room.started_at is not None else len(room.registered)
    return Listed(
        room.room_id, s.name, s.format, phase(room), s.starts_at, count, s.rated, winner, now
    )


def _create(tx: Tx) -> None:
    """The table, made once (PostgreSQL: two processes starting at once take turns)."""
    if tx.dialect == "postgresql":
        tx.execute("SELECT pg_advisory_xact_lock(hashtext(current_schema() || '.tournaments'))")
    tx.execute(_TABLE.format(**_TYPES[tx.dialect]))


class TournamentList:
    """The list's table over the players' database (each method one transaction)."""

    def __init__(self, db: Db) -> None:
        self.db = db

    async def create(self) -> None:
        await self.db.run(_create)

    async def put(self, rows: list[Listed]) -> None:
        def work(tx: Tx) -> None:
            for row in rows:
                tx.execute(
                    "INSERT INTO tournaments_listed VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
                    " ON CONFLICT (room) DO UPDATE SET name = excluded.name,"
                    " format = excluded.format, phase = excluded.phase,"
                    " starts_at = excluded.starts_at, registered = excluded.registered,"
                    " rated = excluded.rated, winner = excluded.winner,"
                    " updated = excluded.updated",
                    (row.room, row.name, row.format, row.phase, row.starts_at, row.registered,
                     int(row.rated), row.winner, row.updated),
                )  # fmt: skip

        if rows:
            await self.db.run(work, durable=False)

    async def part(self, name: str) -> list[Listed]:
        """The tournaments of one part of the list: upcoming soonest first, running
        earliest first, finished latest first."""
        phases = PARTS[name]
        marks = ", ".join("?" for _ in phases)
        order = "updated DESC" if name == "finished" else "starts_at"
        limit = f" LIMIT {FINISHED_SHOWN}" if name == "finished" else ""
        sql = f"SELECT * FROM tournaments_listed WHERE phase IN ({marks}) ORDER BY {order}{limit}"
        found = await self.db.run(lambda tx: tx.execute(sql, phases), durable=False)
        return [
            Listed(str(r[0]), str(r[1]), str(r[2]), str(r[3]), float(r[4]), int(r[5]),
                   bool(r[6]), str(r[7]), float(r[8]))
            for r in found
        ]  # fmt: skip
