"""How a Boggle room plays: the preset and its overrides, the word list, the match.

The bounds of every number are here once (`BOUNDS`): the room checks them, the server's
form and API schema read them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import ClassVar

import msgspec

from motamot.boggle.grid import Grid, GridError, parse_grid
from motamot.boggle.match import MatchError, MatchFormat
from motamot.boggle.rules import DEFAULT_PRESET, BoggleRules, get_preset
from motamot.service.rooms.settings import Bound, SettingsError, check_bounds


class BoggleSettings(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The rules preset and its overrides, the word list, the match."""

    BOUNDS: ClassVar[Mapping[str, Bound]] = {
        "duration": Bound(1, 3600, "bad_duration"),
        "min_length": Bound(1, 36, "bad_rules"),
        "invalid_penalty": Bound(0, 100, "bad_rules"),
        "rounds": Bound(1, 1000, "bad_match"),
        "target": Bound(1, 100_000, "bad_match"),
    }

    preset: str = DEFAULT_PRESET
    #: A dictionary name for `load_lexicon`; None: the preset's language.
    dictionary: str | None = None
    #: Seconds per round; None: the preset's.
    duration: float | None = None
    min_length: int | None = None
    invalid_penalty: int = 0
    #: B10 [choice]: a word written at exactly the deadline counts; None: the preset's.
    word_at_deadline_counts: bool | None = None
    #: The dictionary verdict waits for the end of the round (only length and path are told).
    verify_at_end: bool = False
    rounds: int | None = 1
    target: int | None = None
    extra_round_on_tie: bool = True
    #: Seeds of the match's first rounds, fixed in advance (a grid played again later).
    seeds: tuple[int, ...] = ()
    #: The room whose grid this one plays again, to compare with its players.
    origin: str | None = None
    #: [choice] « Classée »: each match rates its players (chosen at creation; only
    #: accounts and computer players sit: docs/rules.md, R1).
    rated: bool = False
    #: [choice] « Publique »: listed in the lobby for strangers to join (their talk is
    #: then set phrases only); the host may open or close the room to the public.
    public: bool = False
    #: « Grille de la boîte »: the grid a group rolled with the real dice, typed (text
    #: form); every round plays it until the host types the next one. Never rated.
    box_grid: str | None = None
    #: B17 « Un compteur tape les listes »: in a box room, each round waits after the
    #: hourglass for the host to type the paper lists (and to close them).
    box_scorer: bool = False

    def rules(self) -> BoggleRules:
        """The preset with the overrides; SettingsError if they do not make rules."""
        changes: dict[str, object] = {"invalid_penalty": self.invalid_penalty}
        if self.duration is not None:
            changes["duration_seconds"] = self.duration
        if self.min_length is not None:
            changes["min_length"] = self.min_length
        if self.word_at_deadline_counts is not None:
            changes["word_at_deadline_counts"] = self.word_at_deadline_counts
        return preset_rules(self.preset, changes)

    def match(self) -> MatchFormat:
        try:
            return MatchFormat(self.rounds, self.target, self.extra_round_on_tie)
        except MatchError as error:
            raise SettingsError("bad_match", detail=str(error)) from None

    @property
    def dictionary_name(self) -> str:
        """The word list: the one chosen, or the preset's language (English dice, English words)."""
        return preset_dictionary(self.preset, self.dictionary)

    def check(self) -> None:
        """SettingsError unless every number is in its bound and rules and match are sound."""
        check_bounds(self)
        rules = self.rules()
        self.match()
        if self.box_grid is not None:
            box_grid(self.box_grid, rules.size)
            if self.rated:
                raise SettingsError("bad_setting", detail="a box's grid is never rated")
        elif self.box_scorer:
            raise SettingsError("bad_setting", detail="a scorer types lists in a box room only")


def box_grid(text: str, size: int) -> Grid:
    """The typed grid of the box; SettingsError unless a grid of the rules' size."""
    try:
        grid = parse_grid(text)
    except GridError as error:
        raise SettingsError("bad_grid", detail=str(error)) from None
    if grid.size != size:
        raise SettingsError("bad_grid", detail=f"a {size}x{size} grid, not {grid.size}x{grid.size}")
    return grid


def preset_rules(preset: str, changes: Mapping[str, object]) -> BoggleRules:
    """A preset by name with some of its fields changed; SettingsError for an unknown
    preset or changes that do not make rules."""
    try:
        base = get_preset(preset)
    except ValueError as error:
        raise SettingsError("unknown_preset", detail=str(error)) from None
    try:
        return dataclasses.replace(base, **changes)  # type: ignore[arg-type]
    except ValueError as error:
        raise SettingsError("bad_rules", detail=str(error)) from None


def preset_dictionary(preset: str, chosen: str | None) -> str:
    """The word list: the one chosen, or the preset's language (English dice, English words)."""
    if chosen is not None:
        return chosen
    return "en" if preset.endswith("-en") else "fr"
