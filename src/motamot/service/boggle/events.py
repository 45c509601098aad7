"""The events of a Boggle room besides the shared ones: the rounds and every word written.

Times (`at`, `start`, `deadline`) are referee times (epoch seconds). Seeds are chosen by
the host; the room derives everything else from them (the grid is stored too, so a
record reads without rolling dice). The tags are stored: they never change.
"""

from __future__ import annotations

from motamot.service.rooms.events import Event


class RoundStarted(Event, frozen=True, tag="boggle.round_started"):
    number: int
    #: Hidden until the round ends: it gives the bots' words in advance.
    seed: int
    grid: str
    start: float
    deadline: float


class WordWritten(Event, frozen=True, tag="boggle.word_written"):
    seat: str
    text: str
    at: float
    #: The key the page sent the word with (`rooms.keys`: a word sent again is written
    #: once); None: a computer player's, or sent without one.
    key: str | None = None


class RoundEnded(Event, frozen=True, tag="boggle.round_ended"):
    number: int
    at: float
    #: The host stopped it before the deadline.
    stopped: bool = False


class MatchEnded(Event, frozen=True, tag="boggle.match_ended"):
    #: The winning seats (B14).
    winners: tuple[str, ...]


class MatchReset(Event, frozen=True, tag="boggle.match_reset"):
    """A new match in the same room: scores back to zero, same seats."""


EVENTS = (RoundStarted, WordWritten, RoundEnded, MatchEnded, MatchReset)

#: What this kind stored before the rooms shared their vocabulary.
LEGACY_TAGS = {
    "boggle.room_created": "room.created",
    "boggle.settings_changed": "room.settings_changed",
    "boggle.player_joined": "room.seat_taken",
    "boggle.bot_added": "room.seat_taken",
    "boggle.player_left": "room.seat_left",
    "boggle.bot_removed": "room.seat_left",
    "boggle.ready_changed": "room.ready_changed",
}
