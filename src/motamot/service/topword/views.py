"""What each seat of a Topword room may see: the one place that decides it.

Hidden: a rack from everyone but its owner, the tile an exchange put back
(it was on a rack), the seed and so the pile's order from everyone until the
game ends, the seats' secret digests always. A bot's candidate moves are
never in the room at all (they stay in the host's worker). After the end,
the seed and every rack are shown. What is shown is declared in `shown`; `view` and
`visible` give its plain JSON.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol

from msgspec import UNSET, UnsetType

from motamot.lexicon.accents import written_map
from motamot.service.rooms.chat import Chat
from motamot.service.rooms.events import Event
from motamot.service.rooms.seating import Seat
from motamot.service.rooms.shown import (
    Hidden,
    Shown,
    chat_view,
    plain,
    seat_view,
    shared_shown,
)
from motamot.service.topword.events import (
    Exchanged,
    GameEnded,
    GameStarted,
    Passed,
    Played,
    RematchOffered,
    Resigned,
)
from motamot.service.topword.settings import TopwordSettings
from motamot.service.topword.shown import (
    BoardView,
    ExchangedShown,
    GameEndedShown,
    GameStartedShown,
    GameView,
    PassedShown,
    PlacedTile,
    PlayedShown,
    RematchOfferedShown,
    ResignedShown,
    ScoreShown,
    SettingsShown,
    TopwordView,
    TurnView,
)
from motamot.topword.board import Board, cell_name
from motamot.topword.game import Action, Game, Turn
from motamot.topword.tiles import tile_label
from motamot.wire.topword import verdict_fields


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
    rematch: RematchOffered | None
    racks_after: dict[int, tuple[tuple[str, ...], ...]]
    turn_at: dict[int, int]
    next_after: dict[int, str | None]
    chat: Chat

    @property
    def host(self) -> str | None: ...

    @property
    def public(self) -> bool: ...

    @property
    def current(self) -> str | None: ...

    def index_of(self, seat: str) -> int: ...

    def turn_deadline(self) -> float | None: ...


def _labels(tiles: Iterable[str]) -> list[str]:
    return [tile_label(tile) for tile in tiles]


def settings_shown(settings: TopwordSettings) -> SettingsShown:
    return SettingsShown(
        settings.ruleset,
        settings.dictionary_name,
        settings.turn_seconds,
        settings.bot_seconds,
        settings.scoreless_limit,
        settings.hints,
        settings.seats_kept,
        settings.public,
        settings.seat_count(),
    )


def visible(table: TopwordRoom, event: Event, seat: str | None) -> dict[str, Any] | None:
    """`event` as `seat` may see it now."""
    return plain(shown(table, event, seat))


def shown(table: TopwordRoom, event: Event, seat: str | None) -> Shown:
    """`event` as `seat` may see it now, declared."""
    over = table.ended is not None
    match event:
        case GameStarted():
            return _started(table, event, seat)
        case Played():
            after = _after_turn(table, event)
            return PlayedShown(
                event.seq,
                event.seat,
                event.at,
                *after,
                event.move,
                event.points,
                _tiles(table, event.seq),
                _score_at(table, event.seq),
                _rack_after(table, event, seat),
            )
        case Exchanged():
            tile = tile_label(event.tile) if over or event.seat == seat else UNSET
            rack = _rack_after(table, event, seat)
            return ExchangedShown(
                event.seq, event.seat, event.at, *_after_turn(table, event), tile, rack
            )
        case Passed():
            rack = _rack_after(table, event, seat)
            after = _after_turn(table, event)
            return PassedShown(event.seq, event.seat, event.at, *after, event.timed_out, rack)
        case Resigned():
            rack = _rack_after(table, event, seat)
            return ResignedShown(event.seq, event.seat, event.at, *_after_turn(table, event), rack)
        case GameEnded():
            return _ended(table, event)
        case RematchOffered():
            return RematchOfferedShown(event.seq, event.seat, event.link, event.at)
    return shared_shown(event, settings_shown, table.host) or Hidden(event.seq)


def _started(table: TopwordRoom, event: GameStarted, seat: str | None) -> GameStartedShown:
    """The start: the order, the draws, the empty board and the pile after the racks."""
    assert table.game is not None
    racks = table.racks_after[event.seq]
    size = len(table.game.board.tops)
    return GameStartedShown(
        event.seq,
        list(event.order),
        _draws(event),
        event.starter,
        event.at,
        event.starter,
        _deadline(table, event.starter, event.at),
        BoardView(Board().position(), [""] * size, [0] * size),
        _pile(table, racks, 0),
        _rack_sizes(table, racks),
        str(event.seed) if table.ended is not None else UNSET,
        _rack_after(table, event, seat),
    )


def _ended(table: TopwordRoom, event: GameEnded) -> GameEndedShown:
    """The end, with what everybody sees once the game is over."""
    assert table.game is not None and table.started is not None
    game, order = table.game, table.order
    return GameEndedShown(
        event.seq,
        event.reason,
        list(event.scores),
        list(event.winners),
        dict(zip(order, event.scores, strict=True)),
        dict(zip(order, game.penalties, strict=True)),
        {order[i]: _labels(rack) for i, rack in enumerate(game.racks)},
        str(table.started.seed),
        [_turn_view(table, n, None) for n in range(len(game.turns))],
    )


def _deadline(table: TopwordRoom, seat: str | None, since: float) -> float | None:
    """When `seat`, to play from `since`, passes by themselves (None: no clock, or a bot)."""
    clock = table.settings.turn_seconds
    if seat is None or clock is None or table.seats[seat].is_bot:
        return None
    return since + clock


def _pile(table: TopwordRoom, racks: tuple[tuple[str, ...], ...], on_board: int) -> int:
    """The tiles left in the pile: all of them but the racks', the board's and (T21) those
    set aside (`on_board` counts both)."""
    assert table.game is not None
    return len(table.game.ruleset.all_tiles()) - sum(map(len, racks)) - on_board


def _rack_sizes(table: TopwordRoom, racks: tuple[tuple[str, ...], ...]) -> dict[str, int]:
    return {seat: len(rack) for seat, rack in zip(table.order, racks, strict=True)}


def _after_turn(
    table: TopwordRoom, event: Played | Exchanged | Passed | Resigned
) -> tuple[int, str | None, float | None, int, dict[str, int]]:
    """The mover's total, the seat to play next and its deadline, the pile and the racks'
    sizes, after `event`."""
    assert table.game is not None
    game, number = table.game, table.turn_at[event.seq]
    turn = game.turns[number]
    after = table.next_after[event.seq]
    done = game.turns[: number + 1]
    on_board = sum(len(t.verdict.placements) for t in done if t.verdict)
    aside = sum(len(t.rack) for t in done if t.action is Action.RESIGN)  # T21: out of play
    racks = table.racks_after[event.seq]
    pile = _pile(table, racks, on_board + aside)
    return turn.total, after, _deadline(table, after, event.at), pile, _rack_sizes(table, racks)


def _tiles(table: TopwordRoom, seq: int) -> list[PlacedTile]:
    """The tiles a move put down, each with its stack's height after the move."""
    assert table.game is not None
    number = table.turn_at[seq]
    turns = table.game.turns[: number + 1]
    verdict = turns[-1].verdict
    if verdict is None:
        return []
    heights: dict[int, int] = {}
    for turn in turns:
        for cell, _ in turn.verdict.placements if turn.verdict else ():
            heights[cell] = heights.get(cell, 0) + 1
    return [PlacedTile(cell, tile_label(tile), heights[cell]) for cell, tile in verdict.placements]


