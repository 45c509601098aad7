"""What each seat of a Boggle room may see: the one place that decides it.

Hidden during a round: the other players' words (a seat sees only their count), the
round's seed (it gives the bots' words) and the solution. Hidden always: the seats'
secret digests. After the round everyone sees everything: every sheet as `judge_round`
judged it and the words nobody found. A spectator (seat None) sees what every seat sees
of the others. Views only show: every verdict was decided by the room when it took the
word. What is shown is declared in `shown`; `view` and `visible` give its plain JSON.
"""

from __future__ import annotations

from typing import Any, Protocol, TypeVar, cast

from msgspec import UNSET, UnsetType

from motamot.boggle.grid import parse_grid
from motamot.boggle.match import MatchFormat, Standing
from motamot.boggle.referee import Verdict
from motamot.boggle.round import RoundResult
from motamot.boggle.rules import BoggleRules
from motamot.service.boggle.events import (
    MatchEnded,
    MatchReset,
    RoundEnded,
    RoundStarted,
    WordWritten,
)
from motamot.service.boggle.grid_words import GridWords
from motamot.service.boggle.rounds import RoundState
from motamot.service.boggle.settings import BoggleSettings
from motamot.service.boggle.shown import (
    BoggleView,
    FoundShown,
    MatchEndedShown,
    MatchResetShown,
    MatchView,
    OwnWord,
    OwnWordShown,
    ReadySeatView,
    ResultShown,
    RoundEndedShown,
    RoundStartedShown,
    RoundView,
    SeatLeftShown,
    SeatRemovedShown,
    SeatTakenShown,
    SettingsShown,
    WordWrittenShown,
)
from motamot.service.rooms.chat import Chat
from motamot.service.rooms.events import Event, SeatLeft, SeatRemoved, SeatTaken
from motamot.service.rooms.seating import Seat
from motamot.service.rooms.shown import (
    Frame,
    Hidden,
    Shown,
    chat_view,
    encoded,
    plain,
    shared_shown,
)
from motamot.wire.boggle import MissedJson, cells_json, encoded_round_shape


class BoggleRoom(Protocol):
    """What the views read of a Boggle room (`room.BoggleRoom`), and nothing else."""

    room_id: str
    last_seq: int
    seats: dict[str, Seat]
    settings: BoggleSettings
    rules: BoggleRules
    match_over: bool
    match_winners: tuple[str, ...]
    chat: Chat
    shown_alike: tuple[int, int, Frame] | None

    @property
    def host(self) -> str | None: ...

    @property
    def public(self) -> bool: ...

    @property
    def round(self) -> RoundState | None: ...

    def round_at(self, seq: int) -> RoundState | None: ...

    def name_of(self, seat: str) -> str: ...

    def result(self, state: RoundState) -> RoundResult: ...

    def grid_words(self, state: RoundState) -> GridWords: ...

    def standing(self) -> Standing: ...


def settings_shown(settings: BoggleSettings) -> SettingsShown:
    """The settings as everybody sees them (the rules they give filled in, no seeds)."""
    rules = settings.rules()
    return SettingsShown(
        settings.preset,
        bool(settings.seeds),
        settings.dictionary_name,
        rules.duration_seconds,
        rules.min_length,
        settings.invalid_penalty,
        settings.word_at_deadline_counts,
        settings.verify_at_end,
        settings.rounds,
        settings.target,
        settings.extra_round_on_tie,
        settings.origin,
        settings.public,
        None if settings.box_grid is None else parse_grid(settings.box_grid).text,
        settings.box_scorer,
    )


def is_paper(room: BoggleRoom, seat: str) -> bool:
    """B17: a person's seat without a token (`AddPaperSeat`): nobody's phone."""
    found = room.seats.get(seat)
    return found is not None and found.level is None and found.secret_digest is None


