"""D7, D8: a club's evening run by an arbiter who does not play (the clock paused, time
added, a turn played again, a correction, an exclusion, a player on paper), and the pause
between live turns; every decision refused to anybody but the arbiter."""

from __future__ import annotations

from typing import Any

import pytest

from motamot.service.duplicate.arbiter import MAX_ADDED, MAX_REASON
from motamot.service.duplicate.commands import (
    ARBITER_COMMANDS,
    AddTime,
    CancelTurn,
    CorrectScore,
    EndGame,
    EndTurn,
    EnterMove,
    Exclude,
    PauseClock,
    Reinstate,
    ResumeClock,
    SeatPaper,
    StartDuplicate,
    Submit,
)
from motamot.service.duplicate.events import (
    DuplicateEnded,
    MoveSubmitted,
    TurnCancelled,
    TurnEnded,
    TurnStarted,
)
from motamot.service.rooms.commands import Join, Leave
from motamot.service.rooms.outcomes import Refusal
from tests.service.conftest import digest
from tests.service.duplicate.test_duplicate_room import SEED, Played, moves_of

ARBITER = "s1"


def evening(**settings: Any) -> Played:
    """An arbiter (s1), two players (s2 ana, s3 bob) and one on paper (s4 cat), started."""
    played = Played(("arb", "ana", "bob"), arbiter=True, turn_seconds=180.0, **settings)
    played.ok(ARBITER, SeatPaper("cat", reason="pas de téléphone"))
    played.ok(ARBITER, StartDuplicate(SEED))
    return played


def refused(played: Played, seat: str | None, command: Any) -> str:
    out = played.send(seat, command)
    assert isinstance(out, Refusal), out
    return out.code


def shown(played: Played, event: Any, seat: str | None) -> dict[str, Any]:
    out = played.room.visible(event, seat)
    assert out is not None
    return out


def running(played: Played) -> Any:
    turn = played.room.turn
    assert turn is not None
    return turn


def one_of_each(seat: str) -> list[Any]:
    return [
        PauseClock(),
        ResumeClock(),
        AddTime(30),
        CancelTurn(),
        CorrectScore(seat, 1, 10),
        Exclude(seat),
        Reinstate(seat),
        SeatPaper("dan"),
        EnterMove(seat, "H4 MOT"),
        EndGame(),
    ]


def test_d7_the_arbiter_does_not_play_and_is_not_ranked_and_the_paper_player_is() -> None:
    played = evening()
    room = played.room
    assert room.arbiter == ARBITER and room.host == ARBITER
    assert refused(played, ARBITER, Submit(moves_of(room)[0])) == "arbiter_does_not_play"
    view = room.view(None)
    assert view["arbiter"] == ARBITER and view["paper"] == ["s4"]
    assert [s["seat"] for s in view["game"]["standings"]] == ["s2", "s3", "s4"]
    assert view["decisions"][0]["what"] == "paper_seated"
    assert view["decisions"][0]["reason"] == "pas de téléphone"


def test_d7_only_the_arbiter_decides_players_and_a_room_without_one_refuse() -> None:
    played = evening()
    assert {type(c) for c in one_of_each("s2")} == set(ARBITER_COMMANDS)
    for seat in ("s2", "s3", "s4", "s9"):
        for command in one_of_each("s3"):
            assert refused(played, seat, command) == "not_arbiter", (seat, command)
    plain = Played(("ana", "bob"))
    plain.ok("s1", StartDuplicate(SEED))
    for command in one_of_each("s2"):
        assert refused(plain, "s1", command) == "no_arbiter"
    assert len(played.room.decisions) == 1  # the paper seat only


