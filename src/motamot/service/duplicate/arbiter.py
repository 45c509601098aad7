"""D7: the arbiter of a duplicate room, who runs a club's evening and does not play.

Only the arbiter's seat (the creator's, `s1`, in a room created with `arbiter`) may take
these decisions; each is an event with who took it and why, so a restart, another process
and the match sheet know them as the room that took them: the clock paused and resumed,
time added, the running turn (or, in the pause after it, the turn just ended) played
again, a player's points for a turn corrected, a
player excluded and reinstated, a player who plays on paper seated and their moves
entered, the game ended. The decisions read and write the room's state through the fold
(`room.DuplicateRoom._apply_own` calls `fold` here), never directly.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Any, TypedDict

from motamot.service.duplicate.commands import (
    AddTime,
    ArbiterCommand,
    CancelTurn,
    CorrectScore,
    EndGame,
    EnterMove,
    Exclude,
    PauseClock,
    Reinstate,
    ResumeClock,
    SeatPaper,
)
from motamot.service.duplicate.events import (
    ClockPaused,
    ClockResumed,
    Decided,
    DuplicateEnded,
    PaperSeated,
    PlayerExcluded,
    PlayerReinstated,
    ScoreCorrected,
    TimeAdded,
    TurnCancelled,
    TurnReplayed,
)
from motamot.service.duplicate.settings import DuplicateSettings
from motamot.service.rooms.actor import Actor
from motamot.service.rooms.chat import clean
from motamot.service.rooms.events import Event, SeatTaken
from motamot.service.rooms.outcomes import Refusal
from motamot.service.rooms.seating import name_refusal, next_seat
from motamot.topword.move import MoveSyntaxError, format_move, parse_move

#: The longest reason a decision keeps (a line of the match sheet).
MAX_REASON = 200
#: The most seconds one decision adds to a turn, and the most points a turn may score.
MAX_ADDED = 3600
MAX_POINTS = 10_000
#: Why a game ended when the arbiter ended it (`DuplicateEnded.reason`).
ENDED_BY_ARBITER = "arbiter"


class Said(TypedDict):
    """Who took a decision, why and when (every decision's event carries them)."""

    by: str
    reason: str
    at: float


class Arbitrated(Actor[DuplicateSettings]):
    """The arbiter's decisions (the duplicate room's own state is declared here and set
    by the room)."""

    turns: list[Any]
    deadline: float | None
    ended: DuplicateEnded | None
    #: D7: the seconds a paused turn has left (None: the clock runs).
    paused_left: float | None
    #: D8: when the next rack is dealt, during the pause between turns.
    next_at: float | None
    #: Excluded players (their moves no longer count, they leave the standings) and
    #: players on paper (no device: the arbiter enters their moves).
    excluded: set[str]
    paper: set[str]
    #: Every decision in the order taken (the match sheet's notes).
    decisions: list[Decided | DuplicateEnded]
    totals: dict[str, int]
    game: Any

    @property
    def arbiter(self) -> str | None:
        """The arbiter's seat: the creator's, in a room created with an arbiter."""
        if not self.settings.arbiter or not self.seats:
            return None
        return next(iter(self.seats))

    @property
    @abstractmethod
    def turn(self) -> Any:
        """The turn being played, if one is (`room.TurnRecord`)."""

    @property
    def host(self) -> str | None:
        """D7: in a room with an arbiter, the arbiter alone hosts (nobody while away);
        elsewhere the first person still in the room."""
        arbiter = self.arbiter
        if arbiter is None:
            return super().host
        return arbiter if self.seats[arbiter].present else None

    def is_player(self, seat: str | None) -> bool:
        """A person who plays here (not the arbiter), excluded or not."""
        return (
            seat is not None
            and seat in self.seats
            and seat != self.arbiter
            and (not self.seats[seat].is_bot)
        )

    @abstractmethod
    def _end_game(self, at: float, out: list[Event], by: str, why: str) -> None:
        """The game ends now (the running turn not counted)."""

    @abstractmethod
    def _reopen(self, event: TurnReplayed) -> None:
        """The turn just ended is running again, as before its end (its top taken back)."""

    @abstractmethod
    def _entered(self, seat: str, move: str, by: str, now: float, out: list[Event]) -> None:
        """A move for `seat`'s running turn, entered by `by`."""

    # --- the decisions --------------------------------------------------------------------

    def _arbitrate(
        self, seat: str | None, command: ArbiterCommand, now: float, out: list[Event]
    ) -> Refusal | None:
        """D7: decide `command` if `seat` is the arbiter (the system may too: seat None)."""
        arbiter = self.arbiter
        if arbiter is None:
            return Refusal("no_arbiter")
        if seat is not None and seat != arbiter:
            return Refusal("not_arbiter")
        reason = clean(command.reason)
        if len(reason) > MAX_REASON:
            return Refusal("reason_too_long", {"max": MAX_REASON})
        return self._decision(arbiter, command, reason, now, out)

    def _decision(
        self, by: str, command: ArbiterCommand, reason: str, now: float, out: list[Event]
    ) -> Refusal | None:
        said = Said(by=by, reason=reason, at=now)
        if isinstance(command, SeatPaper):
            return self._seat_paper(command.name, said, now, out)
        targeted = isinstance(command, (Exclude, Reinstate, CorrectScore))
        if targeted and not self.is_player(getattr(command, "seat", None)):
            return Refusal("no_such_player")
        if isinstance(command, EndGame):
            if self.game is None or self.ended is not None:
                return Refusal("game_not_started" if self.game is None else "game_over")
            self._end_game(now, out, by, reason)
            return None
        match command:
            case Exclude(seat=target):
                if target in self.excluded:
                    return Refusal("already_excluded")
                self._emit(PlayerExcluded(self._next, target, **said), out)
            case Reinstate(seat=target):
                if target not in self.excluded:
                    return Refusal("not_excluded")
                self._emit(PlayerReinstated(self._next, target, **said), out)
            case CorrectScore():
                return self._correct(command, said, out)
            case _:
                return self._on_turn(command, said, now, out)
        return None

    def _seat_paper(self, name: str, said: Said, now: float, out: list[Event]) -> Refusal | None:
        if self.game is not None:
            return Refusal("game_started")
        name = clean(name)
        refusal = name_refusal(name, self.RESERVED_IN_NAMES, self.names_in_use())
        refusal = refusal or self.seat_refusal(bot=False)
        if refusal is not None:
            return refusal
        seat = next_seat(len(self.seats))
        self._emit(SeatTaken(self._next, seat, name, at=now), out)
        self._emit(PaperSeated(self._next, seat, **said), out)
        return None

    def _correct(self, command: CorrectScore, said: Said, out: list[Event]) -> Refusal | None:
        if not 1 <= command.turn <= len(self.turns) or not self.turns[command.turn - 1].ended:
            return Refusal("no_such_turn")
        if not 0 <= command.points <= MAX_POINTS:
            return Refusal("bad_points", {"max": MAX_POINTS})
        was = self.turns[command.turn - 1].scores.get(command.seat, (0, ""))[0]
        event = ScoreCorrected(self._next, command.seat, command.turn, command.points, was, **said)
        self._emit(event, out)
        return None

    def _on_turn(
        self, command: ArbiterCommand, said: Said, now: float, out: list[Event]
    ) -> Refusal | None:
        """The decisions on the running turn: its clock, playing it again, a paper slip."""
        turn = self.turn
        if turn is None and isinstance(command, CancelTurn):
            return self._replay_last(said, now, out)
        if turn is None:
            return Refusal("game_not_started" if self.game is None else "no_turn")
        if isinstance(command, EnterMove):
            return self._enter(command, said["by"], now, out)
        if isinstance(command, CancelTurn):
            seconds = self.settings.turn_seconds
            deadline = now + seconds if seconds is not None else None
            self._emit(TurnCancelled(self._next, turn.number, deadline, **said), out)
            return None
        if self.deadline is None and self.paused_left is None:
            return Refusal("no_clock")  # self-paced: no clock to stop or lengthen
        match command:
            case PauseClock():
                if self.paused_left is not None:
                    return Refusal("already_paused")
                left = max(0.0, (self.deadline or now) - now)
                self._emit(ClockPaused(self._next, left, **said), out)
            case ResumeClock():
                if self.paused_left is None:
                    return Refusal("not_paused")
                self._emit(ClockResumed(self._next, now + self.paused_left, **said), out)
            case AddTime(seconds=seconds):
                if not 1 <= seconds <= MAX_ADDED:
                    return Refusal("bad_added_time", {"max": MAX_ADDED})
                deadline = None if self.deadline is None else self.deadline + seconds
                self._emit(TimeAdded(self._next, seconds, deadline, **said), out)
            case _:
                return Refusal("unknown_command")
        return None

    def _replay_last(self, said: Said, now: float, out: list[Event]) -> Refusal | None:
        """D7: during the pause between turns (D8), the turn just played again."""
        if self.game is None or self.ended is not None:
            return Refusal("game_not_started" if self.game is None else "game_over")
        if self.next_at is None or not self.turns:
            return Refusal("no_turn")
        seconds = self.settings.turn_seconds
        deadline = now + seconds if seconds is not None else None
        self._emit(TurnReplayed(self._next, self.turns[-1].number, deadline, **said), out)
        return None

    def _enter(self, command: EnterMove, by: str, now: float, out: list[Event]) -> Refusal | None:
        if not self.is_player(command.seat):
            return Refusal("no_such_player")
        if command.seat in self.excluded:
            return Refusal("player_excluded")
        if command.turn is not None and command.turn != self.turn.number:
            return Refusal("turn_over", {"turn": command.turn})
        if self.deadline is not None and now > self.deadline:
            return Refusal("after_deadline")
        try:
            text = format_move(parse_move(command.move))
        except MoveSyntaxError as error:
            return Refusal("bad_move", {"error": error.code})
        self._entered(command.seat, text, by, now, out)
        return None

    # --- the fold -------------------------------------------------------------------------

    def _fold_decision(self, event: Decided) -> None:
        """Fold one decision of the arbiter into the room's state."""
        self.decisions.append(event)
        match event:
            case ClockPaused(left=left):
                self.paused_left, self.deadline = left, None
            case ClockResumed(deadline=deadline):
                self.paused_left, self.deadline = None, deadline
            case TimeAdded(seconds=seconds, deadline=deadline):
                if self.paused_left is not None:
                    self.paused_left += seconds
                self.deadline = deadline
            case TurnCancelled(deadline=deadline):
                turn = self.turn
                turn.moves.clear()
                turn.replayed_seq = event.seq
                self._forget_verdicts()
                self.paused_left, self.deadline = None, deadline
            case TurnReplayed():
                self._reopen(event)
                self.paused_left = None
            case ScoreCorrected(seat=seat, turn=number, points=points, was=was):
                turn = self.turns[number - 1]
                turn.scores[seat] = (points, "")
                turn.details.pop(seat, None)
                turn.corrected[seat] = event.reason
                self.totals[seat] = self.totals.get(seat, 0) + points - was
            case PlayerExcluded(seat=seat):
                self.excluded.add(seat)
            case PlayerReinstated(seat=seat):
                self.excluded.discard(seat)
            case PaperSeated(seat=seat):
                self.paper.add(seat)

    @abstractmethod
    def _forget_verdicts(self) -> None:
        """The running turn's verdicts are stale (its moves were dropped)."""
