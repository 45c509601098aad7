"""What each seat of an arena round may see: the one place that decides it.

Everybody sees the round's start (its grid and times) and its end. A seat sees its own
words with their verdicts, nobody else's (only how many people play, as numbers). At
the end everybody sees the best players and the grid's best words, and each player
their own place: one frame per seat, made from one shared part built once (thousands of
seats are shown the end at once) and the seat's own place. The seed is hidden until the
end. Declared in `shown`; `view` and `visible` give its plain JSON.
"""

from __future__ import annotations

from typing import Any, Protocol

from motamot.lexicon.accents import written_map
from motamot.service.arena.results import ArenaResults, Place
from motamot.service.arena.settings import ArenaSettings
from motamot.service.arena.shown import (
    ArenaResultShown,
    ArenaRoundEndedShown,
    ArenaRoundStartedShown,
    ArenaSettingsShown,
    ArenaView,
    ArenaWordShown,
    BestPlayerShown,
    BestWordShown,
    PlaceShown,
)
from motamot.service.boggle.events import RoundEnded, RoundStarted, WordWritten
from motamot.service.boggle.rounds import RoundState
from motamot.service.boggle.shown import PaceShown
from motamot.service.boggle.views import own_word, own_word_shown
from motamot.service.rooms.events import Event
from motamot.service.rooms.seating import Seat
from motamot.service.rooms.shown import Hidden, Shown, plain, shared_shown


class ArenaRoom(Protocol):
    """What the views read of an arena round (`room.ArenaRoom`), and nothing else."""

    room_id: str
    last_seq: int
    seats: dict[str, Seat]
    settings: ArenaSettings
    round: RoundState | None
    #: The shown end of the round without any seat's place, built once (`_shared_end`).
    shown_end: dict[str, Any] | None

    @property
    def ended(self) -> bool: ...

    def results(self) -> ArenaResults: ...


def settings_shown(settings: ArenaSettings) -> ArenaSettingsShown:
    return ArenaSettingsShown(
        settings.preset,
        settings.dictionary_name,
        settings.number,
        settings.start,
        settings.seconds,
        settings.pause,
        settings.rules().min_length,
        settings.open_rankings,
        settings.tournament,
    )


def visible(room: ArenaRoom, event: Event, seat: str | None) -> dict[str, Any] | None:
    """`event` as `seat` may see it (None: not this seat's to see)."""
    if isinstance(event, RoundEnded):
        end = _shared_end(room, event)
        return {**end, "result": result_plain(room, seat)}
    shown = _shown(room, event, seat)
    return None if shown is None else plain(shown)


def _shown(room: ArenaRoom, event: Event, seat: str | None) -> Shown | None:
    match event:
        case RoundStarted():
            return ArenaRoundStartedShown(
                event.seq, event.number, event.grid, event.start, event.deadline
            )
        case WordWritten():
            if event.seat != seat or room.round is None:
                return None
            return own_word_shown(ArenaWordShown, event, room.round.verdict(event))
    shown = shared_shown(event, settings_shown, None)
    if shown is None:
        return Hidden(event.seq)
    owner: str | None = getattr(event, "seat", seat)
    return shown if owner == seat else None


def _shared_end(room: ArenaRoom, event: RoundEnded) -> dict[str, Any]:
    """The end as everybody sees it (no seat's place), built once for the round."""
    if room.shown_end is None:
        shown = ArenaRoundEndedShown(
            event.seq, event.number, event.at, result_shown(room), room.settings.next_start
        )
        room.shown_end = plain(shown)
    return room.shown_end


def result_plain(room: ArenaRoom, seat: str | None) -> dict[str, Any]:
    """The results as `seat` sees them: everybody's part (one object for all), and its
    own place in a copy of it when it has one."""
    assert room.round is not None
    shared: dict[str, Any] = _shared_end(room, _end_of(room))["result"]
    place = room.results().places.get(seat) if seat is not None else None
    return shared if place is None else {**shared, "you": plain(place_shown(place))}


def _end_of(room: ArenaRoom) -> RoundEnded:
    state = room.round
    assert state is not None and state.ended_at is not None and state.ended_seq is not None
    return RoundEnded(state.ended_seq, state.number, state.ended_at)


def result_shown(room: ArenaRoom) -> ArenaResultShown:
    """The round's results as everybody sees them (no seat's place)."""
    results = room.results()
    assert room.round is not None
    best = [w.word for w in results.best_words]
    return ArenaResultShown(
        results.players,
        [BestPlayerShown(p.rank, p.name, p.score, p.words) for p in results.best_players],
        [BestWordShown(w.word, w.points, w.found_by) for w in results.best_words],
        results.grid_words,
        results.found_words,
        written_map(set(best), room.settings.dictionary_name),
        str(room.round.seed),
    )


def place_shown(place: Place) -> PlaceShown:
    shown = PlaceShown(
        place.rank, place.top, place.score, place.words, place.session_total, place.session_rounds
    )
    if place.fast is not None:
        shown.aside = "too_fast"
        shown.pace = PaceShown(place.fast.bound, place.fast.words, place.fast.seconds)
    return shown


def view(room: ArenaRoom, seat: str | None) -> dict[str, Any]:
    """The whole round as `seat` may see it."""
    data = plain(room_view(room, seat))
    state = room.round
    if state is not None and not state.running:
        data["result"] = result_plain(room, seat)
    return data


def room_view(room: ArenaRoom, seat: str | None) -> ArenaView:
    """The whole round as `seat` may see it, its results left out (`view` adds them)."""
    state = room.round
    settings = room.settings
    phase = "waiting" if state is None else "running" if state.running else "ended"
    data = ArenaView(
        room.room_id,
        room.last_seq,
        seat,
        settings_shown(settings),
        phase,
        settings.deadline,
        settings.next_start,
        len(room.seats),
        0 if state is None else len(state.words),
    )
    if state is not None:
        data.grid = state.grid.text
        if seat is not None and seat in room.seats:
            data.words = [own_word(w, state.verdict(w)) for w in state.words.get(seat, ())]
    return data
