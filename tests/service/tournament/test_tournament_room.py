"""The tournament room (K8-K10) with a manual clock: registration and check-in, rounds
paired as the previous ends, results, byes and forfeits, the director's controls, and
the same room rebuilt from its stored events."""

from __future__ import annotations

import json

import pytest

from motamot.service.rooms.commands import AddBot, Join, RemovePlayer
from motamot.service.tournament.commands import (
    Adjudicate,
    CheckIn,
    EndGame,
    OpenedTable,
    Pause,
    Register,
    Repair,
    ScoreArena,
    StartNow,
    Withdraw,
)
from motamot.service.tournament.events import Board, Finished, RoundPaired, Tally
from motamot.service.tournament.shown import YourTable
from motamot.service.tournament.views import your_table
from tests.service.conftest import digest
from tests.service.tournament.helpers import START, Run


def test_k8_a_swiss_of_five_with_a_check_in_runs_three_rounds_to_its_podium() -> None:
    run = Run(rounds=3, check_in_seconds=600, gap_seconds=30)
    ana, ben, cat, dan = (run.person(n) for n in ("ana", "ben", "cat", "dan"))
    bot = run.bot()
    late = run.person("eve")  # registers but never checks in
    assert run.refused(ana, CheckIn()) == "check_in_closed"
    run.advance(START - 600 - run.now)
    for seat in (ana, ben, cat, dan):
        run.ok(seat, CheckIn())
    run.advance(600)
    room = run.room
    assert room.players == (ana, ben, cat, dan, bot)
    assert late not in room.players
    one = room.current
    assert one is not None and not one.begun and one.bye == bot
    assert [(b.first, b.second) for b in one.boards] == [(ana, ben), (cat, dan)]
    run.advance(30)
    assert one.begun
    run.open_tables()
    assert your_table(room, ana) == YourTable(1, 1, "table-1-1", "s1")
    assert your_table(room, bot) is None
    run.play_round({ana: 300, ben: 250, cat: 200, dan: 210})
    two = room.current
    assert two is not None and two.number == 2 and two.bye is not None and two.bye != bot
    run.advance(30)
    run.open_tables()
    # a no-show: the keeper says who did not come (K8), the other wins by 50
    absent = two.boards[0].second
    run.ok(None, EndGame(2, 1, 50, 0, "forfeit", absent))
    run.ok(None, EndGame(2, 2, 180, 180))
    run.advance(30)
    run.open_tables()
    run.play_round({p: 100 + 10 * i for i, p in enumerate(room.players)})
    assert room.ended_at is not None and isinstance(run.events[-1], Finished)
    rows = room.standings()
    assert [r.place for r in rows] == sorted(r.place for r in rows)
    assert sum(getattr(r, "halves", 0) for r in rows) == 2 * (2 * 3 + 3)  # games + byes
    assert run.rebuilt().view(ana) == room.view(ana)
    outcome = room.outcome(run.events[-1])
    assert outcome is not None and len(outcome.places) == 5


def test_k8_no_check_in_everybody_registered_plays_and_nobody_is_paired_twice() -> None:
    run = Run(rounds=3, gap_seconds=0)
    seats = [run.person(n) for n in ("ana", "ben", "cat", "dan")]
    run.advance(START - run.now)
    met: set[frozenset[str]] = set()
    for _ in range(3):
        current = run.room.current
        assert current is not None and current.begun
        for b in current.boards:
            pair = frozenset((b.first, b.second))
            assert pair not in met
            met.add(pair)
        run.play_round({s: 100 + i for i, s in enumerate(seats)})
    assert run.room.ended_at is not None


def test_k4_k8_a_round_robin_of_four_plays_three_rounds() -> None:
    run = Run(format="robin", cap=12, gap_seconds=0)
    seats = [run.person(n) for n in ("ana", "ben", "cat")]
    seats.append(run.bot())
    run.ok("s1", StartNow())
    for _ in range(3):
        run.play_round({s: 100 + i for i, s in enumerate(seats)})
    assert run.room.ended_at is not None and len(run.room.rounds) == 3


def test_k6_k8_a_boggle_arena_of_three_rounds_sums_points_to_a_podium() -> None:
    run = Run(format="arena", rounds=3, gap_seconds=0)
    ana, ben, cat = (run.person(n) for n in ("ana", "ben", "cat"))
    run.ok("s1", StartNow())
    for number, (a, b, c) in enumerate([(30, 20, 10), (5, 20, 10), (0, 0, 10)], 1):
        run.ok(None, OpenedTable(number, 0, f"grid-{number}"))
        assert your_table(run.room, ben) == YourTable(number, 0, f"grid-{number}")
        tallies = (Tally(ana, a, 5), Tally(ben, b, 7), Tally(cat, c, 9))
        run.ok(None, ScoreArena(number, tallies))
    view = run.room.view(ana)
    assert view["phase"] == "finished"
    assert [(r["place"], r["player"], r["points"]) for r in view["standings"]] == [
        (1, ben, 40),
        (2, ana, 35),
        (3, cat, 30),
    ]
    assert view["podium"] == [ben, ana, cat]


