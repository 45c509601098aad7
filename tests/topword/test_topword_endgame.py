"""The exact endgame search against a slow full-tree minimax, its end rules and its budget."""

from __future__ import annotations

import random

import pytest

from motamot.lexicon import Lexicon
from motamot.topword.board import SIZE, parse_position
from motamot.topword.bots import BotView, ExpertBot, Pass, Play, view_of
from motamot.topword.bots.endgame import EndgameBudget, solve_endgame
from motamot.topword.bots.expert import is_known_endgame
from motamot.topword.movegen import best_move, has_legal_move, legal_moves
from motamot.topword.tiles import TOPWORD_FR
from tests.conftest import compiled_kernel
from tests.topword.topword_endgames import (
    PASS,
    BruteForce,
    PlainMinimax,
    TooBig,
    endgames,
    every_endgame,
)

#: The two racks together hold at most this many tiles (the brute force stays ~2 s).
MAX_TILES = 6


@pytest.mark.slow
def test_t18_t19_endgame_search_agrees_with_brute_force_on_60_endgames(fr: Lexicon) -> None:
    """Same value as the full minimax, and the move chosen is worth that value (ties allowed).

    The brute force generates every move of every position: with the compiled
    generator it takes ~2 s, with the pure-Python one minutes, so it runs where
    the kernel is built (CI builds it; the generators agree by their parity test).
    """
    compiled_kernel("motamot.topword._kernel")
    checked = 0
    for endgame in endgames(fr, TOPWORD_FR, 60, MAX_TILES):
        values = BruteForce(TOPWORD_FR, fr).options(
            endgame.board.copy(), endgame.me, endgame.opponent, endgame.passed
        )
        result = solve_endgame(
            endgame.board, endgame.me, endgame.opponent, TOPWORD_FR, fr, endgame.passed
        )
        chosen = result.move.notation if result.move is not None else PASS
        assert result.exact, endgame.seed
        assert result.value == max(values.values()), endgame.seed
        assert values[chosen] == max(values.values()), (endgame.seed, chosen, values)
        checked += 1
    assert checked == 60


#: Every endgame position of these seeded greedy games (pile empty, up to 7 tiles each) ...
EVERY_SEEDS = range(30)
#: ... whose racks hold at most this many tiles together, and whose whole game tree has at
#: most `PLAIN_LIMIT` positions: the plain minimax's reach (~0.4 s at the limit). Of the 111
#: such positions 95 are within it at 60,000 (21 s), fewer at this limit (about 10 s).
EVERY_MAX_TILES = 8
PLAIN_LIMIT = 20_000


@pytest.mark.slow
def test_t18_t19_endgame_search_agrees_with_plain_minimax_on_every_small_endgame(
    fr: Lexicon,
) -> None:
    """Every position from the empty pile to the end of 30 games, not one per game: the
    racks the endgames shrink to, passes included. The reference has no pruning, no table
    and no ordering: nothing in it can be wrong but the rules it scores."""
    compiled_kernel("motamot.topword._kernel")
    checked = beyond = 0
    for endgame in every_endgame(fr, TOPWORD_FR, EVERY_SEEDS):
        if len(endgame.me) + len(endgame.opponent) > EVERY_MAX_TILES:
            continue
        try:
            values = PlainMinimax(TOPWORD_FR, fr, PLAIN_LIMIT).options(
                endgame.board.copy(), endgame.me, endgame.opponent, endgame.passed
            )
        except TooBig:
            beyond += 1
            continue
        result = solve_endgame(
            endgame.board, endgame.me, endgame.opponent, TOPWORD_FR, fr, endgame.passed
        )
        chosen = result.move.notation if result.move is not None else PASS
        top = max(values.values())
        assert result.exact and result.value == top, (endgame.seed, endgame.me, endgame.opponent)
        assert values[chosen] == top, (endgame.seed, chosen, values)
        checked += 1
    assert checked >= 80 and beyond <= checked // 3, (checked, beyond)


def test_the_expert_plays_the_exact_endgame_move(fr: Lexicon) -> None:
    for endgame in endgames(fr, TOPWORD_FR, 3, MAX_TILES, first_seed=100):
        view = view_of(endgame.game)
        assert is_known_endgame(view)
        decision = ExpertBot(random.Random(0)).choose(view)
        result = solve_endgame(
            endgame.board, endgame.me, endgame.opponent, TOPWORD_FR, fr, endgame.passed
        )
        expected = Play(result.move) if result.move is not None else Pass()
        assert decision == expected


def _blocked(me: str, opponent: str, passed: bool, fr: Lexicon) -> float:
    """A board no rack here can join: only passes are left."""
    board = parse_position("/".join(["." * SIZE] * 4 + ["....XXXX..", *["." * SIZE] * 5]))
    for rack in (me, opponent):
        assert not has_legal_move(board, tuple(rack), TOPWORD_FR, fr)
    result = solve_endgame(board, tuple(me), tuple(opponent), TOPWORD_FR, fr, passed)
    assert result.move is None and result.exact
    return result.value


def test_t18_t19_passes_end_the_game_and_each_pays_for_the_tiles_held(fr: Lexicon) -> None:
    assert _blocked("KW", "KZ", passed=True, fr=fr) == 0  # 2 tiles each: -10 + 10
    assert _blocked("KWK", "Z", passed=True, fr=fr) == -10  # I pay 15, they pay 5
    assert _blocked("KWK", "Z", passed=False, fr=fr) == -10  # I pass, they pass: the same


def test_t18_t19_going_out_earns_the_opponents_penalty(fr: Lexicon) -> None:
    board = parse_position("/".join(["." * SIZE] * 4 + ["...FAN....", *["." * SIZE] * 5]))
    result = solve_endgame(board, ("I",), ("K", "W", "Z"), TOPWORD_FR, fr)
    top = best_move(board, ("I",), TOPWORD_FR, fr)
    assert top is not None and result.exact
    assert result.value == top.points + 3 * TOPWORD_FR.end_penalty


def test_a_small_budget_or_a_stop_still_gives_a_legal_move_the_same_every_time(
    fr: Lexicon,
) -> None:
    endgame = next(endgames(fr, TOPWORD_FR, 1, 14, first_seed=3))
    assert len(endgame.me) + len(endgame.opponent) >= 10
    args = (endgame.board, endgame.me, endgame.opponent, TOPWORD_FR, fr, endgame.passed)
    small = solve_endgame(*args, budget=EndgameBudget(200))
    assert not small.exact and small.nodes <= 201
    assert small == solve_endgame(*args, budget=EndgameBudget(200))
    legal = legal_moves(endgame.board, endgame.me, TOPWORD_FR, fr)
    assert small.move in legal
    stopped = solve_endgame(*args, stop=lambda: True)
    assert stopped.move in legal and not stopped.exact


def test_endgame_budget_refuses_no_nodes() -> None:
    with pytest.raises(ValueError, match="nodes >= 1"):
        EndgameBudget(0)


def test_with_three_players_the_racks_are_not_known_one_by_one(fr: Lexicon) -> None:
    view = BotView(
        board=parse_position("/".join(["." * SIZE] * SIZE)),
        rack=("A",),
        unseen=("B", "C"),
        pile_size=0,
        opponent_racks=(1, 1),
        scores=(0, 0, 0),
        player=0,
        ruleset=TOPWORD_FR,
        lexicon=fr,
    )
    assert not is_known_endgame(view)
