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


class PlayAdopted(Event, frozen=True, tag="daily.play_adopted"):
    """`seat`'s play, made by a browser before it signed in, is now the account
    `player`'s: its one play of the day (docs/rules.md, F2), listed under its name."""

    seat: str
    player: str


class PlaySetAside(Event, frozen=True, tag="daily.play_set_aside"):
    """`seat`'s play leaves the day's field (F2): `reason` `second_play`, a browser's
    play made before it signed in to an account that has a play of its own."""

    seat: str
    reason: str


EVENTS = (PlayStarted, WordWritten, PlayEnded, PlayAdopted, PlaySetAside)
