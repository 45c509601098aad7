"""The events of an arena round: Boggle's own round events, and the sessions carried in.

A round of the arena is a Boggle round (`boggle.round_started`, `boggle.word_written`,
`boggle.round_ended`: the same facts, the same classes, folded by the same code), and
one fact of its own: the running totals of the round before, carried in so that each
player's session (the rounds they played in a row, A4) goes on.
"""

from __future__ import annotations

from motamot.service.boggle.events import RoundEnded, RoundStarted, WordWritten
from motamot.service.rooms.events import Event

#: (lasting player, session total, rounds in the session) of each player of a round.
SessionTotals = tuple[tuple[str, int, int], ...]


class SessionsCarried(Event, frozen=True, tag="arena.sessions_carried"):
    """The sessions of the players of the round before, as that round's results left
    them (A4): given once, by the system, before this round ends."""

    totals: SessionTotals


EVENTS = (RoundStarted, WordWritten, RoundEnded, SessionsCarried)
