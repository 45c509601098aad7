"""A day's grid of one preset: one room for everybody who plays it (G1), each player
alone against the server's clock (G3).

The room is opened under an id derived from the server's secret and the day, with the
seed of the day's grid in its settings (`schedule`): every process, every restart opens
the same room and rolls the same grid. A lasting player takes one seat (a reload,
another device take it back), starts their one play (G5), writes words judged by
Boggle's referee as they come (the same checks and instant verdicts as the arena's and
a Boggle room's: `boggle.rounds`), and their play ends at its deadline, stored with its
start, however late the tick (B10), or when they say they are done. A play started on
the grid's own day is ranked (G4); the ranking counts the ranked plays that are over
(G7). Every event is for its seat alone: nobody is sent another's words.
"""

from __future__ import annotations

import bisect
from typing import Any

from motamot.boggle.grid import Grid, roll
from motamot.boggle.solve import Solution, solve
from motamot.lexicon import Lexicon
from motamot.service.boggle.commands import WriteWord
from motamot.service.boggle.events import WordWritten
from motamot.service.boggle.rounds import RoundState, entry_refusal, take_word
from motamot.service.daily import views
from motamot.service.daily.commands import FinishPlay, StartPlay
from motamot.service.daily.events import PlayEnded, PlayStarted
from motamot.service.daily.outcome import play_outcome
from motamot.service.daily.plays import Play
from motamot.service.daily.results import DayRanking, PlayFigures, day_ranking
from motamot.service.daily.schedule import day_at
from motamot.service.daily.settings import DailySettings
from motamot.service.rooms.actor import Lexicons
from motamot.service.rooms.events import Event, RoomCreated
from motamot.service.rooms.lasting import LastingSeatsActor
from motamot.service.rooms.outcomes import Refusal
from motamot.service.rooms.results import GameOutcome

#: People one day's room seats (it bounds the room's memory).
MAX_PLAYERS = 100_000
#: What a Boggle record reserves in player names (the daily grid's names are Boggle's).
RESERVED_IN_NAMES = ',:"#'


