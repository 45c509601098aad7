"""A Topword room: one actor per game of 2 to 4 seats, people and computer players.

Seats, bots and settings are the shared actor's (`rooms.actor`); this adds the game. The
engine's `Game` is rebuilt from the seed and the turns (`Game.apply`). A person's turn
may have a clock: when it runs out, `tick` passes for them at the deadline. A computer
player's move is not computed here: `pending_bot()` hands the host the bot's view, the
host decides in a worker thread and submits the decision as the bot seat's command,
after the bot's thinking time. What each seat may see is decided in `views`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from motamot.lexicon import Lexicon
from motamot.service.rooms.actor import Actor, Lexicons
from motamot.service.rooms.events import Event, RoomCreated
from motamot.service.rooms.listing import Listing
from motamot.service.rooms.outcomes import Refusal
from motamot.service.rooms.results import GameOutcome
from motamot.service.topword import views
from motamot.service.topword.bots import PendingBot
from motamot.service.topword.commands import (
    HOST_ONLY,
    Exchange,
    OfferRematch,
    Pass,
    Placed,
    Play,
    Resign,
    Start,
    TurnCommand,
)
from motamot.service.topword.events import (
    TURNS,
    Exchanged,
    GameEnded,
    GameStarted,
    Passed,
    Played,
    RematchOffered,
    Resigned,
)
from motamot.service.topword.outcome import game_outcome
from motamot.service.topword.settings import DAY_SECONDS, TopwordSettings
from motamot.topword.bots import LEVELS, view_of
from motamot.topword.game import (
    RESERVED_IN_NAMES,
    EndReason,
    Game,
    GameError,
    generator_can_play,
)
from motamot.topword.game import Exchange as ExchangeAction
from motamot.topword.game import Pass as PassAction
from motamot.topword.game import Play as PlayAction
from motamot.topword.game import Resign as ResignAction
from motamot.topword.move import Move, MoveSyntaxError, format_move, parse_move
from motamot.topword.record import format_record
from motamot.topword.rules import Illegal, Legal, evaluate, evaluate_placements


class TopwordRoom(Actor[TopwordSettings]):
    """The actor of one Topword game (docs/architecture.md, "Rooms")."""

    KIND = "topword"
    HOST_ONLY = HOST_ONLY
    #: `=` joins name and kind in a saved record's `# seats:` note.
    RESERVED_IN_NAMES = RESERVED_IN_NAMES + "="
    BOT_LEVELS = LEVELS
    #: The host starts when the seats are taken: nobody says they are ready.
    HAS_READY = False
    ENDINGS = (GameEnded,)
    NOTIFIES = True

    def __init__(self, created: RoomCreated[TopwordSettings], lexicons: Lexicons) -> None:
        self.game: Game | None = None
        self.order: tuple[str, ...] = ()
        self.started: GameStarted | None = None
        self.ended: GameEnded | None = None
        #: When the turn of the player to play began (referee time), and by which event.
        self.turn_start = created.at
        self.turn_seq = 0
        #: Every rack (in `order`) after each event of the game, by seq: a seat is shown
        #: its own rack as it was after the event (views never read the pile).
        self.racks_after: dict[int, tuple[tuple[str, ...], ...]] = {}
        #: The engine's turn number of each turn event, by seq (its itemised score).
        self.turn_at: dict[int, int] = {}
        #: The seat to play after each turn event, by seq (T21: one who resigned is passed
        #: over; None: the game is over).
        self.next_after: dict[int, str | None] = {}
        #: T22: each seat's turns in a row whose clock ran out.
        self.timeouts_in_row: dict[str, int] = {}
        #: The rematch a player opened once the game was over (its players' link).
        self.rematch: RematchOffered | None = None
        super().__init__(created, lexicons)

    def _use_settings(self, settings: TopwordSettings) -> None:
        self.ruleset = settings.rules()
        self.lexicon: Lexicon = self.lexicons(settings.dictionary_name)

    # --- derived state ------------------------------------------------------------------

    @property
    def playing(self) -> bool:
        return self.game is not None and not self.game.finished

    @property
    def current(self) -> str | None:
        """The seat to play, while the game runs."""
        if self.game is None or self.game.finished:
            return None
        return self.order[self.game.current]

    def finished(self) -> bool:
        return not self.playing

    def awaited(self) -> tuple[str, int] | None:
        """The person to play and the event that gave them the turn (a bot: nobody)."""
        seat = self.current
        if seat is None or self.seats[seat].is_bot:
            return None
        return seat, self.turn_seq

    def daily_turns(self) -> bool:
        """Days a move (not no clock at all: a table of friends is told each turn)."""
        return (self.settings.turn_seconds or 0.0) >= DAY_SECONDS

    def records(self) -> list[str]:
        """The game's record, once it has ended (the seed is in it: never before)."""
        if self.game is None or not self.game.finished:
            return []
        return [format_record(self.game)]

    def index_of(self, seat: str) -> int:
        return self.order.index(seat)

    def turn_deadline(self) -> float | None:
        """When the person to play passes by themselves (None: no clock, or a bot plays)."""
        seat = self.current
        if seat is None or self.settings.turn_seconds is None or self.seats[seat].is_bot:
            return None
        return self.turn_start + self.settings.turn_seconds

    def seats_awaited(self) -> int:
        """The seats kept for people at creation that nobody took yet."""
        people = sum(1 for seat in self.present() if not self.seats[seat].is_bot)
        return max(0, self.settings.seats_kept + 1 - people)

    def rack_of(self, seat: str) -> tuple[str, ...] | None:
        """`seat`'s rack now (None: not playing in this game)."""
        if self.game is None or seat not in self.order:
            return None
        return tuple(self.game.racks[self.index_of(seat)])

    # --- what the shared actor asks -----------------------------------------------------

    def _started(self) -> Refusal | None:
        return Refusal("game_started") if self.game is not None else None

    def seating_closed(self) -> Refusal | None:
        return self._started()

    def joining_closed(self) -> Refusal | None:
        return self._started()

    def leaving_closed(self) -> Refusal | None:
        return self._started()

    def seat_refusal(self, bot: bool) -> Refusal | None:
        """T23: a table takes the seats it was set up with, whoever asks (the players'
        link, the lobby, the API, a computer player the host adds)."""
        if self.seats_free() == 0:
            return Refusal("table_full", {"seats": self.settings.seat_count()})
        return None

    def seats_free(self) -> int:
        """The seats nobody took yet, while the game has not started (T23)."""
        if self.game is not None:
            return 0
        return max(0, self.settings.seat_count() - len(self.present()))

    def _change_settings(self, settings: TopwordSettings, out: list[Event]) -> Refusal | None:
        """T23: the host may not set fewer seats than are taken."""
        if settings.seat_count() < len(self.present()):
            return Refusal("table_full", {"seats": settings.seat_count()})
        return super()._change_settings(settings, out)

    def _before_removal(self, seat: str, now: float, out: list[Event]) -> None:
        """P1: a player removed from a game in play resigns at once (T21), even out of
        turn; the game ends if one player is left."""
        game = self.game
        if game is None or game.finished or seat not in self.order:
            return
        if self.index_of(seat) in game.resigned:
            return
        self._emit(Resigned(self._next, seat, now), out)
        self._end_if_over(out)

    def listing(self) -> Listing:
        """Seats are free until the game starts; while it runs it waits for the move of
        the person to play (a computer player's is not waited for)."""
        seat = self.seats.get(self.current or "")
        awaited = (seat.player,) if seat and not seat.is_bot and seat.player else ()
        clock = self.settings.turn_seconds
        return Listing(
            self.KIND,
            self.ruleset.name,
            self.ruleset.name,
            self.settings.dictionary_name,
            clock,
            clock is not None and clock < DAY_SECONDS,
            self.rated,
            self.public,
            self.listed_seats(),
            self.seats_free(),
            awaited,
        )

    def _renamed(self, seat: str) -> None:
        """The game's records name the players: with the new name from now on."""
        if self.game is not None:
            self.game.players = [self.seats[other].name for other in self.order]

    # --- the fold -----------------------------------------------------------------------

    def _apply_own(self, event: Event) -> None:
        """Fold a stored fact. A move was judged when it was played: it is laid again
        without its words looked up (a word list updated since must not undo a game), and
        the game ends where its GameEnded says."""
        match event:
            case GameStarted():
                self._start_game(event)
            case Played(move=move, points=points, at=at):
                turn = self._game().apply(PlayAction(move), replayed=True)
                if turn.points != points:
                    raise ValueError(f"room {self.room_id}: {move} scores {turn.points}")
                self.turn_start = at
            case Exchanged(tile=tile, at=at):
                self._game().apply(ExchangeAction(tile))
                self.turn_start = at
            case Passed(at=at, timed_out=timed_out):
                self._game().apply(PassAction(timed_out), replayed=True)
                self.turn_start = at
            case Resigned(seat=seat, at=at):
                game = self._game()
                to_play = self.current == seat  # P1: a removed player resigns out of turn
                game.apply(ResignAction(self.index_of(seat)))
                if to_play:
                    self.turn_start = at
            case GameEnded(reason=reason):
                self._game().finish(EndReason(reason))
                self.ended = event
            case RematchOffered():
                self.rematch = event
            case _:
                raise ValueError(f"not a Topword room event: {event!r}")
        if isinstance(event, (Played, Exchanged, Passed)):  # T22: a turn of one's own
            timed_out = isinstance(event, Passed) and event.timed_out
            self.timeouts_in_row[event.seat] = (
                self.timeouts_in_row.get(event.seat, 0) + 1 if timed_out else 0
            )
        if self.game is not None and isinstance(event, (GameStarted, *TURNS)):
            self.turn_seq = event.seq
            self.racks_after[event.seq] = tuple(tuple(rack) for rack in self.game.racks)
            if not isinstance(event, GameStarted):
                self.turn_at[event.seq] = len(self.game.turns) - 1
                over = self.game.finished
                self.next_after[event.seq] = None if over else self.order[self.game.current]

    def _game(self) -> Game:
        if self.game is None:
            raise ValueError(f"room {self.room_id}: no game started")
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
            raise ValueError(f"room {self.room_id}: the start draws do not match the seed")
        self.game, self.order, self.started = game, event.order, event
        self.turn_start = event.at

    # --- commands -----------------------------------------------------------------------

    def _decide_own(
        self, seat: str | None, command: Any, now: float, out: list[Event]
    ) -> Refusal | None:
        match command:
            case Start(seed=seed):
                return self._start(seed, now, out)
            case Play() | Placed() | Exchange() | Pass() | Resign():
                return self._turn(seat, command, now, out)
            case OfferRematch(link=link):
                return self._offer_rematch(seat, link, now, out)
        return Refusal("unknown_command")

    def _offer_rematch(
        self, seat: str | None, link: str, now: float, out: list[Event]
    ) -> Refusal | None:
        """Once the game is over, one person who played it says where the rematch is; the
        first offer stands (a second is told where it is)."""
        if self.ended is None:
            return Refusal("game_not_over")
        if seat is None or seat not in self.order or self.seats[seat].is_bot:
            return Refusal("not_seated")
        if self.rematch is not None:
            return Refusal("rematch_offered", {"link": self.rematch.link})
        self._emit(RematchOffered(self._next, seat, link, now), out)
        return None

    def _start(self, seed: int, now: float, out: list[Event]) -> Refusal | None:
        if self.game is not None:
            return Refusal("game_started")
        order = tuple(self.present())
        low, high = self.ruleset.min_players, self.ruleset.max_players
        if len(order) < low:  # say who is awaited: a seat kept for a friend, or one more
            missing = max(low - len(order), self.seats_awaited())
            return Refusal("players_awaited", {"count": missing})
        if len(order) > high:
            return Refusal("player_count", {"low": low, "high": high})
        game = self._new_game(order, seed)
        draws = _start_draws(game, order)
        self._emit(GameStarted(self._next, seed, order, draws, order[game.starter], now), out)
        return None

    def _turn(
        self, seat: str | None, command: TurnCommand, now: float, out: list[Event]
    ) -> Refusal | None:
        game = self.game
        if game is None:
            return Refusal("game_not_started")
        if game.finished:
            return Refusal("game_over")
        if command.turn is not None and command.turn != len(game.turns) + 1:
            return Refusal("turn_over", {"turn": command.turn})  # sent again too late
        if seat is not None and seat != self.current:
            return Refusal("not_your_turn")
        deadline = self.turn_deadline()
        if deadline is not None and now > deadline:
            return Refusal("after_deadline")
        player = self.order[game.current]
        match command:
            case Play() | Placed():
                verdict = self.preview(
                    player, command.move if isinstance(command, Play) else command
                )
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
            case Resign():
                self._emit(Resigned(self._next, player, now), out)
        self._end_if_over(out)
        return None

    def _end_if_over(self, out: list[Event]) -> None:
        game = self._game()
        if not game.finished and game.blocked():  # T18 (2), judged by today's word list
            game.finish(EndReason.NOBODY_CAN_PLAY)
        if game.finished and self.ended is None:
            assert game.end_reason is not None
            winners = tuple(self.order[player] for player in game.winners())
            reason = game.end_reason.value
            self._emit(GameEnded(self._next, reason, tuple(game.final_scores()), winners), out)

    # --- queries --------------------------------------------------------------------------

    def preview(self, seat: str, move: str | Move | Placed) -> Legal | Illegal | Refusal:
        """The referee's verdict on `move` with `seat`'s rack on the board now (changes
        nothing; any seated player may ask, to plan while others play)."""
        game = self.game
        if game is None:
            return Refusal("game_not_started")
        rack = self.rack_of(seat)
        if rack is None:
            return Refusal("not_seated")
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
        """T22: pass, at its deadline, every turn whose clock ran out by `now` (no pass of
        T18 (3)); the person whose clock runs out on `timeouts_to_resign` turns of theirs
        in a row resigns instead (T21), so a game nobody plays still ends."""
        out: list[Event] = []
        while (deadline := self.turn_deadline()) is not None and now >= deadline:
            seat = self.current
            assert seat is not None
            if self.timeouts_in_row.get(seat, 0) + 1 >= self.settings.timeouts_to_resign:
                self._emit(Resigned(self._next, seat, deadline), out)
            else:
                self._emit(Passed(self._next, seat, deadline, timed_out=True), out)
            self._end_if_over(out)
        return out

    def outcome(self, event: Event) -> GameOutcome | None:
        """A game's final scores and figures, once its GameEnded is folded."""
        return game_outcome(self, event) if isinstance(event, GameEnded) else None

    # --- what each seat sees (views) ----------------------------------------------------

    def view(self, seat: str | None) -> dict[str, Any]:
        return views.view(self, seat)

    def visible(self, event: Event, seat: str | None) -> dict[str, Any] | None:
        return views.visible(self, event, seat)


def _start_draws(game: Game, order: Sequence[str]) -> tuple[tuple[tuple[str, str], ...], ...]:
    return tuple(tuple((order[player], tile) for player, tile in draw) for draw in game.start_draws)


def _move_refusal(verdict: Illegal) -> Refusal:
    return Refusal(verdict.reason.value, {"detail": verdict.detail})