def visible(room: BoggleRoom, event: Event, seat: str | None) -> Frame | None:
    """`event` as `seat` may see it now (every event is seen, some of it redacted). A
    round's end is the same for every seat: encoded once, one string for all."""
    if isinstance(event, RoundEnded):
        state = room.round_at(event.seq)
        if state is not None:
            if state.shown_end is not None:
                return state.shown_end
            frame = encoded(shown(room, event, seat))
            if not state.away:  # a round put away is rarely asked again: not kept
                state.shown_end = frame
            return frame
    if isinstance(event, WordWritten):  # the one event each seat sees in its own way
        return plain(shown(room, event, seat))
    alike = room.shown_alike
    if alike is not None and alike[:2] == (event.seq, room.last_seq):
        return alike[2]
    # Every seat sees the same: built once while the room stands still, one object that
    # the feed encodes once for all (the match's end, standings and all, was built and
    # encoded four times per room when hundreds of matches ended together).
    alike_frame = plain(shown(room, event, seat))
    room.shown_alike = (event.seq, room.last_seq, alike_frame)
    return alike_frame


def shown(room: BoggleRoom, event: Event, seat: str | None) -> Shown:
    """`event` as `seat` may see it now, declared."""
    match event:
        case RoundStarted():
            state = room.round_at(event.seq)
            assert state is not None
            seed = UNSET if state.running else str(event.seed)
            players = list(state.players)
            return RoundStartedShown(
                event.seq, event.number, event.grid, event.start, event.deadline, players, seed
            )
        case WordWritten():
            return _word_shown(room, event, seat)
        case RoundEnded():
            state = room.round_at(event.seq)
            assert state is not None
            result = result_shown(room, state)
            return RoundEndedShown(
                event.seq, event.number, event.at, event.stopped, result, match_view(room)
            )
        case MatchEnded():
            return MatchEndedShown(event.seq, list(event.winners), match_view(room))
        case MatchReset():
            return MatchResetShown(event.seq, match_view(room))
        case SeatTaken():
            return SeatTakenShown(
                event.seq,
                event.seat,
                event.name,
                room.host,
                event.level,
                event.at,
                match=match_view(room),
                paper=is_paper(room, event.seat),
            )
        case SeatLeft():
            return SeatLeftShown(event.seq, event.seat, room.host, event.at, match=match_view(room))
        case SeatRemoved():
            match = match_view(room)
            return SeatRemovedShown(event.seq, event.seat, room.host, event.at, match=match)
    return shared_shown(event, settings_shown, room.host) or Hidden(event.seq)


def _word_shown(room: BoggleRoom, event: WordWritten, seat: str | None) -> WordWrittenShown:
    state = room.round_at(event.seq)
    assert state is not None
    if event.seat == seat:
        verdict = state.verdict(event)
        points, path = _scored(verdict)
        return WordWrittenShown(
            event.seq,
            event.seat,
            event.text,
            event.at,
            verdict.feedback.value,
            verdict.word,
            points,
            path,
        )
    if state.running:
        return WordWrittenShown(event.seq, event.seat, count=state.standing(event.seat, event.seq))
    return WordWrittenShown(event.seq, event.seat, event.text, event.at)


def _scored(verdict: Verdict) -> tuple[Any, Any]:
    """A verdict's points and path, shown only when the word scores."""
    if not verdict.points:
        return UNSET, UNSET
    return verdict.points, cells_json(verdict.path)


def own_word(word: WordWritten, verdict: Verdict) -> OwnWord:
    points, path = _scored(verdict)
    return OwnWord(word.text, word.at, verdict.feedback.value, verdict.word, points, path)


W = TypeVar("W", bound=OwnWordShown)


def own_word_shown(kind: type[W], word: WordWritten, verdict: Verdict) -> W:
    """`word` as its writer is shown it, in `kind`'s shape."""
    own = own_word(word, verdict)
    return kind(word.seq, own.text, own.at, own.feedback, own.word, own.points, own.path)


