"""One round of an arena: which preset it plays, its place in the schedule, its seed.

An arena round is a room whose settings the schedule fixes (`schedule`), never a
player: the preset and word list, the round's number, when it starts, how long it
lasts and how long its results stay up before the next one. The seed is derived from
the server's secret by the schedule, stored here so the room can roll its grid when its
time comes, and never shown before the round is over.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

import msgspec

from motamot.boggle.rules import DEFAULT_PRESET, BoggleRules
from motamot.service.boggle.settings import preset_dictionary, preset_rules
from motamot.service.rooms.settings import Bound, check_bounds

#: Seconds: the shortest and longest round and results an arena may have.
MIN_ROUND, MAX_ROUND = 5, 3600
MAX_PAUSE = 600


class ArenaSettings(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A round of the arena of `preset`: the `number`-th of its schedule."""

    BOUNDS: ClassVar[Mapping[str, Bound]] = {
        "number": Bound(0, 2**53 - 1),
        "start": Bound(0, 2**40),
        "seconds": Bound(MIN_ROUND, MAX_ROUND, "bad_duration"),
        "pause": Bound(1, MAX_PAUSE, "bad_duration"),
        "seed": Bound(0, 2**63 - 1),
    }

    number: int
    #: Referee time the round starts (epoch seconds); its deadline is `seconds` later.
    start: float
    seed: int
    preset: str = DEFAULT_PRESET
    #: A dictionary name; None: the preset's language.
    dictionary: str | None = None
    #: How long the round lasts (the preset's own: 180 s for the classic game).
    seconds: float = 180.0
    #: How long its results stay up before the next round starts.
    pause: float = 35.0
    #: The round's public list ranks every player, not accounts only (docs/rules.md, F1:
    #: `motamot serve --open-rankings`).
    open_rankings: bool = False
    #: A Boggle tournament's round (its room id; None: the public arena's schedule): the
    #: tournament's keeper scores it when it ends, and its page links back there.
    tournament: str | None = None

    def rules(self) -> BoggleRules:
        """The preset's rules, for `seconds`; SettingsError for an unknown preset."""
        return preset_rules(self.preset, {"duration_seconds": self.seconds})

    @property
    def deadline(self) -> float:
        return self.start + self.seconds

    @property
    def next_start(self) -> float:
        """When the next round of the arena starts (this one's results are shown until)."""
        return self.start + self.seconds + self.pause

    @property
    def dictionary_name(self) -> str:
        return preset_dictionary(self.preset, self.dictionary)

    def check(self) -> None:
        check_bounds(self)
        self.rules()
