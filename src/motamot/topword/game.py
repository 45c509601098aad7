"""A game of Topword: players, turns, draws, end and winner (T2, T3, T16-T19).

A game is its setup (players, seed, ruleset, dictionary) plus its turns; the
same setup and turns give the same state on every machine. All randomness
comes from one `random.Random(seed)`, used only through `random()`: the pile
is shuffled once, reshuffled after the draw for who starts (T3), and an
exchanged tile is mixed back at a drawn position (T17).

End (T18): (1) a player has emptied their rack with the pile empty; (2) the
pile is empty and nobody can play: this needs a move generator, passed as
``can_play(board, rack) -> bool`` (None: only (1) and (3) apply); (3) every
player has passed in a row. [choice] An exchange is not a pass unless
`Ruleset.exchange_is_pass` says so. [choice]
``scoreless_limit``: the game also ends after that many turns in a row that
scored nothing (passes, exchanges), for online games; None by default.
T22: a turn whose clock ran out (`Pass(timed_out=True)`) is no pass of (3): it breaks
the run of passes and leaves the scoreless run as it was.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from motamot.errors import CodedError
from motamot.lexicon import Lexicon
from motamot.names import PlayerNameError, check_name, name_key
from motamot.topword.bag import Bag, shuffled
from motamot.topword.board import Board
from motamot.topword.move import Move, parse_move
from motamot.topword.rules import Illegal, Legal, Reason, evaluate
from motamot.topword.tiles import TOPWORD_FR, Ruleset, tile_label

CanPlay = Callable[[Board, Sequence[str]], bool]
#: What a Topword record's syntax reserves in player names (`players: A, B`, `1. A: [RACK]`).
RESERVED_IN_NAMES = ":,[]#"


def generator_can_play(ruleset: Ruleset, lexicon: Lexicon) -> CanPlay:
    """End condition 2 from the move generator: does `rack` have a legal move on `board`."""
    from motamot.topword.movegen import has_legal_move

    def can_play(board: Board, rack: Sequence[str]) -> bool:
        return has_legal_move(board, rack, ruleset, lexicon)

    return can_play


class GameError(CodedError, ValueError):
    """An action the game state does not allow (wrong setup, game over, no such tile)."""

    TEMPLATES: ClassVar[dict[str, str]] = {
        "player_count": "{count} players: {ruleset} is for {low} to {high}",
        "bad_player_name": "player refused: {error}",
        "duplicate_player": "two players have the same name",
        "bad_seed": "seed {seed!r}: an integer",
        "game_over": "the game is over",
        "pile_empty": "the pile is empty: no exchange",
        "not_on_rack": "{tile} is not on the rack",
        "not_playing": "player {player} is not in the game any more",
    }


class IllegalMove(GameError):
    """A move the referee refused; `verdict` says why (the code is its reason)."""

    TEMPLATES: ClassVar[dict[str, str]] = {
        reason.value: "{move}: "
        + reason.value
        + ("" if reason is Reason.NO_TILE_PLACED else " ({detail})")  # its detail may be ""
        for reason in Reason
    }

    def __init__(self, move: Move, verdict: Illegal) -> None:
        super().__init__(verdict.reason.value, move=str(move), detail=verdict.detail)
        self.move = move
        self.verdict = verdict


class Action(StrEnum):
    PLAY = "play"
    PASS = "pass"
    EXCHANGE = "exchange"
    RESIGN = "resign"


class EndReason(StrEnum):
    """Which T18 condition ended the game."""

    RACK_EMPTY = "rack_empty"  # (1)
    NOBODY_CAN_PLAY = "nobody_can_play"  # (2)
    ALL_PASSED = "all_passed"  # (3)
    SCORELESS_LIMIT = "scoreless_limit"  # [choice]
    RESIGNED = "resigned"  # T21: one player is left, the others resigned


@dataclass(frozen=True, slots=True)
class Play:
    """Lay a move (its notation, `5E FAIM`, or a parsed Move)."""

    move: Move | str


@dataclass(frozen=True, slots=True)
class Exchange:
    """T17: swap one rack tile (its code: `Q` for Qu) for one from the pile."""

    tile: str


@dataclass(frozen=True, slots=True)
class Pass:
    """T17: pass; T22: `timed_out`, the turn's clock ran out (not a pass of T18 (3))."""

    timed_out: bool = False


