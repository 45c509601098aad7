"""The lobby's rows in the players' database (`service.players.db`): written by the
projector, read by every process's watch and by the pages (« à vous de jouer »)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import msgspec

from motamot.service.lobby import schema
from motamot.service.lobby.rows import Entry, LobbyRow, lobby_row
from motamot.service.players.db import Db, Tx
from motamot.service.players.ratings import SCALE

#: The most rows the lobby lists at once (the most recently active first).
MAX_LISTED = 200
#: The most games « à vous de jouer » lists for one player.
MAX_AWAITED = 100
#: Players whose ratings one query asks for (well under every database's limit).
_CHUNK = 500

_ENCODE = msgspec.json.Encoder()
_DECODE = msgspec.json.Decoder(Entry)


@dataclass(frozen=True)
class Awaiting:
    """A game that waits for a player's move."""

    entry: Entry
    #: Since when (referee time).
    since: float


class LobbyStore:
    """The lobby's tables over one database (the players', whose ratings it reads)."""

    def __init__(self, db: Db) -> None:
        self.db = db

    async def create(self) -> None:
        await self.db.run(schema.create_tables)

    async def write(self, entries: Sequence[Entry]) -> list[str]:
        """Store each entry unless its room's row is of a later event already; the rooms
        whose rows changed."""
        return await self.db.run(lambda tx: write(tx, entries), durable=False)

    async def entries(self, rooms: Sequence[str]) -> dict[str, Entry]:
        """The stored entries of `rooms` (those that have one)."""
        return await self.db.run(lambda tx: entries(tx, rooms), durable=False)

    async def kept(self) -> list[str]:
        """The rooms listed or waited for now (what a start checks against the events)."""

        def work(tx: Tx) -> list[str]:
            found = tx.execute(
                "SELECT room FROM lobby_rooms WHERE listed = 1"
                " UNION SELECT room FROM lobby_awaited ORDER BY 1"
            )
            return [str(room) for (room,) in found]

        return await self.db.run(work, durable=False)

    async def listed(self, now: float, limit: int = MAX_LISTED) -> list[LobbyRow]:
        """The rows the lobby shows at `now`, the most recently active first."""
        return await self.db.run(lambda tx: listed(tx, now, limit), durable=False)

    async def awaited(self, player: str, limit: int = MAX_AWAITED) -> list[Awaiting]:
        """The games waiting for `player`'s move, the longest waiting first."""

        def work(tx: Tx) -> list[Awaiting]:
            found = tx.execute(
                "SELECT r.body, a.since FROM lobby_awaited a JOIN lobby_rooms r"
                " ON r.room = a.room WHERE a.player = ? ORDER BY a.since, a.room LIMIT ?",
                (player, limit),
            )
            return [Awaiting(_DECODE.decode(body), float(since)) for body, since in found]

        return await self.db.run(work, durable=False)


def write(tx: Tx, entries: Sequence[Entry]) -> list[str]:
    changed = []
    for entry in _latest(entries):
        applied = tx.execute(
            "INSERT INTO lobby_rooms (room, seq, listed, updated, until, body)"
            " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (room) DO UPDATE SET"
            " seq = excluded.seq, listed = excluded.listed, updated = excluded.updated,"
            " until = excluded.until, body = excluded.body"
            " WHERE lobby_rooms.seq < excluded.seq RETURNING room",
            (
                entry.room,
                entry.seq,
                int(entry.listed),
                entry.updated,
                entry.until,
                _ENCODE.encode(entry).decode("utf-8"),
            ),
        )
        if not applied:
            continue
        changed.append(entry.room)
        tx.execute("DELETE FROM lobby_awaited WHERE room = ?", (entry.room,))
        players = sorted(set(entry.listing.awaited))
        tx.executemany(
            "INSERT INTO lobby_awaited (player, room, since) VALUES (?, ?, ?)",
            [(player, entry.room, entry.updated) for player in players],
        )
    return changed


def _latest(entries: Sequence[Entry]) -> list[Entry]:
    """One entry per room: its latest (a batch may hold several of one room)."""
    latest: dict[str, Entry] = {}
    for entry in entries:
        known = latest.get(entry.room)
        if known is None or known.seq < entry.seq:
            latest[entry.room] = entry
    return [latest[room] for room in sorted(latest)]


def entries(tx: Tx, rooms: Sequence[str]) -> dict[str, Entry]:
    found: dict[str, Entry] = {}
    for start in range(0, len(rooms), _CHUNK):
        chunk = list(rooms[start : start + _CHUNK])
        marks = ", ".join("?" for _ in chunk)
        for room, body in tx.execute(
            f"SELECT room, body FROM lobby_rooms WHERE room IN ({marks})", chunk
        ):
            found[str(room)] = _DECODE.decode(body)
    return found


def listed(tx: Tx, now: float, limit: int) -> list[LobbyRow]:
    rows = tx.execute(
        "SELECT body FROM lobby_rooms WHERE listed = 1 AND until > ?"
        " ORDER BY updated DESC, room LIMIT ?",
        (now, limit),
    )
    found = [_DECODE.decode(body) for (body,) in rows]
    ratings = _ratings(tx, found)
    return [lobby_row(entry, ratings.get(entry.listing.family, {})) for entry in found]


def _ratings(tx: Tx, found: Sequence[Entry]) -> dict[str, dict[str, int]]:
    """The shown rating of every seated lasting player of `found`, by family and player."""
    players = sorted(
        {s.player for entry in found for s in entry.listing.seats if s.player is not None}
    )
    families = {entry.listing.family for entry in found}
    shown: dict[str, dict[str, int]] = {}
    for start in range(0, len(players), _CHUNK):
        chunk = players[start : start + _CHUNK]
        marks = ", ".join("?" for _ in chunk)
        for player, family, mu in tx.execute(
            f"SELECT player, family, mu FROM players_ratings WHERE player IN ({marks})", chunk
        ):
            if family in families:
                shown.setdefault(str(family), {})[str(player)] = round(SCALE * float(mu))
    return shown
