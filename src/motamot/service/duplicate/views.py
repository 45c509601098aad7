"""What each seat of a duplicate room may see: the one place that decides it.

Everybody sees the board, the common rack, the clock and who has submitted; a player's
move is shown to them alone until the turn ends (D3), then to everybody with its points;
the seed (the pile's order) waits for the end. Standings follow D6: the total, the gap to
the tops' total, the share of it; ties share a rank.
"""

from __future__ import annotations

from typing import Any, Protocol

from msgspec import UNSET

from motamot.service.duplicate.events import (
    ClockPaused,
    Decided,
    DuplicateEnded,
    DuplicateStarted,
    MoveSubmitted,
    TurnEnded,
    TurnStarted,
)
from motamot.service.duplicate.settings import DuplicateSettings
from motamot.service.duplicate.shown import (
    DecidedShown,
    Decision,
    DuplicateView,
    EndedShown,
    GameView,
    Score,
    SettingsShown,
    SheetTurn,
    Standing,
    StartedShown,
    SubmittedShown,
    TurnEndedShown,
    TurnStartedShown,
)
from motamot.service.rooms.chat import Chat
from motamot.service.rooms.events import Event
from motamot.service.rooms.seating import Seat
from motamot.service.rooms.shown import (
    Hidden,
    Shown,
    chat_view,
    plain,
    seat_view,
    shared_shown,
)
from motamot.service.topword.shown import BoardView
from motamot.topword.duplicate import DuplicateGame, percent
from motamot.topword.tiles import tile_label


class TurnRecord(Protocol):
    number: int
    rack: tuple[str, ...]
    pile: int
    top: str | None
    top_points: int
    moves: dict[str, str]
    scores: dict[str, tuple[int, str]]
    details: dict[str, str]
    ended: bool
    board: tuple[str, tuple[str, ...], tuple[int, ...]]
    totals: dict[str, int]
    top_total: int
    left: tuple[str, ...]
    pile_left: int
    corrected: dict[str, str]
    bonuses: dict[str, int]
    #: D7: the seq of its last cancel or replay (an end before it was taken back).
    replayed_seq: int
    #: What this module built once for every seat (a turn's end; each move as the
    #: others see it while the turn runs).
    shown_end: dict[str, Any] | None
    shown_moves: dict[int, dict[str, Any]]

    @property
    def found_by(self) -> list[str]: ...


class DuplicateRoom(Protocol):
    """What the views read of a duplicate room (`room.DuplicateRoom`), and nothing else."""

    room_id: str
    last_seq: int
    seats: dict[str, Seat]
    settings: DuplicateSettings
    game: DuplicateGame | None
    started: DuplicateStarted | None
    ended: DuplicateEnded | None
    deadline: float | None
    totals: dict[str, int]
    top_total: int
    chat: Chat

    @property
    def host(self) -> str | None: ...

    @property
    def public(self) -> bool: ...

    @property
    def turns(self) -> list[Any]: ...

    @property
    def turn(self) -> Any: ...

    def turn_of(self, seq: int) -> Any: ...

    @property
    def arbiter(self) -> str | None: ...

    paused_left: float | None
    next_at: float | None
    excluded: set[str]
    paper: set[str]
    decisions: list[Decided | DuplicateEnded]


def _labels(tiles: tuple[str, ...] | list[str]) -> list[str]:
    return [tile_label(tile) for tile in tiles]


def settings_shown(settings: DuplicateSettings) -> SettingsShown:
    return SettingsShown(
        settings.ruleset,
        settings.dictionary_name,
        settings.turn_seconds,
        settings.seed is not None,
        settings.origin,
        settings.arbiter,
        settings.pause_seconds,
        settings.solo_bonus,
        settings.number,
        settings.series,
    )


def visible(room: DuplicateRoom, event: Event, seat: str | None) -> dict[str, Any] | None:
    """`event` as `seat` may see it now. What every seat sees alike is one object (a
    turn's end; a move as its author's 500 rivals see it before the end), so the server
    encodes it once for all of them."""
    if isinstance(event, TurnEnded):
        turn = _turn(room, event.number)
        if turn.replayed_seq > event.seq:  # D7: an end taken back (the turn played again)
            return plain(Hidden(event.seq))
        if turn.shown_end is None:
            turn.shown_end = plain(_turn_ended(room, event))
        return turn.shown_end
    if isinstance(event, MoveSubmitted) and not _author(event, seat):
        running: TurnRecord | None = room.turn_of(event.seq)
        if running is not None and not running.ended:
            known = running.shown_moves.get(event.seq)
            if known is None:
                known = running.shown_moves[event.seq] = plain(shown(room, event, None))
            return known
    return plain(shown(room, event, seat))


def _author(event: MoveSubmitted, seat: str | None) -> bool:
    """Whether `seat` wrote the move: its player, or the arbiter who entered it (D7)."""
    return seat is not None and (seat == event.seat or seat == event.by)


def _turn(room: DuplicateRoom, number: int) -> TurnRecord:
    return room.turns[number - 1]  # type: ignore[no-any-return]


