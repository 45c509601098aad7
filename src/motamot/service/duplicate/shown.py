"""What a seat is shown of a duplicate room, declared: the view and each event as shown.

The rack is public (everybody plays it); a player's move is their own until the turn
ends; the seed waits for the game's end. Tiles are shown by label (`Qu`).
"""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec import UNSET, UnsetType

from motamot.service.duplicate.events import DECISIONS
from motamot.service.rooms.shown import ChatView, SeatView, Shown, shared_types
from motamot.service.topword.shown import BoardView

Rack = list[str]


class SettingsShown(msgspec.Struct, forbid_unknown_fields=True):
    ruleset: str
    dictionary: str
    #: Seconds each turn lasts for everybody (null: self-paced, the host ends it).
    turn_seconds: float | None
    #: The draw was chosen in advance (a game played again: every player is told, and
    #: where from: `origin`); the seed itself waits for the end.
    chosen_draw: bool
    #: The room whose draw this one plays again.
    origin: str | None
    #: D7: the creator arbitrates (does not play); D8: the pause between live turns;
    #: D9: the solo bonus (0: none).
    arbiter: bool
    pause_seconds: float
    solo_bonus: int
    #: D10: the numbered game it plays (« partie n° 12 »), if any; D12: its club's series.
    number: int | None
    series: str | None


class StartedShown(Shown, tag="duplicate.started"):
    at: float
    #: Shown once the game is over.
    seed: str | UnsetType = UNSET


class TurnStartedShown(Shown, tag="duplicate.turn_started"):
    number: int
    rack: Rack
    redraws: int
    deadline: float | None
    at: float
    #: Tiles left in the pile once the rack was dealt.
    pile: int


class SubmittedShown(Shown, tag="duplicate.submitted"):
    """A player's move came in: its text to its author only, until the turn ends."""

    seat: str
    at: float
    move: str | UnsetType = UNSET
    #: D7: the arbiter's seat when the arbiter entered it (a paper slip).
    by: str | UnsetType = UNSET


class Score(msgspec.Struct, forbid_unknown_fields=True):
    """A player's points for a turn, and why none (a refusal code; "" for a legal move)."""

    seat: str
    points: int
    reason: str
    #: The word or cell at fault (T20; "" for none).
    detail: str


class TurnEndedShown(Shown, tag="duplicate.turn_ended"):
    """The top laid for everybody, every player's points, the totals and the board."""

    number: int
    top: str | None
    top_points: int
    scores: list[Score]
    #: The seats whose move scored as much as the top.
    found_by: list[str]
    #: Each player's total after the turn, and the tops' total.
    totals: dict[str, int]
    top_total: int
    board: BoardView
    at: float
    #: Each player's move, once the turn is over (by seat).
    moves: dict[str, str]
    #: The rack's tiles the top did not use (none after a rack with no move: D5), and
    #: the pile then.
    rack: Rack
    pile: int
    #: D8: when the next rack is dealt (null: at once, or none comes).
    next_at: float | None
    #: D9: the solo bonus given (by seat: the one player alone on the top).
    bonuses: dict[str, int]


class EndedShown(Shown, tag="duplicate.ended"):
    reason: str
    at: float
    #: The game's seed, public now (« rejouer ce tirage »).
    seed: str
    #: D7: the arbiter who ended it, and why.
    by: str | UnsetType = UNSET
    why: str | UnsetType = UNSET


class Decision(msgspec.Struct, forbid_unknown_fields=True):
    """D7: one of the arbiter's decisions, as the match sheet lists it."""

    seq: int
    #: clock_paused, clock_resumed, time_added, turn_cancelled, turn_replayed,
    #: score_corrected, excluded, reinstated, paper_seated, ended.
    what: str
    by: str
    reason: str
    at: float
    #: The turn it was taken in or about (0: before the game).
    turn: int
    seat: str | None = None
    points: int | None = None
    was: int | None = None
    seconds: int | None = None


class DecidedShown(Shown, tag="duplicate.decided"):
    """D7: the arbiter decided (the page asks for the room again: decisions are rare)."""

    decision: Decision


class Standing(msgspec.Struct, forbid_unknown_fields=True):
    """D6: a player's total, its gap to the tops' total (−37), its share of it."""

    seat: str
    total: int
    gap: int
    percent: float
    rank: int


class SheetTurn(msgspec.Struct, forbid_unknown_fields=True):
    """A turn of the sheet: the rack, the top, who found it, and this seat's own move."""

    number: int
    rack: Rack
    top: str | None
    top_points: int
    found_by: list[str]
    move: str | UnsetType = UNSET
    points: int | UnsetType = UNSET
    reason: str | UnsetType = UNSET
    #: The word or cell at fault in this seat's refused move.
    detail: str | UnsetType = UNSET
    #: D7: why the arbiter corrected this seat's points.
    corrected: str | UnsetType = UNSET
    #: D9: this seat's solo bonus for the turn.
    bonus: int | UnsetType = UNSET


class GameView(msgspec.Struct, forbid_unknown_fields=True):
    turn: int
    rack: Rack
    board: BoardView
    deadline: float | None
    pile: int
    #: Seats that have submitted a move this turn (never the moves: D3).
    submitted: list[str]
    #: This seat's move this turn, if it sent one.
    my_move: str | None
    top_total: int
    standings: list[Standing]
    sheet: list[SheetTurn]
    finished: bool
    #: D7: the seconds left while the arbiter has paused the clock (null: it runs).
    paused_left: float | None
    #: D8: when the next rack is dealt, during the pause between turns.
    next_at: float | None
    end_reason: str | UnsetType = UNSET
    seed: str | UnsetType = UNSET


class DuplicateView(msgspec.Struct, tag_field="kind", tag="duplicate", forbid_unknown_fields=True):
    """The whole duplicate room as one seat sees it."""

    room: str
    seq: int
    you: str | None
    host: str | None
    settings: SettingsShown
    seats: list[SeatView]
    game: GameView | None
    chat: ChatView
    #: D7: the arbiter's seat (null: the creator plays), the players on paper, those
    #: excluded, and the arbiter's decisions (the match sheet's notes).
    arbiter: str | None
    paper: list[str]
    excluded: list[str]
    decisions: list[Decision]


#: D7: every decision of the arbiter is shown as one `duplicate.decided`.
SHOWN_AS = {str(event.__struct_config__.tag): "duplicate.decided" for event in DECISIONS}

#: Every event a duplicate room's sockets carry, as shown.
SHOWN: tuple[Any, ...] = (
    *shared_types(SettingsShown),
    StartedShown,
    TurnStartedShown,
    SubmittedShown,
    TurnEndedShown,
    EndedShown,
    DecidedShown,
)
