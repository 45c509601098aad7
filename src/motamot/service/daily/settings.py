"""One day's grid of one preset: which preset, which day, its seed, how long a play lasts.

A daily room is a room whose settings the server derives (`schedule`), never a player:
the preset and its word list, the day (an ISO date, UTC), the seed of the day's grid
(derived from the server's secret, G1) and the seconds each play lasts (G3).
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import ClassVar

import msgspec

from motamot.boggle.rules import DEFAULT_PRESET, BoggleRules
from motamot.service.boggle.settings import preset_dictionary, preset_rules
from motamot.service.rooms.settings import Bound, SettingsError, check_bounds

#: Seconds a play lasts, at least and at most (G3: 180 s on a server).
MIN_PLAY, MAX_PLAY = 5, 3600


class DailySettings(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The grid of `day` for `preset`: rolled from `seed`, played `seconds` by each."""

    BOUNDS: ClassVar[Mapping[str, Bound]] = {
        "seconds": Bound(MIN_PLAY, MAX_PLAY, "bad_duration"),
        "seed": Bound(0, 2**63 - 1),
    }

    #: The day, as an ISO date (2026-12-01).
    day: str
    seed: int
    preset: str = DEFAULT_PRESET
    #: A dictionary name; None: the preset's language.
    dictionary: str | None = None
    seconds: float = 180.0
    #: The day's public list ranks every play, not accounts only (docs/rules.md, F1:
    #: `motamot serve --open-rankings`).
    open_rankings: bool = False

    def rules(self) -> BoggleRules:
        """The preset's rules, for `seconds`; SettingsError for an unknown preset."""
        return preset_rules(self.preset, {"duration_seconds": self.seconds})

    @property
    def date(self) -> datetime.date:
        return datetime.date.fromisoformat(self.day)

    @property
    def dictionary_name(self) -> str:
        return preset_dictionary(self.preset, self.dictionary)

    def check(self) -> None:
        check_bounds(self)
        try:
            datetime.date.fromisoformat(self.day)
        except ValueError:
            raise SettingsError("bad_setting", detail=f"day {self.day!r}") from None
        self.rules()
