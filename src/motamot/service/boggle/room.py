"""A Boggle room: one actor per table of 1 to 20 people and some computer players.

Seats, bots, settings and ready are the shared actor's (`rooms.actor`); this adds the
rounds. A word's instant verdict is decided when the room takes the word (`_write`), so
the writer's acknowledgement, the view and a replica all show the same one. `tick` emits
what the clock makes due: bot words at their sheet's times, the end of the round at its
deadline, however late the tick. What each seat may see is decided in `views`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from motamot.boggle.bots import BOT_LEVELS, bot_sheet, get_level
from motamot.boggle.grid import parse_grid, roll
from motamot.boggle.match import Standing, standing_of_totals
from motamot.boggle.record import RESERVED_IN_NAMES
from motamot.boggle.referee import Verdict
from motamot.boggle.round import RoundResult, cross_out, judge_round
from motamot.boggle.rules import BoggleRules
from motamot.boggle.solve import Solution, solve
from motamot.lexicon import Lexicon
from motamot.service.boggle import views
from motamot.service.boggle.commands import (
    HOST_ONLY,
    AddPaperSeat,
    NewMatch,
    SetBoxGrid,
    StartRound,
    StopRound,
    WriteWord,
)
from motamot.service.boggle.events import (
    MatchEnded,
    MatchReset,
    RoundEnded,
    RoundStarted,
    WordWritten,
)
from motamot.service.boggle.feedback import bot_seed
from motamot.service.boggle.grid_words import GridWords, grid_words
from motamot.service.boggle.outcome import family_of, match_outcome
from motamot.service.boggle.records import room_records
from motamot.service.boggle.rounds import RoundState, entry_refusal, take_word
from motamot.service.boggle.settings import BoggleSettings, box_grid
from motamot.service.boggle.tally import SeatTally, tally
from motamot.service.rooms.actor import Actor, Lexicons
from motamot.service.rooms.events import Event, RoomCreated, SeatTaken, SettingsChanged
from motamot.service.rooms.listing import Listing
from motamot.service.rooms.outcomes import Refusal
from motamot.service.rooms.results import GameOutcome
from motamot.service.rooms.seating import name_refusal, next_seat
from motamot.service.rooms.settings import SettingsError
from motamot.service.rooms.shown import Frame

MAX_HUMANS = 20
MAX_BOTS = 10
#: B17: how long after its hourglass a round waits for the scorer to close the lists
#: (then it ends with what was typed: a room forgotten open is not kept for ever).
SCORING_WAIT = 3600.0


class BoggleRoom(Actor[BoggleSettings]):
    """The actor of one Boggle room (docs/architecture.md, "Rooms")."""

    KIND = "boggle"
    HOST_ONLY = HOST_ONLY
    RESERVED_IN_NAMES = RESERVED_IN_NAMES
    BOT_LEVELS = BOT_LEVELS
    ENDINGS = (MatchEnded,)

    def __init__(self, created: RoomCreated[BoggleSettings], lexicons: Lexicons) -> None:
        #: Every round played in the room; those of the current match start at `match_from`.
        self.rounds: list[RoundState] = []
        #: The last event shown alike to every seat: (its seq, the room's last seq, the
        #: frame), so that its seats share one frame (`views.visible`).
        self.shown_alike: tuple[int, int, Frame] | None = None
        #: A match's outcome built off the event loop as its end was stored (`preparing`),
        #: by its MatchEnded's seq.
        self._outcome: tuple[int, GameOutcome] | None = None
        self.match_from = 0
        self.match_over = False
        self.match_winners: tuple[str, ...] = ()
        super().__init__(created, lexicons)

    def _use_settings(self, settings: BoggleSettings) -> None:
        self.rules: BoggleRules = settings.rules()
        self.lexicon: Lexicon = self.lexicons(settings.dictionary_name)

    # --- derived state ------------------------------------------------------------------

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

    def finished(self) -> bool:
        return self.running is None

    def records(self) -> list[str]:
        """The rounds played, as text records (`boggle.record`)."""
        return room_records(self.rounds, self.settings, self.name_of)

    def result(self, state: RoundState) -> RoundResult:
        """The round judged by `judge_round` (B9-B13), once it has ended: its sheets were
        judged as they were written, unless a word came earlier than the one before or
        the round was put away (its judges gone: judged again from its words, and not
        kept, so that a record or a rename does not bring the round's results back)."""
        if state.result is not None:
            return state.result
        judges = None if state.away else [state.judge(seat) for seat in state.players]
        if judges is not None and all(judge.in_order for judge in judges):
            judged = [
                (self.name_of(seat), judge.entries)
                for seat, judge in zip(state.players, judges, strict=True)
            ]
            deadline = state.elapsed(state.deadline)
            result = cross_out(state.grid, state.rules, state.lexicon, judged, deadline)
        else:
            sheets = [state.sheet(seat, self.name_of(seat)) for seat in state.players]
            deadline = state.elapsed(state.deadline)
            result = judge_round(
                state.grid, state.rules, state.lexicon, sheets, deadline, state.check
            )
        if not state.away:
            state.result = result
        return result

    def tallies(self, state: RoundState) -> dict[str, SeatTally]:
        """What the match keeps of each seat's part in the ended round `state`."""
        if state.tallies is not None:
            return state.tallies
        result = self.result(state)
        return {seat: tally(result.result_of(self.name_of(seat))) for seat in state.players}

    def solution(self, state: RoundState) -> Solution:
        """Every word of the round's grid: solved when asked, not kept (a round's solution
        is hundreds of objects)."""
        return solve(state.grid, state.rules, state.lexicon)

    def grid_words(self, state: RoundState) -> GridWords:
        """What the results show of the round's grid: built while the round ran
        (`ahead`), else now."""
        built = state.grid_words
        if built is None:
            language = self.settings.dictionary_name
            built = grid_words(state.grid, state.rules, state.lexicon, language)
        return built

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
        totals = [self._totals(state) for state in self.match_rounds if not state.running]
        return standing_of_totals(self.settings.match(), names, totals)

    def _totals(self, state: RoundState) -> list[tuple[str, int]]:
        """Each player's total in the ended round `state`, by name."""
        if state.tallies is not None:
            return [(self.name_of(seat), t.total) for seat, t in state.tallies.items()]
        return [(player.player, player.total) for player in self.result(state).players]

    def verdict(self, word: WordWritten) -> Verdict:
        """What the writer of `word` was told when the room took it."""
        state = self.round_at(word.seq)
        assert state is not None
        return state.verdict(word)

    def round_at(self, seq: int) -> RoundState | None:
        """The round that event `seq` belongs to (from its start to its end), if any."""
        for state in reversed(self.rounds):
            if state.started_seq <= seq and (state.ended_seq is None or seq <= state.ended_seq):
                return state
        return None

    # --- what the shared actor asks -----------------------------------------------------

    def seating_closed(self) -> Refusal | None:
        return Refusal("round_running") if self.running is not None else None

    def free_text_closed(self) -> Refusal | None:
        """C4: free text during a round could give words away."""
        return Refusal("chat_phrases_in_round") if self.running is not None else None

    def settings_closed(self) -> Refusal | None:
        if self.running is not None:
            return Refusal("round_running")
        if self.match_rounds and not self.match_over:
            return Refusal("match_started")
        return None

    def _renamed(self, seat: str) -> None:
        """Results are judged by names: judged again with the new one when asked."""
        for state in self.rounds:
            state.result = None

    def _before_settings(self, out: list[Event]) -> None:
        if self.match_rounds:
            self._emit(MatchReset(self._next), out)

    def seat_refusal(self, bot: bool) -> Refusal | None:
        if bot:
            bots = sum(1 for s in self.seats.values() if s.present and s.is_bot)
            return Refusal("too_many_bots", {"max": MAX_BOTS}) if bots >= MAX_BOTS else None
        people = sum(1 for s in self.seats.values() if s.present and not s.is_bot)
        return Refusal("room_full", {"max": MAX_HUMANS}) if people >= MAX_HUMANS else None

    def listing(self) -> Listing:
        """Seats are free until the match is over (a rematch opens them again); a round
        running takes newcomers too."""
        people = sum(1 for s in self.seats.values() if s.present and not s.is_bot)
        return Listing(
            self.KIND,
            self.settings.preset,
            family_of(self.rules.size),
            self.settings.dictionary_name,
            self.rules.duration_seconds,
            True,
            self.rated,
            self.public,
            self.listed_seats(),
            0 if self.match_over else max(0, MAX_HUMANS - people),
        )

    def names_in_use(self) -> list[str]:
        """Every name that sat here: results and records name seats by name."""
        return [seat.name for seat in self.seats.values()]

    # --- the fold -----------------------------------------------------------------------

    def _apply_own(self, event: Event) -> None:
        match event:
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

    def _current(self) -> RoundState:
        state = self.running
        if state is None:
            raise ValueError(f"room {self.room_id}: no round running")
        return state

    def _start_round(self, event: RoundStarted) -> None:
        grid = parse_grid(event.grid)
        players = self.present()
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
        if self.rounds and not self.rounds[-1].running:
            last = self.rounds[-1]
            last.put_away(self.tallies(last))
        self.rounds.append(state)

    def _write(self, event: WordWritten) -> None:
        """Take a word: its place in the bots' plan, its verdict, the seat's folded words."""
        state = self._current()
        if self.seats[event.seat].is_bot:
            _follow_plan(state, event)
        take_word(state, event)

    # --- commands -----------------------------------------------------------------------

    def _decide_own(
        self, seat: str | None, command: Any, now: float, out: list[Event]
    ) -> Refusal | None:
        match command:
            case StartRound(seed=seed):
                return self._start(seed, now, out)
            case WriteWord(text=text, round=typed_in, for_seat=None):
                return self._write_word(seat, text, now, out, typed_in)
            case WriteWord(text=text, for_seat=str(target)):
                return self._score_word(seat, target, text, now, out)
            case AddPaperSeat(name=name):
                return self._add_paper_seat(name, now, out)
            case StopRound():
                if self.running is None:
                    return Refusal("round_not_running")
                self._end_round(now, True, out)
            case NewMatch():
                if self.running is not None:
                    return Refusal("round_running")
                self._emit(MatchReset(self._next), out)
            case SetBoxGrid(grid=grid):
                return self._set_box_grid(grid, out)
            case _:
                return Refusal("unknown_command")
        return None

    def _set_box_grid(self, typed: str, out: list[Event]) -> Refusal | None:
        """B16: the next rounds play `typed` (the match goes on: only the grid changes)."""
        if self.settings.box_grid is None:
            return Refusal("not_a_box")
        if self.running is not None:
            return Refusal("round_running")
        try:
            grid = box_grid(typed, self.rules.size)
        except SettingsError as error:
            return Refusal(error.code, {"detail": str(error)})
        changed = msgspec.structs.replace(self.settings, box_grid=grid.text)
        self._emit(SettingsChanged(self._next, changed), out)
        return None

    def _add_paper_seat(self, name: str, now: float, out: list[Event]) -> Refusal | None:
        """B17: a person without a phone sits (no token: nobody takes the seat)."""
        if not self.settings.box_scorer:
            return Refusal("not_a_scorers_room")
        refusal = (
            self.seating_closed()
            or self.seat_refusal(bot=False)
            or name_refusal(name, self.RESERVED_IN_NAMES, self.names_in_use())
        )
        if refusal is not None:
            return refusal
        self._emit(SeatTaken(self._next, next_seat(len(self.seats)), name, at=now), out)
        return None

    def scoring(self, state: RoundState) -> bool:
        """B17: whether `state` waits after its hourglass for the scorer to close it."""
        return self.settings.box_scorer and state.running

    def _score_word(
        self, seat: str | None, target: str, text: str, now: float, out: list[Event]
    ) -> Refusal | None:
        """B17: the scorer types a word of `target`'s paper list, stamped at the latest at
        the deadline (the hourglass stopped the pencils, not the typing)."""
        if seat is None or seat != self.host or not self.settings.box_scorer:
            return Refusal("not_scorer")
        if not self.is_person(target):
            return Refusal("no_such_seat", {"seat": target[:8]})
        state = self.running
        if state is None:
            return Refusal("round_not_running")
        # the last moment a word counts (B10 [choice]: the deadline itself, or a tenth of a
        # second before: a record writes times to the tenth)
        last = state.deadline if state.rules.word_at_deadline_counts else state.deadline - 0.1
        at = min(now, last)
        entry = entry_refusal(state, target, text, at)
        if isinstance(entry, Refusal):
            return entry
        self._emit(WordWritten(self._next, target, entry, at), out)
        return None

    def _start(self, seed: int, now: float, out: list[Event]) -> Refusal | None:
        if self.running is not None:
            return Refusal("round_running")
        if self.match_over:
            return Refusal("match_over")
        if self.host is None:
            return Refusal("no_players")
        typed = self.settings.box_grid
        grid = roll(self.rules, seed) if typed is None else box_grid(typed, self.rules.size)
        number = len(self.rounds) + 1
        deadline = now + self.rules.duration_seconds
        self._emit(RoundStarted(self._next, number, seed, grid.text, now, deadline), out)
        return None

    def _write_word(
        self, seat: str | None, text: str, now: float, out: list[Event], typed_in: int | None
    ) -> Refusal | None:
        if not self.is_person(seat):
            return Refusal("not_seated")
        assert seat is not None
        state = self.running
        last = self.round
        if typed_in is not None and (last is None or last.number != typed_in):
            return Refusal("after_deadline")  # typed in a round over since (sent again late)
        if state is None and last is not None and not last.stopped and now > last.deadline:
            return Refusal("after_deadline")  # B10: the writer is told why, not just "no round"
        if state is None:
            return Refusal("round_not_running")
        entry = entry_refusal(state, seat, text, now)
        if isinstance(entry, Refusal):
            return entry
        self._emit(WordWritten(self._next, seat, entry, now), out)
        return None

    # --- the clock ----------------------------------------------------------------------

    def next_wakeup(self) -> float | None:
        """The referee time of the next bot word or of the deadline."""
        state = self.running
        if state is None:
            return None
        if state.cursor < len(state.plan):
            return min(state.plan[state.cursor][0], state.deadline)
        return state.deadline + SCORING_WAIT if self.scoring(state) else state.deadline

    def tick(self, now: float) -> list[Event]:
        """Everything due by `now`, each at its own time: bot words, then the round's end."""
        out: list[Event] = []
        state = self.running
        if state is None:
            return out
        while state.cursor < len(state.plan) and state.plan[state.cursor][0] <= now:
            at, seat, text = state.plan[state.cursor]
            self._emit(WordWritten(self._next, seat, text, at), out)
        if self.scoring(state):  # B17: the scorer closes the lists (StopRound), or time does
            if now >= state.deadline + SCORING_WAIT:
                self._end_round(state.deadline + SCORING_WAIT, False, out)
            return out
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

    def outcome(self, event: Event) -> GameOutcome | None:
        """A match's final ranking and figures, once its MatchEnded is folded."""
        if not isinstance(event, MatchEnded):
            return None
        built = self._outcome
        if built is not None and built[0] == event.seq:
            return built[1]
        return match_outcome(self, event.seq)

    # --- what each seat sees (views) ----------------------------------------------------

    def ahead(self, events: Sequence[Event]) -> Callable[[], None] | None:
        """A round just started: what its results will show of the grid, built while it
        is played (rounds of many rooms end together; they start together too, so this
        is not waited for)."""
        started = [self.round_at(e.seq) for e in events if isinstance(e, RoundStarted)]
        states = [state for state in started if state is not None]
        if not states:
            return None
        language = self.settings.dictionary_name

        def work() -> None:
            for state in states:
                if state.running and state.grid_words is None:
                    built = grid_words(state.grid, state.rules, state.lexicon, language)
                    state.grid_words = built

        return work

    def preparing(self, events: Sequence[Event]) -> Callable[[], None] | None:
        """A round's end: its results, the words nobody found and what every seat is shown
        of them, and a match's outcome, built once off the event loop (rounds of many rooms
        end together)."""
        ended = [event for event in events if isinstance(event, RoundEnded)]
        matches = [event.seq for event in events if isinstance(event, MatchEnded)]
        if not ended and not matches:
            return None

        def work() -> None:
            for event in ended:
                views.visible(self, event, None)
            for seq in matches:  # what the players' records take of it (`outcome`)
                self._outcome = (seq, match_outcome(self, seq))

        return work

    def view(self, seat: str | None) -> dict[str, Any]:
        return views.view(self, seat)

    def visible(self, event: Event, seat: str | None) -> Frame | None:
        return views.visible(self, event, seat)


def _follow_plan(state: RoundState, word: WordWritten) -> None:
    """A computer player's word moves the plan on. A stored word is a fact: when the plan
    made today differs (a word list or a level updated since the round was played), the
    plan goes on from the word's time, so no word is planned twice and none is refused."""
    plan, cursor = state.plan, state.cursor
    if cursor < len(plan) and plan[cursor][1:] == (word.seat, word.text):
        state.cursor = cursor + 1
        return
    while cursor < len(plan) and plan[cursor][0] <= word.at:
        cursor += 1
    state.cursor = cursor