def test_d7_bad_values_are_refused_and_change_nothing() -> None:
    played = evening()
    before = played.room.last_seq
    cases = [
        (AddTime(0), "bad_added_time"),
        (AddTime(MAX_ADDED + 1), "bad_added_time"),
        (AddTime(-5), "bad_added_time"),
        (CorrectScore("s2", 1, 10), "no_such_turn"),  # turn 1 is still running
        (CorrectScore("s2", 0, 10), "no_such_turn"),
        (CorrectScore("s9", 1, 10), "no_such_player"),
        (CorrectScore(ARBITER, 1, 10), "no_such_player"),
        (Exclude(ARBITER), "no_such_player"),
        (Exclude("nobody"), "no_such_player"),
        (Reinstate("s2"), "not_excluded"),
        (ResumeClock(), "not_paused"),
        (EnterMove("s2", "not a move"), "bad_move"),
        (EnterMove(ARBITER, "H4 MOT"), "no_such_player"),
        (EnterMove("s2", "H4 MOT", turn=7), "turn_over"),
        (SeatPaper("dan"), "game_started"),
        (PauseClock(reason="x" * (MAX_REASON + 1)), "reason_too_long"),
    ]
    for command, code in cases:
        assert refused(played, ARBITER, command) == code, command
    assert played.room.last_seq == before
    played.advance(181)
    assert refused(played, ARBITER, CorrectScore("s2", 1, -1)) == "bad_points"
    assert refused(played, ARBITER, CorrectScore("s2", 1, 10**9)) == "bad_points"


def test_d7_a_paused_clock_stops_for_everybody_and_resumes_with_the_time_it_had() -> None:
    played = evening()
    played.advance(100)
    played.ok(ARBITER, PauseClock(reason="bruit dans la salle"))
    room = played.room
    assert room.view(None)["game"]["paused_left"] == 80.0
    assert room.view("s2")["game"]["deadline"] is None
    assert played.advance(1000) == [] and room.turn is not None  # nothing ends while paused
    top, _ = moves_of(room)
    played.ok("s2", Submit(top))  # the players may still write theirs
    played.ok(ARBITER, AddTime(20, reason="coupure"))
    played.ok(ARBITER, ResumeClock())
    assert room.deadline == played.now + 100 and room.view(None)["game"]["paused_left"] is None
    assert played.advance(99) == []
    ended = next(e for e in played.advance(2) if isinstance(e, TurnEnded))
    assert ended.at == played.now - 1  # at its deadline, which the pause moved
    whats = [d["what"] for d in room.view("s3")["decisions"]]
    assert whats == ["paper_seated", "clock_paused", "time_added", "clock_resumed"]
    assert room.view(None)["decisions"][1]["by"] == ARBITER


def test_d7_added_time_moves_the_deadline_and_a_self_paced_game_has_no_clock_to_stop() -> None:
    played = evening()
    deadline = played.room.deadline
    assert deadline is not None
    played.ok(ARBITER, AddTime(45))
    assert played.room.deadline == deadline + 45
    paced = Played(("arb", "ana"), arbiter=True, turn_seconds=None)
    paced.ok(ARBITER, StartDuplicate(SEED))
    assert refused(paced, ARBITER, PauseClock()) == "no_clock"
    assert refused(paced, ARBITER, AddTime(10)) == "no_clock"


def test_d7_a_cancelled_turn_is_played_again_its_moves_dropped_and_never_shown() -> None:
    played = evening()
    room = played.room
    top, lower = moves_of(room)
    rack = running(played).rack
    (move,) = played.ok("s2", Submit(top))
    played.advance(60)
    (cancelled,) = played.ok(ARBITER, CancelTurn(reason="tirage mal lu"))
    assert isinstance(cancelled, TurnCancelled) and cancelled.deadline == played.now + 180
    turn = running(played)
    assert turn.rack == rack and turn.number == 1 and turn.moves == {}
    assert room.view("s3")["game"]["submitted"] == []
    assert "move" not in shown(played, move, "s3") and "move" not in shown(played, move, None)
    played.ok("s3", Submit(lower))
    ended = next(e for e in played.advance(181) if isinstance(e, TurnEnded))
    assert [seat for seat, _, _ in ended.scores] == ["s3"]  # ana's cancelled move is gone
    assert played.rebuilt().view("s2") == room.view("s2")


