"""How a Topword room plays: the ruleset, the word list, the clocks.

The bounds of every number are here once (`BOUNDS`): the room checks them, the server's
form and API schema read them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

import msgspec

from motamot.service.rooms.settings import Bound, SettingsError, check_bounds
from motamot.topword.tiles import DEFAULT_RULESET, Ruleset, get_ruleset

#: A day: from a day per move on, a table is by correspondence (« 1 jour par coup »).
DAY_SECONDS = 86_400
#: The live clocks the create form offers (seconds per move; longer is by correspondence).
LIVE_TURN = Bound(5, 3600, "bad_turn_clock")
#: The days per move the create form offers by correspondence (none: no clock at all).
CORRESPONDENCE_DAYS = (1, 3, 7)


class RulesetSettings(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What every room played on the Topword engine chooses first (a Topword table, a
    duplicate): its ruleset and word list. A subclass adds its fields after these and
    its numbers' `BOUNDS`."""

    BOUNDS: ClassVar[Mapping[str, Bound]] = {}

    ruleset: str = DEFAULT_RULESET.name
    #: A dictionary name; None: the ruleset's.
    dictionary: str | None = None

    def rules(self) -> Ruleset:
        try:
            return get_ruleset(self.ruleset)
        except KeyError as error:
            raise SettingsError("unknown_ruleset", detail=str(error)) from None

    @property
    def dictionary_name(self) -> str:
        return self.dictionary if self.dictionary is not None else self.rules().dictionary

    def check(self) -> None:
        """SettingsError unless the ruleset is known and every number is in its bound."""
        self.rules()
        check_bounds(self)


class TopwordSettings(RulesetSettings, frozen=True, forbid_unknown_fields=True):
    """The ruleset, the word list, the clocks."""

    BOUNDS: ClassVar[Mapping[str, Bound]] = {
        # from 5 s a move live to 14 days a move by correspondence: the one bound
        "turn_seconds": Bound(5, 14 * DAY_SECONDS, "bad_turn_clock"),
        "bot_seconds": Bound(0, 60, "bad_bot_clock"),
        "scoreless_limit": Bound(2, 1000, "bad_scoreless_limit"),
        "seats": Bound(2, 4, "bad_seats"),
        "timeouts_to_resign": Bound(1, 100, "bad_setting"),
    }

    #: Seconds a person has for a turn before it passes by itself (a day or more: by
    #: correspondence); None: no clock.
    turn_seconds: float | None = None
    #: A computer player's turn lasts at least this long (it looks like thinking).
    bot_seconds: float = 1.0
    #: [choice] T22: a person whose clock runs out on this many turns of theirs in a row
    #: resigns (T21) at the last (a timeout is no pass of T18 (3)).
    timeouts_to_resign: int = 3
    #: [choice] The game also ends after this many scoreless turns in a row (online games).
    scoreless_limit: int | None = None
    #: [choice] Players may ask for hints during the game (the host allows it at creation).
    hints: bool = False
    #: [choice] « Classée »: the game rates its players (chosen at creation; only
    #: accounts and computer players sit: docs/rules.md, R1).
    rated: bool = False
    #: [choice] « Publique »: listed in the lobby for strangers to join (their talk is
    #: then set phrases only); the host may open or close the room to the public.
    public: bool = False
    #: The seats kept for people at creation besides the host's: shown waiting for a
    #: player until somebody sits (the start says who is still awaited).
    seats_kept: int = 0
    #: T23: the table's seats, the host's among them, as set up at creation (places left
    #: at « aucune » are not seats); None: the ruleset's most (tables made before).
    seats: int | None = None
    #: The tournament whose board this table plays (its room id; None: none): any
    #: process's tournament keeper finds its tables again from their stored settings.
    tournament: str | None = None

    def seat_count(self) -> int:
        """How many may sit at the table (T23)."""
        most = self.rules().max_players
        return most if self.seats is None else min(self.seats, most)

    def check(self) -> None:
        """As every ruleset's settings, and the seats within the ruleset's players."""
        super().check()
        rules = self.rules()
        if self.seats is not None and not rules.min_players <= self.seats <= rules.max_players:
            raise SettingsError(
                "bad_seats",
                detail=f"seats {self.seats} not in {rules.min_players}-{rules.max_players}",
            )
