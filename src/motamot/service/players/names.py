"""Account names: 3 to 20 characters, unique ignoring case and accents, a few reserved.

A name is checked as every player name is (`motamot.names`: no control, format or bidi
character, no separator, no blank around it), then kept to letters, digits, blanks and
`-_.'`. Two names are the same account when their keys are equal: NFKD, accents
(combining marks) dropped, casefolded (`Ana`, `ANA` and `Àna` are one name).
"""

from __future__ import annotations

import unicodedata
from typing import ClassVar

from motamot.errors import CodedError
from motamot.names import PlayerNameError, check_name

MIN_LENGTH = 3
MAX_LENGTH = 20
#: Punctuation a name may hold besides letters, digits and blanks.
ALLOWED_PUNCTUATION = "-_.'"
#: Names nobody may take (their keys): they would pass for the site or its staff.
RESERVED = frozenset(
    {
        "admin",
        "administrateur",
        "administrator",
        "moderateur",
        "moderator",
        "modo",
        "motamot",
        "root",
        "system",
        "systeme",
        "support",
        "anonyme",
        "anonymous",
        "bot",
        "robot",
        "ordinateur",
        "computer",
    }
)


class AccountNameError(CodedError, ValueError):
    """An account name refused, and why."""

    TEMPLATES: ClassVar[dict[str, str]] = {
        "length": "an account name has {low} to {high} characters",
        "character": "an account name holds letters, digits, blanks and {allowed} only",
        "unfit": "{detail}",
        "reserved": "the name {name!r} is reserved",
    }


def name_key(name: str) -> str:
    """What two account names are compared by: no accents, no case (`Àna` → `ana`)."""
    decomposed = unicodedata.normalize("NFKD", name)
    bare = "".join(char for char in decomposed if not unicodedata.combining(char))
    return unicodedata.normalize("NFKC", bare).casefold()


def check_account_name(name: str) -> str:
    """`name` if it may be an account's (its key is what must be unique); else why not."""
    if not MIN_LENGTH <= len(name) <= MAX_LENGTH:
        raise AccountNameError("length", low=MIN_LENGTH, high=MAX_LENGTH)
    try:
        check_name(name)
    except PlayerNameError as error:
        raise AccountNameError("unfit", detail=str(error)) from None
    for char in name:
        if not (char.isalnum() or char == " " or char in ALLOWED_PUNCTUATION):
            raise AccountNameError("character", allowed=" ".join(ALLOWED_PUNCTUATION))
    key = name_key(name)
    if key in RESERVED or key.replace(" ", "") in RESERVED:
        raise AccountNameError("reserved", name=name)
    return name
