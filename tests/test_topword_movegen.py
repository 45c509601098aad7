"""The move generator against the referee: the brute force oracle, golden counts, the kernel.

The oracle is slow and obviously correct: every way to lay 1 to 3 rack tiles
on the cells of one line, each judged by the referee (`evaluate_placements`).
The generator must find exactly the legal ones, with the referee's points.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

import pytest

from motamot.lexicon import Lexicon, load_lexicon
from motamot.topword import movegen
from motamot.topword.board import SIZE, Board, Placement, parse_position
from motamot.topword.movegen import GenRules, generate_moves, legal_moves
from motamot.topword.rules import Legal, evaluate, evaluate_placements
from motamot.topword.tiles import TOPWORD_FR, UPWORDS_EN, Ruleset
from tests.conftest import compiled_kernel
from tests.topword_positions import Position, selfplay_positions

RULESETS = {"topword-fr": TOPWORD_FR, "upwords-en": UPWORDS_EN}


@pytest.fixture(scope="module")
def fr() -> Lexicon:
    return load_lexicon("fr")


@pytest.fixture(scope="module")
def en() -> Lexicon:
    return load_lexicon("en")


def _lines() -> Iterator[list[int]]:
    for index in range(SIZE):
        yield [index * SIZE + k for k in range(SIZE)]
        yield [k * SIZE + index for k in range(SIZE)]


def brute_force(
    board: Board, rack: tuple[str, ...], ruleset: Ruleset, lexicon: Lexicon
) -> dict[tuple[Placement, ...], int]:
    """Every legal placement set of the rack's tiles → points, by asking the referee."""
    legal: dict[tuple[Placement, ...], int] = {}
    for line in _lines():
        for count in range(1, len(rack) + 1):
            for cells in itertools.combinations(line, count):
                for tiles in set(itertools.permutations(rack, count)):
                    placed = tuple(zip(cells, tiles, strict=True))
                    verdict = evaluate_placements(board, placed, rack, ruleset, lexicon)
                    if isinstance(verdict, Legal):
                        legal[tuple(sorted(placed))] = verdict.points
    return legal


def generated(
    board: Board, rack: tuple[str, ...], ruleset: Ruleset, lexicon: Lexicon
) -> dict[tuple[Placement, ...], int]:
    moves = generate_moves(board.tops, board.heights, rack, lexicon, GenRules.of(ruleset))
    result = {tuple(sorted(move.placements)): move.points for move in moves}
    assert len(result) == len(moves), "a move is listed twice"
    return result


def oracle_positions(lexicon: Lexicon, ruleset: Ruleset, games: int) -> Iterator[Position]:
    """Positions from self-play, each with a small rack (2 or 3 tiles) for the brute force."""
    for seed in range(games):
        rng = random.Random(1000 + seed)
        for position in selfplay_positions(seed, ruleset, lexicon, turns=24):
            if position.turn % 2 == 0:
                size = 3 if rng.random() < 0.3 else 2
                rack = tuple(rng.sample(position.rack, min(size, len(position.rack))))
                yield Position(position.board, rack, position.seed, position.turn)


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_t9_generator_matches_brute_force_referee(name: str, fr: Lexicon, en: Lexicon) -> None:
    """Same moves, same points as the referee tried on every placement (T4-T15)."""
    ruleset = RULESETS[name]
    lexicon = fr if ruleset is TOPWORD_FR else en
    checked = 0
    for position in oracle_positions(lexicon, ruleset, games=7):
        expected = brute_force(position.board, position.rack, ruleset, lexicon)
        assert generated(position.board, position.rack, ruleset, lexicon) == expected, position
        checked += 1
    assert checked >= 60


def test_t10_generator_refuses_the_lone_plural_s(fr: Lexicon) -> None:
    board = parse_position("/".join(["." * SIZE] * 4 + ["...FAN....", *["." * SIZE] * 5]))
    moves = legal_moves(board, ("S", "P", "L", "U"), TOPWORD_FR, fr)
    notations = {move.notation for move in moves}
    assert "5D FANS" not in notations
    plus = next(move for move in moves if move.notation == "G2 PLUS")
    assert plus.points == evaluate(board, plus.move, None, TOPWORD_FR, fr).points  # type: ignore[union-attr]


def test_t12_generator_points_agree_with_the_rulebook(fr: Lexicon) -> None:
    board = parse_position("/".join(["." * SIZE] * 4 + ["...FAN....", *["." * SIZE] * 5]))
    moves = {move.notation: move.points for move in legal_moves(board, ("I",), TOPWORD_FR, fr)}
    assert moves["5D FIN"] == 4  # FAN -> FIN by stacking I


def test_t4_first_move_generator_covers_the_centre(fr: Lexicon) -> None:
    moves = legal_moves(Board(), tuple("MAINXYZ"), TOPWORD_FR, fr)
    assert moves
    for move in moves:
        assert {cell for cell, _ in move.placements} & {44, 45, 54, 55}
    assert {move.notation: move.points for move in moves}["5E MAIN"] == 8


# Golden counts: the number of legal moves of fixed positions (regressions show here).
# They depend on the word lists too: a rebuilt dictionary means new counts.
GOLDEN = [
    ("topword-fr", "", "MAINSTE", 4616),
    ("topword-fr", "....FAN...", "EIPLUSQ", 985),
    ("upwords-en", "....FAN...", "EIPLUSQ", 516),
]


def _golden_board(row5: str) -> Board:
    return parse_position("/".join(["." * SIZE] * 4 + [row5 or "." * SIZE, *["." * SIZE] * 5]))


@pytest.mark.parametrize(("name", "row5", "rack", "count"), GOLDEN)
def test_golden_move_counts(
    name: str, row5: str, rack: str, count: int, fr: Lexicon, en: Lexicon
) -> None:
    ruleset = RULESETS[name]
    lexicon = fr if ruleset is TOPWORD_FR else en
    assert len(legal_moves(_golden_board(row5), tuple(rack), ruleset, lexicon)) == count


def test_kernel_and_reference_agree_on_300_positions(fr: Lexicon, en: Lexicon) -> None:
    """The compiled generator (when built) gives the reference's moves, in the same order."""
    compiled_kernel("motamot.topword._kernel")
    checked = 0
    for seed in range(12):
        ruleset = TOPWORD_FR if seed % 2 == 0 else UPWORDS_EN
        lexicon = fr if ruleset is TOPWORD_FR else en
        for position in selfplay_positions(500 + seed, ruleset, lexicon, turns=30):
            board, rack = position.board, position.rack
            reference = generate_moves(
                board.tops, board.heights, rack, lexicon, GenRules.of(ruleset)
            )
            assert legal_moves(board, rack, ruleset, lexicon) == reference
            assert movegen.count_legal_moves(board, rack, ruleset, lexicon) == len(reference)
            assert movegen.has_legal_move(board, rack, ruleset, lexicon) == bool(reference)
            best = movegen.best_move(board, rack, ruleset, lexicon)
            assert best == (reference[0] if reference else None)
            checked += 1
    assert checked >= 300