def test_k6_k8_a_boggle_arena_takes_no_computer_player() -> None:
    run = Run(format="arena")
    assert run.refused("s1", AddBot("beginner")) == "tournament_no_bots"
    assert run.room.registered == []


def test_k8_hostile_registrations_change_nothing() -> None:
    run = Run(cap=3)
    ana = run.person("ana", marks=("browser-1",))
    assert run.refused(ana, Register()) == "already_registered"
    # not signed in: may not sit, so may not register
    assert run.refused(None, Join("zoe", digest("zoe"), player="v-zoe")) == "account_required"
    # a second account of one person (the same browser's mark)
    run.ok(None, Join("ann2", digest("ann2"), player="p-ann2", account=True, marks=("browser-1",)))
    assert run.refused("s3", Register()) == "same_person"
    run.person("ben")
    run.person("cat")
    run.ok(None, Join("dan", digest("dan"), player="p-dan", account=True))
    assert run.refused("s6", Register()) == "tournament_full"
    assert run.refused("s6", Withdraw()) == "not_registered"
    assert run.refused(None, Register()) == "not_seated"
    assert run.refused("s9", Register()) == "not_seated"
    run.ok(ana, Withdraw())
    run.ok("s6", Register())  # a place came free


@pytest.mark.parametrize(
    "command",
    [StartNow(), Pause(True), Repair(()), Adjudicate(1, 1, "first", "absent")],
    ids=["start", "pause", "repair", "adjudicate"],
)
def test_k9_director_only_commands_from_a_player_are_refused(command: object) -> None:
    run = Run()
    ana = run.person("ana")
    assert run.refused(ana, command) == "not_host"


@pytest.mark.parametrize(
    "command",
    [OpenedTable(1, 1, "x"), EndGame(1, 1, 300, 0), ScoreArena(1, ())],
    ids=["table", "result", "arena"],
)
def test_k8_the_keeper_s_commands_from_any_seat_are_refused(command: object) -> None:
    run = Run(gap_seconds=0)
    ana = run.person("ana")
    run.person("ben")
    run.ok("s1", StartNow())
    assert run.refused(ana, command) == "not_host"
    assert run.refused("s1", command) == "not_host"


def test_k9_pause_between_rounds_then_resume_pairs_the_next() -> None:
    run = Run(rounds=2, gap_seconds=0)
    ana, ben = run.person("ana"), run.person("ben")
    run.ok("s1", StartNow())
    run.ok("s1", Pause(True))
    run.play_round({ana: 10, ben: 20})
    assert len(run.room.rounds) == 1 and run.room.view(None)["phase"] == "paused"
    run.ok("s1", Pause(False))
    assert len(run.room.rounds) == 2


def test_k9_re_pair_before_the_round_starts_and_not_after() -> None:
    run = Run(rounds=2, gap_seconds=60)
    ana, ben, cat, dan = (run.person(n) for n in ("ana", "ben", "cat", "dan"))
    run.ok("s1", StartNow())
    assert run.refused("s1", Repair((Board(ana, ben),), None)) == "bad_pairing"
    assert run.refused("s1", Repair((Board(ana, ben), Board(ana, cat)), dan)) == "bad_pairing"
    assert run.refused("s1", Repair((Board(ana, ben), Board(cat, dan)), "s1")) == "bad_pairing"
    out = run.ok("s1", Repair((Board(dan, ana), Board(ben, cat)), None))
    assert isinstance(out[0], RoundPaired) and out[0].by_director
    current = run.room.current
    assert current is not None and current.boards == (Board(dan, ana), Board(ben, cat))
    run.advance(60)
    assert run.refused("s1", Repair((Board(ana, ben), Board(cat, dan)), None)) == "round_begun"
    assert len(run.rebuilt().rounds) == 1


