"""How a duplicate Topword room plays: the ruleset, the word list, the turn clock."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import ClassVar

from motamot.service.rooms.settings import Bound, SettingsError
from motamot.service.topword.settings import RulesetSettings

#: D12: a club's series, named by a slug (`club-de-lyon`).
SERIES = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")

#: D3: the turn clock a live duplicate plays with unless the host says otherwise.
DEFAULT_TURN_SECONDS = 180.0


class DuplicateSettings(RulesetSettings, frozen=True, forbid_unknown_fields=True):
    """The ruleset, the word list and the pace (a clock per turn, or self-paced)."""

    BOUNDS: ClassVar[Mapping[str, Bound]] = {
        "turn_seconds": Bound(5, 3600, "bad_turn_clock"),
        "pause_seconds": Bound(0, 600, "bad_turn_clock"),
        "solo_bonus": Bound(0, 100, "bad_setting"),
        "number": Bound(1, 999_999, "bad_setting"),
    }

    #: Seconds each turn lasts for everybody; None: self-paced, the host ends each turn.
    turn_seconds: float | None = DEFAULT_TURN_SECONDS
    #: « Rejouer ce tirage »: the seed of a game played again (fixed in advance, never
    #: shown before the end), and the room that played it (its id: every player is told).
    seed: int | None = None
    origin: str | None = None
    #: D7: the creator arbitrates (seat s1 does not play: the arbiter's decisions,
    #: `service.duplicate.arbiter`); False: the creator plays and hosts.
    arbiter: bool = False
    #: D8: seconds between a live turn's end and the next rack (the top and the standings
    #: read on every screen); 0: the next rack at once.
    pause_seconds: float = 0.0
    #: D9: the points a player alone on a turn's top gets besides (0: no solo bonus).
    solo_bonus: int = 0
    #: D10: the numbered game this room plays (« partie n° 12 »: its draws are `seed`'s).
    number: int | None = None
    #: D12: the club's series this evening counts in (its table: `/api/duplicate/serie/`).
    series: str | None = None

    def check(self) -> None:
        """The ruleset's and the bounds' checks, and a series' name."""
        super().check()
        if self.series is not None and not SERIES.fullmatch(self.series):
            raise SettingsError("bad_setting", detail=f"series {self.series!r}")
