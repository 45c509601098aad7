"""The duplicate room (D3-D6) with a manual clock: submissions, the top, scores, totals,
the gap and the share of the tops, what each seat sees, a restart mid-turn."""

from __future__ import annotations

import json
from typing import Any

from motamot.service.duplicate.commands import EndTurn, StartDuplicate, Submit
from motamot.service.duplicate.events import MoveSubmitted, TurnEnded, TurnStarted
from motamot.service.duplicate.room import DuplicateRoom
from motamot.service.duplicate.settings import DuplicateSettings
from motamot.service.rooms.commands import Join
from motamot.service.rooms.outcomes import Refusal
from motamot.topword.movegen import legal_moves
from tests.service.conftest import digest, lexicons
from tests.service.driven import Driven

T0 = 1_700_000_000.0
SEED = 31


class Played(Driven[DuplicateRoom]):
    """A duplicate room driven by hand, every event kept (to rebuild it)."""

    def __init__(self, names: tuple[str, ...] = ("ana", "bob", "cat"), **settings: Any) -> None:
        room = DuplicateRoom.create("d" * 16, DuplicateSettings(**settings), T0, lexicons)
        assert isinstance(room, DuplicateRoom)
        super().__init__(room, T0)
        for name in names:
            self.ok(None, Join(name, digest(name)))


def moves_of(room: DuplicateRoom) -> tuple[str, str]:
    """The top's notation and a legal move that scores less (the rack allows one)."""
    game = room.game
    assert game is not None
    top = game.top()
    assert top is not None
    lower = next(
        m
        for m in legal_moves(game.board, game.rack, room.ruleset, room.lexicon)
        if m.points < top.points
    )
    return top.notation, lower.notation


def test_d3_d4_d6_a_turn_where_one_finds_the_top_one_plays_lower_one_nothing() -> None:
    played = Played()
    played.ok("s1", StartDuplicate(SEED))
    room = played.room
    top, lower = moves_of(room)
    played.ok("s1", Submit(lower))  # changed their mind: the last submission counts
    played.ok("s1", Submit(top))
    played.ok("s2", Submit(lower))
    due = played.advance(180)
    ended = next(e for e in due if isinstance(e, TurnEnded))
    game = room.game
    assert game is not None
    scores = {seat: (points, reason) for seat, points, reason in ended.scores}
    assert ended.top == top and scores["s1"] == (ended.top_points, "")
    assert 0 < scores["s2"][0] < ended.top_points and "s3" not in scores
    assert any(isinstance(e, TurnStarted) and e.number == 2 for e in due)
    standings = {s["seat"]: s for s in room.view(None)["game"]["standings"]}
    assert standings["s1"]["gap"] == 0 and standings["s1"]["percent"] == 100.0
    assert standings["s2"]["gap"] == scores["s2"][0] - ended.top_points
    assert standings["s3"]["total"] == 0 and standings["s3"]["rank"] == 3
    sheet = room.view("s3")["game"]["sheet"][0]
    assert sheet["found_by"] == ["s1"] and sheet["points"] == 0 and sheet["reason"] == "no_move"


def test_d3_an_illegal_move_scores_zero_and_says_why_once_the_turn_ends() -> None:
    played = Played(("ana",))
    played.ok("s1", StartDuplicate(SEED))
    submitted = played.ok("s1", Submit("A1 ZZZZ"))  # a move the rack cannot make: taken
    assert isinstance(submitted[0], MoveSubmitted)
    refused = played.send("s1", Submit("n'importe quoi"))
    assert isinstance(refused, Refusal) and refused.code == "bad_move"
    played.advance(180)
    line = played.room.view("s1")["game"]["sheet"][0]
    assert line["points"] == 0 and line["reason"] == "not_on_rack" and line["move"] == "A1 ZZZZ"
    assert line["detail"] == "ZZZZ"  # T20: the tiles at fault, said to that player


