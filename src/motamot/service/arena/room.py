"""An arena round: one room per round of the arena's schedule, for any number of people.

The round's place and seed come with its settings (`schedule`): it is created ahead of
time, starts itself at its start (`tick` rolls the grid of its seed), takes words until
its deadline and ends then, however late the tick (B10), exactly as a Boggle round does,
with Boggle's events and round code (`boggle.rounds`: the same checks, the same instant
verdicts). What differs: anybody may join at any time until the end (they play the
time left), nobody is host, nothing is crossed out (A1), the results rank everybody
once (`results`), and an event about one seat (a word, a seat taken) is for that seat
alone (`audience`, in the answer to it): thousands of players never get a frame for
each other's word.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from motamot.boggle.grid import Grid, parse_grid, roll
from motamot.boggle.record import RESERVED_IN_NAMES as RESERVED_IN_NAMES
from motamot.service.arena import views
from motamot.service.arena.commands import CarrySessions
from motamot.service.arena.events import SessionsCarried
from motamot.service.arena.results import ArenaResults, Tally, round_results
from motamot.service.arena.settings import ArenaSettings
from motamot.service.arena.summary import summary_text
from motamot.service.boggle.commands import WriteWord
from motamot.service.boggle.crowd import CrowdRoom
from motamot.service.boggle.events import RoundEnded, RoundStarted, WordWritten
from motamot.service.boggle.rounds import RoundState, entry_refusal, take_word
from motamot.service.rooms.actor import Lexicons
from motamot.service.rooms.events import (
    Event,
    RoomCreated,
)
from motamot.service.rooms.outcomes import Refusal

#: People one round seats (far above the benchmark's 2,000; it bounds a round's memory).
MAX_PLAYERS = 20_000


class ArenaRoom(CrowdRoom[ArenaSettings]):
    """The actor of one arena round (docs/architecture.md, "The arena")."""

    NEEDS_PLAYER = "arena_needs_player"
    KIND = "arena"
    MAX_PLAYERS = MAX_PLAYERS
    NO_BOTS = "arena_no_bots"
    FIXED = "arena_fixed"

    def __init__(self, created: RoomCreated[ArenaSettings], lexicons: Lexicons) -> None:
        self.round: RoundState | None = None
        #: Words written in the round (live activity: words per second).
        self.words_written = 0
        #: The words' verdicts summed as they come, for the results.
        self.tally = Tally()
        #: The sessions of the round before, by lasting player (None: not carried yet).
        self.carried: dict[str, tuple[int, int]] | None = None
        self._results: ArenaResults | None = None
        #: The end as everybody is shown it, built once (`views`).
        self.shown_end: dict[str, Any] | None = None
        super().__init__(created, lexicons)

    # --- derived state ------------------------------------------------------------------

    @property
    def running(self) -> RoundState | None:
        state = self.round
        return state if state is not None and state.running else None

    @property
    def ended(self) -> bool:
        return self.round is not None and not self.round.running

    def finished(self) -> bool:
        return self.ended

    def solved_grid(self) -> Grid:
        """The round's grid (once it has started)."""
        assert self.round is not None
        return self.round.grid

    def records(self) -> list[str]:
        """The round's ranking (`summary`), once it has ended with players: what is kept
        of the round when retention removes its room."""
        if not self.ended or self.round is None or not self.results().places:
            return []
        return [summary_text(self.settings, self.round, self.results())]

    def results(self) -> ArenaResults:
        """The round's results, computed once when it has ended."""
        if self._results is None:
            assert self.round is not None and not self.round.running
            carried = self.carried or {}
            self._results = round_results(
                self.round,
                self.seats,
                carried,
                self.solution(),
                self.tally,
                self.settings.open_rankings,
            )
        return self._results

    # --- what the shared actor asks -----------------------------------------------------

    def joining_closed(self) -> Refusal | None:
        return Refusal("round_over") if self.ended else None

    # --- the fold -----------------------------------------------------------------------

    def _apply_own(self, event: Event) -> None:
        match event:
            case RoundStarted():
                self.round = RoundState(
                    event.number,
                    event.seed,
                    parse_grid(event.grid),
                    event.start,
                    event.deadline,
                    self.rules,
                    self.lexicon,
                    False,
                    [],
                    event.seq,
                )
            case WordWritten():
                state = self.running
                if state is None:
                    raise ValueError(f"room {self.room_id}: a word with no round running")
                self.tally.add(event.seat, take_word(state, event))
                self.words_written += 1
            case RoundEnded(at=at):
                state = self.running
                if state is None:
                    raise ValueError(f"room {self.room_id}: no round running")
                state.ended_at, state.ended_seq = at, event.seq
            case SessionsCarried(totals=totals):
                self.carried = {player: (total, rounds) for player, total, rounds in totals}
            case _:
                raise ValueError(f"not an arena event: {event!r}")

    # --- commands -----------------------------------------------------------------------

    def _decide_own(
        self, seat: str | None, command: Any, now: float, out: list[Event]
    ) -> Refusal | None:
        match command:
            case WriteWord(text=text):
                return self._write_word(seat, text, now, out)
            case CarrySessions(totals=totals):
                if seat is not None:
                    return Refusal("not_host")
                if self.carried is not None:
                    return Refusal("already_carried")
                if self.ended:
                    return Refusal("round_over")
                self._emit(SessionsCarried(self._next, totals), out)
                return None
        return Refusal("unknown_command")

    def _write_word(
        self, seat: str | None, text: str, now: float, out: list[Event]
    ) -> Refusal | None:
        if not self.is_person(seat):
            return Refusal("not_seated")
        assert seat is not None
        state = self.running
        if state is None:
            return Refusal("after_deadline" if self.ended else "round_not_started")
        entry = entry_refusal(state, seat, text, now)
        if isinstance(entry, Refusal):
            return entry
        self._emit(WordWritten(self._next, seat, entry, now), out)
        return None

    # --- the clock ----------------------------------------------------------------------

    def next_wakeup(self) -> float | None:
        """The round's start, then its deadline."""
        if self.round is None:
            return self.settings.start
        return self.round.deadline if self.round.running else None

    def tick(self, now: float) -> list[Event]:
        """The start at its time (the grid of its seed), the end at the deadline."""
        out: list[Event] = []
        settings = self.settings
        if self.round is None and now >= settings.start:
            grid = roll(self.rules, settings.seed).text
            start = RoundStarted(
                self._next, settings.number, settings.seed, grid, settings.start, settings.deadline
            )
            self._emit(start, out)
        state = self.running
        if state is not None and state.rules.is_late(now, state.deadline):
            self._emit(RoundEnded(self._next, state.number, state.deadline), out)
        return out

    # --- who is sent what ---------------------------------------------------------------

    def audience(self, event: Event) -> tuple[str, ...] | None:
        """The round's start and end go to everybody; nothing else to anybody as it
        happens: a word's verdict is in its writer's answer, a seat in its joiner's, the
        sessions in the results (a page catching up gets what its seat may see)."""
        return None if isinstance(event, (RoundStarted, RoundEnded)) else ()

    def preparing(self, events: Sequence[Event]) -> Callable[[], None] | None:
        """The round's end: its results, off the event loop while they are stored."""
        if not any(isinstance(event, RoundEnded) for event in events):
            return None

        def work() -> None:
            views.view(self, None)  # the results and their shared shown part, built once

        return work

    def view(self, seat: str | None) -> dict[str, Any]:
        return views.view(self, seat)

    def visible(self, event: Event, seat: str | None) -> dict[str, Any] | None:
        return views.visible(self, event, seat)
