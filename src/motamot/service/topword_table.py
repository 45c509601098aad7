"""A Topword table: one actor per game of 2 to 4 seats, people and computer players.

The table is the fold of its events; the engine's `Game` is rebuilt from the
seed and the turns (`Game.apply`). A person's turn may have a clock: when it
runs out, `tick` passes for them at the deadline. A computer player's move is
not computed here: `pending_bot()` hands the host the bot's view, the host
decides in a worker thread and submits the decision as the bot seat's
command, after the bot's thinking time. What each seat may see is decided in
`topword_views`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from motamot.lexicon import Lexicon
from motamot.service import topword_views
from motamot.service.events import Event
from motamot.service.outcomes import Refusal
from motamot.service.room import Actor, Lexicons, RoomKind
from motamot.service.seating import (
    AddBot,
    Join,
    Leave,
    RemoveBot,
    digest_refusal,
    free_bot_name,
    name_refusal,
    next_seat,
)
from motamot.service.topword_events import (
    BotSeated,
    Exchanged,
    GameEnded,
    GameStarted,
    Passed,
    Played,
    PlayerSeated,
    SeatLeft,
    TableCreated,
    TableSettingsChanged,
    TableSettingsError,
    TopwordSettings,
    check_topword_level,
)
from motamot.topword.board import Placement
from motamot.topword.bots import BotView, Decision, make_bot, view_of
from motamot.topword.bots.players import Stop
from motamot.topword.bots.view import as_action
from motamot.topword.game import (
    RESERVED_IN_NAMES,
    Exchange,
    Game,
    GameError,
    Pass,
    Play,
    TurnAction,
    generator_can_play,
)
from motamot.topword.move import Move, MoveSyntaxError, format_move, parse_move
from motamot.topword.rules import Illegal as MoveRefusal
from motamot.topword.rules import Legal, evaluate, evaluate_placements

__all__ = [
    "TOPWORD",
    "AddBot",
    "ChangeTableSettings",
    "Exchange",
    "Join",
    "Leave",
    "Pass",
    "PendingBot",
    "Placed",
    "Play",
    "RemoveBot",
    "Start",
    "TableSeat",
    "TopwordTable",
]

#: `=` joins name and kind in a saved record's `# seats:` note.
RESERVED = RESERVED_IN_NAMES + "="


@dataclass(frozen=True)
class ChangeTableSettings:
    settings: TopwordSettings


@dataclass(frozen=True)
class Start:
    seed: int


@dataclass(frozen=True)
class Placed:
    """A move as the tiles put on cells (a board's drag and drop), not as notation;
    `across` says the direction of a single tile (None: the referee reads it)."""

    placements: tuple[Placement, ...]
    across: bool | None = None


Command = (
    Join
    | Leave
    | AddBot
    | RemoveBot
    | ChangeTableSettings
    | Start
    | Play
    | Placed
    | Exchange
    | Pass
)
_HOST_ONLY = (AddBot, RemoveBot, ChangeTableSettings, Start)


@dataclass
class TableSeat:
    seat: str
    name: str
    level: str | None
    present: bool = True
    secret_digest: str | None = None

    @property
    def is_bot(self) -> bool:
        return self.level is not None


@dataclass(frozen=True)
class PendingBot:
    """A computer player's turn to compute outside the actor (in a worker thread)."""

    seat: str
    level: str
    view: BotView
    #: Seeds the bot's choices for this turn (the same turn decides the same way).
    seed: str
    #: The referee time before which the move is not played (its thinking time).
    not_before: float

    def decide(self, stop: Stop | None = None) -> TurnAction:
        bot = make_bot(self.level, random.Random(self.seed))
        decision: Decision = bot.choose(self.view, stop)
        return as_action(decision)


class TopwordTable(Actor[Command]):
    """The actor of one Topword game (see ROOMS.md)."""

    HOST_ONLY = _HOST_ONLY

    def __init__(self, created: TableCreated, lexicons: Lexicons) -> None:
        if created.seq != 1:
            raise ValueError("a table starts with its creation event, seq 1")
        self.room_id = created.room
        self.created = created
        self.last_seq = 1
        self._lexicons = lexicons
        self.seats: dict[str, TableSeat] = {}
        self.game: Game | None = None
        self.order: tuple[str, ...] = ()
        self.started: GameStarted | None = None
        self.ended: GameEnded | None = None
        #: When the turn of the player to play began (referee time).
        self.turn_start = created.at
        #: Every rack (in `order`) after each event of the game, by seq: a seat is shown
        #: its own rack as it was after the event (views never read the pile).
        self.racks_after: dict[int, tuple[tuple[str, ...], ...]] = {}
        #: The engine's turn number of each turn event, by seq (its itemised score).
        self.turn_at: dict[int, int] = {}
        self._set_settings(created.settings)

    @classmethod
    def create(
        cls, room_id: str, settings: TopwordSettings, now: float, lexicons: Lexicons
    ) -> TopwordTable | Refusal:
        refusal = _settings_refusal(settings, lexicons)
        if refusal is not None:
            return refusal
        return cls(TableCreated(1, room_id, settings, now), lexicons)

    @classmethod
    def from_events(cls, events: Sequence[Event], lexicons: Lexicons) -> TopwordTable:
        first = events[0]
        if not isinstance(first, TableCreated):
            raise ValueError("a Topword table starts with TableCreated")
        table = cls(first, lexicons)
        for event in events[1:]:
            table.apply(event)
        return table

    def _set_settings(self, settings: TopwordSettings) -> None:
        self.settings = settings
        self.ruleset = settings.rules()
        self.lexicon: Lexicon = self._lexicons(settings.dictionary_name)

    # --- derived state ------------------------------------------------------------------

    @property
    def host(self) -> str | None:
        for seat in self.seats.values():
            if seat.present and not seat.is_bot:
                return seat.seat
        return None

    @property
    def playing(self) -> bool:
        return self.game is not None and not self.game.finished

    @property
    def current(self) -> str | None:
        """The seat to play, while the game runs."""
        if self.game is None or self.game.finished:
            return None
        return self.order[self.game.current]

    def index_of(self, seat: str) -> int:
        return self.order.index(seat)

    def turn_deadline(self) -> float | None:
        """When the person to play passes by themselves (None: no clock, or a bot plays)."""
        seat = self.current
        if seat is None or self.settings.turn_seconds is None or self.seats[seat].is_bot:
            return None
        return self.turn_start + self.settings.turn_seconds

    # --- the fold -----------------------------------------------------------------------

    def apply(self, event: Event) -> None:
        if event.seq != self.last_seq + 1:
            raise ValueError(f"table {self.room_id}: event {event.seq} after {self.last_seq}")
        match event:
            case TableSettingsChanged(settings=settings):
                self._set_settings(settings)
            case PlayerSeated(seat=seat, name=name, secret_digest=digest):
                self.seats[seat] = TableSeat(seat, name, None, secret_digest=digest)
            case BotSeated(seat=seat, name=name, level=level):
                self.seats[seat] = TableSeat(seat, name, level)
            case SeatLeft(seat=seat):
                self.seats[seat].present = False
            case GameStarted():
                self._start_game(event)
            case Played(move=move, points=points, at=at):
                turn = self._game().apply(Play(move))
                if turn.points != points:
                    raise ValueError(f"table {self.room_id}: {move} scores {turn.points}")
                self.turn_start = at
            case Exchanged(tile=tile, at=at):
                self._game().apply(Exchange(tile))
                self.turn_start = at
            case Passed(at=at):
                self._game().apply(Pass())
                self.turn_start = at
            case GameEnded():
                self.ended = event
            case _:
                raise ValueError(f"not a Topword table event: {event!r}")
        if self.game is not None and isinstance(event, (GameStarted, Played, Exchanged, Passed)):
            self.racks_after[event.seq] = tuple(tuple(rack) for rack in self.game.racks)
            if not isinstance(event, GameStarted):
                self.turn_at[event.seq] = len(self.game.turns) - 1
        self.last_seq = event.seq

    def _game(self) -> Game:
        if self.game is None:
            raise ValueError(f"table {self.room_id}: no game started")
        return self.game

    def _new_game(self, order: Sequence[str], seed: int) -> Game:
        return Game(
            [self.seats[seat].name for seat in order],
            seed,
            self.lexicon,
            self.ruleset,
            dictionary=self.settings.dictionary_name,
            can_play=generator_can_play(self.ruleset, self.lexicon),
            scoreless_limit=self.settings.scoreless_limit,
        )

    def _start_game(self, event: GameStarted) -> None:
        game = self._new_game(event.order, event.seed)
        draws = _start_draws(game, event.order)
        if draws != event.start_draws or event.order[game.starter] != event.starter:
            raise ValueError(f"table {self.room_id}: the start draws do not match the seed")
        self.game, self.order, self.started = game, event.order, event
        self.turn_start = event.at

    # --- commands -----------------------------------------------------------------------

    def _decide(
        self, seat: str | None, command: Command, now: float, out: list[Event]
    ) -> Refusal | None:
        match command:
            case Join():
                return self._join(seat, command, now, out)
            case Leave():
                if seat is None or seat not in self.seats or not self.seats[seat].present:
                    return Refusal("not_seated")
                if self.game is not None:
                    return Refusal("game_started")
                self._emit(SeatLeft(self._next, seat), out)
            case AddBot():
                return self._add_bot(command, out)
            case RemoveBot(seat=target):
                if self.game is not None:
                    return Refusal("game_started")
                if target not in self.seats or not self.seats[target].is_bot:
                    return Refusal("not_a_bot", {"seat": target})
                if not self.seats[target].present:
                    return Refusal("not_seated", {"seat": target})
                self._emit(SeatLeft(self._next, target), out)
            case ChangeTableSettings(settings=settings):
                if self.game is not None:
                    return Refusal("game_started")
                refusal = _settings_refusal(settings, self._lexicons)
                if refusal is not None:
                    return refusal
                self._emit(TableSettingsChanged(self._next, settings), out)
            case Start(seed=seed):
                return self._start(seed, now, out)
            case Play() | Placed() | Exchange() | Pass():
                return self._turn(seat, command, now, out)
            case _:
                return Refusal("unknown_command")
        return None

    def _present(self) -> list[str]:
        return [seat.seat for seat in self.seats.values() if seat.present]

    def _join(
        self, seat: str | None, command: Join, now: float, out: list[Event]
    ) -> Refusal | None:
        if seat is not None and seat in self.seats and self.seats[seat].present:
            return Refusal("already_seated")
        if self.game is not None:
            return Refusal("game_started")
        refusal = digest_refusal(command.secret_digest)
        if refusal is None and len(self._present()) >= self.ruleset.max_players:
            refusal = Refusal("room_full", {"max": self.ruleset.max_players})
        if refusal is None:
            refusal = name_refusal(command.name, RESERVED, self._names())
        if refusal is not None:
            return refusal
        new = next_seat(len(self.seats))
        self._emit(PlayerSeated(self._next, new, command.name, command.secret_digest, now), out)
        return None

    def _names(self) -> list[str]:
        return [seat.name for seat in self.seats.values() if seat.present]

    def _add_bot(self, command: AddBot, out: list[Event]) -> Refusal | None:
        if self.game is not None:
            return Refusal("game_started")
        try:
            check_topword_level(command.level)
        except TableSettingsError as error:
            return Refusal(error.code, {"level": command.level})
        if len(self._present()) >= self.ruleset.max_players:
            return Refusal("room_full", {"max": self.ruleset.max_players})
        name = command.name or free_bot_name(seat.name for seat in self.seats.values())
        refusal = name_refusal(name, RESERVED, self._names())
        if refusal is not None:
            return refusal
        self._emit(BotSeated(self._next, next_seat(len(self.seats)), name, command.level), out)
        return None

    def _start(self, seed: int, now: float, out: list[Event]) -> Refusal | None:
        if self.game is not None:
            return Refusal("game_started")
        order = tuple(self._present())
        low, high = self.ruleset.min_players, self.ruleset.max_players
        if not low <= len(order) <= high:
            return Refusal("player_count", {"low": low, "high": high})
        game = self._new_game(order, seed)
        draws = _start_draws(game, order)
        self._emit(GameStarted(self._next, seed, order, draws, order[game.starter], now), out)
        return None

    def _turn(
        self, seat: str | None, action: TurnAction | Placed, now: float, out: list[Event]
    ) -> Refusal | None:
        game = self.game
        if game is None:
            return Refusal("game_not_started")
        if game.finished:
            return Refusal("game_over")
        if seat is not None and seat != self.current:
            return Refusal("not_your_turn")
        deadline = self.turn_deadline()
        if deadline is not None and now > deadline:
            return Refusal("after_deadline")
        player = self.order[game.current]
        match action:
            case Play() | Placed():
                verdict = self.preview(player, action.move if isinstance(action, Play) else action)
                if not isinstance(verdict, Legal):
                    return verdict if isinstance(verdict, Refusal) else _move_refusal(verdict)
                text = format_move(verdict.move)
                self._emit(Played(self._next, player, text, verdict.points, now), out)
            case Exchange(tile=tile):
                # The engine checks before it changes anything (pile, tile on the rack).
                try:
                    self._emit(Exchanged(self._next, player, tile.strip().upper()[:1], now), out)
                except GameError as error:
                    fields = {k: str(v) for k, v in error.fields.items()}
                    return Refusal(error.code, {**fields, "detail": fields.get("tile", "")})
            case Pass():
                self._emit(Passed(self._next, player, now), out)
        self._end_if_over(out)
        return None

    def _end_if_over(self, out: list[Event]) -> None:
        game = self._game()
        if game.finished and self.ended is None:
            assert game.end_reason is not None
            winners = tuple(self.order[player] for player in game.winners())
            reason = game.end_reason.value
            self._emit(GameEnded(self._next, reason, tuple(game.final_scores()), winners), out)

    # --- queries --------------------------------------------------------------------------

    def preview(self, seat: str, move: str | Move | Placed) -> Legal | MoveRefusal | Refusal:
        """The referee's verdict on `move` with `seat`'s rack on the board now (changes
        nothing; any seated player may ask, to plan while others play)."""
        game = self.game
        if game is None:
            return Refusal("game_not_started")
        if seat not in self.order:
            return Refusal("not_seated")
        rack = game.racks[self.index_of(seat)]
        if isinstance(move, Placed):
            return evaluate_placements(
                game.board, move.placements, rack, self.ruleset, self.lexicon, move.across
            )
        try:
            parsed = parse_move(move) if isinstance(move, str) else move
        except MoveSyntaxError as error:
            return Refusal("bad_move", {"error": error.code})
        return evaluate(game.board, parsed, rack, self.ruleset, self.lexicon)

    def pending_bot(self) -> PendingBot | None:
        """The computer player to play, with what it sees, if a bot is to play."""
        seat = self.current
        if seat is None or not self.seats[seat].is_bot:
            return None
        game = self._game()
        level = self.seats[seat].level
        assert level is not None and self.started is not None
        view = view_of(game, self.index_of(seat))
        seed = f"{self.started.seed}:{len(game.turns)}:{seat}"
        return PendingBot(seat, level, view, seed, self.turn_start + self.settings.bot_seconds)

    # --- the clock ----------------------------------------------------------------------

    def next_wakeup(self) -> float | None:
        """The deadline of a person's turn clock (bots are driven by `pending_bot`)."""
        return self.turn_deadline()

    def tick(self, now: float) -> list[Event]:
        """Pass, at its deadline, every turn whose clock ran out by `now`."""
        out: list[Event] = []
        while (deadline := self.turn_deadline()) is not None and now >= deadline:
            seat = self.current
            assert seat is not None
            self._emit(Passed(self._next, seat, deadline, timed_out=True), out)
            self._end_if_over(out)
        return out

    # --- what each seat sees (topword_views) --------------------------------------------

    def view(self, seat: str | None) -> dict[str, Any]:
        return topword_views.view(self, seat)

    def visible(self, event: Event, seat: str | None) -> dict[str, Any] | None:
        return topword_views.visible(self, event, seat)


def _start_draws(game: Game, order: Sequence[str]) -> tuple[tuple[tuple[str, str], ...], ...]:
    return tuple(tuple((order[player], tile) for player, tile in draw) for draw in game.start_draws)


def _move_refusal(verdict: MoveRefusal) -> Refusal:
    return Refusal(verdict.reason.value, {"detail": verdict.detail})


def _settings_refusal(settings: TopwordSettings, lexicons: Lexicons) -> Refusal | None:
    try:
        settings.check()
        lexicons(settings.dictionary_name)
    except TableSettingsError as error:
        return Refusal(error.code, {"detail": str(error)})
    except (LookupError, ValueError, OSError) as error:
        return Refusal("unknown_dictionary", {"detail": str(error)})
    return None


TOPWORD = RoomKind(
    "topword", TopwordSettings, TableCreated, TopwordTable.create, TopwordTable.from_events
)
