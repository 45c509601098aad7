"""One player's play of a day's grid, as the room folds it: its clock, words, verdicts."""

from __future__ import annotations

from dataclasses import dataclass

from motamot.service.boggle.feedback import Feedback
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
