"""A player's e-mail address, kept for themselves (no event holds it): left on the
account page, confirmed by the link mailed to it, changed or removed at any time. Each
function is one transaction's work (`service.players.store`)."""

from __future__ import annotations

from dataclasses import dataclass

from motamot.service.players.db import Tx


@dataclass(frozen=True)
class MailAddress:
    address: str
    confirmed: bool
    lang: str
    #: Grows at every change: a confirmation link names the version it confirms.
    version: int


def mail_of(tx: Tx, player: str) -> MailAddress | None:
    rows = tx.execute(
        "SELECT address, confirmed, lang, version FROM players_mail WHERE player = ?", (player,)
    )
    if not rows:
        return None
    address, confirmed, lang, version = rows[0]
    return MailAddress(str(address), bool(confirmed), str(lang), int(version))


def set_mail(tx: Tx, player: str, address: str, lang: str, now: float) -> MailAddress:
    """`address` is the player's, unconfirmed (the same address again keeps its state
    but not its links: a new version); what it is now."""
    known = mail_of(tx, player)
    version = 1 if known is None else known.version + 1
    confirmed = known is not None and known.confirmed and known.address == address
    tx.execute(
        "INSERT INTO players_mail (player, address, confirmed, lang, version, changed)"
        " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (player) DO UPDATE SET"
        " address = excluded.address, confirmed = excluded.confirmed, lang = excluded.lang,"
        " version = excluded.version, changed = excluded.changed",
        (player, address, int(confirmed), lang, version, now),
    )
    return MailAddress(address, confirmed, lang, version)


def confirm_mail(tx: Tx, player: str, address: str, version: int, now: float) -> bool:
    """Confirm the player's address if it is still `address` at `version`."""
    rows = tx.execute(
        "UPDATE players_mail SET confirmed = 1, changed = ?"
        " WHERE player = ? AND address = ? AND version = ? RETURNING player",
        (now, player, address, version),
    )
    return bool(rows)


def remove_mail(tx: Tx, player: str, address: str | None = None) -> bool:
    """Forget the player's address (only if it is `address`, when given), and the mails
    still waiting for it; whether there was one."""
    if address is None:
        rows = tx.execute("DELETE FROM players_mail WHERE player = ? RETURNING player", (player,))
    else:
        rows = tx.execute(
            "DELETE FROM players_mail WHERE player = ? AND address = ? RETURNING player",
            (player, address),
        )
    if rows:
        tx.execute("DELETE FROM players_outbox WHERE player = ? AND state = 'queued'", (player,))
    return bool(rows)