def test_d7_a_correction_changes_the_total_and_is_on_the_sheet_with_why() -> None:
    played = evening()
    room = played.room
    top, _ = moves_of(room)
    played.ok("s2", Submit(top))
    played.advance(181)
    ended = room.turns[0]
    assert room.totals["s2"] == ended.top_points
    played.ok(ARBITER, CorrectScore("s2", 1, 3, reason="mot mal posé"))
    played.ok(ARBITER, CorrectScore("s3", 1, 7, reason="bulletin retrouvé"))
    assert room.totals["s2"] == 3 and room.totals["s3"] == 7
    view = room.view("s2")
    assert view["game"]["sheet"][0]["points"] == 3
    assert view["game"]["sheet"][0]["corrected"] == "mot mal posé"
    standings = {s["seat"]: s["total"] for s in room.view(None)["game"]["standings"]}
    assert standings == {"s2": 3, "s3": 7, "s4": 0}
    notes = [d for d in view["decisions"] if d["what"] == "score_corrected"]
    assert [(d["seat"], d["turn"], d["was"], d["points"]) for d in notes] == [
        ("s2", 1, ended.top_points, 3),
        ("s3", 1, 0, 7),
    ]
    assert played.rebuilt().view(None) == room.view(None)


def test_d7_an_excluded_player_is_not_ranked_nor_counted_until_reinstated() -> None:
    played = evening()
    room = played.room
    top, _ = moves_of(room)
    played.ok("s3", Submit(top))
    played.ok(ARBITER, Exclude("s3", reason="téléphone en main"))
    assert refused(played, "s3", Submit(top)) == "player_excluded"
    assert refused(played, ARBITER, EnterMove("s3", top)) == "player_excluded"
    assert refused(played, ARBITER, Exclude("s3")) == "already_excluded"
    assert "s3" not in [s["seat"] for s in room.view(None)["game"]["standings"]]
    ended = next(e for e in played.advance(181) if isinstance(e, TurnEnded))
    assert ended.scores == ()  # the move from before the exclusion does not count
    played.ok(ARBITER, Reinstate("s3", reason="erreur"))
    assert "s3" in [s["seat"] for s in room.view(None)["game"]["standings"]]
    assert room.view(None)["excluded"] == []


def test_d7_the_arbiter_enters_a_paper_slip_which_counts_as_the_players_move() -> None:
    played = evening()
    room = played.room
    top, _ = moves_of(room)
    (entered,) = played.ok(ARBITER, EnterMove("s4", top.lower(), reason="bulletin"))
    assert isinstance(entered, MoveSubmitted) and entered.by == ARBITER and entered.seat == "s4"
    assert shown(played, entered, ARBITER)["move"] == top  # the arbiter wrote it
    assert "move" not in shown(played, entered, "s2")
    ended = next(e for e in played.advance(181) if isinstance(e, TurnEnded))
    assert ended.scores == (("s4", ended.top_points, ""),)
    assert refused(played, None, Join("cat", digest("cat"))) == "name_taken"
    played.advance(181)
    assert refused(played, ARBITER, EnterMove("s4", top, turn=1)) == "turn_over"


def test_d7_the_arbiter_ends_the_game_and_the_running_turn_does_not_count() -> None:
    played = evening()
    room = played.room
    played.advance(181)
    top, _ = moves_of(room)
    played.ok("s2", Submit(top))
    (ended,) = played.ok(ARBITER, EndGame(reason="la salle ferme"))
    assert isinstance(ended, DuplicateEnded) and ended.reason == "arbiter" and ended.by == ARBITER
    assert [t.ended for t in room.turns] == [True, False] and room.turns[1].dropped
    assert room.totals.get("s2", 0) == 0 and room.turn is None
    for event in played.events:  # every event still shows, the dropped turn's too
        assert shown(played, event, None) is not None
    assert room.finished() and room.next_wakeup() is None
    view = room.view(None)
    assert view["game"]["finished"] and view["decisions"][-1]["what"] == "ended"
    assert refused(played, ARBITER, EndGame()) == "game_over"
    assert refused(played, ARBITER, PauseClock()) == "no_turn"
    outcome = room.outcome(ended)
    assert outcome is not None and ARBITER not in [p.seat for p in outcome.places]
    assert played.rebuilt().view(ARBITER) == room.view(ARBITER)


def test_d7_a_reason_is_cleaned_as_the_chat_is() -> None:
    played = evening()
    played.ok(ARBITER, AddTime(5, reason="  un\u202e  retard\n "))
    assert played.room.view(None)["decisions"][-1]["reason"] == "un retard"


