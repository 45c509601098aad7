"""Seeds: whole numbers that fix a game's randomness, written in records and file names.

Bounded so that a seed always fits a file name and a record line (a
300-digit `--seed` made a save name too long; `int()` refuses 4,301 digits).
"""

from __future__ import annotations

#: Most digits a seed may have (`secrets.randbelow(2**63)` gives at most 19).
MAX_SEED_DIGITS = 20


def parse_seed(text: str) -> int | None:
    """The seed `text` writes (ASCII digits, an optional sign, blanks around), or None."""
    body = text.strip()
    digits = body[1:] if body[:1] in ("-", "+") else body
    if not digits or len(digits) > MAX_SEED_DIGITS or not all("0" <= c <= "9" for c in digits):
        return None
    return int(body)
