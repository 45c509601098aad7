"""What each seat of a Topword room may see: the one place that decides it.

Hidden: a rack from everyone but its owner, the tile an exchange put back
(it was on a rack), the seed and so the pile's order from everyone until the
game ends, the seats' secret digests always. A bot's candidate moves are
never in the room at all (they stay in the host's worker). After the end,
the seed and every rack are shown.
"""

from __future__ import annotations

from typing import Any, Protocol

import msgspec

from motamot.service.rooms.events import Event, SeatTaken
from motamot.service.rooms.seating import Seat
from motamot.service.topword.events import Exchanged, GameEnded, GameStarted
from motamot.service.topword.settings import TopwordSettings
from motamot.topword.board import cell_name
from motamot.topword.game import Action, Game, Turn
from motamot.topword.tiles import tile_label
from motamot.wire.topword import verdict_json


class TopwordRoom(Protocol):
    """What the views read of a Topword room (`room.TopwordRoom`), and nothing else."""

    room_id: str
    last_seq: int
    seats: dict[str, Seat]
    settings: TopwordSettings
    game: Game | None
    order: tuple[str, ...]
    started: GameStarted | None
    ended: GameEnded | None
    racks_after: dict[int, tuple[tuple[str, ...], ...]]
    turn_at: dict[int, int]

    @property
    def host(self) -> str | None: ...

    @property
    def current(self) -> str | None: ...

    def index_of(self, seat: str) -> int: ...

    def turn_deadline(self) -> float | None: ...


def _labels(tiles: tuple[str, ...] | list[str]) -> list[str]:
    return [tile_label(tile) for tile in tiles]


def visible(table: TopwordRoom, event: Event, seat: str | None) -> dict[str, Any] | None:
    """`event` as `seat` may see it now."""
    data: dict[str, Any] = msgspec.to_builtins(event)
    over = table.ended is not None
    match event:
        case SeatTaken():
            del data["secret_digest"]
        case GameStarted():
            if not over:
                del data["seed"]
        case Exchanged():
            if not over and event.seat != seat:
                del data["tile"]
    number = table.turn_at.get(event.seq)
    if number is not None and table.game is not None:
        score = _score_json(table.game.turns[number])
        if score is not None:
            data["score"] = score
    racks = table.racks_after.get(event.seq)
    if (
        racks is not None
        and seat in table.order
        and (isinstance(event, GameStarted) or getattr(event, "seat", None) == seat)
    ):
        data["rack"] = _labels(racks[table.index_of(seat)])
    return data


def _score_json(turn: Turn) -> dict[str, Any] | None:
    """A played turn's itemised score (the `topword score` shape) and the cells it
    covered (to highlight the last move), shown to everybody."""
    if turn.verdict is None:
        return None
    data = verdict_json(turn.verdict)
    data["placed"] = [cell_name(cell) for cell, _ in turn.verdict.placements]
    return data


def _turn_json(table: TopwordRoom, number: int, seat: str | None) -> dict[str, Any]:
    assert table.game is not None
    turn = table.game.turns[number]
    player = table.order[turn.player]
    data: dict[str, Any] = {
        "seat": player,
        "action": turn.action.value,
        "points": turn.points,
        "total": turn.total,
    }
    if turn.move is not None:
        data["move"] = str(turn.move)
    score = _score_json(turn)
    if score is not None:
        data["score"] = score
    if turn.action is Action.EXCHANGE and (player == seat or table.ended is not None):
        data["tile"] = tile_label(turn.tile or "")
    return data


def game_view(table: TopwordRoom, seat: str | None) -> dict[str, Any] | None:
    game, started = table.game, table.started
    if game is None or started is None:
        return None
    order = table.order
    data: dict[str, Any] = {
        "order": list(order),
        "start_draws": [[[s, tile_label(t)] for s, t in draw] for draw in started.start_draws],
        "starter": started.starter,
        "current": table.current,
        "turn": len(game.turns) + 1,
        "turn_deadline": table.turn_deadline(),
        "board": {
            "position": game.board.position(),
            "tops": _labels(list(game.board.tops)),
            "heights": list(game.board.heights),
        },
        "pile": len(game.bag),
        "rack_sizes": {order[i]: len(rack) for i, rack in enumerate(game.racks)},
        "scores": {order[i]: score for i, score in enumerate(game.scores)},
        "turns": [_turn_json(table, n, seat) for n in range(len(game.turns))],
        "finished": game.finished,
    }
    if seat in order:
        data["rack"] = _labels(game.racks[table.index_of(seat)])
    if table.ended is not None:
        ended = table.ended
        data["end_reason"] = ended.reason
        data["final_scores"] = dict(zip(order, ended.scores, strict=True))
        data["penalties"] = dict(zip(order, game.penalties, strict=True))
        data["winners"] = list(ended.winners)
        data["seed"] = started.seed
        data["racks"] = {order[i]: _labels(rack) for i, rack in enumerate(game.racks)}
    return data


def view(table: TopwordRoom, seat: str | None) -> dict[str, Any]:
    """The whole table as `seat` may see it (None: a spectator)."""
    settings = msgspec.structs.asdict(table.settings)
    settings["dictionary"] = table.settings.dictionary_name
    return {
        "kind": "topword",
        "room": table.room_id,
        "seq": table.last_seq,
        "you": seat,
        "host": table.host,
        "settings": settings,
        "seats": [
            {"seat": s.seat, "name": s.name, "bot": s.level, "present": s.present}
            for s in table.seats.values()
        ],
        "game": game_view(table, seat),
    }
