"""A tournament room (K8-K10): registration, check-in, rounds paired as the previous ends,
results from its tables, the director's controls, the standings.

Seats and talk are the shared actor's: sitting in the room is following it (accounts
only); a seat then registers. The director is the seat that created it. The tables are
other rooms: the keeper (`web.tournament.keeper`) opens them when a round begins and
reports what they ended with, as system commands, so the room stays a pure fold of
its events.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from motamot.service.rooms.actor import Actor, Lexicons
from motamot.service.rooms.commands import AddBot, Join
from motamot.service.rooms.events import Event, RoomCreated, SeatTaken
from motamot.service.rooms.outcomes import Refusal
from motamot.service.rooms.results import GameOutcome
from motamot.service.rooms.seating import next_seat
from motamot.service.tournament import progress, views
from motamot.service.tournament import standings as k
from motamot.service.tournament.commands import (
    DIRECTOR_ONLY,
    SYSTEM_ONLY,
    Adjudicate,
    CheckIn,
    EndGame,
    OpenedTable,
    Pause,
    Register,
    Repair,
    ScoreArena,
    StartNow,
    Withdraw,
)
from motamot.service.tournament.events import (
    ArenaScored,
    Board,
    CheckedIn,
    Finished,
    GameEnded,
    Paused,
    Registered,
    RoundBegun,
    RoundPaired,
    Started,
    TableOpened,
    Withdrawn,
)
from motamot.service.tournament.progress import RoundState
from motamot.service.tournament.results import tournament_outcome
from motamot.service.tournament.settings import TournamentSettings
from motamot.topword.bots.players import LEVELS

#: What an adjudication may decide: (first's score, second's score), or both lose.
ADJUDICATIONS = {
    "first": (k.FORFEIT_SPREAD, 0),
    "second": (0, k.FORFEIT_SPREAD),
    "draw": (0, 0),
    "none": (0, 0),
}
#: What the keeper may say of a board.
ENDINGS = ("played", "forfeit", "absent", "resigned")


class TournamentRoom(Actor[TournamentSettings]):
    KIND = "tournament"
    HOST_ONLY = DIRECTOR_ONLY
    BOT_LEVELS = LEVELS
    HAS_READY = False
    ENDINGS = (Finished,)

    def __init__(self, created: RoomCreated[TournamentSettings], lexicons: Lexicons) -> None:
        self.registered: list[str] = []
        self.checked_in: set[str] = set()
        self.players: tuple[str, ...] = ()
        self.out: set[str] = set()
        self.started_at: float | None = None
        self.rounds: list[RoundState] = []
        self.paused = False
        self.ended_at: float | None = None
        self.cancelled = False
        super().__init__(created, lexicons)

    def _use_settings(self, settings: TournamentSettings) -> None:
        self.arena = settings.format == "arena"

    # --- who is who ---------------------------------------------------------------------

    @property
    def host(self) -> str | None:
        """The director: the person who created the tournament, present or not."""
        return next((s.seat for s in self.seats.values() if not s.is_bot), None)

    def active(self) -> list[str]:
        """The players still in, in registration order."""
        pool = self.players if self.started_at is not None else tuple(self.registered)
        return [p for p in pool if p not in self.out]

    @property
    def current(self) -> RoundState | None:
        return self.rounds[-1] if self.rounds else None

    @property
    def total_rounds(self) -> int:
        s = self.settings
        return progress.total_rounds(s.format, self.players, s.rounds) if self.players else 0

    def standings(self) -> Sequence[k.TopwordStanding | k.BoggleStanding]:
        pool = list(self.players or self.registered)
        if self.arena:
            return k.boggle_standings(pool, progress.tallies_of(self.rounds))
        return k.topword_standings(pool, progress.lines_of(self.rounds))

    def check_in_open(self, now: float) -> bool:
        s = self.settings
        return s.check_in_seconds > 0 and now >= s.starts_at - s.check_in_seconds

    # --- the hooks of the shared actor ----------------------------------------------------

    def settings_closed(self) -> Refusal | None:
        return Refusal("tournament_started") if self.started_at is not None else None

    def seating_closed(self) -> Refusal | None:
        return self.settings_closed()

    def seat_refusal(self, bot: bool) -> Refusal | None:
        if bot and len(self.active()) >= self.settings.cap:
            return Refusal("tournament_full", {"max": self.settings.cap})
        return None

    def _sit_new(self, command: Join, now: float, out: list[Event]) -> None:
        """As every room, but the kin marks are kept, rated or not: one person does not
        register twice under two accounts (K8)."""
        seat = next_seat(len(self.seats))
        taken = SeatTaken(
            self._next, seat, command.name, command.secret_digest, at=now,
            player=command.player, account=command.account, marks=command.marks,
        )  # fmt: skip
        self._emit(taken, out)

    def _before_removal(self, seat: str, now: float, out: list[Event]) -> None:
        if seat in self.registered and seat not in self.out:
            self._emit(Withdrawn(self._next, seat, now, by_director=True), out)

    # --- the fold -------------------------------------------------------------------------

    def _apply_own(self, event: Event) -> None:
        match event:
            case Registered(seat=seat):
                self.registered.append(seat)
                self.out.discard(seat)
            case Withdrawn(seat=seat):
                if self.started_at is None:
                    self.registered.remove(seat)
                    self.checked_in.discard(seat)
                else:
                    self.out.add(seat)
            case CheckedIn(seat=seat):
                self.checked_in.add(seat)
            case Started(players=players, at=at):
                self.players, self.started_at = players, at
            case RoundPaired(round=number, boards=boards, bye=bye, starts_at=starts_at):
                if self.rounds and self.rounds[-1].number == number:
                    self.rounds.pop()
                self.rounds.append(RoundState(number, boards, bye, starts_at))
            case RoundBegun():
                self._round().begun = True
            case TableOpened(board=board, table=table, tokens=tokens):
                self._round().tables[board] = table
                self._round().tokens[board] = tokens
            case GameEnded(round=number, board=board):
                self.rounds[number - 1].results[board] = event
            case ArenaScored(tallies=tallies):
                self._round().tallies = tallies
            case Paused(on=on):
                self.paused = on
            case Finished(at=at, cancelled=cancelled):
                self.ended_at, self.cancelled = at, cancelled
            case _:
                raise ValueError(f"not a tournament event: {event!r}")

    def _round(self) -> RoundState:
        assert self.rounds, "a round's event before any round"
        return self.rounds[-1]

    # --- commands -------------------------------------------------------------------------

    def _decide(
        self, seat: str | None, command: Any, now: float, out: list[Event]
    ) -> Refusal | None:
        if isinstance(command, SYSTEM_ONLY) and seat is not None:
            return Refusal("not_host")
        match command:
            case Join(account=False):
                return Refusal("account_required")
            case Join() if self.public:  # a public tournament: any account may follow it
                command = msgspec.structs.replace(command, invite=self.created.invite)
            case AddBot() if self.arena:  # an arena's rounds seat people only (K6)
                return Refusal("tournament_no_bots")
            case AddBot():
                refusal = super()._decide(seat, command, now, out)
                if refusal is None:
                    self._emit(Registered(self._next, out[-1].seat, now), out)  # type: ignore[attr-defined]
                return refusal
        return super()._decide(seat, command, now, out)

    def _decide_own(
        self, seat: str | None, command: Any, now: float, out: list[Event]
    ) -> Refusal | None:
        if self.ended_at is not None:
            return Refusal("tournament_over")
        match command:
            case Register() | Withdraw() | CheckIn():
                return self._entry(seat, command, now, out)
            case StartNow():
                if self.started_at is not None:
                    return Refusal("tournament_started")
                self._start(now, out, early=True)
            case Pause(on=on):
                if self.started_at is None:
                    return Refusal("tournament_not_started")
                if on != self.paused:
                    self._emit(Paused(self._next, on, now), out)
                    self._advance(now, out)
            case Repair(boards=boards, bye=bye):
                return self._repair(boards, bye, now, out)
            case Adjudicate():
                return self._adjudicate(command, now, out)
            case OpenedTable() | EndGame() | ScoreArena():
                return self._from_keeper(command, now, out)
            case _:
                return Refusal("unknown_command")
        return None

    def _entry(
        self, seat: str | None, command: Any, now: float, out: list[Event]
    ) -> Refusal | None:
        """Register, withdraw, check in: a person sitting, before the start (K8)."""
        if not self.is_person(seat):
            return Refusal("not_seated")
        assert seat is not None
        if self.started_at is not None:
            return Refusal("tournament_started")
        mine = seat in self.registered
        match command:
            case Register():
                if mine:
                    return Refusal("already_registered")
                if len(self.active()) >= self.settings.cap:
                    return Refusal("tournament_full", {"max": self.settings.cap})
                marks = set(self.seats[seat].marks)
                if marks and any(marks & set(self.seats[o].marks) for o in self.registered):
                    return Refusal("same_person")
                self._emit(Registered(self._next, seat, now), out)
            case Withdraw():
                if not mine:
                    return Refusal("not_registered")
                self._emit(Withdrawn(self._next, seat, now), out)
            case CheckIn():
                if not mine:
                    return Refusal("not_registered")
                if not self.check_in_open(now):
                    return Refusal("check_in_closed")
                if seat not in self.checked_in:
                    self._emit(CheckedIn(self._next, seat, now), out)
        return None

    def _start(self, now: float, out: list[Event], early: bool) -> None:
        """The players who play (K8: checked in, when there is a check-in), then round 1."""
        check = self.settings.check_in_seconds > 0
        players = tuple(
            p for p in self.active() if not check or p in self.checked_in or self.seats[p].is_bot
        )
        self._emit(Started(self._next, players, now, early), out)
        if len(players) < 2:
            self._emit(Finished(self._next, now, cancelled=True), out)
            return
        self._pair(now, out)

    def _pair(self, now: float, out: list[Event]) -> None:
        boards, bye = progress.next_pairing(
            self.settings.format, self.players, self.active(), self.rounds
        )
        number = len(self.rounds) + 1
        starts = now + self.settings.gap_seconds
        self._emit(RoundPaired(self._next, number, boards, bye, starts), out)
        if self.settings.gap_seconds == 0:
            self._emit(RoundBegun(self._next, number, now), out)

    def _advance(self, now: float, out: list[Event]) -> None:
        """After a result or the pause lifted: pair the next round, or finish (K8)."""
        current = self.current
        if current is None or not current.done(self.arena) or self.ended_at is not None:
            return
        if current.number >= self.total_rounds:
            self._emit(Finished(self._next, now), out)
        elif not self.paused:
            self._pair(now, out)

    def _repair(
        self, boards: tuple[Board, ...], bye: str | None, now: float, out: list[Event]
    ) -> Refusal | None:
        """K9: the round not begun yet, paired anew by the director."""
        current = self.current
        if current is None or current.begun:
            return Refusal("round_begun")
        if self.arena:
            return Refusal("bad_pairing")
        expected = {s for b in current.boards for s in (b.first, b.second)}
        expected |= {current.bye} if current.bye else set()
        code = progress.repair_refusal(boards, bye, expected)
        if code is not None:
            return Refusal(code)
        starts = current.starts_at
        self._emit(RoundPaired(self._next, current.number, boards, bye, starts, True), out)
        return None

    def _adjudicate(self, command: Adjudicate, now: float, out: list[Event]) -> Refusal | None:
        """K9: the director decides a board of a round begun, with a reason."""
        found = self._board(command.round, command.board)
        if isinstance(found, Refusal):
            return found
        if command.result not in ADJUDICATIONS:
            return Refusal("bad_result")
        reason = command.reason.strip()
        if not reason:
            return Refusal("reason_required")
        first, second = ADJUDICATIONS[command.result]
        how = "absent" if command.result == "none" else "adjudicated"
        ended = GameEnded(
            self._next, command.round, command.board, first, second, how, None, reason, now
        )
        self._emit(ended, out)
        self._advance(now, out)
        return None

    def _board(self, number: int, board: int) -> RoundState | Refusal:
        if not 1 <= number <= len(self.rounds) or not self.rounds[number - 1].begun:
            return Refusal("no_such_round")
        found = self.rounds[number - 1]
        if not 1 <= board <= len(found.boards):
            return Refusal("no_such_board")
        return found

    def _from_keeper(self, command: Any, now: float, out: list[Event]) -> Refusal | None:
        match command:
            case OpenedTable(round=number, board=board, table=table, tokens=tokens):
                current = self.current
                if current is None or current.number != number:
                    return Refusal("no_such_round")
                if not current.begun and not self.arena:  # an arena's room opens ahead
                    return Refusal("no_such_round")
                if board != 0 or not self.arena:
                    found = self._board(number, board)
                    if isinstance(found, Refusal):
                        return found
                if board in current.tables:
                    return Refusal("table_open")
                self._emit(TableOpened(self._next, number, board, table, tokens), out)
            case EndGame(round=number, board=board, how=how, absent=absent):
                found = self._board(number, board)
                if isinstance(found, Refusal):
                    return found
                if how not in ENDINGS or board in found.results:
                    return Refusal("bad_result")
                ended = GameEnded(
                    self._next, number, board, command.first_score, command.second_score,
                    how, absent, at=now,
                )  # fmt: skip
                self._emit(ended, out)
                self._advance(now, out)
            case ScoreArena(round=number, tallies=tallies):
                current = self.current
                if not self.arena or current is None or current.number != number:
                    return Refusal("no_such_round")
                if not current.begun or current.tallies is not None:
                    return Refusal("bad_result")
                if any(t.seat not in self.players for t in tallies):
                    return Refusal("bad_result")
                self._emit(ArenaScored(self._next, number, tallies, now), out)
                self._advance(now, out)
        return None

    # --- the clock --------------------------------------------------------------------------

    def next_wakeup(self) -> float | None:
        if self.ended_at is not None:
            return None
        if self.started_at is None:
            return self.settings.starts_at
        current = self.current
        if current is not None and not current.begun:
            return current.starts_at
        return None

    def tick(self, now: float) -> list[Event]:
        out: list[Event] = []
        if self.ended_at is None and self.started_at is None and now >= self.settings.starts_at:
            self._start(now, out, early=False)
        current = self.current
        due = current is not None and not current.begun and now >= current.starts_at
        if current is not None and due and self.ended_at is None:
            self._emit(RoundBegun(self._next, current.number, now), out)
        return out

    # --- what it leaves, what it shows --------------------------------------------------------

    def finished(self) -> bool:
        return self.ended_at is not None

    def outcome(self, event: Event) -> GameOutcome | None:
        """The final standings once it is over (profiles: K10)."""
        if isinstance(event, Finished) and not event.cancelled:
            return tournament_outcome(self, event)
        return None

    def told(self, events: Sequence[Event]) -> list[tuple[str, str, int, dict[str, Any]]]:
        """K10: a table opened (a round paired, for an arena) is mailed to each person
        who plays at it, with its link and the tournament's."""
        out = []
        link = f"/r/{self.room_id}{self.created.invite or ''}"
        for event in events:
            if not isinstance(event, TableOpened):
                continue
            current = self.rounds[event.round - 1] if event.round <= len(self.rounds) else None
            if current is None:
                continue
            if event.board == 0:
                seats: tuple[str, ...] = self.players
            else:
                board = current.boards[event.board - 1]
                seats = (board.first, board.second)
            for seat in seats:
                one = self.seats[seat]
                if one.is_bot or one.player is None:
                    continue
                data = {
                    "kind": "tournament", "name": one.name, "tournament": self.settings.name,
                    "round": event.round, "link": link, "table": f"/r/{event.table}",
                }  # fmt: skip
                out.append((seat, "paired", event.seq, data))
        return out

    def view(self, seat: str | None) -> dict[str, Any]:
        return views.view(self, seat)

    def visible(self, event: Event, seat: str | None) -> dict[str, Any]:
        return views.visible(self, event, seat)
