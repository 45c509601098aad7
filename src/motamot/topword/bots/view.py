"""What a computer player sees of a game, and what it decides.

A bot sees what a player at the table sees: the board, its own rack, the
scores, how many tiles the pile and the other racks hold, and which tiles it
has not seen (the pile and the other racks together, worked out from the
tiles of the game minus those laid on the board and its own rack). It never
sees the order of the pile or another player's rack.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from motamot.lexicon import Lexicon
from motamot.topword.board import Board
from motamot.topword.game import Action, Game, Turn, TurnAction
from motamot.topword.game import Exchange as Exchange  # a bot's exchange is the engine's
from motamot.topword.game import Pass as Pass
from motamot.topword.game import Play as GamePlay
from motamot.topword.movegen import GeneratedMove
from motamot.topword.tiles import Ruleset, tile_label


@dataclass(frozen=True)
class BotView:
    """One player's view of the position, all a bot may base its decision on."""

    board: Board
    rack: tuple[str, ...]
    #: Tiles this player cannot see: the pile and the other players' racks.
    unseen: tuple[str, ...]
    pile_size: int
    #: Sizes of the other racks, in the order the other players play next.
    opponent_racks: tuple[int, ...]
    scores: tuple[int, ...]
    player: int
    ruleset: Ruleset
    lexicon: Lexicon
    #: Turns in a row that were passes (a pass now ends the game when all others passed).
    passes_in_row: int = 0


@dataclass(frozen=True)
class Play:
    """Lay a generated move."""

    move: GeneratedMove


Decision = Play | Exchange | Pass


def laid_tiles(game: Game) -> Counter[str]:
    """Every tile laid on the board so far, covered ones included."""
    laid: Counter[str] = Counter()
    for turn in game.turns:
        if turn.verdict is not None:
            laid.update(tile for _, tile in turn.verdict.placements)
    return laid


def view_of(game: Game, player: int | None = None) -> BotView:
    """The view of `player` (the player to play by default); the board is a copy."""
    player = game.current if player is None else player
    rack = game.rack(player)
    unseen = Counter(game.ruleset.all_tiles()) - laid_tiles(game) - Counter(rack)
    count = len(game.players)
    others = [(player + offset) % count for offset in range(1, count)]
    return BotView(
        board=game.board.copy(),
        rack=rack,
        unseen=tuple(sorted(unseen.elements())),
        pile_size=len(game.bag),
        opponent_racks=tuple(len(game.racks[other]) for other in others),
        scores=tuple(game.scores),
        player=player,
        ruleset=game.ruleset,
        lexicon=game.lexicon,
        passes_in_row=game.passes_in_row,
    )


def as_action(decision: Decision) -> TurnAction:
    """The engine's action for a bot's decision."""
    if isinstance(decision, Play):
        return GamePlay(decision.move.move)
    return decision


def apply_decision(game: Game, decision: Decision) -> Turn:
    """Carry out a decision for the player to play (the referee still judges a play)."""
    return game.apply(as_action(decision))


def kept_tiles(rack: Sequence[str], laid: Sequence[str]) -> tuple[str, ...]:
    """The rack without the tiles laid (each laid tile removes one copy)."""
    left = list(rack)
    for tile in laid:
        left.remove(tile)
    return tuple(left)


def describe(decision: Decision) -> str:
    """Notation-like text: `5E MAIN`, `exchange X`, `pass`."""
    if isinstance(decision, Play):
        return decision.move.notation
    if isinstance(decision, Exchange):
        return f"{Action.EXCHANGE.value} {tile_label(decision.tile)}"
    return Action.PASS.value
