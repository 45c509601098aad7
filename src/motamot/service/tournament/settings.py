"""How a tournament runs: its name, start, format, cap and check-in, and its games' settings.

The director chooses them at creation; they do not change once it has started. The
bounds of every number are here once (`BOUNDS`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

import msgspec

from motamot.boggle.rules import DEFAULT_PRESET
from motamot.service.boggle.settings import preset_rules
from motamot.service.rooms.settings import Bound, SettingsError, check_bounds
from motamot.service.topword.settings import DAY_SECONDS
from motamot.service.tournament.robin import MAX_PLAYERS
from motamot.topword.tiles import DEFAULT_RULESET, get_ruleset

#: The most players of a Swiss, and of a Boggle arena (its rounds' rooms seat as many).
MAX_SWISS, MAX_ARENA = 512, 20_000
#: The formats, by game: a Swiss or a round robin at Topword tables, a Boggle arena.
FORMATS: Mapping[str, str] = {"swiss": "topword", "robin": "topword", "arena": "boggle"}


class TournamentSettings(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A tournament as its director set it up."""

    BOUNDS: ClassVar[Mapping[str, Bound]] = {
        "starts_at": Bound(0, 2**40),
        "rounds": Bound(1, 20),
        "cap": Bound(2, MAX_ARENA),
        "check_in_seconds": Bound(0, DAY_SECONDS),
        "gap_seconds": Bound(0, 3600),
        "no_show_seconds": Bound(10, 7 * DAY_SECONDS),
        "bot_seconds": Bound(0, 60, "bad_bot_clock"),
        "turn_seconds": Bound(5, 14 * DAY_SECONDS, "bad_turn_clock"),
        "round_seconds": Bound(30, 3600, "bad_duration"),
    }

    name: str
    #: Referee time it starts (epoch seconds), unless the director starts it early.
    starts_at: float
    format: str = "swiss"
    #: Rounds of a Swiss or an arena (a round robin has as many as its players need).
    rounds: int = 3
    #: The most players registered at once.
    cap: int = 64
    #: The check-in opens this long before the start; a registered player who has not
    #: checked in by then is left out (0: no check-in, everybody registered plays).
    check_in_seconds: float = 0.0
    #: Between a round's pairing and its start: the director may re-pair it meanwhile.
    gap_seconds: float = 30.0
    #: A player not at their table this long after the round starts forfeits (K8).
    no_show_seconds: float = 300.0
    #: Topword tables: their ruleset and their clock (seconds a move; a day or more is
    #: by correspondence).
    ruleset: str = DEFAULT_RULESET.name
    turn_seconds: float = 120.0
    #: A computer player's move at a table lasts at least this long (it looks like thinking).
    bot_seconds: float = 1.0
    #: Boggle arena: the preset and each round's length.
    preset: str = DEFAULT_PRESET
    round_seconds: float = 180.0
    #: Whether its games are rated (R1: accounts and computer players only, as always here).
    rated: bool = False
    #: Listed in the lobby.
    public: bool = True

    @property
    def game(self) -> str:
        return FORMATS.get(self.format, "")

    @property
    def dictionary_name(self) -> None:
        """None: the tournament plays no word itself; its tables load their own."""
        return None

    @property
    def live(self) -> bool:
        return self.game == "boggle" or self.turn_seconds < DAY_SECONDS

    def check(self) -> None:
        """SettingsError unless the tournament can be run."""
        if self.format not in FORMATS:
            raise SettingsError("bad_setting", detail=f"format {self.format!r}")
        if not 1 <= len(self.name.strip()) <= 60:
            raise SettingsError("bad_setting", detail="name: 1 to 60 characters")
        if self.format == "swiss" and self.cap > MAX_SWISS:
            raise SettingsError("bad_setting", detail=f"a Swiss takes {MAX_SWISS} at most")
        if self.format == "robin" and self.cap > MAX_PLAYERS:
            raise SettingsError("bad_setting", detail=f"a round robin takes {MAX_PLAYERS} at most")
        check_bounds(self)
        try:
            get_ruleset(self.ruleset)
        except KeyError as error:
            raise SettingsError("unknown_ruleset", detail=str(error)) from None
        preset_rules(self.preset, {"duration_seconds": self.round_seconds})
