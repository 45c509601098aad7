"""What both Topword records read the same way (a game's, `topword.record`; a duplicate's,
`topword.duplicate_record`): the header's `KEY: value` lines, each key under its French
or English names and given once, the seed and the ruleset they name; digits read by hand;
a long text cut short for a message.

Each record raises its own error class (so a caller catches the record it reads); the
codes raised here (`unknown_line`, `repeated_key`, `missing_key`, `bad_seed`,
`unknown_ruleset`) are in both classes' TEMPLATES.
"""

from __future__ import annotations

from collections.abc import Mapping

from motamot.errors import CodedError
from motamot.seeds import parse_seed
from motamot.topword.tiles import RULESETS, Ruleset, get_ruleset

#: The header keys both records know, by every name they take → the key.
COMMON_KEYS: Mapping[str, str] = {
    "seed": "seed",
    "graine": "seed",
    "ruleset": "ruleset",
    "regles": "ruleset",
    "règles": "ruleset",
    "dictionary": "dictionary",
    "dictionnaire": "dictionary",
    "players": "players",
    "joueurs": "players",
    "end": "end",
    "final": "final",
}
#: The ruleset of a record that names none.
DEFAULT_RULESET = "topword-fr"


def excerpt(text: str, limit: int = 60) -> str:
    """The start of an over-long text, for a message."""
    return text if len(text) <= limit else text[:limit] + "…"


def leading_digits(text: str) -> int:
    """How many ASCII digits `text` starts with (`str.isdigit` also takes `²` and `٣`)."""
    count = 0
    for char in text:
        if not "0" <= char <= "9":
            break
        count += 1
    return count


def is_digits(text: str) -> bool:
    """ASCII digits only, at least one."""
    return bool(text) and leading_digits(text) == len(text)


class Header:
    """A record's header lines: each key's line number and value (stripped), as read."""

    def __init__(self, keys: Mapping[str, str], error: type[CodedError]) -> None:
        self.keys = keys
        self.error = error
        self.lines: dict[str, tuple[int, str]] = {}

    def read(self, number: int, line: str, raw: str) -> str:
        """Take the `KEY: value` line `line` (comment removed; `raw` as written) and say
        which key it gives; the error if the key is unknown or given already."""
        key, colon, value = line.partition(":")
        canonical = self.keys.get(key.strip().lower())
        if not colon or canonical is None:
            raise self.error("unknown_line", line=number, text=excerpt(raw.strip()))
        if canonical in self.lines:
            raise self.error("repeated_key", line=number, key=canonical)
        self.lines[canonical] = (number, value.strip())
        return canonical

    def __contains__(self, key: str) -> bool:
        return key in self.lines

    def __getitem__(self, key: str) -> tuple[int, str]:
        return self.lines[key]

    def get(self, key: str) -> str | None:
        """The key's value, or None if the record does not give it."""
        return self.lines[key][1] if key in self.lines else None

    def require(self, *keys: str) -> None:
        for needed in keys:
            if needed not in self.lines:
                raise self.error("missing_key", key=needed)

    def seed(self) -> int:
        """The `seed:` line's seed (the line is required)."""
        at, text = self.lines["seed"]
        seed = parse_seed(text)
        if seed is None:
            raise self.error("bad_seed", line=at, seed=excerpt(text))
        return seed

    def rules(self) -> Ruleset:
        """The ruleset the record names (its names compare without case), or the default."""
        at, name = self.lines.get("ruleset", (0, DEFAULT_RULESET))
        if name.strip().lower() not in RULESETS:
            known = ", ".join(RULESETS)
            raise self.error("unknown_ruleset", line=at, name=excerpt(name), known=known)
        return get_ruleset(name)

    def dictionary(self, rules: Ruleset) -> str:
        """The word list the record names, or the ruleset's."""
        return self.lines.get("dictionary", (0, rules.dictionary))[1]
