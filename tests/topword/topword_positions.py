"""Realistic Topword positions for tests: reached by seeded self-play.

Each game draws racks from a seeded bag and plays one of the three best
moves (chosen by the seed), so positions have stacks, Qu, and plurals.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from motamot.lexicon import Lexicon
from motamot.topword.bag import Bag, shuffled
from motamot.topword.board import Board
from motamot.topword.movegen import GenRules, generate_moves
from motamot.topword.tiles import Ruleset


@dataclass(frozen=True)
class Position:
    board: Board
    rack: tuple[str, ...]
    seed: int
    turn: int


def selfplay_positions(
    seed: int, ruleset: Ruleset, lexicon: Lexicon, turns: int = 40
) -> Iterator[Position]:
    """The positions (board and rack to move) of one seeded two-player game."""
    rng = random.Random(seed)
    bag = Bag(shuffled(ruleset.all_tiles(), rng))
    racks = [bag.draw(ruleset.rack_size), bag.draw(ruleset.rack_size)]
    board = Board()
    rules = GenRules.of(ruleset)
    passes = 0
    for turn in range(turns):
        rack = racks[turn % 2]
        yield Position(board.copy(), tuple(rack), seed, turn)
        moves = generate_moves(board.tops, board.heights, rack, lexicon, rules)
        if not moves:
            passes += 1
            if passes == 2:
                return
            continue
        passes = 0
        chosen = moves[int(rng.random() * min(3, len(moves)))]
        board.push(chosen.placements)
        for _, tile in chosen.placements:
            rack.remove(tile)
        rack.extend(bag.draw(ruleset.rack_size - len(rack)))
