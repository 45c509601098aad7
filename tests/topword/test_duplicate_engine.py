"""The duplicate engine (D1-D6): the draw rule, the top, dead racks, a seed that replays."""

from __future__ import annotations

import math
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from motamot.lexicon import Lexicon
from motamot.topword.duplicate import (
    DuplicateEnd,
    DuplicateGame,
    needed,
    percent,
    top_key,
    top_move,
)
from motamot.topword.movegen import legal_moves
from motamot.topword.tiles import TOPWORD_FR

VOWELS = set("AEIOUY")


def play_out(game: DuplicateGame) -> list[tuple[tuple[str, ...], str | None, int]]:
    """Every turn to the end: (rack, top, points)."""
    turns = []
    while not game.finished:
        draw = game.next_draw()
        if isinstance(draw, DuplicateEnd):
            game.finish(draw)
            break
        game.deal(draw.rack)
        top = game.top()
        text = top.notation if top is not None else None
        turns.append((draw.rack, text, game.place(text)))
    return turns


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**40))
def test_d1_d2_every_rack_keeps_the_vowel_and_consonant_rule(seed: int, fr: Lexicon) -> None:
    game = DuplicateGame(seed, TOPWORD_FR, fr)
    turns = play_out(game)
    assert turns and game.end is not None
    for number, (rack, _, _) in enumerate(turns, start=1):
        vowels = sum(tile in VOWELS for tile in rack)
        assert len(rack) <= 7
        assert vowels >= needed(number) and len(rack) - vowels >= needed(number), (number, rack)


def test_d2_the_game_ends_when_no_rack_can_keep_the_rule(fr: Lexicon) -> None:
    game = DuplicateGame(1, TOPWORD_FR, fr)
    game.bag.tiles = [*[tile for tile in game.bag.tiles if tile not in VOWELS][:20], "A"]
    assert game.next_draw() is DuplicateEnd.NO_VALID_DRAW


def test_d2_a_rack_that_breaks_the_rule_is_drawn_again_the_same_way(fr: Lexicon) -> None:
    game = DuplicateGame(5, TOPWORD_FR, fr)
    game.bag.tiles = list("BCDFGHJ") + list("AEIOUAE") + game.bag.tiles
    draw = game.next_draw()
    again = DuplicateGame(5, TOPWORD_FR, fr)
    again.bag.tiles = list(game.bag.tiles)
    assert not isinstance(draw, DuplicateEnd) and draw.redraws >= 1
    assert draw == again.next_draw()  # seeded: the same game draws the same rack


def test_d4_the_top_is_the_most_points_then_most_tiles_then_notation_order(fr: Lexicon) -> None:
    for seed in range(6):
        game = DuplicateGame(seed, TOPWORD_FR, fr)
        for _ in range(6):
            draw = game.next_draw()
            if isinstance(draw, DuplicateEnd):
                break
            game.deal(draw.rack)
            moves = legal_moves(game.board, game.rack, TOPWORD_FR, fr)
            top = top_move(game.board, game.rack, TOPWORD_FR, fr)
            if not moves:
                assert top is None
                game.place(None)
                continue
            assert top is not None
            best = max(move.points for move in moves)
            tied = [move for move in moves if move.points == best]
            most = max(len(move.placements) for move in tied)
            first = sorted(
                (m for m in tied if len(m.placements) == most),
                key=lambda m: (m.row, m.col, not m.across, m.word),
            )[0]
            assert (top.points, top.notation) == (best, first.notation)
            assert top_key(top) == min(top_key(move) for move in moves)
            game.place(top.notation)


def test_d5_a_rack_with_no_move_goes_back_whole_and_two_in_a_row_end(fr: Lexicon) -> None:
    game = DuplicateGame(2, TOPWORD_FR, fr)
    first = game.next_draw()
    assert not isinstance(first, DuplicateEnd)
    game.deal(first.rack)
    pile = len(game.bag)
    assert game.place(None) == 0
    assert game.rack == [] and len(game.bag) == pile + len(first.rack) and not game.finished
    second = game.next_draw()
    assert not isinstance(second, DuplicateEnd)
    game.deal(second.rack)
    game.place(None)
    assert game.end is DuplicateEnd.DEAD_RACKS


def test_the_same_seed_plays_the_same_game(fr: Lexicon) -> None:
    one = play_out(DuplicateGame(42, TOPWORD_FR, fr))
    two = play_out(DuplicateGame(42, TOPWORD_FR, fr))
    assert one == two and len(one) > 10 and sum(points for _, _, points in one) > 100


@given(total=st.integers(0, 5000), top_total=st.integers(1, 5000))
def test_d6_the_share_is_to_the_tenth_halves_up(total: int, top_total: int) -> None:
    """In whole numbers, so a page folding the totals finds the same figure."""
    exact = Fraction(1000 * total, top_total)
    assert percent(total, top_total) == math.floor(exact + Fraction(1, 2)) / 10


def test_d6_share_examples() -> None:
    assert percent(49, 400) == 12.3  # 12.25: half up (round() said 12.2)
    assert (percent(1, 8), percent(1, 3), percent(2, 3)) == (12.5, 33.3, 66.7)
    assert percent(0, 0) == 100.0 and percent(37, 37) == 100.0