class DailyRoom(LastingSeatsActor[DailySettings]):
    """The actor of one day's grid (docs/architecture.md, "The daily grid")."""

    NEEDS_PLAYER = "daily_needs_player"
    KIND = "daily"
    RESERVED_IN_NAMES = RESERVED_IN_NAMES
    HAS_READY = False
    #: Each seat is sent only what is its own: the numbers it sees have holes.
    SPARSE = True
    #: Everybody plays alone: there is nobody to talk to.
    HAS_CHAT = False
    #: A ranked play's end is a game for the player's profile (its streak, G9).
    ENDINGS = (PlayEnded,)

    def __init__(self, created: RoomCreated[DailySettings], lexicons: Lexicons) -> None:
        self.plays: dict[str, Play] = {}
        #: The plays still running (their deadlines are the room's timers).
        self.running: set[str] = set()
        #: The ranked plays over, in the order they ended (the day's ranking), and their
        #: scores in order (a play's rank when it ends is found by bisection).
        self.over: list[PlayFigures] = []
        self.scores: list[int] = []
        self._ranking: DayRanking | None = None
        self._solution: Solution | None = None
        super().__init__(created, lexicons)

    def _use_settings(self, settings: DailySettings) -> None:
        self.rules = settings.rules()
        self.lexicon: Lexicon = self.lexicons(settings.dictionary_name)
        #: The day's grid, rolled from its seed (G1).
        self.grid: Grid = roll(self.rules, settings.seed)

    # --- derived state ------------------------------------------------------------------

    @property
    def host(self) -> str | None:
        """Nobody: the day runs itself."""
        return None

    def solution(self) -> Solution:
        """Every word of the day's grid (B15), solved once."""
        if self._solution is None:
            self._solution = solve(self.grid, self.rules, self.lexicon)
        return self._solution

    def ranking(self) -> DayRanking:
        """The day's ranking so far (G7), made again only when a ranked play ends."""
        if self._ranking is None:  # under the names the seats have now (G7, renamed: P)
            named = [
                PlayFigures(f.seat, self.seats[f.seat].name, f.score, f.words) for f in self.over
            ]
            self._ranking = day_ranking(named)
        return self._ranking

    def rank_of(self, score: int) -> int:
        """The rank of `score` among the ranked plays over: 1 + how many scored more."""
        return 1 + len(self.scores) - bisect.bisect_right(self.scores, score)

    def play_of(self, seat: str | None) -> Play | None:
        return self.plays.get(seat) if seat is not None else None

    # --- what the shared actor asks -----------------------------------------------------

    def seating_closed(self) -> Refusal | None:
        return Refusal("daily_no_bots")

    def settings_closed(self) -> Refusal | None:
        return Refusal("daily_fixed")

    def seat_refusal(self, bot: bool) -> Refusal | None:
        if len(self.seats) >= MAX_PLAYERS:
            return Refusal("room_full", {"max": MAX_PLAYERS})
        return None

    # --- the fold -----------------------------------------------------------------------

    def _renamed(self, seat: str) -> None:
        self._ranking = None  # an account deleted: its name is gone from the ranking

    def _apply_own(self, event: Event) -> None:
        match event:
            case PlayStarted(seat=seat, at=at, deadline=deadline, ranked=ranked):
                state = RoundState(
                    0, self.settings.seed, self.grid, at, deadline, self.rules, self.lexicon,
                    False, [seat], event.seq,
                )  # fmt: skip
                self.plays[seat] = Play(seat, at, deadline, ranked, state)
                self.running.add(seat)
            case WordWritten(seat=seat):
                play = self.plays.get(seat)
                if play is None or not play.running:
                    raise ValueError(f"room {self.room_id}: a word outside a play")
                take_word(play.state, event)
            case PlayEnded(seat=seat, at=at):
                play = self.plays.get(seat)
                if play is None or not play.running:
                    raise ValueError(f"room {self.room_id}: no play of {seat} running")
                play.ended_at = play.state.ended_at = at
                play.state.ended_seq = event.seq
                self.running.discard(seat)
                if play.ranked:
                    figures = PlayFigures(seat, self.seats[seat].name, play.score, play.found)
                    self.over.append(figures)
                    bisect.insort(self.scores, figures.score)
                    self._ranking = None
            case _:
                raise ValueError(f"not a daily event: {event!r}")

    # --- commands -----------------------------------------------------------------------

    def _decide_own(
        self, seat: str | None, command: Any, now: float, out: list[Event]
    ) -> Refusal | None:
        if not self.is_person(seat):
            return Refusal("not_seated")
        assert seat is not None
        play = self.plays.get(seat)
        match command:
            case StartPlay():
                return self._start(seat, play, now, out)
            case WriteWord(text=text):
                if play is None:
                    return Refusal("daily_not_started")
                if not play.running or self.rules.is_late(now, play.deadline):
                    return Refusal("after_deadline")
                entry = entry_refusal(play.state, seat, text, now)
                if isinstance(entry, Refusal):
                    return entry
                self._emit(WordWritten(self._next, seat, entry, now), out)
                return None
            case FinishPlay():
                if play is None:
                    return Refusal("daily_not_started")
                if not play.running:
                    return Refusal("daily_played")
                self._emit(PlayEnded(self._next, seat, min(now, play.deadline)), out)
                return None
        return Refusal("unknown_command")

    def _start(self, seat: str, play: Play | None, now: float, out: list[Event]) -> Refusal | None:
        """The seat's one play (G5), ranked if started on the grid's day (G4)."""
        if play is not None:
            return Refusal("daily_playing" if play.running else "daily_played")
        today = day_at(now)
        if self.settings.date > today:
            return Refusal("daily_future")
        ranked = self.settings.date == today
        deadline = now + self.settings.seconds
        self._emit(PlayStarted(self._next, seat, now, deadline, ranked), out)
        return None

    # --- the clock ----------------------------------------------------------------------

    def next_wakeup(self) -> float | None:
        """The first deadline of the plays running."""
        return min((self.plays[seat].deadline for seat in self.running), default=None)

    def tick(self, now: float) -> list[Event]:
        """Each play whose deadline has passed ends, at its deadline (B10)."""
        out: list[Event] = []
        due = [s for s in self.running if self.rules.is_late(now, self.plays[s].deadline)]
        for seat in sorted(due, key=lambda s: (self.plays[s].deadline, s)):
            self._emit(PlayEnded(self._next, seat, self.plays[seat].deadline), out)
        return out

    # --- who is sent what ---------------------------------------------------------------

    def audience(self, event: Event) -> tuple[str, ...] | None:
        """Nobody as it happens: a word's verdict is in its writer's answer; a page
        reads its seat's view again."""
        return ()

    def outcome(self, event: Event) -> GameOutcome | None:
        if not isinstance(event, PlayEnded):
            return None
        return play_outcome(self, event)

    def view(self, seat: str | None) -> dict[str, Any]:
        return views.view(self, seat)

    def visible(self, event: Event, seat: str | None) -> dict[str, Any] | None:
        return views.visible(self, event, seat)
