"""The events of a Topword room besides the shared ones: the start and every turn.

The seed fixes the pile, the draw for who starts (T3) and every rack; it is stored in
GameStarted and shown to nobody until the game ends. The start draws are stored too
(they are public, T3), as the engine draws them. The tags are stored: they never change.
"""

from __future__ import annotations

from motamot.service.rooms.events import Event


class GameStarted(Event, frozen=True, tag="topword.game_started"):
    #: Hidden until the game ends: it gives the pile's order and every rack.
    seed: int
    #: The seats in playing order before the draw (the engine's player order).
    order: tuple[str, ...]
    #: T3: each draw for who starts, as (seat, tile) pairs; ties draw again.
    start_draws: tuple[tuple[tuple[str, str], ...], ...]
    starter: str
    at: float


class Played(Event, frozen=True, tag="topword.played"):
    seat: str
    move: str
    points: int
    at: float
    #: The key the page sent the action with (`rooms.keys`: sent again, it is played once).
    key: str | None = None


class Exchanged(Event, frozen=True, tag="topword.exchanged"):
    seat: str
    #: The tile put back: only its owner sees it.
    tile: str
    at: float
    key: str | None = None


class Passed(Event, frozen=True, tag="topword.passed"):
    seat: str
    at: float
    #: The turn clock ran out (the pass was not chosen).
    timed_out: bool = False
    key: str | None = None


class Resigned(Event, frozen=True, tag="topword.resigned"):
    """T21: the seat left the game on its turn (its tiles set aside, its score as it was);
    P1: or the host removed it from the table, whoever was to play."""

    seat: str
    at: float
    key: str | None = None


class GameEnded(Event, frozen=True, tag="topword.game_ended"):
    reason: str
    #: Final scores (after T19 penalties) in `order`.
    scores: tuple[int, ...]
    winners: tuple[str, ...]


class RematchOffered(Event, frozen=True, tag="topword.rematch_offered"):
    """Once the game is over, a player opened a new table with the same seats and
    settings (`link`: its players' link's room part): the others are shown the way in."""

    seat: str
    link: str
    at: float


EVENTS = (GameStarted, Played, Exchanged, Passed, Resigned, GameEnded, RematchOffered)
#: The events that are a turn (the engine's Turn of each is kept by seq).
TURNS = (Played, Exchanged, Passed, Resigned)

#: What this kind stored before the rooms shared their vocabulary.
LEGACY_TAGS = {
    "topword.table_created": "room.created",
    "topword.settings_changed": "room.settings_changed",
    "topword.player_seated": "room.seat_taken",
    "topword.bot_seated": "room.seat_taken",
    "topword.seat_left": "room.seat_left",
}
