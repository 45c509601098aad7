"""What a ranked play leaves for the player's profile: a game of one place, whose family
names the day (`daily/2026-12-01`), so that the profile can count the days played in a
row (G9). Unranked plays (a past day's grid) leave nothing: they make no streak."""

from __future__ import annotations

from typing import Protocol

from motamot.service.daily.plays import Play
from motamot.service.daily.settings import DailySettings
from motamot.service.rooms.results import GameOutcome, Place, PlaceFigures
from motamot.service.rooms.seating import Seat

#: The family of every daily outcome starts so; the day follows (never rated).
FAMILY = "daily/"


class DailyRoom(Protocol):
    room_id: str
    settings: DailySettings
    seats: dict[str, Seat]
    plays: dict[str, Play]

    def rank_of(self, score: int) -> int: ...


def play_outcome(room: DailyRoom, seat_id: str, seq: int, at: float) -> GameOutcome | None:
    """The ranked play of `seat_id`, ended at `at` (event `seq`: its end, or its adoption
    by an account, F2), with its rank then (None: unranked)."""
    play = room.plays[seat_id]
    if not play.ranked:
        return None
    score = play.score
    seat = room.seats[seat_id]
    found = play.accepted()
    # the best word as Boggle's tally picks it: most points, then first alphabetically
    points, best = min(((-play.points_of(word), word) for word in found), default=(0, ""))
    figures = PlaceFigures(
        rounds=1,
        words=len(found),
        best_round=score,
        points=score,
        longest_word=max(found, key=lambda word: (len(word), word), default=""),
        best_word=best,
        best_word_points=-points,
    )
    place = Place(seat.seat, seat.name, seat.player, None, score, room.rank_of(score), figures)
    return GameOutcome(
        "daily",
        room.room_id,
        seq,
        at,
        room.settings.preset,
        FAMILY + room.settings.day,
        False,
        (place,),
    )
