"""One player's play of a day's grid, as the room folds it: its clock, words, verdicts."""

from __future__ import annotations

from dataclasses import dataclass

from motamot.boggle.referee import Feedback
from motamot.service.boggle.pace import TooFast, too_fast
from motamot.service.boggle.rounds import RoundState


@dataclass
class Play:
    """A seat's play: started at `start`, over at `deadline` or when `ended_at` says;
    its words and their instant verdicts in Boggle's round state (one player's)."""

    seat: str
    start: float
    deadline: float
    ranked: bool
    state: RoundState
    ended_at: float | None = None
    #: Why the play is out of the day's field though ranked (docs/rules.md, F2, F4):
    #: `second_play`, `too_fast`; None: it counts.
    aside: str | None = None
    #: Its words came faster than people type (F4): the evidence, judged when it ended.
    fast: TooFast | None = None

    @property
    def running(self) -> bool:
        return self.ended_at is None

    def accepted(self) -> list[str]:
        """The words of the grid found (folded), in the order written."""
        state = self.state
        found: list[str] = []
        for word in state.words.get(self.seat, ()):
            verdict = state.verdict(word)
            if verdict.feedback is Feedback.ACCEPTED and verdict.word is not None:
                found.append(verdict.word)
        return found

    def end(self, at: float, seq: int) -> None:
        """The play is over at `at` (event `seq`): its pace judged from its words' times."""
        self.ended_at = self.state.ended_at = at
        self.state.ended_seq = seq
        self.fast = too_fast([word.at for word in self.state.words.get(self.seat, ())])
        if self.fast is not None and self.aside is None:
            self.aside = "too_fast"

    def points_of(self, word: str) -> int:
        """The points `word` (folded) scored in this play (0: not accepted)."""
        state = self.state
        for written in state.words.get(self.seat, ()):
            verdict = state.verdict(written)
            if verdict.feedback is Feedback.ACCEPTED and verdict.word == word:
                return verdict.points
        return 0

    @property
    def found(self) -> int:
        return len(self.accepted())

    @property
    def score(self) -> int:
        """The sum of the accepted words' points (nothing is crossed out alone: B15)."""
        state = self.state
        return sum(
            state.verdict(word).points
            for word in state.words.get(self.seat, ())
            if state.verdict(word).feedback is Feedback.ACCEPTED
        )
