"""What a seat is shown of a Topword room, declared: the view and each event as shown.

`views` decides what each seat may see and builds these; the server sends them as they
are (docs/protocol.md lists every field). Tiles are shown by label (`Qu` for the Qu
tile); the seed travels as a string (63-bit: a browser's JSON numbers hold 53 bits).
"""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec import UNSET, UnsetType

from motamot.service.rooms.shown import ChatView, SeatView, Shown, shared_types
from motamot.wire.topword import VerdictJson

#: The game's seed, as a string of digits (it gives the pile's order and every rack).
Seed = str
#: Tiles by label, in rack order.
Rack = list[str]


class SettingsShown(msgspec.Struct, forbid_unknown_fields=True):
    """The table's settings, the word list named."""

    ruleset: str
    dictionary: str
    #: Seconds a person has for a turn (null: no clock).
    turn_seconds: float | None
    bot_seconds: float
    scoreless_limit: int | None
    hints: bool
    #: The seats kept for people at creation besides the host's (shown waiting).
    seats_kept: int = 0
    #: Listed in the lobby (`/salon`) for strangers to join.
    public: bool = False
    #: T23: how many may sit at the table, the host among them.
    seats: int = 4


class ScoreShown(VerdictJson, kw_only=True):
    """A move's itemised score (the `topword score` shape) and the cells it covered."""

    #: The cells a tile was put on, by name (`5E`).
    placed: list[str]
    #: How the words are written, where not as folded: ARETES → [ARÊTES].
    written: dict[str, list[str]] | UnsetType = UNSET


class BoardView(msgspec.Struct, forbid_unknown_fields=True):
    """The board: each cell's top tile and its stack's height."""

    #: The position in the record's notation.
    position: str
    #: Each cell's top tile by label ("" for none), row by row (cell = row * 10 + column).
    tops: list[str]
    #: Each cell's stack height.
    heights: list[int]


class GameStartedShown(Shown, tag="topword.game_started"):
    """The game starts: the playing order, the draws for who starts (T3), the empty board
    and the pile."""

    #: The seats in playing order before the draw.
    order: list[str]
    #: T3: each draw for who starts, as [seat, tile] pairs; ties draw again.
    start_draws: list[list[list[str]]]
    starter: str
    at: float
    #: The seat to play (the starter).
    current: str
    #: When the person to play passes by themselves (null: no clock, or a bot plays).
    turn_deadline: float | None
    board: BoardView
    #: Tiles left in the pile.
    pile: int
    rack_sizes: dict[str, int]
    #: Shown once the game is over.
    seed: Seed | UnsetType = UNSET
    #: This seat's rack (a player's only).
    rack: Rack | UnsetType = UNSET


class PlacedTile(msgspec.Struct, forbid_unknown_fields=True):
    """A tile a move put down: its cell (row * 10 + column), the tile, the stack's new height."""

    cell: int
    tile: str
    height: int


class TurnShown(Shown):
    """A turn played (a move, an exchange or a pass) and the game after it."""

    seat: str
    at: float
    #: The mover's score after the turn.
    total: int
    #: The seat to play next (null: the game is over).
    current: str | None
    #: When the person to play next passes by themselves (null: no clock, or a bot plays).
    turn_deadline: float | None
    #: Tiles left in the pile.
    pile: int
    rack_sizes: dict[str, int]


class PlayedShown(TurnShown, tag="topword.played"):
    """A move played, with its itemised score for everybody."""

    move: str
    points: int
    #: The tiles it put down.
    tiles: list[PlacedTile]
    score: ScoreShown | UnsetType = UNSET
    #: The mover's rack after the move (the mover's only).
    rack: Rack | UnsetType = UNSET


class ExchangedShown(TurnShown, tag="topword.exchanged"):
    """A tile put back and another drawn (T17)."""

    #: The tile put back: its owner's only, until the game ends.
    tile: str | UnsetType = UNSET
    rack: Rack | UnsetType = UNSET


class PassedShown(TurnShown, tag="topword.passed"):
    """A turn passed (chosen, or the clock ran out)."""

    #: The turn clock ran out.
    timed_out: bool = False
    rack: Rack | UnsetType = UNSET


class ResignedShown(TurnShown, tag="topword.resigned"):
    """T21: the seat left the game on its turn; its tiles are set aside (out of play), its
    score stays as it was, it wins nothing; the others play on."""

    #: The mover's rack after it: empty (the mover's only).
    rack: Rack | UnsetType = UNSET


class TurnView(msgspec.Struct, forbid_unknown_fields=True):
    """One turn played: who, what, and the points."""

    seat: str
    #: play, exchange or pass.
    action: str
    points: int
    #: The mover's score after the turn.
    total: int
    move: str | UnsetType = UNSET
    score: ScoreShown | UnsetType = UNSET
    #: The tile an exchange put back (its owner's only, until the game ends).
    tile: str | UnsetType = UNSET
    #: T22: a pass because the turn's clock ran out (only then: true).
    timed_out: bool | UnsetType = UNSET


class GameEndedShown(Shown, tag="topword.game_ended"):
    """The game is over: why, the final scores, the winners, and what was hidden till now."""

    reason: str
    #: Final scores (after the T19 penalties), in playing order.
    scores: list[int]
    winners: list[str]
    #: Each seat's final score, its T19 penalty and the rack it was left with.
    final_scores: dict[str, int]
    penalties: dict[str, int]
    racks: dict[str, Rack]
    seed: Seed
    #: Every turn, now that the tiles exchanges put back are shown to everybody.
    turns: list[TurnView]


class RematchOfferedShown(Shown, tag="topword.rematch_offered"):
    """Once the game is over, `seat` opened a new table with the same seats and settings:
    its players' link's room part (`/r/<link>`)."""

    seat: str
    link: str
    at: float


class GameView(msgspec.Struct, forbid_unknown_fields=True):
    """The game as one seat sees it (its own rack only, until the end)."""

    order: list[str]
    start_draws: list[list[list[str]]]
    starter: str
    #: The seat to play (null once the game is over).
    current: str | None
    #: The number of the turn being played (from 1).
    turn: int
    #: When the person to play passes by themselves (null: no clock, or a bot plays).
    turn_deadline: float | None
    board: BoardView
    #: Tiles left in the pile.
    pile: int
    rack_sizes: dict[str, int]
    scores: dict[str, int]
    turns: list[TurnView]
    finished: bool
    #: This seat's rack (a player's only).
    rack: Rack | UnsetType = UNSET
    # --- once the game is over
    end_reason: str | UnsetType = UNSET
    final_scores: dict[str, int] | UnsetType = UNSET
    penalties: dict[str, int] | UnsetType = UNSET
    winners: list[str] | UnsetType = UNSET
    seed: Seed | UnsetType = UNSET
    racks: dict[str, Rack] | UnsetType = UNSET


class TopwordView(msgspec.Struct, tag_field="kind", tag="topword", forbid_unknown_fields=True):
    """The whole table as one seat sees it."""

    room: str
    seq: int
    #: This socket's seat (null: a spectator).
    you: str | None
    host: str | None
    settings: SettingsShown
    seats: list[SeatView]
    #: The game, once started.
    game: GameView | None
    chat: ChatView
    #: The rematch a player opened once the game was over: its players' link's room part.
    rematch: str | None = None


#: Every event a Topword room's sockets carry, as shown.
SHOWN: tuple[Any, ...] = (
    *shared_types(SettingsShown),
    GameStartedShown,
    PlayedShown,
    ExchangedShown,
    PassedShown,
    ResignedShown,
    GameEndedShown,
    RematchOfferedShown,
)
