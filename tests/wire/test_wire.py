"""Wire shapes (motamot.wire): plain JSON that round-trips through a JSON text unchanged,
and exactly what the CLI prints (the CLI JSON contracts)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from motamot.boggle import CLASSIC_FR, Sheet, judge_round, parse_grid, solve
from motamot.boggle.record import GameRecord, RoundRecord, format_record, parse_record, replay
from motamot.cli.main import main
from motamot.lexicon import Lexicon
from motamot.topword import TOPWORD_FR
from motamot.topword.board import Board
from motamot.topword.game import Game, Pass, Play
from motamot.topword.hints import analyse, hints
from motamot.topword.move import parse_move
from motamot.topword.movegen import legal_moves
from motamot.topword.rules import evaluate
from motamot.wire.boggle import replay_json, round_json
from motamot.wire.topword import analysis_json, hints_json, moves_json, verdict_json


def round_trips(shape: Any) -> bool:
    """The shape holds JSON values only (no tuple, no enum, no float key...)."""
    return bool(json.loads(json.dumps(shape, ensure_ascii=False)) == shape)


def test_boggle_round_and_replay_shapes_round_trip(fr: Lexicon) -> None:
    grid = parse_grid("ORTE/BEST/INAM/GTED")
    first, second = (w.word for w in solve(grid, CLASSIC_FR, fr).words[:2])
    sheets = [Sheet.of("ana", (10, first), (20, "zz")), Sheet.of("bob", (12, first), (15, second))]
    result = judge_round(grid, CLASSIC_FR, fr, sheets, 180.0)
    shape = round_json(result)
    assert round_trips(shape)
    assert shape["players"][0]["entries"][0]["crossed_by"] == ["bob"]  # B11
    record = GameRecord(
        "classic-fr", "fr", ("ana", "bob"), (RoundRecord(grid, 180.0, tuple(sheets)),)
    )
    played = replay(parse_record(format_record(record)), fr)
    assert round_trips(replay_json(played))
    assert replay_json(played)["rounds"][0] == shape


def test_topword_verdict_moves_hints_and_analysis_shapes_round_trip(fr: Lexicon) -> None:
    rack = list("MAINSER")
    board = Board()
    legal = evaluate(board, parse_move("5E MAIN"), rack, TOPWORD_FR, fr)
    refused = evaluate(board, parse_move("1A MAIN"), rack, TOPWORD_FR, fr)
    for verdict in (legal, refused):
        assert round_trips(verdict_json(verdict))
    moves = moves_json(legal_moves(board, rack, TOPWORD_FR, fr), 5)
    assert round_trips(moves) and len(moves["moves"]) == 5 and moves["count"] > 5
    assert round_trips(hints_json(hints(board, rack, TOPWORD_FR, fr, 3)))
    game = Game(["ana", "bob"], 5, fr)
    game.apply(Play(legal_moves(game.board, game.rack(), TOPWORD_FR, fr)[0].notation))
    game.apply(Pass())
    assert round_trips(analysis_json(game, analyse(game)))


def test_the_cli_prints_the_wire_shapes(fr: Lexicon, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["topword", "score", "empty", "5E MAIN", "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed == verdict_json(evaluate(Board(), parse_move("5E MAIN"), None, TOPWORD_FR, fr))
    assert main(["topword", "moves", "empty", "--rack", "MAINSER", "--top", "3", "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed == moves_json(legal_moves(Board(), list("MAINSER"), TOPWORD_FR, fr), 3)


def test_a_round_encoded_for_a_room_reads_as_its_declared_shape(fr: Lexicon) -> None:
    """A room's results carry the judged entries themselves (`encoded_round_shape`): the
    text they encode to is the text of `round_shape`, entry by entry, alone and together."""
    import msgspec

    from motamot.wire.boggle import RoundJson, encoded_round_shape, round_shape

    grid = parse_grid("ORTE/BEST/INAM/GTED")
    first, second = (w.word for w in solve(grid, CLASSIC_FR, fr).words[:2])
    together = [
        Sheet.of("ana", (10, first), (20, "zz"), (21, first.lower()), (200, second)),
        Sheet.of("bob", (12, first), (15, second), (16, "a1")),
    ]
    for sheets in (together, together[:1]):
        result = judge_round(grid, CLASSIC_FR, fr, sheets, 180.0)
        fast = msgspec.json.encode(encoded_round_shape(result))
        declared = msgspec.json.encode(round_shape(result))
        assert msgspec.json.decode(fast, type=RoundJson) == round_shape(result)
        assert json.loads(fast) == json.loads(declared)