def shown(room: DuplicateRoom, event: Event, seat: str | None) -> Shown:
    match event:
        case DuplicateStarted():
            over = room.ended is not None
            return StartedShown(event.seq, event.at, str(event.seed) if over else UNSET)
        case TurnStarted():
            rack = _labels(event.rack)
            pile = _turn(room, event.number).pile
            return TurnStartedShown(
                event.seq, event.number, rack, event.redraws, event.deadline, event.at, pile
            )
        case MoveSubmitted():
            turn = room.turn_of(event.seq)
            ended = turn is not None and turn.ended
            shown_to = _author(event, seat)
            move = event.move if shown_to or ended else UNSET
            by = event.by if event.by is not None else UNSET
            return SubmittedShown(event.seq, event.seat, event.at, move, by)
        case TurnEnded():
            return _turn_ended(room, event)
        case DuplicateEnded():
            assert room.started is not None
            ended = EndedShown(event.seq, event.reason, event.at, str(room.started.seed))
            if event.by is not None:
                ended.by, ended.why = event.by, event.why
            return ended
        case Decided():
            return DecidedShown(event.seq, decision(room, event))
    return shared_shown(event, settings_shown, room.host) or Hidden(event.seq)


def _turn_ended(room: DuplicateRoom, event: TurnEnded) -> TurnEndedShown:
    turn = _turn(room, event.number)
    position, tops, heights = turn.board
    scores = [
        Score(seat, points, reason, turn.details.get(seat, ""))
        for seat, points, reason in event.scores
    ]
    return TurnEndedShown(
        event.seq,
        event.number,
        event.top,
        event.top_points,
        scores,
        turn.found_by,
        dict(turn.totals),
        turn.top_total,
        BoardView(position, _labels(tops), list(heights)),
        event.at,
        dict(turn.moves),
        _labels(turn.left),
        turn.pile_left,
        event.next_at,
        dict(event.bonuses),
    )


def _best_first(item: tuple[int, str]) -> tuple[int, str]:
    total, seat = item
    return -total, seat


def decision(room: DuplicateRoom, event: Decided | DuplicateEnded) -> Decision:
    """D7: a decision of the arbiter as the match sheet lists it."""
    turn = room.turn_of(event.seq)
    number = turn.number if turn is not None else 0
    if isinstance(event, DuplicateEnded):
        return Decision(event.seq, "ended", event.by or "", event.why, event.at, number)
    what = type(event).__struct_config__.tag
    assert isinstance(what, str)
    line = Decision(
        event.seq, what.removeprefix("duplicate."), event.by, event.reason, event.at, number
    )
    for name in ("seat", "points", "was", "seconds"):
        setattr(line, name, getattr(event, name, None))
    if isinstance(event, ClockPaused):
        line.seconds = round(event.left)
    number = getattr(event, "turn", None)
    if number is not None:
        line.turn = number
    return line


def players(room: DuplicateRoom) -> list[str]:
    """D7: who is ranked: every seated person but the arbiter and those excluded."""
    return [
        s.seat
        for s in room.seats.values()
        if not s.is_bot and s.seat != room.arbiter and s.seat not in room.excluded
    ]


def standings(room: DuplicateRoom) -> list[Standing]:
    """D6: every player's total, gap and share of the tops' total; ties share a rank."""
    people = players(room)
    totals = sorted(
        ((room.totals.get(seat, 0), seat) for seat in people), key=lambda t: (-t[0], t[1])
    )
    out: list[Standing] = []
    for position, (total, seat) in enumerate(totals):
        rank = out[-1].rank if out and out[-1].total == total else position + 1
        out.append(
            Standing(seat, total, total - room.top_total, percent(total, room.top_total), rank)
        )
    return out


def _sheet(room: DuplicateRoom, seat: str | None) -> list[SheetTurn]:
    sheet = []
    for turn in room.turns:
        if not turn.ended:
            continue
        line = SheetTurn(turn.number, _labels(turn.rack), turn.top, turn.top_points, turn.found_by)
        if seat is not None:
            line.move = turn.moves.get(seat, UNSET)
            points, reason = turn.scores.get(seat, (0, "no_move"))
            line.points, line.reason = points, reason
            if seat in turn.details:
                line.detail = turn.details[seat]
            if seat in turn.corrected:
                line.corrected = turn.corrected[seat]
            if seat in turn.bonuses:
                line.bonus = turn.bonuses[seat]
        sheet.append(line)
    return sheet


def game_view(room: DuplicateRoom, seat: str | None) -> GameView | None:
    game = room.game
    if game is None or room.started is None:
        return None
    turn = room.turn
    board = game.board
    data = GameView(
        game.turn,
        _labels(game.rack),
        BoardView(board.position(), _labels(board.tops), list(board.heights)),
        room.deadline,
        len(game.bag),
        sorted(turn.moves) if turn is not None else [],
        turn.moves.get(seat) if turn is not None and seat is not None else None,
        room.top_total,
        standings(room),
        _sheet(room, seat),
        room.ended is not None,
        room.paused_left,
        room.next_at,
    )
    if room.ended is not None:
        data.end_reason = room.ended.reason
        data.seed = str(room.started.seed)
    return data


def view(room: DuplicateRoom, seat: str | None) -> dict[str, Any]:
    """The whole room as `seat` may see it (None: a spectator)."""
    return plain(room_view(room, seat))


def room_view(room: DuplicateRoom, seat: str | None) -> DuplicateView:
    return DuplicateView(
        room.room_id,
        room.last_seq,
        seat,
        room.host,
        settings_shown(room.settings),
        [seat_view(one) for one in room.seats.values()],
        game_view(room, seat),
        chat_view(room.chat, room.public),
        room.arbiter,
        sorted(room.paper),
        sorted(room.excluded),
        [decision(room, event) for event in room.decisions],
    )
