"""What every kind's settings share: one error, and the bounds of each number, declared once.

A settings type lists its numbers' bounds in `BOUNDS` (a table of data): the service
checks them (`check_bounds`), the server's API schema reads them (`bounded`), and the
page's form takes its `min` and `max` from them, so a bound is written in one place.
Stored events are not held to today's bounds: a room created under older bounds still
loads; only new settings are checked.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Protocol

import msgspec

from motamot.errors import CodedError


class SettingsError(CodedError):
    """Settings a room cannot be played with; the code is the refusal's."""

    TEMPLATES: ClassVar[Mapping[str, str]] = {
        code: "{detail}"
        for code in (
            "unknown_preset",
            "unknown_ruleset",
            "unknown_level",
            "bad_rules",
            "bad_match",
            "bad_duration",
            "bad_turn_clock",
            "bad_bot_clock",
            "bad_scoreless_limit",
            "bad_setting",
        )
    }


@dataclass(frozen=True)
class Bound:
    """The range a number of the settings must be in (both ends included)."""

    low: float
    high: float
    #: The refusal's code when it is out of range.
    code: str = "bad_setting"

    def holds(self, value: float) -> bool:
        return math.isfinite(value) and self.low <= value <= self.high


class Bounded(Protocol):
    BOUNDS: ClassVar[Mapping[str, Bound]]


def check_bounds(settings: Bounded) -> None:
    """SettingsError for the first number out of its bound (None means unset: allowed)."""
    for name, bound in settings.BOUNDS.items():
        value = getattr(settings, name)
        if value is not None and not bound.holds(value):
            raise SettingsError(
                bound.code, detail=f"{name} {value} not in {bound.low}-{bound.high}"
            )


def bounded(settings: type[Bounded], name: str, kind: type[int] | type[float]) -> Any:
    """The type of setting `name` with its bound, for a request schema (msgspec checks it)."""
    bound = settings.BOUNDS[name]
    low, high = (int(bound.low), int(bound.high)) if kind is int else (bound.low, bound.high)
    return Annotated[kind, msgspec.Meta(ge=low, le=high)]
