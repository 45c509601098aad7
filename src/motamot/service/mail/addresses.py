"""E-mail addresses a player may leave: checked strictly, since each one ends up in a
header of a mail the server sends.

Only the plain form is taken: `local@domain`, the local part a dot-atom of RFC 5322 (no
quoted strings, no comments, no blanks), the domain a host name of at least two labels
(letters, digits, hyphens; an internationalised domain as its `xn--` form), at most 254
characters in all and 64 before the `@` (RFC 5321's limits). Nothing that could end a
header (CR, LF) or start another address (`,`, `<`, `>`, `"`) can pass. The domain is
kept in lower case; the local part as typed (a server may tell its cases apart).
"""

from __future__ import annotations

import re
from typing import ClassVar

from motamot.errors import CodedError

MAX_LENGTH = 254
MAX_LOCAL = 64

_ATOM = r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+"
_LOCAL = re.compile(rf"{_ATOM}(?:\.{_ATOM})*")
_LABEL = re.compile(r"[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?")
_TOP = re.compile(r"[a-z]{2,63}|xn--[a-z0-9-]{1,59}")


class AddressError(CodedError, ValueError):
    """An address refused: `empty`, `too_long` or `bad_address`."""

    TEMPLATES: ClassVar[dict[str, str]] = {
        "empty": "the e-mail address is empty",
        "too_long": "an e-mail address has at most {limit} characters",
        "bad_address": "not an e-mail address of the form name@example.org",
    }


def check_address(text: str) -> str:
    """`text` as an address the server may write to (blanks around it dropped, its domain
    in lower case); AddressError saying why not."""
    address = text.strip()
    if not address:
        raise AddressError("empty")
    if len(address) > MAX_LENGTH:
        raise AddressError("too_long", limit=MAX_LENGTH)
    local, at, domain = address.rpartition("@")
    domain = domain.lower()
    if not at or len(local) > MAX_LOCAL or not _LOCAL.fullmatch(local):
        raise AddressError("bad_address")
    labels = domain.split(".")
    if len(labels) < 2 or not all(_LABEL.fullmatch(label) for label in labels):
        raise AddressError("bad_address")
    if not _TOP.fullmatch(labels[-1]):
        raise AddressError("bad_address")
    return f"{local}@{domain}"


#: Domains whose mailboxes ignore the dots of their local part (Gmail's), and their one
#: name: `v.ictim@googlemail.com` is `victim@gmail.com`'s mailbox.
DOTLESS = {"gmail.com": "gmail.com", "googlemail.com": "gmail.com"}


def address_key(address: str) -> str:
    """The mailbox an address reaches, as the caps count it (F15): in lower case, its
    `+tag` dropped (`victim+7@x.org` is `victim@x.org`), and for Gmail its dots too.
    Elsewhere a dot or a `-` may name another mailbox: they are kept."""
    local, _, domain = address.lower().rpartition("@")
    local = local.split("+", 1)[0]
    if domain in DOTLESS:
        local, domain = local.replace(".", ""), DOTLESS[domain]
    return f"{local}@{domain}"
