"""The people behind the seats: lasting players, browsers' identities, accounts, sessions.

A browser's identity is a long random secret in an HttpOnly cookie; only its sha256 is
kept here (`players_identities`), pointing at a lasting player (`players_players`). An
account is a lasting player with a name and an argon2id password hash: created from the
browser's player, so its games come along. A session (another random secret, signed in
its cookie) points at the account it signed in. Each function is one transaction's work.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from motamot.service.players.db import Tx
from motamot.service.players.names import NameKeys, account_look_key

#: A lasting player's id: public (it is in the rooms' events), never a secret.
PLAYER_ID_BYTES = 8


def new_player_id() -> str:
    return secrets.token_hex(PLAYER_ID_BYTES)


@dataclass(frozen=True)
class Account:
    player: str
    name: str
    password: str
    private: bool


@dataclass(frozen=True)
class Player:
    """A lasting player as the server knows them (an account's name, or None)."""

    player: str
    account: str | None
    seat_name: str | None
    private: bool
    deleted: bool


def player_of_identity(tx: Tx, digest: str, now: float) -> str:
    """The player a browser's identity (its secret's digest) is, a new one the first time."""
    rows = tx.execute("SELECT player FROM players_identities WHERE digest = ?", (digest,))
    if rows:
        return str(rows[0][0])
    player = new_player_id()
    tx.execute("INSERT INTO players_players (player, created) VALUES (?, ?)", (player, now))
    tx.execute("INSERT INTO players_identities (digest, player) VALUES (?, ?)", (digest, player))
    return player


def identity_player(tx: Tx, digest: str) -> str | None:
    """The player a browser's identity is, if it is known (nothing made)."""
    rows = tx.execute("SELECT player FROM players_identities WHERE digest = ?", (digest,))
    return str(rows[0][0]) if rows else None


def player(tx: Tx, player_id: str) -> Player | None:
    rows = tx.execute(
        "SELECT player, name, seat_name, private, deleted FROM players_players WHERE player = ?",
        (player_id,),
    )
    if not rows:
        return None
    found, name, seat_name, private, deleted = rows[0]
    return Player(str(found), name, seat_name, bool(private), bool(deleted))


def remember_seat_name(tx: Tx, player_id: str, name: str) -> None:
    tx.execute("UPDATE players_players SET seat_name = ? WHERE player = ?", (name, player_id))


def claim(tx: Tx, player_id: str, name: str, keys: NameKeys, password: str) -> bool:
    """Make `player_id` an account (False: the name's key or look is taken, or it is one
    already). On PostgreSQL two claims of one look wait for each other (a lock on it):
    the look has no unique index, since accounts made before it may share one."""
    if tx.dialect == "postgresql":
        lock = "players.look:" + keys.look
        tx.execute("SELECT pg_advisory_xact_lock(hashtext(CAST(? AS TEXT)))", (lock,))
    taken = tx.execute(
        "SELECT 1 FROM players_players WHERE name_key = ? OR name_look = ?", tuple(keys)
    )
    if taken:
        return False
    rows = tx.execute(
        "UPDATE players_players SET name = ?, name_key = ?, name_look = ?, password = ?"
        " WHERE player = ? AND name IS NULL AND deleted = 0 RETURNING player",
        (name, keys.key, keys.look, password, player_id),
    )
    return bool(rows)


def fill_looks(tx: Tx) -> int:
    """Give the accounts made before looks were kept theirs (once, when the store opens)."""
    rows = tx.execute(
        "SELECT player, name FROM players_players WHERE name IS NOT NULL AND name_look IS NULL"
    )
    for player_id, name in rows:
        tx.execute(
            "UPDATE players_players SET name_look = ? WHERE player = ?",
            (account_look_key(str(name)), player_id),
        )
    return len(rows)


def account_by_key(tx: Tx, key: str) -> Account | None:
    rows = tx.execute(
        "SELECT player, name, password, private FROM players_players"
        " WHERE name_key = ? AND deleted = 0",
        (key,),
    )
    if not rows:
        return None
    found, name, password, private = rows[0]
    return Account(str(found), str(name), str(password), bool(private))


def account_of(tx: Tx, player_id: str) -> Account | None:
    rows = tx.execute(
        "SELECT player, name, password, private FROM players_players"
        " WHERE player = ? AND name IS NOT NULL AND deleted = 0",
        (player_id,),
    )
    if not rows:
        return None
    found, name, password, private = rows[0]
    return Account(str(found), str(name), str(password), bool(private))


def set_password(tx: Tx, player_id: str, password: str) -> None:
    tx.execute("UPDATE players_players SET password = ? WHERE player = ?", (password, player_id))


def set_private(tx: Tx, player_id: str, private: bool) -> None:
    tx.execute("UPDATE players_players SET private = ? WHERE player = ?", (int(private), player_id))


def delete_account(tx: Tx, player_id: str) -> None:
    """Forget the account's personal data: name, password, remembered name, sessions,
    browsers, e-mail address and the mails waiting for it. The player id stays (the
    rooms' events name it), marked deleted."""
    tx.execute(
        "UPDATE players_players SET name = NULL, name_key = NULL, name_look = NULL,"
        " password = NULL,"
        " seat_name = NULL, private = 1, deleted = 1 WHERE player = ?",
        (player_id,),
    )
    tx.execute("DELETE FROM players_sessions WHERE player = ?", (player_id,))
    tx.execute("DELETE FROM players_identities WHERE player = ?", (player_id,))
    tx.execute("DELETE FROM players_mail WHERE player = ?", (player_id,))
    tx.execute("DELETE FROM players_outbox WHERE player = ?", (player_id,))


def start_session(tx: Tx, digest: str, player_id: str, expires: float) -> None:
    tx.execute(
        "INSERT INTO players_sessions (digest, player, expires) VALUES (?, ?, ?)",
        (digest, player_id, expires),
    )


def session_player(tx: Tx, digest: str, now: float) -> str | None:
    """The account a session signed in, unless it expired (an expired one is removed)."""
    rows = tx.execute("SELECT player, expires FROM players_sessions WHERE digest = ?", (digest,))
    if not rows:
        return None
    found, expires = rows[0]
    if float(expires) <= now:
        tx.execute("DELETE FROM players_sessions WHERE digest = ?", (digest,))
        return None
    return str(found)


def end_session(tx: Tx, digest: str) -> None:
    tx.execute("DELETE FROM players_sessions WHERE digest = ?", (digest,))


def end_other_sessions(tx: Tx, player_id: str, keep: str | None) -> None:
    """Sign the account out everywhere but the session `keep` (a password changed)."""
    tx.execute(
        "DELETE FROM players_sessions WHERE player = ? AND digest <> ?", (player_id, keep or "")
    )


def forget_identity(tx: Tx, digest: str, player_id: str) -> None:
    """The browser whose identity this is no longer acts for `player_id` (signed out)."""
    tx.execute(
        "DELETE FROM players_identities WHERE digest = ? AND player = ?", (digest, player_id)
    )


def rooms_of(tx: Tx, player_id: str) -> list[str]:
    """The rooms where `player_id` took a seat (as projected)."""
    rows = tx.execute(
        "SELECT DISTINCT room FROM players_seats WHERE player = ? ORDER BY room", (player_id,)
    )
    return [str(row[0]) for row in rows]


def server_key(tx: Tx, name: str) -> str:
    """A secret of the server's (the sessions' signing key), made once, shared by every
    process of the database."""
    tx.execute(
        "INSERT INTO players_keys (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING",
        (name, secrets.token_urlsafe(32)),
    )
    return str(tx.execute("SELECT value FROM players_keys WHERE name = ?", (name,))[0][0])