@pytest.mark.parametrize("pause", [0.0, 20.0])
def test_d8_the_pause_between_turns_shows_the_top_before_the_next_rack(pause: float) -> None:
    played = Played(("ana", "bob"), turn_seconds=60.0, pause_seconds=pause)
    played.ok("s1", StartDuplicate(SEED))
    room = played.room
    due = played.advance(60)
    ended = next(e for e in due if isinstance(e, TurnEnded))
    started = [e for e in due if isinstance(e, TurnStarted)]
    if not pause:
        assert ended.next_at is None and len(started) == 1
        return
    assert ended.next_at == played.now + pause and started == []
    view = room.view("s2")["game"]
    assert view["next_at"] == ended.next_at and view["sheet"][0]["top"] == ended.top
    assert room.next_wakeup() == ended.next_at
    assert played.advance(pause - 1) == []
    (nxt,) = played.advance(1)
    assert isinstance(nxt, TurnStarted) and nxt.at == ended.next_at and nxt.number == 2
    assert room.view(None)["game"]["next_at"] is None


def test_d8_the_host_or_arbiter_ends_the_pause_early_and_nobody_else_may() -> None:
    played = Played(("arb", "ana"), arbiter=True, turn_seconds=60.0, pause_seconds=120.0)
    played.ok(ARBITER, StartDuplicate(SEED))
    played.advance(61)
    assert refused(played, "s2", EndTurn()) == "not_host"
    (nxt,) = played.ok(ARBITER, EndTurn())
    assert isinstance(nxt, TurnStarted) and nxt.at == played.now and nxt.deadline == played.now + 60
    assert refused(played, ARBITER, EndTurn()) == "turn_clock"


def test_d9_a_player_alone_on_the_top_gets_the_solo_bonus_and_two_get_none() -> None:
    played = Played(("ana", "bob", "cat"), turn_seconds=60.0, solo_bonus=10)
    played.ok("s1", StartDuplicate(SEED))
    room = played.room
    top, lower = moves_of(room)
    played.ok("s1", Submit(top))
    played.ok("s2", Submit(lower))
    ended = next(e for e in played.advance(60) if isinstance(e, TurnEnded))
    assert ended.bonuses == (("s1", 10),)
    assert room.totals["s1"] == ended.top_points + 10 and room.top_total == ended.top_points
    mine = room.view("s1")["game"]
    assert mine["sheet"][0]["bonus"] == 10 and mine["standings"][0]["percent"] > 100.0
    assert "bonus" not in room.view("s2")["game"]["sheet"][0]
    top, _ = moves_of(room)
    played.ok("s1", Submit(top))
    played.ok("s3", Submit(top))
    ended = next(e for e in played.advance(60) if isinstance(e, TurnEnded))
    assert ended.bonuses == ()  # two on the top: no solo
    assert played.rebuilt().view("s1") == room.view("s1")


def test_d9_no_bonus_unless_the_room_gives_one_and_a_refused_move_is_never_a_solo() -> None:
    played = Played(("ana", "bob"), turn_seconds=60.0)
    played.ok("s1", StartDuplicate(SEED))
    top, _ = moves_of(played.room)
    played.ok("s1", Submit(top))
    ended = next(e for e in played.advance(60) if isinstance(e, TurnEnded))
    assert ended.bonuses == () and played.room.totals["s1"] == ended.top_points
    solo = Played(("ana",), turn_seconds=60.0, solo_bonus=5)
    solo.ok("s1", StartDuplicate(SEED))
    solo.ok("s1", Submit("A1 ZZZZ"))
    ended = next(e for e in solo.advance(60) if isinstance(e, TurnEnded))
    assert ended.bonuses == ()


def test_d7_while_the_arbiter_is_away_nobody_hosts_and_back_they_decide_again() -> None:
    played = Played(("arb", "ana"), arbiter=True, turn_seconds=60.0, pause_seconds=30.0)
    played.ok(ARBITER, Leave())
    assert played.room.host is None
    assert refused(played, "s2", StartDuplicate(SEED)) == "not_host"
    played.ok(None, Join("arb", digest("arb")))  # the same token: the same seat
    assert played.room.host == ARBITER
    played.ok(ARBITER, StartDuplicate(SEED))
    played.advance(60)
    assert refused(played, "s2", EndTurn()) == "not_host"  # the pause is the arbiter's
