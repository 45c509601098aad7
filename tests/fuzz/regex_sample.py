"""A string that fullmatches a schema's pattern, drawn from a seeded random: the fuzzers'
valid values for patterns that are more than one character class (`^s[1-9][0-9]{0,5}$`).

It walks Python's own parse of the pattern; the operations the schemas use are known,
and an unknown one fails loudly so that a new schema teaches it here."""

from __future__ import annotations

import random
import re
import string
from re import _constants as c  # type: ignore[attr-defined]
from re import _parser as parser  # type: ignore[attr-defined]
from typing import Any

_CATEGORIES = {
    c.CATEGORY_DIGIT: string.digits,
    c.CATEGORY_WORD: string.ascii_letters + string.digits + "_",
    c.CATEGORY_SPACE: " ",
}
_EXTRA_REPEATS = 3  # an open-ended repeat ({2,}, +, *) draws up to this many more


def regex_sample(pattern: str, rng: random.Random) -> str:
    """A string that `re.fullmatch(pattern, ...)` accepts."""
    text = "".join(_walk(parser.parse(pattern), rng))
    assert re.fullmatch(pattern, text), (pattern, text)
    return text


def _walk(items: Any, rng: random.Random) -> list[str]:
    out: list[str] = []
    for op, arg in items:
        if op is c.LITERAL:
            out.append(chr(arg))
        elif op is c.IN:
            out.append(rng.choice(_choices(arg)))
        elif op is c.ANY:
            out.append(rng.choice(string.ascii_letters))
        elif op in (c.MAX_REPEAT, c.MIN_REPEAT, c.POSSESSIVE_REPEAT):
            low, high, sub = arg
            high = low + _EXTRA_REPEATS if high is c.MAXREPEAT else high
            for _ in range(rng.randint(low, high)):
                out += _walk(sub, rng)
        elif op is c.SUBPATTERN:
            out += _walk(arg[-1], rng)
        elif op is c.BRANCH:
            out += _walk(rng.choice(arg[1]), rng)
        elif op is c.AT:
            continue  # ^ $ \A \Z: nothing to write
        else:
            raise AssertionError(f"regex_sample: teach it {op}")
    return out


def _choices(items: Any) -> list[str]:
    choices: list[str] = []
    for op, arg in items:
        if op is c.LITERAL:
            choices.append(chr(arg))
        elif op is c.RANGE:
            choices += [chr(code) for code in range(arg[0], arg[1] + 1)]
        elif op is c.CATEGORY and arg in _CATEGORIES:
            choices += _CATEGORIES[arg]
        else:
            raise AssertionError(f"regex_sample: teach it the class item {op} {arg}")
    return choices