def result_shown(room: BoggleRoom, state: RoundState) -> ResultShown:
    """An ended round: its judgement, seats by name, its seed, the words nobody found
    (built once, and kept encoded: an ended round does not change, and every view of it
    carries the same text)."""
    frame = state.shown_result
    if frame is None:
        frame = encoded(_result_shown(room, state))
        if not state.away:  # a round put away is rarely asked again: not kept
            state.shown_result = frame
        state.grid_words = None  # what it was built from
    # The encoded text of a ResultShown stands for it in the shapes that carry it.
    return cast(ResultShown, frame)


def _result_shown(room: BoggleRoom, state: RoundState) -> ResultShown:
    result = room.result(state)
    shape = encoded_round_shape(result)
    grid = room.grid_words(state)
    value = grid.points
    everybody: frozenset[str] = frozenset().union(*(p.accepted_words for p in result.players))
    missed = shape.missed
    if isinstance(missed, UnsetType):
        # The encoded text of the words' list stands for it (`GridWords.missed`).
        missed = cast(list[MissedJson], grid.missed(everybody))
        shown = everybody.union(grid.words)
    else:
        shown = everybody.union(word.word for word in missed)

    def found(words: frozenset[str]) -> FoundShown:
        return FoundShown(len(words), sum(value.get(word, 0) for word in words))

    return ResultShown(
        shape.grid,
        shape.deadline,
        shape.winners,
        shape.players,
        missed=missed,
        seats={room.name_of(seat): seat for seat in state.players},
        seed=str(state.seed),
        grid_total=FoundShown(len(value), sum(value.values())),
        found={player.player: found(player.accepted_words) for player in result.players},
        room_found=found(everybody),
        written=grid.written_of(shown),
    )


def round_view(room: BoggleRoom, state: RoundState, seat: str | None) -> RoundView:
    data = RoundView(
        state.number,
        state.grid.text,
        state.start,
        state.deadline,
        state.running,
        list(state.players),
        {player: state.standing(player) for player in state.players},
    )
    if seat is not None and seat in state.words:
        data.words = [own_word(w, state.verdict(w)) for w in state.words[seat]]
    if not state.running:
        assert state.ended_at is not None
        data.ended_at = state.ended_at
        data.stopped = state.stopped
        data.result = result_shown(room, state)
    return data


def match_view(room: BoggleRoom) -> MatchView:
    """B14: the match as it stands, each total by seat; M2: whether a decider is next."""
    standing = room.standing()
    names = {room.name_of(seat_id): seat_id for seat_id in room.seats}
    return MatchView(
        room.settings.match().text,
        standing.rounds_played,
        {names[name]: total for name, total in zip(standing.players, standing.totals, strict=True)},
        room.match_over,
        list(room.match_winners),
        decider_next(room.settings.match(), standing),
    )


def decider_next(match: MatchFormat, standing: Standing) -> bool:
    """M2: the match would be over but for a tie at the top, so the next round (or the
    one playing: its totals do not count yet) decides."""
    if standing.finished or not standing.rounds_played or not standing.totals:
        return False
    best = max(standing.totals)
    if match.rounds is not None:
        due = standing.rounds_played >= match.rounds
    else:
        due = match.target is not None and best >= match.target
    return due and standing.totals.count(best) > 1


def view(room: BoggleRoom, seat: str | None) -> dict[str, Any]:
    """The whole room as `seat` may see it (None: a spectator)."""
    return plain(room_view(room, seat))


def room_view(room: BoggleRoom, seat: str | None) -> BoggleView:
    """The whole room as `seat` may see it, declared."""
    current = room.round
    return BoggleView(
        room.room_id,
        room.last_seq,
        seat,
        room.host,
        settings_shown(room.settings),
        [
            ReadySeatView(s.seat, s.name, s.level, s.present, s.ready, is_paper(room, s.seat))
            for s in room.seats.values()
        ],
        match_view(room),
        None if current is None else round_view(room, current, seat),
        chat_view(room.chat, room.public),
    )
