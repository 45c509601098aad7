"""A yes-or-no setting as a record writes it (`exchange_is_pass: yes`), in either language."""

from __future__ import annotations

_YES = {"yes", "true", "oui", "vrai", "1"}
_NO = {"no", "false", "non", "faux", "0"}


def parse_yes_no(text: str) -> bool | None:
    """True for yes, False for no, None for anything else."""
    word = text.strip().lower()
    return True if word in _YES else False if word in _NO else None


def yes_no(value: bool) -> str:
    """How a record writes the setting."""
    return "yes" if value else "no"
