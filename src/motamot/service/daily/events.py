"""The events of a daily room: a player's play started and ended, and Boggle's own
word written (`boggle.word_written`, the same class, judged by the same code).

Each player plays alone against the server's clock (G3): their play starts when they
ask, its deadline is stored with it (a reload, a restart, another process find it),
and it ends at that deadline or when they say they are done.
"""

from __future__ import annotations

from motamot.service.boggle.events import WordWritten
from motamot.service.rooms.events import Event


class PlayStarted(Event, frozen=True, tag="daily.play_started"):
    """`seat` starts its play at `at`; its words count until `deadline` (G3). `ranked`:
    started on the grid's own day (G4), so it counts in the day's ranking."""

    seat: str
    at: float
    deadline: float
    ranked: bool


class PlayEnded(Event, frozen=True, tag="daily.play_ended"):
    """`seat`'s play is over: at its deadline (`at` is the deadline, however late the
    tick), or earlier when the player said they were done."""

    seat: str
    at: float


EVENTS = (PlayStarted, WordWritten, PlayEnded)