def test_k9_adjudication_decides_a_board_with_a_reason() -> None:
    run = Run(rounds=1, gap_seconds=0)
    ana, ben = run.person("ana"), run.person("ben")
    run.ok("s1", StartNow())
    assert run.refused("s1", Adjudicate(1, 1, "first", "  ")) == "reason_required"
    assert run.refused("s1", Adjudicate(1, 1, "maybe", "x")) == "bad_result"
    assert run.refused("s1", Adjudicate(2, 1, "first", "x")) == "no_such_round"
    assert run.refused("s1", Adjudicate(1, 2, "first", "x")) == "no_such_board"
    run.ok("s1", Adjudicate(1, 1, "second", "la connexion d'Ana est tombée"))
    view = run.room.view(None)
    result = view["rounds"][0]["boards"][0]["result"]
    assert result["how"] == "adjudicated" and result["reason"].startswith("la connexion")
    assert view["phase"] == "finished"
    assert [r["player"] for r in view["standings"]] == [ben, ana]


def test_k9_start_early_and_nothing_after_the_end() -> None:
    run = Run(rounds=1, gap_seconds=0)
    ana, ben = run.person("ana"), run.person("ben")
    run.ok("s1", StartNow())
    assert run.room.started_at == run.now < START
    assert run.refused("s1", StartNow()) == "tournament_started"
    assert run.refused(ana, Withdraw()) == "tournament_started"
    run.play_round({ana: 1, ben: 2})
    assert run.refused("s1", Pause(True)) == "tournament_over"
    assert run.refused(None, EndGame(1, 1, 5, 5)) == "tournament_over"


def test_k8_a_tournament_nobody_came_to_is_cancelled_at_its_start() -> None:
    run = Run()
    run.person("ana")
    run.advance(START - run.now)
    assert run.room.view(None)["phase"] == "cancelled"
    assert run.room.outcome(run.events[-1]) is None


def test_k8_the_director_removes_a_player_who_is_then_left_out() -> None:
    run = Run(gap_seconds=0)
    ana, ben, cat = (run.person(n) for n in ("ana", "ben", "cat"))
    run.ok("s1", RemovePlayer(ben))
    assert run.room.registered == [ana, cat]
    assert run.refused(ben, Register()) == "not_seated"
    run.ok("s1", StartNow())
    assert run.room.players == (ana, cat)


def test_k10_your_table_is_told_once_open_and_the_final_places_go_to_profiles() -> None:
    run = Run(rounds=1, gap_seconds=10)
    ana, ben, cat = (run.person(n) for n in ("ana", "ben", "cat"))
    run.ok("s1", StartNow())
    assert your_table(run.room, ana) is None  # paired, not begun
    run.advance(10)
    assert your_table(run.room, ana) is None  # begun, its table not open yet
    opened = run.ok(None, OpenedTable(1, 1, "t-1", ("token-a", "token-b")))
    assert your_table(run.room, ana) == YourTable(1, 1, "t-1", "s1", "token-a")
    assert your_table(run.room, ben) == YourTable(1, 1, "t-1", "s2", "token-b")
    # a seat's token goes to its player only: nobody else's view, no event shown
    for other in (cat, "s1", None):
        assert "token-" not in json.dumps(run.room.view(other))
    assert run.room.visible(opened[0], None) == {"type": "hidden", "seq": opened[0].seq}
    assert your_table(run.room, cat) is None  # the bye
    assert your_table(run.room, None) is None
    run.ok(None, EndGame(1, 1, 120, 100))
    assert your_table(run.room, ana) is None  # over
    outcome = run.room.outcome(run.events[-1])
    assert outcome is not None and not outcome.rated and outcome.kind == "tournament"
    # the bye is a win by 50 (K2): ahead of a win by 20, on spread
    assert [(p.seat, p.rank) for p in outcome.places] == [(cat, 1), (ana, 2), (ben, 3)]
    assert [p.player for p in outcome.places] == ["p-cat", "p-ana", "p-ben"]
    assert [p.score for p in outcome.places] == [1, 1, 0]  # whole wins


def test_k2_k8_a_player_removed_mid_tournament_is_not_paired_again_and_a_bye_comes() -> None:
    run = Run(rounds=3, gap_seconds=0)
    seats = [run.person(n) for n in ("ana", "ben", "cat", "dan")]
    run.ok("s1", StartNow())
    run.ok("s1", RemovePlayer(seats[1]))  # ben, during round 1: his game there stands
    run.play_round({s: 100 + i for i, s in enumerate(seats)})
    for _ in range(2):
        current = run.room.current
        assert current is not None and current.bye is not None
        assert all(seats[1] not in (b.first, b.second) for b in current.boards)
        assert current.bye != seats[1]
        run.play_round({s: 100 + i for i, s in enumerate(seats)})
    byes = [r.bye for r in run.room.rounds if r.bye]
    assert len(byes) == len(set(byes)) == 2
    assert run.room.ended_at is not None
    assert seats[1] in [row.player for row in run.room.standings()]
