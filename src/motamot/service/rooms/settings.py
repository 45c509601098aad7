"""What every kind's settings share: one error, and the bounds of each number, declared once.

A settings type lists its numbers' bounds in `BOUNDS` (a table of data): the service
checks them (`check_bounds`), the server's API schema reads them (`bounded`), and the
page's form takes its `min` and `max` from them, so a bound is written in one place.
Stored events are not held to today's bounds: a room created under older bounds still
loads; only new settings are checked.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Protocol, TypeVar

import msgspec

from motamot.errors import CodedError
from motamot.service.rooms.outcomes import Refusal


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
            "bad_seats",
            "bad_setting",
            "bad_grid",
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


class RoomSettings(Protocol):
    """What the actor needs of a kind's settings."""

    @property
    def dictionary_name(self) -> str | None:
        """The word list the room plays with (None: a game without words)."""
        ...

    def check(self) -> None:
        """SettingsError unless the settings can be played."""
        ...


def settings_refusal(settings: RoomSettings, lexicons: Callable[[str], object]) -> Refusal | None:
    """Why these settings cannot be played (their checks, their word list: `lexicons`
    loads it by name), or None."""
    try:
        settings.check()
        if settings.dictionary_name is not None:
            lexicons(settings.dictionary_name)
    except SettingsError as error:
        return Refusal(error.code, {"detail": str(error)})
    except (LookupError, ValueError, OSError) as error:
        return Refusal("unknown_dictionary", {"detail": str(error)})
    return None


T = TypeVar("T")


def pin_dictionary(settings: T, lexicons: object) -> T:
    """The settings naming the version of their word list that new games get now
    (`lexicon.changes`: `fr+3`), when `lexicons` keeps versions (the server's shelf);
    stored so, they keep that list for the room's life, whatever changes after (W1)."""
    current: Callable[[str], str] | None = getattr(lexicons, "current", None)
    if current is None or not hasattr(settings, "dictionary"):
        return settings
    try:  # settings not checked yet: the room's creation says what is wrong with them
        name: str | None = getattr(settings, "dictionary_name", None)
    except (SettingsError, LookupError, ValueError):
        return settings
    if name is None:
        return settings
    pinned = current(name)
    if pinned == name:  # (settings without a version name the list alone: `fr`)
        return settings
    return msgspec.structs.replace(settings, dictionary=pinned)  # type: ignore[type-var]
