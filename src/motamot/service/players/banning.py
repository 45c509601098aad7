"""The operator's bans by what they type: `motamot admin ban NAME|IDENTITY`.

What is typed is, in this order: a lasting player's id (an account's or a browser's
identity, as `motamot admin reports` shows it), an account's name (the account is banned,
and its name may not be taken by a new account), or a name that was reported (every
lasting player reported under it is banned: a browser without an account has no other
name). Nothing else is guessed: an unknown name bans nobody.
"""

from __future__ import annotations

from dataclasses import dataclass

from motamot.service.players import moderation
from motamot.service.players.moderation import NAME, PLAYER
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


async def resolve(store: PlayerStore, typed: str) -> Target | None:
    """Whom `typed` names (None: nobody known by it)."""
    typed = typed.strip()
    if not typed or len(typed) > MAX_TARGET:
        return None
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
        if (names_it or one.value == key) and await store.unban(one.what, one.value):
            lifted.append(one)
    return lifted
