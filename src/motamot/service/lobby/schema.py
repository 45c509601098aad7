"""The lobby's tables, beside the players' (the same PostgreSQL schema, or the players'
SQLite file): one row per room a kind lists (what the lobby shows of it, and whether it
is shown now), and the players each room waits for (« à vous de jouer »).

Both are projections of the rooms' events: the process that stores a room's events
writes its row after the append, and a row is only replaced by one of a later event
(`seq`), so two processes that both wrote a room (its owner changed) end with the
later one.
"""

from __future__ import annotations

from motamot.service.players.db import Tx

_TABLES = """
CREATE TABLE IF NOT EXISTS lobby_rooms (
    room {text} PRIMARY KEY,
    seq {int} NOT NULL,
    listed {int} NOT NULL,
    updated {float} NOT NULL,
    until {float} NOT NULL,
    body {text} NOT NULL
);
CREATE INDEX IF NOT EXISTS lobby_rooms_listed ON lobby_rooms (listed, updated);
CREATE TABLE IF NOT EXISTS lobby_awaited (
    player {text} NOT NULL,
    room {text} NOT NULL,
    since {float} NOT NULL,
    PRIMARY KEY (player, room)
);
CREATE INDEX IF NOT EXISTS lobby_awaited_room ON lobby_awaited (room);
"""

_TYPES = {
    "sqlite": {"float": "REAL", "int": "INTEGER", "text": "TEXT"},
    "postgresql": {"float": "DOUBLE PRECISION", "int": "BIGINT", "text": 'TEXT COLLATE "C"'},
}


def create_tables(tx: Tx) -> None:
    """Every table and index, if missing (processes that start together: one at a time)."""
    if tx.dialect == "postgresql":
        tx.execute("SELECT pg_advisory_xact_lock(hashtext(current_schema() || '.lobby'))")
    for statement in _TABLES.format(**_TYPES[tx.dialect]).split(";"):
        if statement.strip():
            tx.execute(statement)
