"""Playing Boggle live: what a writer is told at once, seats, seeds, judged rounds.

Live feedback uses the same referee as the final judgement; with
`verify_at_end` the dictionary verdict waits for the end of the round, like
the paper game (only length and path are told at once). The room
(`boggle_room`) and the terminal's match (`boggle_local`) share these.
"""

from __future__ import annotations

from dataclasses import dataclass

from motamot.boggle.bots import BotLevel
from motamot.boggle.referee import Verdict, WordReason
from motamot.boggle.round import RoundResult
from motamot.boggle.rules import BoggleRules
from motamot.boggle.solve import SolvedWord

#: B12 [choice]: the refusals a writer is told at once when the dictionary waits for the
#: end of the round: the text, its length, its path.
TOLD_AT_ONCE = frozenset({WordReason.INVALID_CHARACTERS, WordReason.TOO_SHORT, WordReason.NO_PATH})


def instant_feedback(verdict: Verdict, verify_at_end: bool) -> Verdict:
    """What the writer is told at once of a word the referee judged `verdict` (the referee
    judges it again at the end): the verdict itself, or with the dictionary checked at the
    end, its length and path only. The referee looks at the path before the dictionary
    (B12), so its reason is the one the results give."""
    if not verify_at_end or verdict.reason in TOLD_AT_ONCE:
        return verdict
    return Verdict(verdict.input, verdict.word or "", False, pending=True)


@dataclass(frozen=True)
class Player:
    """A seat at the table: the human (`level` None) or a computer player."""

    name: str
    level: BotLevel | None = None


def round_seed(seed: int, number: int) -> int:
    """Round `number` (from 1) of a match started with `seed` uses seed + number - 1."""
    return seed + number - 1


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the computer player in `seat` for a round rolled from `seed`."""
    return seed * 7 + 1000 + seat


@dataclass(frozen=True)
class RoundOutcome:
    """A judged round and the words the human did not find (best first)."""

    result: RoundResult
    missed: tuple[SolvedWord, ...]
    all_words: int


def default_dictionary(rules: BoggleRules) -> str:
    """The word list that goes with a preset's dice: English dice, English words."""
    return "en" if rules.name.endswith("-en") else "fr"
