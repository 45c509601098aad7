"""The word lists this server offers: the only ones a client may name."""

from __future__ import annotations

from motamot.lexicon.registry import BUILTIN_DICTIONARIES, registered_names


def offered() -> list[str]:
    """The built-in lists and those the operator compiled with `motamot dict build`."""
    return [
        *BUILTIN_DICTIONARIES,
        *(name for name in registered_names() if name not in BUILTIN_DICTIONARIES),
    ]
