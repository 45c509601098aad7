"""D7: in the pause between turns (D8) the arbiter cancels the turn just played and it is
played again: its top taken back from the board, its points (solo bonus and corrections
in) off the totals, its moves dropped, the same rack on a new clock; the simultaneous's
ranking (D11), folded from the events alone, follows."""

from __future__ import annotations

from typing import Any

from motamot.service.duplicate.commands import (
    CancelTurn,
    CorrectScore,
    EndGame,
    EndTurn,
    StartDuplicate,
    Submit,
)
from motamot.service.duplicate.events import TurnEnded, TurnReplayed, TurnStarted
from tests.service.duplicate.test_duplicate_arbiter import ARBITER, evening, refused
from tests.service.duplicate.test_duplicate_room import SEED, Played, moves_of
from tests.service.duplicate.test_duplicate_series import tally_of

PAUSE = 120.0


def game_of(view: dict[str, Any]) -> dict[str, Any]:
    game: dict[str, Any] = view["game"]
    return game


def test_d7_in_the_pause_the_turn_just_played_is_taken_back_and_played_again() -> None:
    played = evening(pause_seconds=PAUSE, solo_bonus=10, number=5)
    room = played.room
    top, lower = moves_of(room)
    played.ok("s2", Submit(top))
    played.advance(181)
    played.ok(ARBITER, EndTurn())  # turn 2 at once
    after_one = game_of(room.view("s2"))
    totals, top_total = dict(room.totals), room.top_total
    rack = room.turns[1].rack
    top, lower = moves_of(room)
    played.ok("s2", Submit(lower))
    played.ok("s3", Submit(top))  # alone on the top: a solo bonus
    ended = next(e for e in played.advance(181) if isinstance(e, TurnEnded))
    assert ended.number == 2 and ended.bonuses == (("s3", 10),) and room.next_at is not None
    played.ok(ARBITER, CorrectScore("s2", 2, 1, reason="mot mal compté"))
    assert room.totals != totals
    (replayed,) = played.ok(ARBITER, CancelTurn(reason="tirage mal affiché"))
    assert isinstance(replayed, TurnReplayed) and replayed.number == 2
    assert replayed.deadline == played.now + 180 and replayed.by == ARBITER
    turn = room.turn
    assert turn is not None and turn.number == 2 and turn.rack == rack and turn.moves == {}
    back = {seat: room.totals.get(seat, 0) for seat in ("s2", "s3", "s4")}
    assert back == {seat: totals.get(seat, 0) for seat in back}  # bonus, correction gone
    assert room.top_total == top_total
    assert room.next_at is None and room.deadline == played.now + 180
    again = game_of(room.view("s2"))
    assert again["board"] == after_one["board"]  # the top taken back from the board
    assert again["rack"] == after_one["rack"] and again["sheet"] == after_one["sheet"]
    assert again["standings"] == after_one["standings"]
    assert again["turn"] == 2 and again["next_at"] is None
    # that end no longer shows
    assert room.visible(ended, "s2") == {"type": "hidden", "seq": ended.seq}
    what = [d["what"] for d in room.view(None)["decisions"]]
    assert what[-1] == "turn_replayed" and room.view(None)["decisions"][-1]["turn"] == 2
    assert moves_of(room) == (top, lower)  # the same rack on the same board
    played.ok("s2", Submit(top))
    due = played.advance(181)
    again_ended = next(e for e in due if isinstance(e, TurnEnded))
    assert again_ended.top == ended.top and again_ended.top_points == ended.top_points
    assert dict((s, p) for s, p, _ in again_ended.scores) == {"s2": ended.top_points}
    assert room.totals["s2"] == totals.get("s2", 0) + ended.top_points + 10
    assert room.totals.get("s3", 0) == totals.get("s3", 0)
    assert played.rebuilt().view("s2") == room.view("s2")  # a restart folds the same
    tally = tally_of(played)
    assert tally.turns == 2 and tally.top_total == room.top_total
    assert {seat: tally.totals.get(seat, 0) for seat in room.totals} == room.totals


def test_d7_only_the_pause_after_a_turn_lets_it_be_played_again() -> None:
    played = evening(pause_seconds=PAUSE)
    played.advance(181)  # in the pause after turn 1
    assert refused(played, "s2", CancelTurn()) == "not_arbiter"
    played.advance(PAUSE)  # the next rack is dealt: turn 1 is mended by corrections only
    (cancelled,) = played.ok(ARBITER, CancelTurn())
    assert not isinstance(cancelled, TurnReplayed)  # the running turn 2 is cancelled
    assert played.room.turn is not None and played.room.turn.number == 2
    played.ok(ARBITER, EndGame(reason="fin"))
    assert refused(played, ARBITER, CancelTurn()) == "game_over"
    waiting = Played(("arb", "ana"), arbiter=True, turn_seconds=60.0, pause_seconds=PAUSE)
    assert refused(waiting, ARBITER, CancelTurn()) == "game_not_started"
    waiting.ok(ARBITER, StartDuplicate(SEED))
    played_again = [e for e in waiting.advance(61) if isinstance(e, TurnStarted)]
    assert played_again == []  # the pause: nothing dealt yet
