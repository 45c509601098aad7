"""What each seat of a daily room may see: the one place that decides it.

Everybody sees the day so far (how many played, the best of them: names and scores, no
word). A seat sees the grid only once its play has started, its own words with their
verdicts, never anybody else's; once its play is over, its place (G7), the words it
missed (G8) and the seed. Declared in `shown`; `view` and `visible` give plain JSON.
"""

from __future__ import annotations

from typing import Any, Protocol

from motamot.boggle.solve import Solution
from motamot.lexicon.accents import written_map
from motamot.service.boggle.events import WordWritten
from motamot.service.boggle.shown import PaceShown
from motamot.service.boggle.views import own_word, own_word_shown
from motamot.service.daily.events import PlayAdopted, PlayEnded, PlaySetAside, PlayStarted
from motamot.service.daily.plays import Play
from motamot.service.daily.results import (
    DayRanking,
    by_length,
    found_words,
    missed_words,
    rank_among,
)
from motamot.service.daily.settings import DailySettings
from motamot.service.daily.shown import (
    BracketShown,
    DailyPlayAdoptedShown,
    DailyPlayEndedShown,
    DailyPlaySetAsideShown,
    DailyPlayStartedShown,
    DailySettingsShown,
    DailyView,
    DailyWordShown,
    FoundShown,
    MissedShown,
    PlayShown,
    ResultShown,
    StandingShown,
)
from motamot.service.rooms.events import Event
from motamot.service.rooms.seating import Seat
from motamot.service.rooms.shown import Hidden, Shown, plain, shared_shown


class DailyRoom(Protocol):
    """What the views read of a daily room (`room.DailyRoom`), and nothing else."""

    room_id: str
    last_seq: int
    seats: dict[str, Seat]
    settings: DailySettings
    plays: dict[str, Play]
    running: set[str]

    def ranking(self) -> DayRanking: ...

    def solution(self) -> Solution: ...


def settings_shown(settings: DailySettings) -> DailySettingsShown:
    return DailySettingsShown(
        settings.day,
        settings.preset,
        settings.dictionary_name,
        settings.seconds,
        settings.rules().min_length,
        settings.open_rankings,
    )


def visible(room: DailyRoom, event: Event, seat: str | None) -> dict[str, Any] | None:
    """`event` as `seat` may see it (None: not this seat's to see)."""
    shown = _shown(room, event, seat)
    return None if shown is None else plain(shown)


def _shown(room: DailyRoom, event: Event, seat: str | None) -> Shown | None:
    owner: str | None = getattr(event, "seat", seat)
    if owner != seat:
        return None
    match event:
        case PlayStarted():
            grid = room.plays[event.seat].state.grid.text
            return DailyPlayStartedShown(event.seq, event.at, event.deadline, event.ranked, grid)
        case WordWritten():
            verdict = room.plays[event.seat].state.verdict(event)
            return own_word_shown(DailyWordShown, event, verdict)
        case PlayEnded():
            return DailyPlayEndedShown(event.seq, event.at)
        case PlayAdopted():
            return DailyPlayAdoptedShown(event.seq)
        case PlaySetAside():
            return DailyPlaySetAsideShown(event.seq, event.reason)
    shown = shared_shown(event, settings_shown, None)
    return Hidden(event.seq) if shown is None else shown


def view(room: DailyRoom, seat: str | None) -> dict[str, Any]:
    """The day as `seat` may see it."""
    return plain(room_view(room, seat))


def room_view(room: DailyRoom, seat: str | None) -> DailyView:
    ranking = room.ranking()
    best = [StandingShown(s.rank, s.name, s.score, s.words) for s in ranking.best]
    data = DailyView(
        room.room_id,
        room.last_seq,
        seat,
        settings_shown(room.settings),
        ranking.players,
        len(room.running),
        best,
    )
    play = room.plays.get(seat) if seat is not None else None
    if play is None:
        return data
    state = play.state
    data.grid = state.grid.text
    words = [own_word(w, state.verdict(w)) for w in state.words.get(play.seat, ())]
    found = len(play.accepted())
    over = not play.running
    data.play = PlayShown(play.start, play.deadline, play.ranked, over, play.score, found, words)
    if over:
        data.result = result_shown(room, play)
    return data


def result_shown(room: DailyRoom, play: Play) -> ResultShown:
    """A play that is over, as its seat sees it."""
    ranking = room.ranking()
    found = play.accepted()
    solution = room.solution()
    missed = missed_words(solution, found)
    kept = found_words(solution, found)
    shown = {w.word for w in missed} | {w.word for w in kept}
    written = written_map(shown, room.settings.dictionary_name)
    lengths = by_length(solution, found, room.settings.rules().min_length)
    result = ResultShown(
        play.score,
        len(found),
        play.ranked,
        ranking.players,
        solution.count,
        [MissedShown(w.word, w.points) for w in missed],
        written,
        str(room.settings.seed),
        [FoundShown(w.word, w.points) for w in kept],
        [BracketShown(b.letters, b.longer, b.found, b.all) for b in lengths],
    )
    standing = ranking.standings.get(play.seat)
    if standing is not None:
        result.rank, result.top = standing.rank, standing.top
        return result
    result.would_rank = rank_among(play.score, ranking)
    if play.ranked:
        result.aside = play.aside or "no_word"
    if play.fast is not None:
        result.pace = PaceShown(play.fast.bound, play.fast.words, play.fast.seconds)
    return result
