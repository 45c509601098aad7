"""How a duplicate Topword room plays: the ruleset, the word list, the turn clock."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

import msgspec

from motamot.service.rooms.settings import Bound, SettingsError, check_bounds
from motamot.topword.tiles import DEFAULT_RULESET, Ruleset, get_ruleset

#: D3: the turn clock a live duplicate plays with unless the host says otherwise.
DEFAULT_TURN_SECONDS = 180.0


class DuplicateSettings(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The ruleset, the word list and the pace (a clock per turn, or self-paced)."""

    BOUNDS: ClassVar[Mapping[str, Bound]] = {
        "turn_seconds": Bound(5, 3600, "bad_turn_clock"),
    }

    ruleset: str = DEFAULT_RULESET.name
    #: A dictionary name; None: the ruleset's.
    dictionary: str | None = None
    #: Seconds each turn lasts for everybody; None: self-paced, the host ends each turn.
    turn_seconds: float | None = DEFAULT_TURN_SECONDS
    #: « Rejouer ce tirage »: the seed of a game played again (fixed in advance, never
    #: shown before the end), and the room that played it (its id: every player is told).
    seed: int | None = None
    origin: str | None = None

    def rules(self) -> Ruleset:
        try:
            return get_ruleset(self.ruleset)
        except KeyError as error:
            raise SettingsError("unknown_ruleset", detail=str(error)) from None

    @property
    def dictionary_name(self) -> str:
        return self.dictionary if self.dictionary is not None else self.rules().dictionary

    def check(self) -> None:
        self.rules()
        check_bounds(self)
