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
(G7) that found a word and are not set aside (F2-F4); its public list, the accounts'
(F1). A browser that signs in hands its play to the account (`AdoptPlay`, F2). Every
event is for its seat alone: nobody is sent another's words.
"""

from __future__ import annotations

import bisect
from typing import Any

from motamot.boggle.grid import Grid, roll
from motamot.boggle.record import RESERVED_IN_NAMES as RESERVED_IN_NAMES
from motamot.service.boggle.commands import WriteWord
from motamot.service.boggle.crowd import CrowdRoom
from motamot.service.boggle.events import WordWritten
from motamot.service.boggle.rounds import RoundState, entry_refusal, take_word
from motamot.service.daily import views
from motamot.service.daily.commands import AdoptPlay, FinishPlay, StartPlay
from motamot.service.daily.events import PlayAdopted, PlayEnded, PlaySetAside, PlayStarted
from motamot.service.daily.outcome import play_outcome
from motamot.service.daily.plays import Play
from motamot.service.daily.results import DayRanking, PlayFigures, day_ranking
from motamot.service.daily.schedule import day_at
from motamot.service.daily.settings import DailySettings
from motamot.service.rooms.actor import Lexicons
from motamot.service.rooms.events import Event, RoomCreated
from motamot.service.rooms.outcomes import Refusal
from motamot.service.rooms.results import GameOutcome

#: People one day's room seats (it bounds the room's memory).
MAX_PLAYERS = 100_000


class DailyRoom(CrowdRoom[DailySettings]):
    """The actor of one day's grid (docs/architecture.md, "The daily grid")."""

    NEEDS_PLAYER = "daily_needs_player"
    KIND = "daily"
    MAX_PLAYERS = MAX_PLAYERS
    NO_BOTS = "daily_no_bots"
    FIXED = "daily_fixed"
    #: A ranked play's end is a game for the player's profile (its streak, G9), and so is
    #: a play over handed to an account (F2).
    ENDINGS = (PlayEnded, PlayAdopted)

    def __init__(self, created: RoomCreated[DailySettings], lexicons: Lexicons) -> None:
        self.plays: dict[str, Play] = {}
        #: The plays still running (their deadlines are the room's timers).
        self.running: set[str] = set()
        #: The field (F3): the ranked plays over that count, in the order they ended (the
        #: day's ranking), and their scores in order (a rank is found by bisection).
        self.over: list[PlayFigures] = []
        self.scores: list[int] = []
        self._ranking: DayRanking | None = None
        super().__init__(created, lexicons)

    def _use_settings(self, settings: DailySettings) -> None:
        super()._use_settings(settings)
        #: The day's grid, rolled from its seed (G1).
        self.grid: Grid = roll(self.rules, settings.seed)

    # --- derived state ------------------------------------------------------------------

    def solved_grid(self) -> Grid:
        return self.grid

    def ranking(self) -> DayRanking:
        """The day's ranking so far (G7), made again only when a ranked play ends."""
        if self._ranking is None:  # under the names the seats have now (G7, renamed: P)
            named = [
                PlayFigures(f.seat, self.seats[f.seat].name, f.score, f.words, self.listed(f.seat))
                for f in self.over
            ]
            self._ranking = day_ranking(named)
        return self._ranking

    def listed(self, seat: str) -> bool:
        """Whether the seat's play may be in the public list (F1): an account's, or any
        when the server opens the lists."""
        return self.settings.open_rankings or self.seats[seat].account

    def counts(self, play: Play) -> bool:
        """Whether a play over is in the day's field (F3): ranked, a word found, not set
        aside. A play that found nothing (started only to read the words missed) would
        only push everybody's percentile up."""
        return play.ranked and play.aside is None and play.found > 0

    def to_adopt(self, player: str, identity: str) -> PlayAdopted | PlaySetAside | None:
        """What signing in to the account `player` from the browser `identity` does to
        the day (F2): the browser's play becomes the account's, or, when the account has
        a play of its own, the browser's leaves the field (None: nothing to do)."""
        seat = self.by_player.get(identity)
        if seat is None:
            return None
        own = self.by_player.get(player)
        if own is None or own == seat:
            taken = self.seats[seat]
            if taken.player == player and taken.account:
                return None
            return PlayAdopted(self._next, seat, player)
        other = self.plays.get(seat)
        if other is None or other.aside is not None:
            return None
        return PlaySetAside(self._next, seat, "second_play")

    def rank_of(self, score: int) -> int:
        """The rank of `score` among the ranked plays over: 1 + how many scored more."""
        return 1 + len(self.scores) - bisect.bisect_right(self.scores, score)

    def play_of(self, seat: str | None) -> Play | None:
        return self.plays.get(seat) if seat is not None else None

    # --- what the shared actor asks -----------------------------------------------------

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
                play.end(at, event.seq)
                self.running.discard(seat)
                if self.counts(play):
                    figures = PlayFigures(seat, self.seats[seat].name, play.score, play.found)
                    self.over.append(figures)
                    bisect.insort(self.scores, figures.score)
                    self._ranking = None
            case PlayAdopted(seat=seat, player=player):
                taken = self.seats[seat]
                if taken.player is not None and self.by_player.get(taken.player) == seat:
                    del self.by_player[taken.player]
                taken.player, taken.account = player, True
                self.by_player[player] = seat
                self._ranking = None
            case PlaySetAside(seat=seat, reason=reason):
                self.plays[seat].aside = reason
                self.over = [f for f in self.over if f.seat != seat]
                self.scores = sorted(f.score for f in self.over)
                self._ranking = None
            case _:
                raise ValueError(f"not a daily event: {event!r}")

    # --- commands -----------------------------------------------------------------------

    def _decide_own(
        self, seat: str | None, command: Any, now: float, out: list[Event]
    ) -> Refusal | None:
        if isinstance(command, AdoptPlay):
            if seat is not None:
                return Refusal("not_host")
            adopted = self.to_adopt(command.player, command.identity)
            if adopted is None:
                return Refusal("daily_not_started")
            self._emit(adopted, out)
            return None
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

    def handed(self, event: Event) -> tuple[str, str, float] | None:
        """An adopted play's seat is the account's from then on (its « Mes parties »)."""
        if not isinstance(event, PlayAdopted):
            return None
        play = self.plays.get(event.seat)
        return event.seat, event.player, play.start if play is not None else self.created.at

    def outcome(self, event: Event) -> GameOutcome | None:
        if isinstance(event, PlayEnded):
            return play_outcome(self, event.seat, event.seq, event.at)
        if isinstance(event, PlayAdopted):  # a play over, now the account's (F2)
            ended = self.plays[event.seat].ended_at if event.seat in self.plays else None
            if ended is not None:
                return play_outcome(self, event.seat, event.seq, ended)
        return None

    def view(self, seat: str | None) -> dict[str, Any]:
        return views.view(self, seat)

    def visible(self, event: Event, seat: str | None) -> dict[str, Any] | None:
        return views.visible(self, event, seat)