def _draws(started: GameStarted) -> list[list[list[str]]]:
    return [[[s, tile_label(t)] for s, t in draw] for draw in started.start_draws]


def _rack_after(table: TopwordRoom, event: Event, seat: str | None) -> list[str] | UnsetType:
    """`seat`'s own rack as the event left it: at the start, and after each of its turns."""
    racks = table.racks_after.get(event.seq)
    mine = isinstance(event, GameStarted) or getattr(event, "seat", None) == seat
    if racks is None or seat not in table.order or not mine:
        return UNSET
    return _labels(racks[table.index_of(seat)])


def _score_at(table: TopwordRoom, seq: int) -> ScoreShown | UnsetType:
    number = table.turn_at.get(seq)
    if number is None or table.game is None:
        return UNSET
    return _score(table, table.game.turns[number])


def _score(table: TopwordRoom, turn: Turn) -> ScoreShown | UnsetType:
    """A played turn's itemised score (the `topword score` shape) and the cells it
    covered (to highlight the last move), shown to everybody."""
    if turn.verdict is None:
        return UNSET
    placed = [cell_name(cell) for cell, _ in turn.verdict.placements]
    words = {word.word for word in turn.verdict.words}
    written = written_map(words, table.settings.dictionary_name) or UNSET
    return ScoreShown(**verdict_fields(turn.verdict), placed=placed, written=written)


def _turn_view(table: TopwordRoom, number: int, seat: str | None) -> TurnView:
    assert table.game is not None
    turn = table.game.turns[number]
    player = table.order[turn.player]
    data = TurnView(player, turn.action.value, turn.points, turn.total, score=_score(table, turn))
    if turn.move is not None:
        data.move = str(turn.move)
    if turn.timed_out:
        data.timed_out = True
    if turn.action is Action.EXCHANGE and (player == seat or table.ended is not None):
        data.tile = tile_label(turn.tile or "")
    return data


def game_view(table: TopwordRoom, seat: str | None) -> GameView | None:
    game, started = table.game, table.started
    if game is None or started is None:
        return None
    order = table.order
    data = GameView(
        list(order),
        _draws(started),
        started.starter,
        table.current,
        len(game.turns) + 1,
        table.turn_deadline(),
        BoardView(game.board.position(), _labels(game.board.tops), list(game.board.heights)),
        len(game.bag),
        {order[i]: len(rack) for i, rack in enumerate(game.racks)},
        {order[i]: score for i, score in enumerate(game.scores)},
        [_turn_view(table, n, seat) for n in range(len(game.turns))],
        game.finished,
    )
    if seat in order:
        data.rack = _labels(game.racks[table.index_of(seat)])
    if table.ended is not None:
        _game_over(data, table, game, started)
    return data


def _game_over(data: GameView, table: TopwordRoom, game: Game, started: GameStarted) -> None:
    """What everybody sees once the game is over: every rack, the penalties, the seed."""
    ended, order = table.ended, table.order
    assert ended is not None
    data.end_reason = ended.reason
    data.final_scores = dict(zip(order, ended.scores, strict=True))
    data.penalties = dict(zip(order, game.penalties, strict=True))
    data.winners = list(ended.winners)
    data.seed = str(started.seed)
    data.racks = {order[i]: _labels(rack) for i, rack in enumerate(game.racks)}


def view(table: TopwordRoom, seat: str | None) -> dict[str, Any]:
    """The whole table as `seat` may see it (None: a spectator)."""
    return plain(table_view(table, seat))


def table_view(table: TopwordRoom, seat: str | None) -> TopwordView:
    """The whole table as `seat` may see it, declared."""
    return TopwordView(
        table.room_id,
        table.last_seq,
        seat,
        table.host,
        settings_shown(table.settings),
        [seat_view(one) for one in table.seats.values()],
        game_view(table, seat),
        chat_view(table.chat, table.public),
        table.rematch.link if table.rematch is not None else None,
    )
