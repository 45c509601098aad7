"""B17: in a box room with a scorer, the host types every paper list under its player's
name (seats for those without a phone); the round waits after the hourglass until the
host closes the lists; the words count as written at the deadline at the latest, and
the record replays the same. Nobody else types for another, never for a seat that is
not this room's person, and a room without a scorer has neither."""

from __future__ import annotations

import pytest

from motamot.boggle.record import parse_record, replay
from motamot.service.boggle.commands import AddPaperSeat, StartRound, StopRound, WriteWord
from motamot.service.boggle.records import tenth_down
from motamot.service.boggle.room import SCORING_WAIT, BoggleRoom
from motamot.service.boggle.settings import BoggleSettings
from motamot.service.boggle.views import is_paper, settings_shown
from motamot.service.rooms.commands import AddBot, Join
from motamot.service.rooms.outcomes import Refusal
from tests.service.conftest import digest, lexicons

T0 = 1_700_000_000.0
BOX = "orte/best/inam/gted"


def scorers_room(
    box_scorer: bool = True, box_grid: str | None = BOX, at_deadline: bool | None = None
) -> BoggleRoom:
    """Ana (the host, the scorer) and Bob (a phone) seated; Chloé without a phone."""
    settings = BoggleSettings(
        box_grid=box_grid, box_scorer=box_scorer, duration=180, rounds=3,
        word_at_deadline_counts=at_deadline,
    )  # fmt: skip
    room = BoggleRoom.create("room", settings, T0, lexicons)
    assert isinstance(room, BoggleRoom)
    for command in (Join("Ana", digest("Ana")), Join("Bob", digest("Bob"))):
        assert not isinstance(room.handle(None, command, T0), Refusal)
    return room


def ok(room: BoggleRoom, seat: str | None, command: object, now: float) -> None:
    outcome = room.handle(seat, command, now)
    assert not isinstance(outcome, Refusal), outcome


def refused(room: BoggleRoom, seat: str | None, command: object, now: float) -> str:
    outcome = room.handle(seat, command, now)
    assert isinstance(outcome, Refusal), outcome
    return outcome.code


def test_b17_the_scorer_types_every_paper_list_after_the_hourglass() -> None:
    room = scorers_room()
    ok(room, "s1", AddPaperSeat("Chloé"), T0)
    assert is_paper(room, "s3") and not is_paper(room, "s2")
    assert settings_shown(room.settings).box_scorer
    ok(room, "s1", StartRound(1), T0 + 1)
    deadline = T0 + 181
    room.tick(deadline + 60)  # the hourglass ran out: the round waits for the scorer
    assert room.running is not None and room.next_wakeup() == deadline + SCORING_WAIT
    assert refused(room, "s2", WriteWord("danse"), deadline + 61) == "after_deadline"  # B10
    lists = {"s1": ["dent", "zzz"], "s2": ["danse", "ânes"], "s3": ["danse", "bien"]}
    for seat, words in lists.items():
        for word in words:
            ok(room, "s1", WriteWord(word, for_seat=seat), deadline + 90)
    ok(room, "s1", StopRound(), deadline + 120)
    state = room.rounds[-1]
    assert all(e.at <= deadline for words in state.words.values() for e in words)
    result = room.result(state)
    ana, bob, chloe = (result.result_of(name) for name in ("Ana", "Bob", "Chloé"))
    assert [e.status.value for e in bob.entries] == ["crossed", "scored"]  # B11
    assert chloe.entries[0].status.value == "crossed" and chloe.total == 1  # BIEN
    assert ana.total == 1 and ana.entries[1].points == 0  # DENT; ZZZ refused
    # the record replays as it was judged
    (played,) = replay(parse_record(room.records()[-1]), lexicons("fr")).rounds
    assert [(p.player, p.total) for p in played.players] == [
        (p.player, p.total) for p in result.players
    ]


def test_b17_before_the_hourglass_ends_the_scorers_words_keep_their_time() -> None:
    room = scorers_room()
    ok(room, "s1", StartRound(1), T0 + 1)
    ok(room, "s1", WriteWord("danse", for_seat="s2"), T0 + 30)
    ok(room, "s2", WriteWord("ânes"), T0 + 40)  # Bob types his own on his phone too
    (first, second) = room.rounds[-1].words["s2"]
    assert (first.at, second.at) == (T0 + 30, T0 + 40)


