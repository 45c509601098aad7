"""Who sits in a room: the seats, and the checks on a name or a token every kind shares.

Seats are ids `s1`, `s2`... given in the order people and computer players sit down. A
person's seat carries the sha256 digest of a token the server gave them (never shown to
anybody); joining again with the same name and digest takes the same seat back.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from motamot.names import (
    PlayerNameError,
    check_name,
    check_single_script,
    computer_name,
    same_name,
)
from motamot.service.rooms.outcomes import Refusal

_DIGEST = re.compile(r"[0-9a-f]{64}")


@dataclass
class Seat:
    """Somebody in the room: a person (`level` None) or a computer player."""

    seat: str
    name: str
    level: str | None
    present: bool = True
    ready: bool = False
    secret_digest: str | None = None
    #: The lasting player linked to a person's seat (SeatTaken.player).
    player: str | None = None
    #: Removed by the host (SeatRemoved): the seat never sits again (docs/rules.md, P1).
    removed: bool = False
    #: Taken (or taken back) by an account signed in (SeatTaken.account; F1).
    account: bool = False
    #: Its kin marks, in a rated room (SeatTaken.marks; R6).
    marks: tuple[str, ...] = ()

    @property
    def is_bot(self) -> bool:
        return self.level is not None


def digest_refusal(digest: str) -> Refusal | None:
    return None if _DIGEST.fullmatch(digest) else Refusal("bad_secret")


def name_refusal(name: str, reserved: str, taken: Iterable[str]) -> Refusal | None:
    """Why `name` cannot sit (unfit for a record, mixing scripts, or taken whatever its
    case, or by a name it looks like), or None."""
    try:
        check_single_script(check_name(name, reserved))
    except PlayerNameError as error:
        # the error's own fields (the character at fault...) travel as text, for its words
        fields = {key: str(value) for key, value in error.fields.items()}
        return Refusal("bad_name", {**fields, "reason": error.code})
    if any(same_name(other, name) for other in taken):
        return Refusal("name_taken", {"name": name})
    return None


def free_bot_name(taken: Iterable[str]) -> str:
    """A computer player's name: the first French first name not taken (`names`)."""
    return computer_name(taken)


def anonymous_name(taken: Iterable[str]) -> str:
    """`Anonyme 1`, `Anonyme 2`... the first not taken (a deleted account's seats)."""
    used = {name.casefold() for name in taken}
    number = 1
    while f"anonyme {number}" in used:
        number += 1
    return f"Anonyme {number}"


def next_seat(count: int) -> str:
    """The id of the seat after `count` seats."""
    return f"s{count + 1}"
