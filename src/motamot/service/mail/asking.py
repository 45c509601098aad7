"""Who may ask for a confirmation mail, and how often (docs/rules.md, F15).

A confirmation mail goes to an address nobody has confirmed yet: whoever asks chooses
its recipient. So each ask is kept (`players_mail_asks`, a day) and counted over the
last hour, in the transaction that queues the mail, whichever process serves it:

- per requesting address (its sha256: the players' own addresses are not kept), so that
  fresh identities from one machine add up;
- per mailbox (`addresses.address_key`: `victim+1@x.org`, `victim+2@x.org` are one);
- per server (every process of the database together).

Besides these, each player asks at most `Mailing.confirmations_per_player` an hour, and
each mailbox receives at most `Mailing.per_day` mails of any kind a day (`outbox`).
"""

from __future__ import annotations

import hashlib

from motamot.service.mail.addresses import address_key
from motamot.service.mail.settings import Mailing
from motamot.service.players.db import Tx

HOUR = 3600.0
#: Asks are kept this long (seconds), then pruned.
KEEP_SECONDS = 86400.0


def origin_key(origin: str) -> str:
    """What is kept of a requesting address: its sha256."""
    return hashlib.sha256(origin.encode("utf-8", "replace")).hexdigest()


def _count(tx: Tx, where: str, params: tuple[object, ...]) -> int:
    rows = tx.execute(f"SELECT count(*) FROM players_mail_asks WHERE {where}", params)
    return int(rows[0][0])


def refusal(tx: Tx, origin: str, address: str, now: float, mailing: Mailing) -> str | None:
    """Why one more confirmation mail to `address`, asked from `origin`, may not go now
    (a code of the mail page's texts), or None."""
    since = now - HOUR
    if _count(tx, "mailbox = ? AND at >= ?", (address_key(address), since)) >= (
        mailing.confirmations_per_mailbox
    ):
        return "mailbox_asked"
    if _count(tx, "origin = ? AND at >= ?", (origin_key(origin), since)) >= (
        mailing.confirmations_per_origin
    ):
        return "origin_asked"
    if _count(tx, "at >= ?", (since,)) >= mailing.confirmations_per_server:
        return "server_asked"
    return None


def record(tx: Tx, origin: str, address: str, now: float) -> None:
    tx.execute(
        "INSERT INTO players_mail_asks (at, origin, mailbox) VALUES (?, ?, ?)",
        (now, origin_key(origin), address_key(address)),
    )


def prune(tx: Tx, now: float) -> None:
    tx.execute("DELETE FROM players_mail_asks WHERE at < ?", (now - KEEP_SECONDS,))
