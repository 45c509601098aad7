"""The operator's bans by what they type: `motamot admin ban NAME|IDENTITY|ADDRESS`.

What is typed is, in this order: a client address (IPv4 or IPv6: every request and
socket from it is refused), a lasting player's id (an account's or a browser's
identity, as `motamot admin reports` shows it), an account's name (the account is
banned, wherever it signs in, and its name, or one that looks like it, may not be taken
by a new account nor sat under: F19), or a name that was reported (every lasting player
reported under it is banned: a browser without an account has no other name). Nothing
else is guessed: an unknown name bans nobody.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass

from motamot.service.players import moderation
from motamot.service.players.moderation import ADDRESS, NAME, PLAYER
from motamot.service.players.names import name_key
from motamot.service.players.store import PlayerStore

#: Longest name or id looked up.
MAX_TARGET = 64


@dataclass(frozen=True)
class Target:
    """Whom a typed name or id names: lasting players (id, how they are known) and an
    account name's key."""

    players: tuple[tuple[str, str], ...]
    name_key: str | None = None
    name: str | None = None
    #: A client address (as the server sees it: `192.0.2.7`, `2001:db8::1`).
    address: str | None = None


def address_of(typed: str) -> str | None:
    """`typed` as a client address, written as the server writes it, or None."""
    try:
        return str(ipaddress.ip_address(typed.strip()))
    except ValueError:
        return None


async def resolve(store: PlayerStore, typed: str) -> Target | None:
    """Whom `typed` names (None: nobody known by it)."""
    typed = typed.strip()
    if not typed or len(typed) > MAX_TARGET:
        return None
    address = address_of(typed)
    if address is not None:
        return Target((), address=address)
    known = await store.player(typed)
    if known is not None:
        return Target(((typed, known.account or typed),))
    key = name_key(typed)
    account = await store.account_by_key(key)
    if account is not None:
        return Target(((account.player, account.name),), key, account.name)
    reported = [
        (report.player, report.name)
        for report in await store.reports()
        if report.name_key == key and report.player is not None
    ]
    players = tuple(dict(reversed(reported)).items())
    return Target(players) if players else None


async def ban(store: PlayerStore, typed: str, now: float) -> Target | None:
    """Ban whom `typed` names (None: nobody)."""
    target = await resolve(store, typed)
    if target is None:
        return None
    for player, label in target.players:
        await store.ban(PLAYER, player, label, now)
    if target.address is not None:
        await store.ban(ADDRESS, target.address, target.address, now)
    if target.name_key is not None and target.name is not None:
        await store.ban(NAME, target.name_key, target.name, now)
    return target


async def unban(store: PlayerStore, typed: str) -> list[moderation.Ban]:
    """Lift the bans of whom `typed` names, and of a ban whose label or id it is (an
    account deleted since); the bans lifted."""
    typed = typed.strip()
    target = await resolve(store, typed)
    key = name_key(typed)
    named = {player for player, _ in target.players} if target is not None else set()
    lifted = []
    for one in await store.bans():
        names_it = one.value in named or one.value == typed or name_key(one.label) == key
        names_it = names_it or (target is not None and one.value == target.address)
        if (names_it or one.value == key) and await store.unban(one.what, one.value):
            lifted.append(one)
    return lifted