@pytest.mark.parametrize(
    ("seat", "target", "code"),
    [
        ("s2", "s1", "not_scorer"),  # a player types for another
        ("s2", "s3", "not_scorer"),
        ("s1", "s9", "no_such_seat"),  # a seat of another room (none here)
        ("s1", "s4", "no_such_seat"),  # a computer player
        ("s1", "", "no_such_seat"),
        ("s1", "x" * 16, "no_such_seat"),
    ],
)
def test_b17_nobody_but_the_scorer_types_for_another_and_only_for_this_rooms_people(
    seat: str, target: str, code: str
) -> None:
    room = scorers_room()
    ok(room, "s1", AddPaperSeat("Chloé"), T0)
    ok(room, "s1", AddBot("beginner"), T0)
    ok(room, "s1", StartRound(1), T0 + 1)
    before = {seat: list(words) for seat, words in room.rounds[-1].words.items()}
    assert refused(room, seat, WriteWord("danse", for_seat=target), T0 + 5) == code
    assert {s: list(w) for s, w in room.rounds[-1].words.items()} == before


def test_b17_paper_seats_are_the_scorers_own_and_a_room_without_one_has_neither() -> None:
    room = scorers_room()
    assert refused(room, "s2", AddPaperSeat("Chloé"), T0) == "not_host"
    assert refused(room, "s1", AddPaperSeat("bob"), T0) == "name_taken"
    assert refused(room, "s1", AddPaperSeat(" Chloé"), T0) == "bad_name"
    ok(room, "s1", AddPaperSeat("Chloé"), T0)
    # nobody takes a paper seat: a join with its name is a newcomer's, refused
    assert refused(room, None, Join("Chloé", digest("Chloé")), T0) == "name_taken"
    ok(room, "s1", StartRound(1), T0 + 1)
    assert refused(room, "s1", AddPaperSeat("Dan"), T0 + 2) == "round_running"
    plain = scorers_room(box_scorer=False)
    assert refused(plain, "s1", AddPaperSeat("Chloé"), T0) == "not_a_scorers_room"
    ok(plain, "s1", StartRound(1), T0 + 1)
    assert refused(plain, "s1", WriteWord("danse", for_seat="s2"), T0 + 2) == "not_scorer"
    plain.tick(T0 + 182)  # no scorer: the hourglass ends the round (B10)
    assert plain.running is None
    no_box = BoggleRoom.create("r", BoggleSettings(box_scorer=True), T0, lexicons)
    assert isinstance(no_box, Refusal) and no_box.code == "bad_setting"


def test_b17_a_round_nobody_closes_ends_an_hour_after_its_hourglass() -> None:
    room = scorers_room()
    ok(room, "s1", StartRound(1), T0 + 1)
    ok(room, "s1", WriteWord("danse", for_seat="s2"), T0 + 500)
    room.tick(T0 + 181 + SCORING_WAIT - 1)
    assert room.running is not None
    room.tick(T0 + 181 + SCORING_WAIT + 30)
    assert room.running is None and room.finished()
    state = room.rounds[-1]
    assert state.ended_at == T0 + 181 + SCORING_WAIT and not state.stopped
    assert room.result(state).result_of("Bob").total == 2  # DANSE, typed in time


def test_b17_b10_where_a_word_at_the_deadline_is_late_the_scorers_still_count() -> None:
    room = scorers_room(at_deadline=False)
    ok(room, "s1", StartRound(1), T0 + 1)
    ok(room, "s1", WriteWord("danse", for_seat="s2"), T0 + 900)  # long after the hourglass
    ok(room, "s1", StopRound(), T0 + 901)
    state = room.rounds[-1]
    (word,) = state.words["s2"]
    assert word.at < state.deadline
    assert room.result(state).result_of("Bob").total == 2
    (played,) = replay(parse_record(room.records()[-1]), lexicons("fr")).rounds
    assert played.result_of("Bob").total == 2  # the record says the same


@pytest.mark.parametrize("at_deadline", [False, True])
def test_b10_a_word_taken_on_time_is_on_time_in_the_record(at_deadline: bool) -> None:
    """A record writes times to the tenth, rounded down: 179.96 s is 179.9, never 180.0
    (late where a word at the deadline is), whichever B10 choice the room made."""
    room = scorers_room(box_scorer=False, at_deadline=at_deadline)  # the rulebook grid
    ok(room, "s1", StartRound(1), T0 + 1)
    ok(room, "s2", WriteWord("danse"), T0 + 1 + 179.96)
    room.tick(T0 + 182)
    state = room.rounds[-1]
    assert room.result(state).result_of("Bob").total == 2
    text = room.records()[-1]
    assert "179.9 Bob: danse" in text
    (played,) = replay(parse_record(text), lexicons("fr")).rounds
    assert played.result_of("Bob").total == 2
    assert tenth_down(0.3) == 0.3 and tenth_down(12.0) == 12.0 and tenth_down(4.35) == 4.3
