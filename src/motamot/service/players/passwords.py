"""Account passwords: argon2id (`argon2-cffi`, RFC 9106's second recommended profile:
64 MiB, 3 passes), hashed and checked off the event loop (each costs tens of ms)."""

from __future__ import annotations

import asyncio

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

MIN_LENGTH = 8
MAX_LENGTH = 256

_HASHER = PasswordHasher()
#: Checked against when a name has no account, so that a wrong name takes as long as a
#: wrong password (nobody learns which names exist from the time an answer takes).
_NOBODY = _HASHER.hash("no account has this password")


def password_problem(password: str) -> str | None:
    """Why `password` may not be an account's (a code of the account texts), or None."""
    if len(password) < MIN_LENGTH:
        return "password_short"
    if len(password) > MAX_LENGTH:
        return "password_long"
    return None


async def hash_password(password: str) -> str:
    return await asyncio.to_thread(_HASHER.hash, password)


def _matches(stored: str | None, password: str) -> bool:
    try:
        return _HASHER.verify(stored or _NOBODY, password) and stored is not None
    except (VerificationError, InvalidHashError):
        return False


async def password_matches(stored: str | None, password: str) -> bool:
    """Whether `password` is the one `stored` was hashed from (None: no account, checked
    all the same)."""
    return await asyncio.to_thread(_matches, stored, password)


def needs_rehash(stored: str) -> bool:
    return _HASHER.check_needs_rehash(stored)
