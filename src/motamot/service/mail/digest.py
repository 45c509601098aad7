"""The daily digest: one mail a day listing a player's correspondence games (days a move)
that wait for their move, instead of a mail a move (as lichess players ask).

A turn of such a game is queued as a `digest` row due at the next digest hour (UTC), its
`seq` that hour's day: every turn of a day has the same due time and day, so the sender
takes all of one player's rows of a day as one group and sends one mail, of the games
still waiting for that player then (a turn played meanwhile is left out, and nothing is
sent when none waits). A turn that comes after the hour goes in the next day's digest;
so does a game listed that still waits then (`again`): each day's digest holds every
game waiting, until it is played or its clock passes the turn.
"""

from __future__ import annotations

import json
from dataclasses import replace

from motamot.service.mail import outbox
from motamot.service.mail.outbox import Notice, Outgoing
from motamot.service.players.db import Tx

#: The hour (UTC) the digests go.
DIGEST_HOUR = 7
DAY = 86400.0


def digest_at(now: float) -> float:
    """The next digest hour after `now` (referee seconds)."""
    hour = DIGEST_HOUR * 3600.0
    return ((now - hour) // DAY + 1) * DAY + hour


def digest_notice(turn: Notice, now: float) -> Notice:
    """A turn's notice as a row of the player's next digest (the turn's event kept in
    its data, to see whether the turn still waits when the digest goes)."""
    at = digest_at(now)
    data = {**turn.data, "since": turn.seq}
    return replace(turn, what="digest", seq=int(at // DAY), data=data, due=at)


def claim_group(tx: Tx, player: str, day: int, now: float, lease: float) -> list[Outgoing]:
    """Take every other queued row of `player`'s digest of `day` no sender holds (those
    a claim took with the first are the caller's already)."""
    rows = tx.execute(
        "UPDATE players_outbox SET lease_until = ? WHERE player = ? AND what = 'digest'"
        " AND seq = ? AND state = 'queued' AND lease_until <= ?"
        " RETURNING id, room, seat, address, lang, data, attempts",
        (now + lease, player, day, now),
    )
    return [
        Outgoing(str(row_id), player, "digest", str(room), str(seat), day, address, lang,
                 json.loads(data), int(attempts))
        for row_id, room, seat, address, lang, data, attempts in rows
    ]  # fmt: skip


def digest_of(rows: list[Outgoing]) -> Outgoing:
    """One mail's row for a group of rows still waiting: the first's, with every game."""
    first = rows[0]
    games = [
        {"kind": row.data.get("kind", ""), "others": row.data.get("others", []),
         "link": row.data.get("link", "/")}
        for row in rows
    ]  # fmt: skip
    return replace(first, data={"name": first.data.get("name", ""), "games": games})


def again(tx: Tx, rows: list[Outgoing], now: float) -> None:
    """The games of a digest sent, queued for the next day's (dropped then if played)."""
    for row in rows:
        at = (row.seq + 1) * DAY + DIGEST_HOUR * 3600.0
        notice = Notice(row.player, "digest", row.room, row.seat, row.seq + 1, row.data, at)
        outbox.enqueue(tx, notice, now, max(0.0, at - now))
