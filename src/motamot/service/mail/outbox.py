"""The outbox: the mails to send, in the players' tables (`players_outbox`), so that a
mail survives a restart and is sent once whichever process noticed it.

A notice (a turn, a game's end, a tournament's table, a correspondence game in a
day's digest) is one row per (player, what, room, seq): a second
process that noticed the same turn finds the row there and adds nothing. A sender takes
the rows that are due for a while (`lease_until`; a process that dies mid-send leaves
them to another once the lease ends), then marks each sent, to retry later, or given up.
Mails to one address are counted per day (`players_mail_days`): past the cap the rest
of the day's are dropped. Each function is one transaction's work.
"""

from __future__ import annotations

import datetime
import json
import secrets
from dataclasses import dataclass
from typing import Any, Literal

from motamot.service.mail.addresses import address_key
from motamot.service.players.db import Tx

What = Literal["confirm", "turn", "ended", "paired", "digest"]
#: Rows sent or given up are kept this long (seconds), then removed.
KEEP_SECONDS = 7 * 86400.0

_COLUMNS = "id, player, what, room, seat, seq, address, lang, data, attempts"


@dataclass(frozen=True)
class Notice:
    """Something to tell a player: their turn, a game's end, or a confirmation link."""

    player: str
    what: What
    room: str
    seat: str
    #: The event it is about (the turn's, the ending's), or the address's version.
    seq: int
    #: What the mail says (names, places, the link's path), as JSON-able values.
    data: dict[str, Any]
    #: When it goes (a digest: at its hour); None: after the notifier's delay.
    due: float | None = None


@dataclass(frozen=True)
class Outgoing:
    """A row taken to be sent."""

    id: str
    player: str
    what: What
    room: str
    seat: str
    seq: int
    #: A confirmation's own address (None: the player's confirmed address, read then).
    address: str | None
    lang: str | None
    data: dict[str, Any]
    attempts: int


def day_of(now: float) -> str:
    return datetime.datetime.fromtimestamp(now, datetime.UTC).strftime("%Y-%m-%d")


def enqueue(
    tx: Tx,
    notice: Notice,
    now: float,
    delay: float = 0.0,
    address: str | None = None,
    lang: str | None = None,
) -> bool:
    """Queue `notice` (due `delay` seconds from `now`) unless the same one is queued or
    was sent; a turn or an end only for a player with a confirmed address. Whether it
    was queued."""
    if address is None:
        confirmed = tx.execute(
            "SELECT 1 FROM players_mail WHERE player = ? AND confirmed = 1", (notice.player,)
        )
        if not confirmed:
            return False
    rows = tx.execute(
        "INSERT INTO players_outbox (id, player, what, room, seat, seq, address, lang, data,"
        " created, next_try, attempts, state, lease_until)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 'queued', 0)"
        " ON CONFLICT (player, what, room, seq) DO NOTHING RETURNING id",
        (
            secrets.token_hex(8),
            notice.player,
            notice.what,
            notice.room,
            notice.seat,
            notice.seq,
            address,
            lang,
            json.dumps(notice.data, ensure_ascii=False, sort_keys=True),
            now,
            now + delay,
        ),
    )
    return bool(rows)


def recent_confirmations(tx: Tx, player: str, since: float) -> int:
    """Confirmation mails queued for `player` since `since` (the page's own limit)."""
    rows = tx.execute(
        "SELECT count(*) FROM players_outbox WHERE player = ? AND what = 'confirm'"
        " AND created >= ?",
        (player, since),
    )
    return int(rows[0][0])


def claim(tx: Tx, now: float, lease: float, limit: int) -> list[Outgoing]:
    """Take up to `limit` due rows for `lease` seconds (none another sender holds)."""
    due = tx.execute(
        "SELECT id FROM players_outbox WHERE state = 'queued' AND next_try <= ?"
        " AND lease_until <= ? ORDER BY next_try, id LIMIT ?",
        (now, now, limit),
    )
    taken: list[Outgoing] = []
    for (row_id,) in due:
        rows = tx.execute(
            f"UPDATE players_outbox SET lease_until = ? WHERE id = ? AND state = 'queued'"
            f" AND lease_until <= ? RETURNING {_COLUMNS}",
            (now + lease, row_id, now),
        )
        for found in rows:
            row_id, player, what, room, seat, seq, address, lang, data, attempts = found
            taken.append(
                Outgoing(
                    str(row_id),
                    str(player),
                    what,
                    str(room),
                    str(seat),
                    int(seq),
                    address,
                    lang,
                    json.loads(data),
                    int(attempts),
                )
            )
    return taken


def reserve(tx: Tx, address: str, now: float, per_day: int) -> bool:
    """Count one more mail to `address` today, unless it had `per_day` already."""
    if per_day <= 0:
        return False
    rows = tx.execute(
        "INSERT INTO players_mail_days (address_key, day, sent) VALUES (?, ?, 1)"
        " ON CONFLICT (address_key, day) DO UPDATE SET sent = players_mail_days.sent + 1"
        " WHERE players_mail_days.sent < ? RETURNING sent",
        (address_key(address), day_of(now), per_day),
    )
    return bool(rows)


def finish(tx: Tx, row_id: str, state: Literal["sent", "failed", "dropped"], now: float) -> None:
    tx.execute(
        "UPDATE players_outbox SET state = ?, done_at = ?, attempts = attempts + ?,"
        " lease_until = 0 WHERE id = ?",
        (state, now, 0 if state == "dropped" else 1, row_id),
    )


def retry(tx: Tx, row_id: str, at: float) -> None:
    """One more failed try: the row is due again at `at`."""
    tx.execute(
        "UPDATE players_outbox SET attempts = attempts + 1, next_try = ?, lease_until = 0"
        " WHERE id = ?",
        (at, row_id),
    )


def next_due(tx: Tx) -> float | None:
    """When the next queued row is due (None: nothing queued)."""
    rows = tx.execute(
        "SELECT min(CASE WHEN lease_until > next_try THEN lease_until ELSE next_try END)"
        " FROM players_outbox WHERE state = 'queued'"
    )
    return None if not rows or rows[0][0] is None else float(rows[0][0])


def prune(tx: Tx, now: float) -> None:
    """Remove rows done long ago and the counts of past days."""
    tx.execute(
        "DELETE FROM players_outbox WHERE state <> 'queued' AND done_at < ?",
        (now - KEEP_SECONDS,),
    )
    tx.execute("DELETE FROM players_mail_days WHERE day < ?", (day_of(now - 86400),))