def test_d3_no_player_sees_another_submission_before_the_turn_ends() -> None:
    played = Played()
    played.ok("s1", StartDuplicate(SEED))
    top, _ = moves_of(played.room)
    (event,) = played.ok("s1", Submit(top))
    for seat in ("s2", "s3", None):
        shown = played.room.visible(event, seat)
        assert shown is not None and "move" not in shown and top not in json.dumps(shown)
        assert top not in json.dumps(played.room.view(seat))
    assert played.room.visible(event, "s1")["move"] == top  # type: ignore[index]
    assert played.room.view("s1")["game"]["my_move"] == top
    played.advance(180)
    assert played.room.visible(event, "s2")["move"] == top  # type: ignore[index]


def test_d3_a_restart_mid_turn_keeps_every_submission() -> None:
    played = Played()
    played.ok("s1", StartDuplicate(SEED))
    top, lower = moves_of(played.room)
    played.ok("s1", Submit(top))
    played.ok("s2", Submit(lower))
    played.advance(60)
    rebuilt = played.rebuilt()
    assert rebuilt.view("s1") == played.room.view("s1")
    due = rebuilt.tick(T0 + 180)
    ended = next(e for e in due if isinstance(e, TurnEnded))
    assert {seat for seat, _, _ in ended.scores} == {"s1", "s2"}
    assert dict((seat, points) for seat, points, _ in ended.scores)["s1"] == ended.top_points


def test_d1_every_player_sees_the_same_rack_and_board() -> None:
    played = Played()
    played.ok("s1", StartDuplicate(SEED))
    views = [played.room.view(seat)["game"] for seat in ("s1", "s2", "s3", None)]
    assert all(v["rack"] == views[0]["rack"] and v["board"] == views[0]["board"] for v in views)
    assert len(views[0]["rack"]) == 7


def test_a_self_paced_game_ends_its_turns_when_the_host_says_so_and_plays_to_the_end() -> None:
    played = Played(("ana",), turn_seconds=None)
    played.ok("s1", StartDuplicate(SEED))
    for _ in range(80):
        if played.room.ended is not None:
            break
        room = played.room
        game = room.game
        assert game is not None
        top = game.top()
        if top is not None:
            played.ok("s1", Submit(top.notation))
        played.ok("s1", EndTurn())
    view = played.room.view("s1")["game"]
    assert view["finished"] and view["seed"] == str(SEED)
    assert view["standings"][0]["percent"] == 100.0 and view["top_total"] > 100
    assert played.rebuilt().view("s1") == played.room.view("s1")


def test_a_clocked_turn_cannot_be_ended_by_hand_and_a_late_move_is_refused() -> None:
    played = Played(("ana", "bob"))
    played.ok("s1", StartDuplicate(SEED))
    refused = played.send("s1", EndTurn())
    assert isinstance(refused, Refusal) and refused.code == "turn_clock"
    refused = played.send("s2", EndTurn())
    assert isinstance(refused, Refusal) and refused.code == "not_host"
    played.now += 181  # the clock ran out, the tick has not come yet: the move is late
    top, _ = moves_of(played.room)
    late = played.room.handle("s1", Submit(top), played.now)
    assert isinstance(late, Refusal) and late.code == "after_deadline"


def test_d3_what_every_rival_sees_is_one_object_encoded_once() -> None:
    """A move as the other players see it before the end, and a turn's end, are the same
    object for every seat they are shown alike (the server encodes each once)."""
    played = Played()
    played.ok("s1", StartDuplicate(SEED))
    top, _ = moves_of(played.room)
    (event,) = played.ok("s1", Submit(top))
    room = played.room
    assert room.visible(event, "s2") is room.visible(event, "s3") is room.visible(event, None)
    assert room.visible(event, "s1") is not room.visible(event, "s2")
    ended = next(e for e in played.advance(180) if isinstance(e, TurnEnded))
    assert room.visible(ended, "s1") is room.visible(ended, "s2") is room.visible(ended, None)
    assert room.visible(event, "s2")["move"] == top  # type: ignore[index]
