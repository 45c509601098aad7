"""A duplicate Topword room (D1-D6): 1 to 500 people play the same rack on the same board.

Seats and settings are the shared actor's. Each turn the engine deals the common rack;
every seated person may submit a move (the last one before the end of the turn counts);
the turn ends at its clock (`tick`), or, self-paced, when the host says so; then the
top is laid for everybody, each player scores their own move, and the next rack is
dealt. A move's verdict is decided when it is submitted and kept until the turn ends,
when it is stored with the top: the results never depend on a word list read later.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from motamot.lexicon import Lexicon
from motamot.service.duplicate import views
from motamot.service.duplicate.arbiter import ENDED_BY_ARBITER, Arbitrated
from motamot.service.duplicate.commands import (
    HOST_ONLY,
    ArbiterCommand,
    EndTurn,
    StartDuplicate,
    Submit,
    SubmitPlaced,
)
from motamot.service.duplicate.events import (
    Decided,
    DuplicateEnded,
    DuplicateStarted,
    MoveSubmitted,
    TurnEnded,
    TurnReplayed,
    TurnStarted,
)
from motamot.service.duplicate.results import game_outcome, record_of
from motamot.service.duplicate.settings import DuplicateSettings
from motamot.service.rooms.actor import Lexicons
from motamot.service.rooms.events import Event, RoomCreated
from motamot.service.rooms.outcomes import Refusal
from motamot.service.rooms.results import GameOutcome
from motamot.service.topword.commands import Placed
from motamot.topword.duplicate import DuplicateEnd, DuplicateGame
from motamot.topword.duplicate_record import RESERVED_IN_NAMES, format_record
from motamot.topword.move import MoveSyntaxError, format_move, parse_move
from motamot.topword.rules import Illegal, Legal, evaluate_placements

#: Players one duplicate room seats (a club, a whole tournament room).
MAX_PLAYERS = 500
#: A move's verdict: points and, for a refused move, why ("" for a legal one).
Verdict = tuple[int, str]


@dataclass
class TurnRecord:
    """A turn as it ended: the rack, the top and every submitted move's points."""

    number: int
    rack: tuple[str, ...]
    #: The seq of its TurnStarted: the moves after it (and before its end) are this turn's.
    started_seq: int = 0
    #: D7: the seq of its last TurnCancelled (0: none): the moves before it were dropped.
    replayed_seq: int = 0
    #: Tiles left in the pile once the rack was dealt.
    pile: int = 0
    top: str | None = None
    top_points: int = 0
    moves: dict[str, str] = field(default_factory=dict)
    scores: dict[str, Verdict] = field(default_factory=dict)
    #: The word or cell at fault in each refused move (T20), by seat.
    details: dict[str, str] = field(default_factory=dict)
    #: D9: the solo bonus given at its end (by seat).
    bonuses: dict[str, int] = field(default_factory=dict)
    #: D7: the points the arbiter corrected, with why (by seat).
    corrected: dict[str, str] = field(default_factory=dict)
    ended: bool = False
    #: D7: the game ended (by its arbiter) while it ran: it never counts.
    dropped: bool = False
    #: Once it ended: the board with the top laid (position, tops, heights), the rack's
    #: tiles the top left (none after a dead rack: D5) and the pile, and the totals.
    board: tuple[str, tuple[str, ...], tuple[int, ...]] = ("", (), ())
    left: tuple[str, ...] = ()
    pile_left: int = 0
    #: The views' shapes built once for every seat (`views.visible`).
    shown_end: dict[str, Any] | None = None
    shown_moves: dict[int, dict[str, Any]] = field(default_factory=dict)
    totals: dict[str, int] = field(default_factory=dict)
    top_total: int = 0

    @property
    def found_by(self) -> list[str]:
        """The seats whose move scored the top's points."""
        if not self.top_points:
            return []
        return sorted(
            seat for seat, (points, _) in self.scores.items() if points == self.top_points
        )