@dataclass(frozen=True, slots=True)
class Resign:
    """T21: leave the game on one's turn (the others play on). P1: a player removed from
    the table resigns at once, whoever is to play (`player`; None: the player to play)."""

    player: int | None = None


#: What a player does on their turn: `Game.apply` carries out any of them.
TurnAction = Play | Exchange | Pass | Resign


@dataclass(frozen=True, slots=True)
class Turn:
    """One turn as it happened: who, the rack before, what, points and the total after."""

    player: int
    rack: tuple[str, ...]
    action: Action
    move: Move | None = None
    tile: str | None = None
    points: int = 0
    total: int = 0
    verdict: Legal | None = None
    #: T22: a pass because the turn's clock ran out.
    timed_out: bool = False

    def as_action(self) -> TurnAction:
        """The action that made this turn (to play it again on a copy of the game)."""
        if self.action is Action.PLAY:
            assert self.move is not None
            return Play(self.move)
        if self.action is Action.EXCHANGE:
            return Exchange(self.tile or "")
        if self.action is Action.RESIGN:
            return Resign(self.player)
        return Pass(self.timed_out)


def _rank(tile: str) -> int:
    """Closeness to A for T3 (the Qu tile's code is Q, so it ranks as Q)."""
    return ord(tile) - ord("A")


