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

from motamot.lexicon import Lexicon
from motamot.topword import movegen
from motamot.topword.board import SIZE, Board, Placement, parse_position
from motamot.topword.move import word_tiles
from motamot.topword.movegen import GenRules, generate_moves, legal_moves
from motamot.topword.rules import Legal, evaluate, evaluate_placements
from motamot.topword.tiles import TOPWORD_FR, UPWORDS_EN, Ruleset
from tests.conftest import compiled_kernel
from tests.topword.topword_positions import Position, selfplay_positions

RULESETS = {"topword-fr": TOPWORD_FR, "upwords-en": UPWORDS_EN}


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
        if not board.is_empty() and not any(_near_a_tile(board, cell) for cell in line):
            continue  # T5: a move on it could neither stack, nor join, nor cross a word
        for count in range(1, len(rack) + 1):
            for cells in itertools.combinations(line, count):
                for tiles in set(itertools.permutations(rack, count)):
                    placed = tuple(zip(cells, tiles, strict=True))
                    verdict = evaluate_placements(board, placed, rack, ruleset, lexicon)
                    if isinstance(verdict, Legal):
                        legal[tuple(sorted(placed))] = verdict.points
    return legal


def _near_a_tile(board: Board, cell: int) -> bool:
    row, col = divmod(cell, SIZE)
    around = [(row, col), (row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)]
    return any(
        0 <= r < SIZE and 0 <= c < SIZE and board.heights[r * SIZE + c] > 0 for r, c in around
    )


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
@pytest.mark.slow
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


# Positions built around plurals (T10): words whose plural is a word, an S to end one
# or two of them, letters to stack on them or to add in front.
PLURAL_BOARDS = {
    "fan": {5: "....FAN..."},
    "main": {5: "....MAIN.."},
    "chat": {5: "....CHAT.."},
    "fan-and-mot": {2: ".......M..", 3: ".......O..", 4: ".......T..", 5: "....FAN..."},
    "pin-over-ami": {3: "..PIN.....", 4: ".....A....", 5: ".....MAIN.", 6: ".....I...."},
    "stacked-bas": {5: "...BAS...."},
}
PLURAL_RACKS = ("SI", "SP", "SA", "SE", "SS", "ST", "SU", "SIP")


def _plural_position(name: str) -> Board:
    rows = ["." * SIZE] * SIZE
    for number, text in PLURAL_BOARDS[name].items():
        rows[number - 1] = text
    board = parse_position("/".join(rows))
    if name == "stacked-bas":  # B A S with the A on a stack of 2 (once a U)
        board.heights[44] = 2
    return board


_Case = tuple[Board, tuple[str, ...], Lexicon]


def _plural_cases(fr: Lexicon, own: Lexicon, ruleset: Ruleset) -> Iterator[_Case]:
    """The boards above with each rack (French words: T10 does not depend on the language),
    then real games' positions (the ruleset's own words) with an S on the rack."""
    for name in PLURAL_BOARDS:
        for rack in PLURAL_RACKS:
            yield _plural_position(name), tuple(rack), fr
    for position in oracle_positions(own, ruleset, games=2):
        yield position.board, ("S", position.rack[0]), own


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_t10_generators_match_the_referee_around_plurals(
    name: str, fr: Lexicon, en: Lexicon
) -> None:
    """Pure Python and compiled (or pure, with MOTAMOT_NO_SPEEDUPS=1) find the referee's moves."""
    ruleset = RULESETS[name]
    checked = plurals_allowed = 0
    for board, rack, lexicon in _plural_cases(fr, fr if ruleset is TOPWORD_FR else en, ruleset):
        expected = brute_force(board, rack, ruleset, lexicon)
        assert generated(board, rack, ruleset, lexicon) == expected, (board, rack)
        public = {
            tuple(sorted(move.placements)): move.points
            for move in legal_moves(board, rack, ruleset, lexicon)
        }
        assert public == expected, (board, rack)
        plurals_allowed += sum(
            1
            for placed in expected
            if len(placed) >= 2 and placed[-1][1] == "S" and not board.heights[placed[-1][0]]
        )
        checked += 1
    assert checked >= 60 and plurals_allowed >= 20, (checked, plurals_allowed)


def test_t10_generator_finds_fins_pains_achats_but_not_fans(fr: Lexicon) -> None:
    cases = [("fan", "IS", "5E FINS", "5E FANS"), ("main", "PS", "5E PAINS", "5E MAINS")]
    cases.append(("chat", "AS", "5D ACHATS", "5E CHATS"))
    for ruleset in RULESETS.values():
        for name, rack, legal, refused in cases:
            notations = {
                m.notation for m in legal_moves(_plural_position(name), tuple(rack), ruleset, fr)
            }
            assert legal in notations and refused not in notations, (ruleset.name, name)


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
    ("topword-fr", "", "MAINSTE", 4600),  # 4588 before the short-word review (AA, BA, ...)
    ("topword-fr", "....FAN...", "EIPLUSQ", 1024),  # 1004 before it, 985 before T10's FINS
    ("upwords-en", "....FAN...", "EIPLUSQ", 527),  # 516 before
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


@pytest.mark.slow
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


def test_generated_moves_in_notation_are_legal_for_the_referee(fr: Lexicon, en: Lexicon) -> None:
    """`GeneratedMove.move` reads the word's tiles as `word_tiles` does (Qu included), and the
    referee accepts each move so written with the generator's points and placements."""
    checked = 0
    for seed, ruleset in [(40, TOPWORD_FR), (41, UPWORDS_EN)]:
        lexicon = fr if ruleset is TOPWORD_FR else en
        for position in selfplay_positions(seed, ruleset, lexicon, turns=30):
            for found in legal_moves(position.board, position.rack, ruleset, lexicon):
                move = found.move
                assert move.tiles == word_tiles(found.word)
                verdict = evaluate(position.board, move, position.rack, ruleset, lexicon)
                assert isinstance(verdict, Legal), (position, found)
                assert (verdict.points, verdict.placements) == (found.points, found.placements)
                checked += 1
    assert checked >= 1000
