"""Boggle rulesets as data (B1, B6, B8, B10, B12) and the presets by name."""

from __future__ import annotations

from dataclasses import dataclass

from motamot.boggle.dice import BIG, ENGLISH_CLASSIC, ENGLISH_NEW, FRENCH, SUPER_BIG, DiceSet

#: B8: (from this many letters, points), in increasing order of letters.
CLASSIC_SCORES: tuple[tuple[int, int], ...] = ((3, 1), (5, 2), (6, 3), (7, 5), (8, 11))


@dataclass(frozen=True)
class BoggleRules:
    """Everything that differs from one Boggle edition or house rule to another."""

    name: str
    size: int
    dice: DiceSet
    min_length: int = 3
    duration_seconds: int = 180
    scores: tuple[tuple[int, int], ...] = CLASSIC_SCORES
    #: B12 [choice]: points taken off per invalid word (0: off, the rulebook's way).
    invalid_penalty: int = 0
    #: B10 [choice]: a word received exactly at the deadline counts (False: it is late).
    word_at_deadline_counts: bool = True

    def __post_init__(self) -> None:
        if len(self.dice) != self.size * self.size:
            raise ValueError(
                f"{self.name}: {len(self.dice)} dice for a {self.size}x{self.size} grid"
            )
        if self.min_length < 1:
            raise ValueError(f"{self.name}: minimum length must be at least 1")
        if self.invalid_penalty < 0:
            raise ValueError(f"{self.name}: the penalty is a number of points to take off")

    def is_late(self, at: float, deadline: float | None) -> bool:
        """B10: whether a word received at `at` comes after the deadline (None: no deadline)."""
        if deadline is None:
            return False
        return at > deadline if self.word_at_deadline_counts else at >= deadline

    def points(self, letters: int) -> int:
        """B8: the score of a word of `letters` letters (Qu counts two), by the table
        alone; whether the word is long enough is the referee's business (B6)."""
        best = 0
        for threshold, value in self.scores:
            if letters >= threshold:
                best = value
        return best


CLASSIC_FR = BoggleRules("classic-fr", 4, FRENCH)
CLASSIC_EN = BoggleRules("classic-en", 4, ENGLISH_CLASSIC)
NEW_EN = BoggleRules("new-en", 4, ENGLISH_NEW)
BIG_BOGGLE = BoggleRules("big", 5, BIG, min_length=4, duration_seconds=180)
SUPER_BIG_BOGGLE = BoggleRules("super-big", 6, SUPER_BIG, min_length=4, duration_seconds=240)

PRESETS: dict[str, BoggleRules] = {
    rules.name: rules for rules in (CLASSIC_FR, CLASSIC_EN, NEW_EN, BIG_BOGGLE, SUPER_BIG_BOGGLE)
}
DEFAULT_PRESET = CLASSIC_FR.name


def get_preset(name: str) -> BoggleRules:
    """The preset called `name`; ValueError listing the known names otherwise."""
    try:
        return PRESETS[name]
    except KeyError:
        raise ValueError(f"unknown preset {name!r} (known: {', '.join(PRESETS)})") from None


def preset_for_size(size: int) -> BoggleRules:
    """The default preset for a grid of this size (4: classic-fr, 5: big, 6: super-big)."""
    for rules in PRESETS.values():
        if rules.size == size:
            return rules
    raise ValueError(f"no preset for a {size}x{size} grid")
