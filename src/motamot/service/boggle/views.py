"""What each seat of a Boggle room may see: the one place that decides it.

Hidden during a round: the other players' words (a seat sees only their count), the
round's seed (it gives the bots' words) and the solution. Hidden always: the seats'
secret digests. After the round everyone sees everything: every sheet as `judge_round`
judged it and the words nobody found. A spectator (seat None) sees what every seat sees
of the others. Views only show: every verdict was decided by the room when it took the
word.
"""

from __future__ import annotations

from typing import Any, Protocol

import msgspec

from motamot.boggle.match import Standing
from motamot.boggle.round import RoundResult
from motamot.boggle.rules import BoggleRules
from motamot.boggle.solve import Solution
from motamot.service.boggle.events import RoundEnded, RoundStarted, WordWritten
from motamot.service.boggle.feedback import WordFeedback
from motamot.service.boggle.rounds import RoundState
from motamot.service.boggle.settings import BoggleSettings
from motamot.service.rooms.events import Event, RoomCreated, SeatTaken, SettingsChanged
from motamot.service.rooms.seating import Seat
from motamot.wire.boggle import round_json


class BoggleRoom(Protocol):
    """What the views read of a Boggle room (`room.BoggleRoom`), and nothing else."""

    room_id: str
    last_seq: int
    seats: dict[str, Seat]
    settings: BoggleSettings
    rules: BoggleRules
    match_over: bool
    match_winners: tuple[str, ...]

    @property
    def host(self) -> str | None: ...

    @property
    def round(self) -> RoundState | None: ...

    def round_at(self, seq: int) -> RoundState | None: ...

    def name_of(self, seat: str) -> str: ...

    def result(self, state: RoundState) -> RoundResult: ...

    def solution(self, state: RoundState) -> Solution: ...

    def standing(self) -> Standing: ...


def _public(settings: BoggleSettings) -> dict[str, Any]:
    """The settings without the seeds fixed in advance (they would give the grids)."""
    data = msgspec.structs.asdict(settings)
    del data["seeds"]
    return data


def settings_json(room: BoggleRoom, settings: BoggleSettings) -> dict[str, Any]:
    data = _public(settings)
    #: every player is told when the grids were chosen in advance (and where from)
    data["chosen_grid"] = bool(settings.seeds)
    data["dictionary"] = settings.dictionary_name
    data["duration"] = room.rules.duration_seconds
    data["min_length"] = room.rules.min_length
    return data


def visible(room: BoggleRoom, event: Event, seat: str | None) -> dict[str, Any] | None:
    """`event` as `seat` may see it now (every event is seen, some of it redacted)."""
    data: dict[str, Any] = msgspec.to_builtins(event)
    match event:
        case SeatTaken():
            del data["secret_digest"]
        case RoomCreated(settings=settings) | SettingsChanged(settings=settings):
            data["settings"] = _public(settings)
        case RoundStarted():
            state = room.round_at(event.seq)
            if state is not None and state.running:
                del data["seed"]
        case WordWritten():
            state = room.round_at(event.seq)
            assert state is not None
            if event.seat == seat:
                data.update(feedback_json(state.verdicts[event.seq]))
            elif state.running:
                data = {
                    "type": data["type"],
                    "seq": event.seq,
                    "seat": event.seat,
                    "count": state.count(event.seat, event.seq),
                }
        case RoundEnded():
            state = room.round_at(event.seq)
            assert state is not None
            data["result"] = result_json(room, state)
    return data


def feedback_json(verdict: WordFeedback) -> dict[str, Any]:
    """The instant verdict on a word, for its writer."""
    data: dict[str, Any] = {"feedback": verdict.feedback.value, "word": verdict.word}
    if verdict.points:
        data["points"] = verdict.points
        data["path"] = [list(cell) for cell in verdict.path]
    return data


def result_json(room: BoggleRoom, state: RoundState) -> dict[str, Any]:
    """An ended round: `round_json` of its judgement, seats by name, words nobody found."""
    result = room.result(state)
    data = round_json(result)
    data["seats"] = {room.name_of(seat): seat for seat in state.players}
    data["seed"] = state.seed
    if "missed" not in data:
        found = set().union(*(player.accepted_words for player in result.players))
        data["missed"] = [
            {"word": w.word, "points": w.points, "path": [list(c) for c in w.path]}
            for w in room.solution(state).words
            if w.word not in found
        ]
    return data


def round_view(room: BoggleRoom, state: RoundState, seat: str | None) -> dict[str, Any]:
    data: dict[str, Any] = {
        "number": state.number,
        "grid": state.grid.text,
        "start": state.start,
        "deadline": state.deadline,
        "running": state.running,
        "players": list(state.players),
        "counts": {player: state.count(player) for player in state.players},
    }
    if seat is not None and seat in state.words:
        data["words"] = [
            {"text": w.text, "at": w.at, **feedback_json(state.verdicts[w.seq])}
            for w in state.words[seat]
        ]
    if not state.running:
        data["ended_at"] = state.ended_at
        data["stopped"] = state.stopped
        data["result"] = result_json(room, state)
    return data


def view(room: BoggleRoom, seat: str | None) -> dict[str, Any]:
    """The whole room as `seat` may see it (None: a spectator)."""
    current = room.round
    match_standing = room.standing()
    names = {room.name_of(seat_id): seat_id for seat_id in room.seats}
    return {
        "kind": "boggle",
        "room": room.room_id,
        "seq": room.last_seq,
        "you": seat,
        "host": room.host,
        "settings": settings_json(room, room.settings),
        "seats": [
            {
                "seat": s.seat,
                "name": s.name,
                "bot": s.level,
                "present": s.present,
                "ready": s.ready,
            }
            for s in room.seats.values()
        ],
        "match": {
            "format": room.settings.match().text,
            "rounds_played": match_standing.rounds_played,
            "totals": {
                names[name]: total
                for name, total in zip(match_standing.players, match_standing.totals, strict=True)
            },
            "finished": room.match_over,
            "winners": list(room.match_winners),
        },
        "round": None if current is None else round_view(room, current, seat),
    }
