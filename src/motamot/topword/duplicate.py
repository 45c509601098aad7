"""Topword duplicate (D1-D6, docs/rules.md): one board and one rack for every player.

Each turn the rack is filled to 7 from the pile under the draw rule (D2: enough vowels
and consonants, or every tile back and a new draw, seeded); every player may submit a
move against the common board and rack (D3); the top move, the best the complete move
generator finds (D4), is laid for everyone; a rack with no legal move goes back whole
(D5). A pure engine: a seed, a ruleset and a word list in, the same game everywhere.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from motamot.lexicon import Lexicon
from motamot.topword.bag import Bag, shuffled
from motamot.topword.board import Board
from motamot.topword.move import Move, parse_move
from motamot.topword.movegen import GeneratedMove, legal_moves
from motamot.topword.rules import Illegal, Legal, evaluate
from motamot.topword.tiles import Ruleset

#: D2: the vowels (the Qu tile is a consonant).
VOWELS = frozenset("AEIOUY")
#: D2: up to this turn, 2 vowels and 2 consonants; after it, 1 of each.
EARLY_TURNS = 15
#: A draw that breaks D2 is drawn again at most this many times (each is seeded: a game
#: replays); the rule is then given up for that rack rather than loop for ever.
MAX_REDRAWS = 1000
#: D5: racks in a row with no legal move that end the game.
DEAD_RACKS_TO_END = 2


class DuplicateEnd(StrEnum):
    NO_VALID_DRAW = "no_valid_draw"  # D2: the pile and rack lack the vowels or consonants
    DEAD_RACKS = "dead_racks"  # D5: two racks in a row with no legal move
    PILE_EMPTY = "pile_empty"  # nothing left to draw and the rack is empty


def needed(turn: int) -> int:
    """D2: how many vowels and how many consonants the rack of `turn` (from 1) needs."""
    return 2 if turn <= EARLY_TURNS else 1


def _balance(tiles: Sequence[str]) -> tuple[int, int]:
    vowels = sum(1 for tile in tiles if tile in VOWELS)
    return vowels, len(tiles) - vowels


def top_key(move: GeneratedMove) -> tuple[int, int, int, int, bool, str]:
    """D4: most points, then most tiles laid, then notation order (row, column, across
    before down, word)."""
    return (-move.points, -len(move.placements), move.row, move.col, not move.across, move.word)


def top_move(
    board: Board, rack: Sequence[str], ruleset: Ruleset, lexicon: Lexicon
) -> GeneratedMove | None:
    """D4: the legal move of the common rack that the referee places (None: there is none)."""
    moves = legal_moves(board, rack, ruleset, lexicon)
    return min(moves, key=top_key) if moves else None


@dataclass(frozen=True)
class Draw:
    """A rack for a turn: its tiles, and how many draws D2 refused first."""

    rack: tuple[str, ...]
    redraws: int


@dataclass
class DuplicateGame:
    """The common board, rack and pile of a duplicate game, turn after turn."""

    seed: int
    ruleset: Ruleset
    lexicon: Lexicon
    board: Board = field(default_factory=Board)
    rack: list[str] = field(default_factory=list)
    turn: int = 0
    dead_in_row: int = 0
    end: DuplicateEnd | None = None

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        self.bag = Bag(shuffled(self.ruleset.all_tiles(), self.rng))

    @property
    def finished(self) -> bool:
        return self.end is not None

    # --- the draw (D1, D2) ----------------------------------------------------------------

    def next_draw(self) -> Draw | DuplicateEnd:
        """The rack the next turn gets (the game unchanged), or why the game ends there
        (D2 cannot be met, or nothing is left to draw)."""
        number = self.turn + 1
        need = needed(number)
        kept, pile = list(self.rack), list(self.bag.tiles)
        vowels, consonants = _balance(kept + pile)
        if not kept and not pile:
            return DuplicateEnd.PILE_EMPTY
        if vowels < need or consonants < need:
            return DuplicateEnd.NO_VALID_DRAW
        rng = random.Random(f"{self.seed}:draw:{number}")
        size = self.ruleset.rack_size
        for redraws in range(MAX_REDRAWS):
            rack = kept + pile[: size - len(kept)]
            rest = pile[size - len(kept) :]
            have_v, have_c = _balance(rack)
            if (have_v >= need and have_c >= need) or redraws == MAX_REDRAWS - 1:
                return Draw(tuple(rack), redraws)
            kept, pile = [], shuffled(rack + rest, rng)  # every tile back, drawn again
        raise AssertionError("unreachable")

    def deal(self, rack: Sequence[str]) -> None:
        """Start the next turn with `rack` (`next_draw`'s, or a stored game's): its tiles
        come off the rack kept and the pile, the rest stays in order (ValueError for a
        tile the game does not hold)."""
        pool = self.rack + self.bag.tiles  # the kept tiles first: a refill keeps them
        for tile in rack:
            pool.remove(tile)
        self.rack = list(rack)
        self.bag.tiles = pool
        self.turn += 1

    # --- a turn (D3-D5) -----------------------------------------------------------------

    def judge(self, move: Move) -> Legal | Illegal:
        """D3: a player's move against the common board and rack (nothing changes)."""
        return evaluate(self.board, move, self.rack, self.ruleset, self.lexicon)

    def top(self) -> GeneratedMove | None:
        return top_move(self.board, self.rack, self.ruleset, self.lexicon)

    def place(self, top: str | None) -> int:
        """End the turn: lay the top (a stored game's, not judged again: D4), or, with
        none, put the whole rack back (D5). The top's points."""
        if top is None:
            self.bag.tiles = shuffled(
                self.bag.tiles + self.rack, random.Random(f"{self.seed}:dead:{self.turn}")
            )
            self.rack = []
            self.dead_in_row += 1
            if self.dead_in_row >= DEAD_RACKS_TO_END:
                self.end = DuplicateEnd.DEAD_RACKS
            return 0
        verdict = evaluate(
            self.board, parse_move(top), self.rack, self.ruleset, self.lexicon, False
        )
        if not isinstance(verdict, Legal):
            raise ValueError(f"turn {self.turn}: the top {top} cannot be laid: {verdict}")
        self.board.place(verdict.placements)
        for _, tile in verdict.placements:
            self.rack.remove(tile)
        self.dead_in_row = 0
        return verdict.points

    def finish(self, reason: DuplicateEnd) -> None:
        if self.end is None:
            self.end = reason


def percent(total: int, top_total: int) -> float:
    """D6: a player's total as a share of the tops', to the tenth with halves up, in
    whole numbers (a page folding the totals finds the same figure); 100 when the tops
    scored nothing."""
    if top_total <= 0:
        return 100.0
    return (2000 * total + top_total) // (2 * top_total) / 10