class Game:
    """A game in progress; mutating methods either apply whole or raise and change nothing."""

    def __init__(
        self,
        players: Sequence[str],
        seed: int,
        lexicon: Lexicon,
        ruleset: Ruleset = TOPWORD_FR,
        dictionary: str | None = None,
        can_play: CanPlay | None = None,
        scoreless_limit: int | None = None,
    ) -> None:
        names = [name.strip() for name in players]
        if not ruleset.min_players <= len(names) <= ruleset.max_players:
            raise GameError(
                "player_count",
                count=len(names),
                ruleset=ruleset.name,
                low=ruleset.min_players,
                high=ruleset.max_players,
            )
        for name in names:
            try:
                check_name(name, RESERVED_IN_NAMES)
            except PlayerNameError as error:
                raise GameError("bad_player_name", name=name, error=error) from None
        if len({name_key(name) for name in names}) != len(names):
            raise GameError("duplicate_player")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise GameError("bad_seed", seed=seed)
        self.players = names
        self.seed = seed
        self.ruleset = ruleset
        self.lexicon = lexicon
        self.dictionary = dictionary if dictionary is not None else ruleset.dictionary
        self.can_play = can_play
        self.scoreless_limit = scoreless_limit
        self.rng = random.Random(seed)
        self.board = Board()
        self.bag = Bag(shuffled(ruleset.all_tiles(), self.rng))
        self.start_draws: list[list[tuple[int, str]]] = []
        self.starter = self._who_starts()
        self.current = self.starter
        self.racks: list[list[str]] = [[] for _ in names]
        for offset in range(len(names)):  # T2: each draws 7, in turn order
            player = (self.starter + offset) % len(names)
            self.racks[player] = self.bag.draw(ruleset.rack_size)
        self.scores = [0] * len(names)
        self.turns: list[Turn] = []
        self.passes_in_row = 0
        self.scoreless_in_row = 0
        self.end_reason: EndReason | None = None
        self.penalties = [0] * len(names)
        #: T21: the players who resigned, and the tiles their racks held (out of play).
        self.resigned: set[int] = set()
        self.set_aside: list[str] = []

    def _who_starts(self) -> int:
        """T3: each draws a tile, closest to A starts; ties draw again; tiles go back."""
        contenders = list(range(len(self.players)))
        drawn: list[str] = []
        while True:
            draws = [(player, self.bag.draw(1)[0]) for player in contenders]
            self.start_draws.append(draws)
            drawn.extend(tile for _, tile in draws)
            best = min(_rank(tile) for _, tile in draws)
            contenders = [player for player, tile in draws if _rank(tile) == best]
            if len(contenders) == 1:
                break
        self.bag.tiles.extend(drawn)
        self.bag.reshuffle(self.rng)
        return contenders[0]

    # -- reading ----------------------------------------------------------------

    @property
    def finished(self) -> bool:
        return self.end_reason is not None

    def rack(self, player: int | None = None) -> tuple[str, ...]:
        return tuple(self.racks[self.current if player is None else player])

    def tile_total(self) -> int:
        """Tiles on the board, on the racks and in the pile: always the ruleset's total."""
        on_racks = sum(map(len, self.racks))
        return self.board.tile_count() + on_racks + len(self.bag) + len(self.set_aside)

    def playing(self) -> list[int]:
        """The players still in the game, in turn order (T21: not those who resigned)."""
        return [player for player in range(len(self.players)) if player not in self.resigned]

    def final_scores(self) -> list[int]:
        """Scores after the T19 penalties (equal to `scores` until the game ends)."""
        return [score - penalty for score, penalty in zip(self.scores, self.penalties, strict=True)]

    def winners(self) -> list[int]:
        """T19: the players with the highest total (several on a tie: it is shared);
        T21: among those who did not resign."""
        finals = self.final_scores()
        best = max(finals[player] for player in self.playing())
        return [player for player in self.playing() if finals[player] == best]

    def evaluate(self, move: Move | str, check_words: bool = True) -> Legal | Illegal:
        """The referee's verdict on `move` for the player to play (nothing changes)."""
        if isinstance(move, str):
            move = parse_move(move)
        rack = self.racks[self.current]
        return evaluate(self.board, move, rack, self.ruleset, self.lexicon, check_words)

    # -- acting ------------------------------------------------------------------

    def _check_open(self) -> None:
        if self.finished:
            raise GameError("game_over")

    def apply(self, action: TurnAction, replayed: bool = False) -> Turn:
        """The player to play does `action`: whole, or it raises (GameError, IllegalMove,
        MoveSyntaxError) and nothing changes. A `replayed` action was judged when it was
        played (a stored game): its words are not looked up again, and whether anybody can
        still play is left to the end the game recorded (`finish`)."""
        match action:
            case Play(move=move):
                return self.play(move, replayed)
            case Exchange(tile=tile):
                return self.exchange(tile)
            case Pass(timed_out=timed_out):
                return self.pass_turn(replayed, timed_out)
            case Resign(player=player):
                return self.resign(player)
        raise TypeError(f"not a turn action: {action!r}")

    def play(self, move: Move | str, replayed: bool = False) -> Turn:
        """The player to play lays `move` (T16 draw follows); IllegalMove if refused."""
        self._check_open()
        if isinstance(move, str):
            move = parse_move(move)
        verdict = self.evaluate(move, check_words=not replayed)
        if isinstance(verdict, Illegal):
            raise IllegalMove(move, verdict)
        player = self.current
        rack_before = tuple(self.racks[player])
        self.board.place(verdict.placements)
        rack = self.racks[player]
        for _, tile in verdict.placements:
            rack.remove(tile)
        rack.extend(self.bag.draw(self.ruleset.rack_size - len(rack)))
        self.scores[player] += verdict.points
        self.passes_in_row = 0
        self.scoreless_in_row = 0 if verdict.points else self.scoreless_in_row + 1
        turn = Turn(
            player,
            rack_before,
            Action.PLAY,
            move=move,
            points=verdict.points,
            total=self.scores[player],
            verdict=verdict,
        )
        self._after(turn, judge_end=not replayed)
        if not rack and not self.bag:
            self._finish(EndReason.RACK_EMPTY)
        return turn

    def pass_turn(self, replayed: bool = False, timed_out: bool = False) -> Turn:
        """T17: pass. T22: a turn whose clock ran out passes too, but the player did not
        pass: it breaks the run of passes of T18 (3) and adds no scoreless turn."""
        self._check_open()
        player = self.current
        turn = Turn(
            player, self.rack(), Action.PASS, total=self.scores[player], timed_out=timed_out
        )
        self.passes_in_row = 0 if timed_out else self.passes_in_row + 1
        self.scoreless_in_row += 0 if timed_out else 1
        self._after(turn, judge_end=not replayed)
        if self.passes_in_row >= len(self.playing()):
            self._finish(EndReason.ALL_PASSED)
        return turn

    def resign(self, player: int | None = None) -> Turn:
        """T21: the player to play leaves the game. Their score stands as it is (no T19
        penalty), their tiles are set aside (out of play: the pile's order is unchanged),
        they win nothing; the others play on. With one player left the game is over.
        P1: `player`, removed from the table, resigns so out of turn: the turn stays with
        the player to play."""
        self._check_open()
        leaver = self.current if player is None else player
        if leaver not in self.playing():
            raise GameError("not_playing", player=leaver)
        turn = Turn(leaver, self.rack(leaver), Action.RESIGN, total=self.scores[leaver])
        self.set_aside.extend(self.racks[leaver])
        self.racks[leaver] = []
        self.resigned.add(leaver)
        self.turns.append(turn)
        if len(self.playing()) <= 1:
            self._finish(EndReason.RESIGNED)
            return turn
        if leaver == self.current:
            self.current = self._next_playing(leaver)
        if self.passes_in_row >= len(self.playing()):
            self._finish(EndReason.ALL_PASSED)  # all who are left passed in a row
        return turn

    def _next_playing(self, player: int) -> int:
        """The next player in turn order who did not resign."""
        count = len(self.players)
        following = ((player + offset) % count for offset in range(1, count + 1))
        return next(p for p in following if p not in self.resigned)

    def exchange(self, tile: str) -> Turn:
        """T17: swap one rack tile for one from the pile (which must not be empty)."""
        self._check_open()
        player = self.current
        tile = tile.strip().upper()[:1]
        if not self.bag:
            raise GameError("pile_empty")
        if tile not in self.racks[player]:
            raise GameError("not_on_rack", tile=tile_label(tile) or "?")
        rack_before = self.rack()
        rack = self.racks[player]
        rack.remove(tile)
        rack.extend(self.bag.draw(1))
        self.bag.put_back(tile, self.rng)
        self.passes_in_row = self.passes_in_row + 1 if self.ruleset.exchange_is_pass else 0
        self.scoreless_in_row += 1
        turn = Turn(player, rack_before, Action.EXCHANGE, tile=tile, total=self.scores[player])
        self._after(turn)
        if self.passes_in_row >= len(self.playing()):
            self._finish(EndReason.ALL_PASSED)
        return turn

    def _after(self, turn: Turn, judge_end: bool = True) -> None:
        self.turns.append(turn)
        self.current = self._next_playing(self.current)
        if self.scoreless_limit is not None and self.scoreless_in_row >= self.scoreless_limit:
            self._finish(EndReason.SCORELESS_LIMIT)
        elif judge_end and self.blocked():
            self._finish(EndReason.NOBODY_CAN_PLAY)

    def blocked(self) -> bool:
        """T18 (2): the pile is empty and no rack left can form a word (needs `can_play`)."""
        if self.bag or self.can_play is None:
            return False
        racks = [rack for rack in self.racks if rack]
        return bool(racks) and not any(self.can_play(self.board, tuple(rack)) for rack in racks)

    def finish(self, reason: EndReason) -> None:
        """End the game for `reason` (a stored game's recorded end), if it is not over."""
        if not self.finished:
            self._finish(reason)

    def _finish(self, reason: EndReason) -> None:
        """T19: each tile left on a rack costs its owner the ruleset's penalty; T21: not
        when the others resigned (the game stopped, it was not played out)."""
        if self.end_reason is None or reason is EndReason.RACK_EMPTY:
            self.end_reason = reason
        if self.end_reason is EndReason.RESIGNED:
            self.penalties = [0] * len(self.racks)
            return
        self.penalties = [self.ruleset.end_penalty * len(rack) for rack in self.racks]
