"""A room's two links: the players' (the room's id and its invitation) and the spectators'.

Every room has an unguessable id of ROOM_ID_LENGTH characters (the store's key, the
socket's path). A player's link adds the room's invitation to it (`/r/<id><invite>`):
whoever has only the id, from the watch link (`/r/<id>/watch`), may watch but not sit.
Every path that names a room takes either form; `room_of` gives the id, `invite_of` the
invitation it carries.
"""

from __future__ import annotations

import secrets

#: `secrets.token_urlsafe(12)`: what the host gives a room as its id.
ROOM_ID_LENGTH = 16


def new_invite() -> str:
    return secrets.token_urlsafe(9)


def room_of(reference: str) -> str:
    """The room's id in a link's room part."""
    return reference[:ROOM_ID_LENGTH]


def invite_of(reference: str) -> str | None:
    """The invitation a player's link carries (None: a spectator's link)."""
    return reference[ROOM_ID_LENGTH:] or None
