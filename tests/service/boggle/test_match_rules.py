"""A match tied at the top (M2), in the room itself: what every view says, on a manual
clock."""

from __future__ import annotations

from motamot.boggle.solve import solve
from motamot.service.boggle.commands import StartRound, StopRound, WriteWord
from motamot.service.rooms.outcomes import Refusal
from motamot.service.rooms.shown import frame_json
from tests.service.boggle.test_boggle_room import Played, seated


def _write_best_word(played: Played, seat: str) -> None:
    state = played.room.running
    assert state is not None
    best = solve(state.grid, played.room.rules, played.room.lexicon).words[0].word
    assert not isinstance(played.send(seat, WriteWord(best.lower())), Refusal)


def test_m2_a_tied_one_round_match_announces_its_deciding_round() -> None:
    """Nobody scored in the match's only round: it is not over, and every view (each
    seat's, a spectator's, the round's end as sent) says a deciding round is next; Ana
    wins that one and the match."""
    played = seated(("ana", "bob"), (), rounds=1, duration=60.0)
    played.send("s1", StartRound(7))
    ended = played.send("s1", StopRound())
    assert isinstance(ended, list)
    room = played.room
    assert not room.match_over
    for seat in ("s1", "s2", None):
        match = room.view(seat)["match"]
        assert match["decider"] is True and match["finished"] is False
    frame = room.visible(ended[0], "s2")
    assert frame is not None and frame_json(frame)["match"]["decider"] is True
    played.send("s1", StartRound(8))
    assert room.view("s1")["match"]["decider"] is True  # the round playing is the decider
    _write_best_word(played, "s1")
    played.advance(61)
    match = room.view("s2")["match"]
    assert room.match_over and match["winners"] == ["s1"] and match["decider"] is False


def test_m2_a_shared_win_is_the_other_choice_and_a_lead_needs_no_decider() -> None:
    shared = seated(("ana", "bob"), (), rounds=1, duration=60.0, extra_round_on_tie=False)
    shared.send("s1", StartRound(7))
    shared.send("s1", StopRound())
    match = shared.room.view(None)["match"]
    assert shared.room.match_over and match["winners"] == ["s1", "s2"]
    assert match["decider"] is False
    two = seated(("ana", "bob"), (), rounds=2, duration=60.0)
    two.send("s1", StartRound(7))
    two.send("s1", StopRound())  # tied after round 1 of 2: simply the next round
    assert two.room.view(None)["match"]["decider"] is False
    two.send("s1", StartRound(8))
    _write_best_word(two, "s2")
    two.send("s1", StopRound())
    assert two.room.match_over and two.room.view(None)["match"]["winners"] == ["s2"]


def test_m2_a_target_passed_by_two_tied_players_plays_a_decider() -> None:
    played = seated(("ana", "bob"), (), rounds=None, target=1, duration=60.0)
    played.send("s1", StartRound(7))
    state = played.room.running
    assert state is not None
    words = solve(state.grid, played.room.rules, played.room.lexicon).words
    same = [w for w in words if w.points == words[0].points]
    assert len(same) >= 2
    played.send("s1", WriteWord(same[0].word.lower()))
    played.send("s2", WriteWord(same[1].word.lower()))
    played.send("s1", StopRound())
    match = played.room.view(None)["match"]
    assert not played.room.match_over and match["decider"] is True
