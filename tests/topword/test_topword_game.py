"""Game flow: T2, T3, T16-T19, and the properties of whole games."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from motamot.lexicon import Lexicon
from motamot.topword import SIZE, TOPWORD_FR, UPWORDS_EN, Legal, Move, Ruleset, word_tiles
from motamot.topword.game import Action, EndReason, Game, GameError, IllegalMove

_WORDS_TEXT = """
AN AS AU DE DU EN ES ET EU IL IN LA LE LU MA ME MI MU NE NI NU ON OR OU SA SE SI SU TA TE TU
UN VA VU AIR AME AMI ARE ART BAS BEL BLE BON BUT CAR CES DES DIT DON DOS EAU ELU EST ETE
FIN FIL GEL ILE LAC LES LIT LOI LUI MAI MAL MER MES MIS MON MOT MUR NET NEZ NID NOM NUL
OSE OUI PAS PEU PIE PUR QUI RAT RIS RIT ROI RUE SAC SEL SES SEUL SOL SON SUR TAS TES TOI
TON TOT UNE USE VIE VIN VIS VOL ZOO RASE TIRE SERA RIRE RUES LIRE DIRE TOUR
"""
WORDS = sorted(set(_WORDS_TEXT.split()))
LEX = Lexicon.from_words(WORDS)


def legal_moves(game: Game, limit: int = 1) -> list[Legal]:
    """A slow brute force: every word of WORDS at every start, both ways (first `limit`)."""
    found: list[Legal] = []
    letters = set(game.rack()) | set(game.board.tops)
    for word in WORDS:
        tiles = word_tiles(word)
        if not set(tiles) <= letters:
            continue
        for across in (True, False):
            for row in range(SIZE):
                for col in range(SIZE):
                    move = Move(row, col, across, tiles)
                    if not move.fits():
                        continue
                    verdict = game.evaluate(move)
                    if isinstance(verdict, Legal):
                        found.append(verdict)
                        if len(found) >= limit:
                            return found
    return found


def can_play(game: Game) -> bool:
    return bool(legal_moves(game))


def snapshot(game: Game) -> tuple[object, ...]:
    return (
        game.board.position(),
        [list(rack) for rack in game.racks],
        list(game.bag.tiles),
        list(game.scores),
        game.current,
        len(game.turns),
        game.end_reason,
    )


def test_t2_each_player_draws_seven_from_a_seeded_pile() -> None:
    game = Game(["Ana", "Bo", "Cy"], 7, LEX)
    assert [len(rack) for rack in game.racks] == [7, 7, 7]
    assert len(game.bag) == 100 - 21 and game.tile_total() == 100
    again = Game(["Ana", "Bo", "Cy"], 7, LEX)
    assert snapshot(again) == snapshot(game)
    other = Game(["Ana", "Bo", "Cy"], 8, LEX)
    assert snapshot(other) != snapshot(game)


def test_t2_seed_pins_the_racks_forever() -> None:
    game = Game(["Alice", "Bob"], 2026, LEX)
    assert "".join(game.racks[0]) == "FYUARIN" and "".join(game.racks[1]) == "SJOEEUD"


def test_t3_closest_to_a_starts_and_tiles_go_back() -> None:
    for seed in range(30):
        game = Game(["Ana", "Bo", "Cy", "Di"], seed, LEX)
        last = game.start_draws[-1]
        best = min(tile for _, tile in last)
        assert [player for player, tile in last if tile == best] == [game.starter]
        assert game.current == game.starter
        assert game.tile_total() == 100  # the drawn tiles went back


def test_t3_a_tie_draws_again_among_the_tied() -> None:
    seeds = [s for s in range(300) if len(Game(["Ana", "Bo"], s, LEX).start_draws) > 1]
    assert seeds, "some seed gives a tie"
    game = Game(["Ana", "Bo"], seeds[0], LEX)
    first = game.start_draws[0]
    assert first[0][1] == first[1][1]
    assert {player for player, _ in game.start_draws[1]} == {0, 1}


def test_t3_qu_ranks_as_q() -> None:
    from motamot.topword.game import _rank

    assert _rank("P") < _rank("Q") < _rank("R")


def test_t16_draw_back_to_seven_after_a_move() -> None:
    game = Game(["Ana", "Bo"], 3, LEX)
    moves = legal_moves(game)
    assert moves
    player = game.current
    bag_before = len(game.bag)
    turn = game.play(moves[0].move)
    assert turn.action is Action.PLAY and turn.points == moves[0].points > 0
    assert len(game.racks[player]) == 7
    assert len(game.bag) == bag_before - len(moves[0].placements)
    assert game.current != player and game.tile_total() == 100


def test_t16_draw_stops_when_the_pile_is_empty() -> None:
    game = Game(["Ana", "Bo"], 3, LEX)
    game.bag.tiles = game.bag.tiles[:1]
    move = legal_moves(game)[0]
    game.play(move.move)
    assert len(game.bag) == 0 and len(game.racks[1 - game.current]) == 7 - len(move.placements) + 1


def test_t17_pass_and_exchange() -> None:
    game = Game(["Ana", "Bo"], 4, LEX)
    player = game.current
    tile = game.racks[player][0]
    bag_before = len(game.bag)
    turn = game.exchange(tile)
    assert turn.action is Action.EXCHANGE and turn.tile == tile and turn.points == 0
    assert len(game.racks[player]) == 7 and len(game.bag) == bag_before
    assert game.tile_total() == 100 and game.current != player
    turn = game.pass_turn()
    assert turn.action is Action.PASS and game.current == player


def test_t17_exchange_needs_the_tile_and_a_pile() -> None:
    game = Game(["Ana", "Bo"], 4, LEX)
    missing = next(t for t in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" if t not in game.rack())
    before = snapshot(game)
    with pytest.raises(GameError, match="not on the rack"):
        game.exchange(missing)
    game.bag.tiles, saved = [], game.bag.tiles
    with pytest.raises(GameError, match="pile is empty"):
        game.exchange(game.rack()[0])
    game.bag.tiles = saved
    assert snapshot(game) == before


def test_t18_every_player_passing_in_a_row_ends_the_game() -> None:
    game = Game(["Ana", "Bo", "Cy"], 5, LEX)
    game.pass_turn()
    game.exchange(game.rack()[0])  # an exchange is not a pass [choice]
    game.pass_turn()
    game.pass_turn()
    assert not game.finished
    game.pass_turn()
    assert game.end_reason is EndReason.ALL_PASSED
    with pytest.raises(GameError, match="over"):
        game.pass_turn()


def test_t18_3_exchange_is_a_pass_is_a_named_setting() -> None:
    assert not TOPWORD_FR.exchange_is_pass and not UPWORDS_EN.exchange_is_pass  # [choice]
    game = Game(["Ana", "Bo"], 5, LEX)
    game.exchange(game.rack()[0])
    game.pass_turn()
    assert not game.finished and game.passes_in_row == 1
    house = Game(["Ana", "Bo"], 5, LEX, ruleset=replace(TOPWORD_FR, exchange_is_pass=True))
    house.exchange(house.rack()[0])
    assert not house.finished and house.passes_in_row == 1
    house.pass_turn()
    assert house.end_reason is EndReason.ALL_PASSED
    ended_by_exchange = Game(
        ["Ana", "Bo"], 5, LEX, ruleset=replace(TOPWORD_FR, exchange_is_pass=True)
    )
    ended_by_exchange.pass_turn()
    ended_by_exchange.exchange(ended_by_exchange.rack()[0])
    assert ended_by_exchange.end_reason is EndReason.ALL_PASSED
    assert ended_by_exchange.penalties == [35, 35]


def test_t18_empty_rack_with_empty_pile_ends_the_game() -> None:
    game = Game(["Ana", "Bo"], 6, LEX)
    game.bag.tiles = []
    game.racks[game.current] = list("MOT")
    game.racks[1 - game.current] = list("AB")
    turn = game.play("5E MOT")
    assert turn.points == 6
    assert game.end_reason is EndReason.RACK_EMPTY
    assert game.penalties == [0, 10] if game.racks[0] == [] else game.penalties == [10, 0]


def test_t18_nobody_can_play_uses_the_hook() -> None:
    calls: list[tuple[str, ...]] = []

    def nobody(board: object, rack: object) -> bool:
        calls.append(tuple(rack))  # type: ignore[arg-type]
        return False

    game = Game(["Ana", "Bo"], 6, LEX, can_play=nobody)
    game.pass_turn()
    assert not game.finished and calls == []  # the pile is not empty yet
    game.bag.tiles = []
    game.pass_turn()
    assert game.end_reason is EndReason.NOBODY_CAN_PLAY and len(calls) == 2
    assert game.penalties == [35, 35]
    without = Game(["Ana", "Bo"], 6, LEX)
    without.bag.tiles = []
    without.racks[without.current] = list("MOTS")
    without.play("5E MOT")
    assert not without.finished  # no hook: only conditions 1 and 3


def test_t18_scoreless_limit_is_an_option() -> None:
    game = Game(["Ana", "Bo"], 6, LEX, scoreless_limit=3)
    game.exchange(game.rack()[0])
    game.exchange(game.rack()[0])
    assert not game.finished
    game.exchange(game.rack()[0])
    assert game.end_reason is EndReason.SCORELESS_LIMIT


def test_t19_penalties_and_shared_win() -> None:
    game = Game(["Ana", "Bo"], 9, LEX)
    game.pass_turn()
    game.pass_turn()
    assert game.penalties == [35, 35]
    assert game.final_scores() == [-35, -35] and game.winners() == [0, 1]
    game2 = Game(["Ana", "Bo"], 9, LEX)
    first = game2.current
    move = legal_moves(game2)[0]
    game2.play(move.move)
    game2.pass_turn()
    game2.pass_turn()
    assert game2.winners() == [first]
    assert game2.final_scores()[first] == move.points - 35


def test_bad_setups_are_refused() -> None:
    with pytest.raises(GameError, match="2 to 4"):
        Game(["Solo"], 1, LEX)
    with pytest.raises(GameError, match="2 to 4"):
        Game(["A", "B", "C", "D", "E"], 1, LEX)
    with pytest.raises(GameError, match="same name"):
        Game(["Ana", "Ana"], 1, LEX)
    for bad in ("B:o", "B#o", "B,o", " "):
        with pytest.raises(GameError, match="player name"):
            Game(["Ana", bad], 1, LEX)


def test_illegal_move_changes_nothing() -> None:
    game = Game(["Ana", "Bo"], 10, LEX)
    before = snapshot(game)
    with pytest.raises(IllegalMove) as caught:
        game.play("1A ZOO")
    assert caught.value.verdict.reason.value in {"not_on_rack", "first_move_off_centre"}
    assert snapshot(game) == before


def play_out(game: Game, turns: int, choice: int = 0) -> None:
    """Play up to `turns` turns: a legal move when the brute force finds one, else pass."""
    for _ in range(turns):
        if game.finished:
            return
        moves = legal_moves(game, limit=choice + 1)
        if moves:
            player = game.current
            before = game.scores[player]
            turn = game.play(moves[min(choice, len(moves) - 1)].move)
            assert game.tile_total() == 100
            assert turn.points >= 0 and game.scores[player] == before + turn.points
        else:
            game.pass_turn()
        assert all(score >= 0 for score in game.scores)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.integers(0, 2), st.sampled_from([TOPWORD_FR, UPWORDS_EN]))
def test_whole_games_keep_100_tiles_and_scores_never_negative(
    seed: int, choice: int, ruleset: Ruleset
) -> None:
    game = Game(["Ana", "Bo"], seed, LEX, ruleset=ruleset)
    play_out(game, 8, choice)
    assert game.tile_total() == 100
    assert all(score >= 0 for score in game.scores)


def test_t18_condition_2_with_the_move_generator() -> None:
    from motamot.topword.game import generator_can_play

    can_play = generator_can_play(TOPWORD_FR, LEX)
    game = Game(["Ana", "Bo"], 12, LEX, can_play=can_play)
    game.bag.tiles = []
    game.racks = [["Q", "Y"], ["W", "K"]]  # no word of LEX can use these
    assert not can_play(game.board, game.rack(0))
    game.pass_turn()
    assert game.end_reason is EndReason.NOBODY_CAN_PLAY
    assert game.penalties == [10, 10]
    hopeful = Game(["Ana", "Bo"], 12, LEX, can_play=can_play)
    hopeful.bag.tiles = []
    hopeful.racks = [list("MOTY"), ["W", "K"]]
    assert can_play(hopeful.board, hopeful.rack(0))
    hopeful.pass_turn()
    assert not hopeful.finished


def test_apply_carries_out_each_action_as_its_own_method_does() -> None:
    """One entry for every turn: Game.apply(Play | Exchange | Pass)."""
    from motamot.topword.game import Exchange, Pass, Play

    by_methods = Game(["Ana", "Bo"], 31, LEX)
    by_apply = Game(["Ana", "Bo"], 31, LEX)
    move = legal_moves(by_methods)[0].move
    tile = by_methods.racks[by_methods.current ^ 1][0]
    by_methods.play(move)
    by_methods.exchange(tile)
    by_methods.pass_turn()
    for action in (Play(move), Exchange(tile), Pass()):
        by_apply.apply(action)
    assert snapshot(by_apply) == snapshot(by_methods)
    assert [t.action for t in by_apply.turns] == [Action.PLAY, Action.EXCHANGE, Action.PASS]
    assert [t.as_action() for t in by_apply.turns] == [Play(move), Exchange(tile), Pass()]


def test_apply_refused_changes_nothing() -> None:
    from motamot.topword.game import Exchange, Play

    game = Game(["Ana", "Bo"], 10, LEX)
    before = snapshot(game)
    with pytest.raises(IllegalMove):
        game.apply(Play("1A ZOO"))
    absent = next(t for t in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" if t not in game.rack())
    with pytest.raises(GameError):
        game.apply(Exchange(absent))
    assert snapshot(game) == before
