"""Commands on their way to a room's owner: every command type round-trips, nothing else passes."""

from __future__ import annotations

import json
from typing import Any

import pytest

from motamot.service.boggle import commands as br
from motamot.service.boggle.settings import BoggleSettings
from motamot.service.rooms import commands as rc
from motamot.service.rooms.codec import CommandCodec, decode_answer, encode_answer
from motamot.service.rooms.outcomes import Ack, Refusal
from motamot.service.topword import commands as tt
from motamot.service.topword.settings import TopwordSettings
from motamot.topword.game import Play as PlayAction
from motamot.topword.move import parse_move
from tests.service.conftest import KINDS

COMMANDS: list[Any] = [
    rc.Join("Chloé ✓", "a" * 64),
    rc.Leave(),
    rc.ChangeSettings(BoggleSettings(preset="classic-en", duration=30.0, rounds=None, target=50)),
    rc.AddBot("expert", "Robot"),
    rc.RemoveBot("s3"),
    br.StartRound(2**62),
    br.WriteWord("ÉTÉ"),
    br.StopRound(),
    rc.SetReady(True),
    rc.SetPublic(True),
    br.NewMatch(),
    rc.ChangeSettings(TopwordSettings(turn_seconds=30.0)),
    tt.Start(7),
    tt.Play("5E MAIN"),
    tt.Placed(((44, "M"), (45, "A")), across=True),
    tt.Exchange("Q"),
    tt.Pass(),
]


def default_commands() -> CommandCodec:
    return KINDS.commands


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: type(c).__name__)
def test_every_command_round_trips(command: Any) -> None:
    codec = default_commands()
    assert codec.decode(codec.encode("s2", command)) == ("s2", command)
    assert codec.decode(codec.encode(None, command)) == (None, command)


def test_a_parsed_move_travels_as_its_notation() -> None:
    codec = default_commands()
    move = parse_move("5E MAIN")
    _, command = codec.decode(codec.encode("s1", tt.turn_command(PlayAction(move))))
    assert command == tt.Play("5E MAIN") and parse_move(command.move) == move


@pytest.mark.parametrize(
    "body",
    [
        "not json",
        "[]",
        json.dumps({"seat": "s1", "type": "builtins.object", "command": {}}),
        json.dumps({"seat": 3, "type": "motamot.service.boggle_room.WriteWord", "command": {}}),
        json.dumps(
            {"seat": "s1", "type": "motamot.service.boggle_room.WriteWord", "command": {"x": 1}}
        ),
        json.dumps({"seat": "s1", "type": "motamot.service.boggle_room.WriteWord"}),
    ],
)
def test_anything_else_is_refused(body: str) -> None:
    with pytest.raises(ValueError):
        default_commands().decode(body)


def test_answers_round_trip_and_garbage_is_a_retryable_refusal() -> None:
    ack = Ack(12, ({"type": "boggle.word_written", "seq": 12, "text": "MAIN"},))
    refusal = Refusal("too_long", {"max": 64})
    assert decode_answer(encode_answer(ack)) == ack
    assert decode_answer(encode_answer(refusal)) == refusal
    assert decode_answer(encode_answer(None)) is None
    assert decode_answer("{oops") == Refusal("room_unavailable", retryable=True)
