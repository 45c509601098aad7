"""A Boggle room: one actor per table of 1 to 20 people and some computer players.

The room is the fold of its events. `handle` validates a command against the
state and the engine, then emits and applies its events (or refuses, changing
nothing); `tick` emits what the clock makes due (bot words at their sheet's
times, the end of the round at its deadline, however late the tick). Time is
always passed in; randomness comes in as seeds. What each seat may see is
decided in `boggle_views`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from motamot.boggle.bots import bot_sheet, get_level
from motamot.boggle.grid import Grid, parse_grid, roll
from motamot.boggle.match import Standing, standing
from motamot.boggle.round import Entry, RoundResult, Sheet, judge_round
from motamot.boggle.rules import BoggleRules
from motamot.boggle.solve import Solution, solve
from motamot.lexicon import Lexicon, try_fold
from motamot.service import boggle_views
from motamot.service.boggle_events import (
    BoggleSettings,
    BotAdded,
    BotRemoved,
    MatchEnded,
    MatchReset,
    PlayerJoined,
    PlayerLeft,
    ReadyChanged,
    RoomCreated,
    RoundEnded,
    RoundStarted,
    SettingsChanged,
    SettingsError,
    WordWritten,
    check_level,
)
from motamot.service.boggle_play import WordFeedback, bot_seed, instant_feedback
from motamot.service.events import Event
from motamot.service.outcomes import Refusal
from motamot.service.room import Actor, Lexicons, RoomKind
from motamot.service.seating import (
    AddBot,
    Join,
    Leave,
    RemoveBot,
    SetReady,
    digest_refusal,
    free_bot_name,
    name_refusal,
    next_seat,
)

MAX_HUMANS = 20
MAX_BOTS = 10
__all__ = [
    "BOGGLE",
    "AddBot",
    "BoggleRoom",
    "ChangeSettings",
    "Command",
    "Join",
    "Leave",
    "NewMatch",
    "RemoveBot",
    "RoundState",
    "Seat",
    "SetReady",
    "StartRound",
    "StopRound",
    "WriteWord",
]

#: What a Boggle record reserves in player names.
RESERVED_IN_NAMES = ',:"#'
#: Longer than any word a 10x10 grid can spell is still refused politely, not stored.
MAX_WORD = 64


# --- commands ---------------------------------------------------------------------------


@dataclass(frozen=True)
class ChangeSettings:
    settings: BoggleSettings


@dataclass(frozen=True)
class StartRound:
    seed: int


@dataclass(frozen=True)
class WriteWord:
    text: str


@dataclass(frozen=True)
class StopRound:
    pass


@dataclass(frozen=True)
class NewMatch:
    pass


Command = (
    Join
    | Leave
    | ChangeSettings
    | AddBot
    | RemoveBot
    | StartRound
    | WriteWord
    | StopRound
    | SetReady
    | NewMatch
)
_HOST_ONLY = (ChangeSettings, AddBot, RemoveBot, StartRound, StopRound, NewMatch)


# --- state ------------------------------------------------------------------------------


@dataclass
class Seat:
    """Somebody at the table: a person (`level` None) or a computer player."""

    seat: str
    name: str
    level: str | None
    present: bool = True
    ready: bool = False
    secret_digest: str | None = None

    @property
    def is_bot(self) -> bool:
        return self.level is not None


@dataclass
class RoundState:
    """One round: its grid and times, every word written, and the bots' plan."""

    number: int
    seed: int
    grid: Grid
    start: float
    deadline: float
    #: The settings the round was started under: a later change of settings (between
    #: rounds) must not re-judge it, live or rebuilt from the events.
    rules: BoggleRules
    lexicon: Lexicon
    verify_at_end: bool
    #: Seats taking part, in seat order (those present at the start, then late writers).
    players: list[str]
    #: The seq of RoundStarted and of RoundEnded: the events between are this round's.
    started_seq: int = 0
    ended_seq: int | None = None
    words: dict[str, list[WordWritten]] = field(default_factory=dict)
    folded: dict[str, set[str]] = field(default_factory=dict)
    #: The bots' words still to write, as (referee time, seat, text) in time order.
    plan: list[tuple[float, str, str]] = field(default_factory=list)
    cursor: int = 0
    ended_at: float | None = None
    stopped: bool = False
    result: RoundResult | None = None
    solution: Solution | None = None
    #: Each text's instant verdict, computed once (its writer's ack, view and feed ask again).
    verdicts: dict[str, WordFeedback] = field(default_factory=dict)

    @property
    def running(self) -> bool:
        return self.ended_at is None

    def elapsed(self, at: float) -> float:
        """Seconds from the start to referee time `at`, to the microsecond (monotonic in `at`,
        so a word on time by the referee's clock is on time for `judge_round`)."""
        return round(at - self.start, 6)

    def sheet(self, seat: str, name: str) -> Sheet:
        return Sheet(
            name, tuple(Entry(w.text, self.elapsed(w.at)) for w in self.words.get(seat, ()))
        )


