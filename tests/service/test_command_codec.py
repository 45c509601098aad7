"""Commands on their way to a room's owner: every command type round-trips, nothing else passes."""

from __future__ import annotations

import json
from typing import Any

import pytest

from motamot.service import boggle_room as br
from motamot.service import topword_table as tt
from motamot.service.boggle_events import BoggleSettings
from motamot.service.cluster import CommandCodec, decode_answer, default_commands, encode_answer
from motamot.service.outcomes import Ack, Refusal
from motamot.service.topword_events import TopwordSettings
from motamot.topword.move import parse_move

COMMANDS: list[Any] = [
    br.Join("Chloé ✓", "a" * 64),
    br.Leave(),
    br.ChangeSettings(BoggleSettings(preset="classic-en", duration=30.0, rounds=None, target=50)),
    br.AddBot("expert", "Robot"),
    br.RemoveBot("s3"),
    br.StartRound(2**62),
    br.WriteWord("ÉTÉ"),
    br.StopRound(),
    br.SetReady(True),
    br.NewMatch(),
    tt.ChangeTableSettings(TopwordSettings(turn_seconds=30.0)),
    tt.Start(7),
    tt.Play("5E MAIN"),
    tt.Exchange("Q"),
    tt.Pass(),
]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: type(c).__name__)
def test_every_command_round_trips(command: Any) -> None:
    codec = CommandCodec(default_commands())
    assert codec.decode(codec.encode("s2", command)) == ("s2", command)
    assert codec.decode(codec.encode(None, command)) == (None, command)


def test_a_parsed_move_travels_as_its_notation() -> None:
    codec = CommandCodec(default_commands())
    move = parse_move("5E MAIN")
    _, command = codec.decode(codec.encode("s1", tt.Play(move)))
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
        CommandCodec(default_commands()).decode(body)


def test_answers_round_trip_and_garbage_is_a_retryable_refusal() -> None:
    ack = Ack(12, ({"type": "boggle.word_written", "seq": 12, "text": "MAIN"},))
    refusal = Refusal("too_long", {"max": 64})
    assert decode_answer(encode_answer(ack)) == ack
    assert decode_answer(encode_answer(refusal)) == refusal
    assert decode_answer(encode_answer(None)) is None
    assert decode_answer("{oops") == Refusal("room_unavailable", retryable=True)