class DuplicateRoom(Arbitrated):
    """The actor of one duplicate game (docs/architecture.md, "Rooms")."""

    KIND = "duplicate"
    HOST_ONLY = HOST_ONLY
    #: Duplicate has no computer player and no ready step: the host starts it.
    HAS_READY = False
    #: The record's separators (`topword.duplicate_record`).
    RESERVED_IN_NAMES = RESERVED_IN_NAMES
    ENDINGS = (DuplicateEnded,)

    def __init__(self, created: RoomCreated[DuplicateSettings], lexicons: Lexicons) -> None:
        self.game: DuplicateGame | None = None
        self.started: DuplicateStarted | None = None
        self.ended: DuplicateEnded | None = None
        self.turns: list[TurnRecord] = []
        #: The current turn's deadline (None: self-paced, or no turn running).
        self.deadline: float | None = None
        #: Each move of the running turn judged once, when it came (by seat).
        self._verdicts: dict[str, Verdict] = {}
        self._details: dict[str, str] = {}
        self.totals: dict[str, int] = {}
        self.top_total = 0
        self.paused_left: float | None = None
        #: D8: when the next rack is dealt, during the pause between two turns.
        self.next_at: float | None = None
        self.excluded: set[str] = set()
        self.paper: set[str] = set()
        self.decisions: list[Decided | DuplicateEnded] = []
        super().__init__(created, lexicons)

    def _use_settings(self, settings: DuplicateSettings) -> None:
        self.ruleset = settings.rules()
        self.lexicon: Lexicon = self.lexicons(settings.dictionary_name)

    # --- derived state ------------------------------------------------------------------

    @property
    def turn(self) -> TurnRecord | None:
        """The turn being played, if one is."""
        last = self.turns[-1] if self.turns else None
        return last if last is not None and not (last.ended or last.dropped) else None

    def turn_of(self, seq: int) -> TurnRecord | None:
        """The turn that event `seq` belongs to, if any."""
        for turn in reversed(self.turns):
            if turn.started_seq <= seq:
                return turn
        return None

    def _game(self) -> DuplicateGame:
        if self.game is None:
            raise ValueError(f"room {self.room_id}: no game started")
        return self.game

    # --- what the shared actor asks -----------------------------------------------------

    def seating_closed(self) -> Refusal | None:
        return Refusal("game_started") if self.game is not None else None

    def settings_closed(self) -> Refusal | None:
        return self.seating_closed()

    def free_text_closed(self) -> Refusal | None:
        """C4: free text during a turn could give the top away."""
        return Refusal("chat_phrases_in_turn") if self.turn is not None else None

    def seat_refusal(self, bot: bool) -> Refusal | None:
        if len(self.present()) >= MAX_PLAYERS:
            return Refusal("room_full", {"max": MAX_PLAYERS})
        return None

    # --- the fold -----------------------------------------------------------------------

    def _apply_own(self, event: Event) -> None:
        match event:
            case DuplicateStarted(seed=seed):
                self.game = DuplicateGame(seed, self.ruleset, self.lexicon)
                self.started = event
            case TurnStarted(number=number, rack=rack, deadline=deadline):
                self._game().deal(rack)
                self.turns.append(TurnRecord(number, rack, event.seq))
                self.turns[-1].pile = len(self._game().bag)
                self.deadline, self.next_at, self.paused_left = deadline, None, None
                self._forget_verdicts()
            case MoveSubmitted(seat=seat, move=move):
                turn = self.turn
                assert turn is not None
                turn.moves[seat] = move
                self._verdicts.pop(seat, None)
                self._details.pop(seat, None)
            case TurnEnded():
                self._end_turn(event)
            case DuplicateEnded(reason=reason):
                if reason != ENDED_BY_ARBITER:
                    self._game().finish(DuplicateEnd(reason))
                if event.by is not None:
                    self.decisions.append(event)
                if reason == ENDED_BY_ARBITER and self.turn is not None:
                    self.turn.dropped = True  # D7: the running turn is not counted
                self.ended, self.deadline, self.next_at, self.paused_left = event, None, None, None
            case Decided():
                self._fold_decision(event)
            case _:
                raise ValueError(f"not a duplicate room event: {event!r}")

    def _end_turn(self, event: TurnEnded) -> None:
        turn = self.turn
        assert turn is not None
        turn.top, turn.top_points, turn.ended = event.top, event.top_points, True
        turn.shown_moves = {}  # the moves are shown to everybody now
        turn.scores = {seat: (points, reason) for seat, points, reason in event.scores}
        turn.details = dict(event.details)
        game = self._game()
        game.place(event.top)  # laid as the referee chose it: not judged again
        self.top_total += event.top_points
        for seat, (points, _) in turn.scores.items():
            self.totals[seat] = self.totals.get(seat, 0) + points
        turn.bonuses = dict(event.bonuses)
        for seat, bonus in event.bonuses:  # D9: besides the turn's points
            self.totals[seat] = self.totals.get(seat, 0) + bonus
        board = game.board
        turn.board = (board.position(), tuple(board.tops), tuple(board.heights))
        turn.left, turn.pile_left = tuple(game.rack), len(game.bag)
        turn.totals, turn.top_total = dict(self.totals), self.top_total
        self.deadline, self.next_at = None, event.next_at

    def _forget_verdicts(self) -> None:
        self._verdicts, self._details = {}, {}

    def _reopen(self, event: TurnReplayed) -> None:
        """D7: the last turn runs again: its points (corrections and solo bonuses in) come
        off the totals, its top off the tops' total, and the game is played again up to
        its rack (the engine has no undo: the earlier tops are laid again, as stored)."""
        turn = self.turns[-1]
        for seat, (points, _) in turn.scores.items():
            self.totals[seat] = self.totals.get(seat, 0) - points
        for seat, bonus in turn.bonuses.items():
            self.totals[seat] = self.totals.get(seat, 0) - bonus
        self.top_total -= turn.top_points
        assert self.started is not None
        game = DuplicateGame(self.started.seed, self.ruleset, self.lexicon)
        for earlier in self.turns[:-1]:
            game.deal(earlier.rack)
            game.place(earlier.top)
        game.deal(turn.rack)
        self.game = game
        self.turns[-1] = TurnRecord(turn.number, turn.rack, turn.started_seq, event.seq, turn.pile)
        self.deadline, self.next_at = event.deadline, None
        self._forget_verdicts()

    # --- commands -----------------------------------------------------------------------

    def _decide_own(
        self, seat: str | None, command: Any, now: float, out: list[Event]
    ) -> Refusal | None:
        match command:
            case StartDuplicate(seed=seed):
                if self.game is not None:
                    return Refusal("game_started")
                if self.host is None:
                    return Refusal("no_players")
                if self.settings.seed is not None:  # a game played again: its draw
                    seed = self.settings.seed
                self._emit(DuplicateStarted(self._next, seed, now), out)
                self._next_turn(now, out)
            case Submit() | SubmitPlaced():
                return self._submit(seat, command, now, out)
            case EndTurn():
                if self.turn is None and self.next_at is not None:
                    self._next_turn(now, out)  # D8: the pause between turns ends early
                    return None
                if self.turn is None:
                    return Refusal("game_not_started" if self.game is None else "game_over")
                if self.settings.turn_seconds is not None:
                    return Refusal("turn_clock")
                self._close_turn(now, out)
            case ArbiterCommand():
                return self._arbitrate(seat, command, now, out)
            case _:
                return Refusal("unknown_command")
        return None

    def _submit(
        self, seat: str | None, command: Submit | SubmitPlaced, now: float, out: list[Event]
    ) -> Refusal | None:
        if not self.is_person(seat):
            return Refusal("not_seated")
        assert seat is not None
        if seat == self.arbiter:
            return Refusal("arbiter_does_not_play")
        if seat in self.excluded:
            return Refusal("player_excluded")
        turn, game = self.turn, self.game
        if turn is None or game is None:
            return Refusal("game_not_started" if game is None else "game_over")
        if command.turn is not None and command.turn != turn.number:
            return Refusal("turn_over", {"turn": command.turn})  # sent again too late
        if self.deadline is not None and now > self.deadline:
            return Refusal("after_deadline")
        if isinstance(command, SubmitPlaced):
            placed = command.placed
            verdict = evaluate_placements(
                game.board, placed.placements, game.rack, self.ruleset, self.lexicon, placed.across
            )
            if not isinstance(verdict, Legal):  # tiles that make no move cannot be written
                return Refusal(verdict.reason.value, {"detail": verdict.detail})
            text = format_move(verdict.move)
        else:
            try:
                text = format_move(parse_move(command.move))
            except MoveSyntaxError as error:
                return Refusal("bad_move", {"error": error.code})
        self._emit(MoveSubmitted(self._next, seat, text, now), out)
        return None

    def _entered(self, seat: str, move: str, by: str, now: float, out: list[Event]) -> None:
        self._emit(MoveSubmitted(self._next, seat, move, now, by=by), out)

    def _end_game(self, at: float, out: list[Event], by: str, why: str) -> None:
        self._emit(DuplicateEnded(self._next, ENDED_BY_ARBITER, at, by=by, why=why), out)

    def preview(self, seat: str, move: str | Placed) -> Legal | Illegal | Refusal:
        """The referee's verdict on `move` with the common rack now (changes nothing)."""
        game = self.game
        if game is None or self.turn is None:
            return Refusal("game_not_started" if game is None else "game_over")
        if not self.is_person(seat):
            return Refusal("not_seated")
        if isinstance(move, Placed):
            return evaluate_placements(
                game.board, move.placements, game.rack, self.ruleset, self.lexicon, move.across
            )
        try:
            return game.judge(parse_move(move))
        except MoveSyntaxError as error:
            return Refusal("bad_move", {"error": error.code})

    def verdict(self, seat: str) -> Verdict:
        """The points of `seat`'s move in the running turn, and why none (judged once)."""
        known = self._verdicts.get(seat)
        if known is None:
            turn = self.turn
            text = turn.moves.get(seat) if turn is not None else None
            if text is None:
                known = (0, "no_move")
            else:
                judged = self._game().judge(parse_move(text))
                if isinstance(judged, Legal):
                    known = (judged.points, "")
                else:
                    known = (0, judged.reason.value)
                    self._details[seat] = judged.detail
            self._verdicts[seat] = known
        return known

    def _close_turn(self, at: float, out: list[Event]) -> None:
        """D4: the top laid, each move scored (D3), then the next rack or the end."""
        turn = self.turn
        assert turn is not None
        top = self._game().top()
        counted = sorted(seat for seat in turn.moves if seat not in self.excluded)
        scores = tuple((seat, *self.verdict(seat)) for seat in counted)
        details = tuple(
            (seat, self._details[seat]) for seat, _, _ in scores if seat in self._details
        )
        text = top.notation if top is not None else None
        points = top.points if top is not None else 0
        pause = self.settings.pause_seconds
        live = self.settings.turn_seconds is not None
        next_at = at + pause if live and pause > 0 else None  # D8
        bonuses = self._solo(scores, points)
        ended = TurnEnded(
            self._next, turn.number, text, points, scores, at, details, next_at, bonuses
        )
        self._emit(ended, out)
        if self._game().end is not None:
            end = self._game().end
            assert end is not None
            self._emit(DuplicateEnded(self._next, end.value, at), out)
        elif next_at is None:
            self._next_turn(at, out)

    def _solo(
        self, scores: tuple[tuple[str, int, str], ...], top: int
    ) -> tuple[tuple[str, int], ...]:
        """D9: the bonus of the one player alone on the top, if the room gives one."""
        found = [seat for seat, points, reason in scores if top and points == top and not reason]
        bonus = self.settings.solo_bonus
        return ((found[0], bonus),) if bonus and len(found) == 1 else ()

    def _next_turn(self, at: float, out: list[Event]) -> None:
        draw = self._game().next_draw()
        if isinstance(draw, DuplicateEnd):
            self._emit(DuplicateEnded(self._next, draw.value, at), out)
            return
        seconds = self.settings.turn_seconds
        deadline = at + seconds if seconds is not None else None
        number = self._game().turn + 1
        self._emit(TurnStarted(self._next, number, draw.rack, draw.redraws, deadline, at), out)

    # --- the clock ----------------------------------------------------------------------

    def next_wakeup(self) -> float | None:
        if self.ended is not None:
            return None
        return self.deadline if self.turn is not None else self.next_at

    def tick(self, now: float) -> list[Event]:
        """Every turn whose clock ran out by `now` ends, at its deadline, and the next
        starts when the pause between them is over (D8); a paused clock waits (D7)."""
        out: list[Event] = []
        while self.ended is None:
            if self.turn is not None and self.deadline is not None and now >= self.deadline:
                self._close_turn(self.deadline, out)
            elif self.turn is None and self.next_at is not None and now >= self.next_at:
                self._next_turn(self.next_at, out)
            else:
                break
        return out

    # --- what a finished game leaves: its outcome, its record ---------------------------

    def outcome(self, event: Event) -> GameOutcome | None:
        """The places by total once the game's end is folded (profiles; never rated)."""
        return game_outcome(self, event) if isinstance(event, DuplicateEnded) else None

    def finished(self) -> bool:
        """Nothing in play: no game started, or it is over (retention may remove it)."""
        return self.game is None or self.ended is not None

    def records(self) -> list[str]:
        """The game's record once it has ended (the seed is in it: never before)."""
        return [format_record(record_of(self))] if self.ended is not None else []

    # --- what each seat sees (views) ----------------------------------------------------

    def view(self, seat: str | None) -> dict[str, Any]:
        return views.view(self, seat)

    def visible(self, event: Event, seat: str | None) -> dict[str, Any] | None:
        return views.visible(self, event, seat)