class BoggleRoom(Actor[Command]):
    """The actor of one Boggle room (see ROOMS.md)."""

    HOST_ONLY = _HOST_ONLY

    def __init__(self, created: RoomCreated, lexicons: Lexicons) -> None:
        if created.seq != 1:
            raise ValueError("a room starts with its creation event, seq 1")
        self.room_id = created.room
        self.created = created
        self.last_seq = 1
        self._lexicons = lexicons
        self.seats: dict[str, Seat] = {}
        #: Every round played in the room; those of the current match start at `match_from`.
        self.rounds: list[RoundState] = []
        self.match_from = 0
        self.match_over = False
        self.match_winners: tuple[str, ...] = ()
        self._set_settings(created.settings)

    @classmethod
    def create(
        cls, room_id: str, settings: BoggleSettings, now: float, lexicons: Lexicons
    ) -> BoggleRoom | Refusal:
        """A new room, or a refusal if the settings cannot be played."""
        try:
            settings.check()
            lexicons(settings.dictionary_name)
        except SettingsError as error:
            return Refusal(error.code, {"detail": str(error)})
        except (LookupError, ValueError, OSError) as error:
            return Refusal("unknown_dictionary", {"detail": str(error)})
        return cls(RoomCreated(1, room_id, settings, now), lexicons)

    @classmethod
    def from_events(cls, events: Sequence[Event], lexicons: Lexicons) -> BoggleRoom:
        """The room as its events left it."""
        first = events[0]
        if not isinstance(first, RoomCreated):
            raise ValueError("a Boggle room starts with RoomCreated")
        room = cls(first, lexicons)
        for event in events[1:]:
            room.apply(event)
        return room

    # --- derived state ------------------------------------------------------------------

    def _set_settings(self, settings: BoggleSettings) -> None:
        self.settings = settings
        self.rules: BoggleRules = settings.rules()
        self.lexicon: Lexicon = self._lexicons(settings.dictionary_name)

    @property
    def match_rounds(self) -> list[RoundState]:
        return self.rounds[self.match_from :]

    @property
    def round(self) -> RoundState | None:
        """The current round (running or last ended), if any."""
        return self.rounds[-1] if self.rounds else None

    @property
    def running(self) -> RoundState | None:
        current = self.round
        return current if current is not None and current.running else None

    @property
    def host(self) -> str | None:
        """The first person still at the table."""
        for seat in self.seats.values():
            if seat.present and not seat.is_bot:
                return seat.seat
        return None

    def name_of(self, seat: str) -> str:
        return self.seats[seat].name

    def result(self, state: RoundState) -> RoundResult:
        """The round judged by `judge_round` (B9-B13), once it has ended."""
        if state.result is None:
            sheets = [state.sheet(seat, self.name_of(seat)) for seat in state.players]
            state.result = judge_round(
                state.grid, state.rules, state.lexicon, sheets, state.elapsed(state.deadline)
            )
        return state.result

    def solution(self, state: RoundState) -> Solution:
        if state.solution is None:
            state.solution = solve(state.grid, state.rules, state.lexicon)
        return state.solution

    def standing(self) -> Standing:
        """B14: the match so far over every seat that played or sits."""
        players = [
            seat.seat
            for seat in self.seats.values()
            if seat.present or any(seat.seat in r.players for r in self.match_rounds)
        ]
        if not players:
            return Standing((), (), 0, False, ())
        names = [self.name_of(seat) for seat in players]
        results = [self.result(state) for state in self.match_rounds if not state.running]
        return standing(self.settings.match(), names, results)

    def feedback(self, state: RoundState, text: str) -> WordFeedback:
        """What the writer of `text` is told at once."""
        verdict = state.verdicts.get(text)
        if verdict is None:
            verdict = state.verdicts[text] = instant_feedback(
                state.grid, state.rules, state.lexicon, text, state.verify_at_end
            )
        return verdict

    # --- the fold -----------------------------------------------------------------------

    def apply(self, event: Event) -> None:
        """Fold one event (the next one: seq last_seq + 1) into the state."""
        if event.seq != self.last_seq + 1:
            raise ValueError(f"room {self.room_id}: event {event.seq} after {self.last_seq}")
        match event:
            case SettingsChanged(settings=settings):
                self._set_settings(settings)
            case PlayerJoined(seat=seat, name=name, secret_digest=digest):
                if seat in self.seats:
                    self.seats[seat].present = True
                else:
                    self.seats[seat] = Seat(seat, name, None, secret_digest=digest)
            case PlayerLeft(seat=seat) | BotRemoved(seat=seat):
                self.seats[seat].present = False
                self.seats[seat].ready = False
            case BotAdded(seat=seat, name=name, level=level):
                self.seats[seat] = Seat(seat, name, level)
            case ReadyChanged(seat=seat, ready=ready):
                self.seats[seat].ready = ready
            case RoundStarted():
                self._start_round(event)
            case WordWritten():
                self._write(event)
            case RoundEnded(at=at, stopped=stopped):
                state = self._current()
                state.ended_at, state.stopped, state.ended_seq = at, stopped, event.seq
            case MatchEnded(winners=winners):
                self.match_over, self.match_winners = True, winners
            case MatchReset():
                self.match_from, self.match_over, self.match_winners = len(self.rounds), False, ()
            case _:
                raise ValueError(f"not a Boggle room event: {event!r}")
        self.last_seq = event.seq

    def _current(self) -> RoundState:
        state = self.running
        if state is None:
            raise ValueError(f"room {self.room_id}: no round running")
        return state

    def _start_round(self, event: RoundStarted) -> None:
        grid = parse_grid(event.grid)
        players = [seat.seat for seat in self.seats.values() if seat.present]
        state = RoundState(
            event.number,
            event.seed,
            grid,
            event.start,
            event.deadline,
            self.rules,
            self.lexicon,
            self.settings.verify_at_end,
            players,
            event.seq,
        )
        duration = state.elapsed(event.deadline)
        for seat_id in players:
            seat = self.seats[seat_id]
            seat.ready = False
            if seat.level is None:
                continue
            sheet = bot_sheet(
                seat.name,
                grid,
                state.rules,
                state.lexicon,
                get_level(seat.level),
                bot_seed(event.seed, int(seat_id[1:]) - 1),
                duration,
            )
            state.plan.extend((event.start + e.at, seat_id, e.text) for e in sheet.entries)
        state.plan.sort(key=lambda item: item[0])
        self.rounds.append(state)

    def _write(self, event: WordWritten) -> None:
        state = self._current()
        if self.seats[event.seat].is_bot:
            expected = state.plan[state.cursor]
            if (expected[1], expected[2]) != (event.seat, event.text):
                raise ValueError(f"room {self.room_id}: bot word out of plan at {event.seq}")
            state.cursor += 1
        if event.seat not in state.players:
            state.players.append(event.seat)
        state.words.setdefault(event.seat, []).append(event)
        folded = try_fold(event.text)
        if folded is not None:
            state.folded.setdefault(event.seat, set()).add(folded)

    # --- commands -----------------------------------------------------------------------

    def _decide(
        self, seat: str | None, command: Command, now: float, out: list[Event]
    ) -> Refusal | None:
        match command:
            case Join():
                return self._join(seat, command, now, out)
            case Leave():
                if seat is None or not self._is_present(seat) or self.seats[seat].is_bot:
                    return Refusal("not_seated")
                self._emit(PlayerLeft(self._next, seat, now), out)
            case SetReady(ready=ready):
                if seat is None or not self._is_present(seat) or self.seats[seat].is_bot:
                    return Refusal("not_seated")
                if self.seats[seat].ready != ready:
                    self._emit(ReadyChanged(self._next, seat, ready), out)
            case ChangeSettings(settings=settings):
                return self._change_settings(settings, out)
            case AddBot():
                return self._add_bot(command, out)
            case RemoveBot(seat=target):
                if self.running is not None:
                    return Refusal("round_running")
                if target not in self.seats or not self.seats[target].is_bot:
                    return Refusal("not_a_bot", {"seat": target})
                if not self.seats[target].present:
                    return Refusal("not_seated", {"seat": target})
                self._emit(BotRemoved(self._next, target), out)
            case StartRound(seed=seed):
                return self._start(seed, now, out)
            case WriteWord(text=text):
                return self._write_word(seat, text, now, out)
            case StopRound():
                if self.running is None:
                    return Refusal("round_not_running")
                self._end_round(now, True, out)
            case NewMatch():
                if self.running is not None:
                    return Refusal("round_running")
                self._emit(MatchReset(self._next), out)
            case _:
                return Refusal("unknown_command")
        return None

    def _is_present(self, seat: str) -> bool:
        return seat in self.seats and self.seats[seat].present

    def _name_refusal(self, name: str) -> Refusal | None:
        return name_refusal(name, RESERVED_IN_NAMES, (s.name for s in self.seats.values()))

    def _join(
        self, seat: str | None, command: Join, now: float, out: list[Event]
    ) -> Refusal | None:
        if seat is not None and self._is_present(seat):
            return Refusal("already_seated")
        refusal = digest_refusal(command.secret_digest)
        if refusal is not None:
            return refusal
        humans = sum(1 for s in self.seats.values() if s.present and not s.is_bot)
        if humans >= MAX_HUMANS:
            return Refusal("room_full", {"max": MAX_HUMANS})
        for other in self.seats.values():
            if (
                other.name == command.name
                and not other.present
                and other.secret_digest == command.secret_digest
            ):
                self._emit(
                    PlayerJoined(self._next, other.seat, other.name, other.secret_digest, now), out
                )
                return None
        refusal = self._name_refusal(command.name)
        if refusal is not None:
            return refusal
        new = next_seat(len(self.seats))
        self._emit(PlayerJoined(self._next, new, command.name, command.secret_digest, now), out)
        return None

    def _change_settings(self, settings: BoggleSettings, out: list[Event]) -> Refusal | None:
        if self.running is not None:
            return Refusal("round_running")
        if self.match_rounds and not self.match_over:
            return Refusal("match_started")
        try:
            settings.check()
            self._lexicons(settings.dictionary_name)
        except SettingsError as error:
            return Refusal(error.code, {"detail": str(error)})
        except (LookupError, ValueError, OSError) as error:
            return Refusal("unknown_dictionary", {"detail": str(error)})
        if self.match_rounds:
            self._emit(MatchReset(self._next), out)
        self._emit(SettingsChanged(self._next, settings), out)
        return None

    def _add_bot(self, command: AddBot, out: list[Event]) -> Refusal | None:
        if self.running is not None:
            return Refusal("round_running")
        try:
            check_level(command.level)
        except SettingsError as error:
            return Refusal(error.code, {"level": command.level})
        if sum(1 for s in self.seats.values() if s.present and s.is_bot) >= MAX_BOTS:
            return Refusal("too_many_bots", {"max": MAX_BOTS})
        name = command.name or free_bot_name(s.name for s in self.seats.values())
        refusal = self._name_refusal(name)
        if refusal is not None:
            return refusal
        self._emit(BotAdded(self._next, next_seat(len(self.seats)), name, command.level), out)
        return None

    def _start(self, seed: int, now: float, out: list[Event]) -> Refusal | None:
        if self.running is not None:
            return Refusal("round_running")
        if self.match_over:
            return Refusal("match_over")
        if self.host is None:
            return Refusal("no_players")
        grid = roll(self.rules, seed)
        number = len(self.rounds) + 1
        deadline = now + self.rules.duration_seconds
        self._emit(RoundStarted(self._next, number, seed, grid.text, now, deadline), out)
        return None

    def _write_word(
        self, seat: str | None, text: str, now: float, out: list[Event]
    ) -> Refusal | None:
        if seat is None or not self._is_present(seat) or self.seats[seat].is_bot:
            return Refusal("not_seated")
        state = self.running
        last = self.round
        if state is None and last is not None and not last.stopped and now > last.deadline:
            return Refusal("after_deadline")  # B10: the writer is told why, not just "no round"
        if state is None:
            return Refusal("round_not_running")
        if state.rules.is_late(now, state.deadline):
            return Refusal("after_deadline")
        text = text.strip()
        if not text:
            return Refusal("empty_word")
        if len(text) > MAX_WORD:
            return Refusal("too_long", {"max": MAX_WORD})
        folded = try_fold(text)
        if folded is not None and folded in state.folded.get(seat, ()):
            return Refusal("duplicate_entry", {"word": folded})
        self._emit(WordWritten(self._next, seat, text, now), out)
        return None

    # --- the clock ----------------------------------------------------------------------

    def next_wakeup(self) -> float | None:
        """The referee time of the next bot word or of the deadline."""
        state = self.running
        if state is None:
            return None
        if state.cursor < len(state.plan):
            return min(state.plan[state.cursor][0], state.deadline)
        return state.deadline

    def pending_bot(self) -> None:
        """Boggle bots need no thinking outside the room: their sheets are scheduled."""
        return None

    def tick(self, now: float) -> list[Event]:
        """Everything due by `now`, each at its own time: bot words, then the round's end."""
        out: list[Event] = []
        state = self.running
        if state is None:
            return out
        while state.cursor < len(state.plan) and state.plan[state.cursor][0] <= now:
            at, seat, text = state.plan[state.cursor]
            self._emit(WordWritten(self._next, seat, text, at), out)
        if state.rules.is_late(now, state.deadline):  # B10: at the deadline a word still counts
            self._end_round(state.deadline, False, out)
        return out

    def _end_round(self, at: float, stopped: bool, out: list[Event]) -> None:
        state = self._current()
        self._emit(RoundEnded(self._next, state.number, at, stopped), out)
        now_standing = self.standing()
        if now_standing.finished:
            names = {self.name_of(seat): seat for seat in self.seats}
            winners = tuple(names[name] for name in now_standing.winners)
            self._emit(MatchEnded(self._next, winners), out)

    # --- what each seat sees (boggle_views) ---------------------------------------------

    def view(self, seat: str | None) -> dict[str, Any]:
        return boggle_views.view(self, seat)

    def visible(self, event: Event, seat: str | None) -> dict[str, Any] | None:
        return boggle_views.visible(self, event, seat)

    def round_at(self, seq: int) -> RoundState | None:
        """The round that event `seq` belongs to (from its start to its end), if any."""
        for state in reversed(self.rounds):
            if state.started_seq <= seq and (state.ended_seq is None or seq <= state.ended_seq):
                return state
        return None


BOGGLE = RoomKind("boggle", BoggleSettings, RoomCreated, BoggleRoom.create, BoggleRoom.from_events)
