"""Rounds (B9-B13, B15) and matches (B14)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from motamot.boggle import (
    CLASSIC_FR,
    MatchError,
    MatchFormat,
    RoundError,
    Sheet,
    Status,
    WordReason,
    judge_round,
    parse_grid,
    standing,
)
from motamot.boggle.round import RoundResult
from motamot.boggle.rules import BoggleRules
from motamot.lexicon import Lexicon

WORDS = ["MANIES", "ORBITE", "TESTAMENT", "DANSE", "SANTE", "ROBES", "TESTER", "ANS", "DANS"]
LEXICON = Lexicon.from_words([*WORDS, "TESTS", "SAINT"])
GRID = parse_grid("ORTE/BEST/INAM/GTED")


def test_b9_a_word_written_twice_counts_once() -> None:
    sheet = Sheet.of("ana", (10, "danse"), (20, "DANSE"), (25, "Dansé"))
    result = judge_round(GRID, CLASSIC_FR, LEXICON, [sheet], 180).players[0]
    assert [e.status for e in result.entries] == [Status.SCORED, Status.REFUSED, Status.REFUSED]
    assert result.entries[1].reason is WordReason.DUPLICATE_ENTRY
    assert result.total == 2


def test_b9_the_first_written_counts_whatever_the_list_order() -> None:
    sheet = Sheet.of("ana", (20, "DANSE"), (10, "danse"))
    result = judge_round(GRID, CLASSIC_FR, LEXICON, [sheet], 180).players[0]
    assert result.scoring[0].input == "danse"
    assert result.refused[0].input == "DANSE"


def test_b10_nothing_counts_after_the_deadline() -> None:
    sheet = Sheet.of("ana", (179.9, "danse"), (180, "robes"), (180.1, "testament"))
    result = judge_round(GRID, CLASSIC_FR, LEXICON, [sheet], 180.0).players[0]
    assert [e.word for e in result.scoring] == ["DANSE", "ROBES"]
    assert result.refused[0].reason is WordReason.AFTER_DEADLINE
    assert result.total == 4
    # The referee's deadline is what counts: with none, everything is judged.
    assert judge_round(GRID, CLASSIC_FR, LEXICON, [sheet], None).players[0].total == 15


def test_b10_word_at_exactly_the_deadline_is_a_named_setting() -> None:
    sheet = Sheet.of("ana", (179.9, "danse"), (180, "robes"))
    assert CLASSIC_FR.word_at_deadline_counts  # [choice] the default: it counts
    counted = judge_round(GRID, CLASSIC_FR, LEXICON, [sheet], 180).players[0]
    assert [e.word for e in counted.scoring] == ["DANSE", "ROBES"]
    strict = replace(CLASSIC_FR, word_at_deadline_counts=False)
    late = judge_round(GRID, strict, LEXICON, [sheet], 180).players[0]
    assert [e.word for e in late.scoring] == ["DANSE"]
    assert late.refused[0].input == "robes" and late.refused[0].reason is WordReason.AFTER_DEADLINE
    assert not strict.is_late(180, None)  # no deadline: nothing is late


def test_b10_an_ending_added_after_time_does_not_count() -> None:
    sheet = Sheet.of("ana", (100, "dans"), (181, "danse"))
    result = judge_round(GRID, CLASSIC_FR, LEXICON, [sheet], 180).players[0]
    assert [e.word for e in result.scoring] == ["DANS"]
    assert result.refused[0].reason is WordReason.AFTER_DEADLINE


def test_b11_common_words_are_crossed_out_for_all() -> None:
    sheets = [
        Sheet.of("ana", (10, "danse"), (12, "robes"), (14, "dans")),
        Sheet.of("bob", (11, "DANSE"), (15, "manies")),
        Sheet.of("cleo", (13, "danse"), (16, "danse"), (17, "ans")),
    ]
    result = judge_round(GRID, CLASSIC_FR, LEXICON, sheets, 180)
    ana, bob, cleo = result.players
    assert [e.crossed_by for e in ana.crossed] == [("bob", "cleo")]
    assert [e.crossed_by for e in bob.crossed] == [("ana", "cleo")]
    assert [e.crossed_by for e in cleo.crossed] == [("ana", "bob")]
    assert (ana.total, bob.total, cleo.total) == (3, 3, 1)
    # B11: a singular and its plural are compared on their own.
    assert [e.word for e in ana.scoring] == ["ROBES", "DANS"]


def test_b11_invalid_words_are_not_crossed_out() -> None:
    sheets = [Sheet.of("ana", (1, "tests")), Sheet.of("bob", (1, "tests"))]
    result = judge_round(GRID, CLASSIC_FR, LEXICON, sheets, 180)
    for player in result.players:
        assert player.refused[0].reason is WordReason.NO_PATH and not player.crossed


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.lists(st.sampled_from([*WORDS, "TESTS", "zz", "XYZ"]), max_size=8),
        min_size=2,
        max_size=4,
    )
)
def test_b11_crossing_out_is_symmetric(lists: list[list[str]]) -> None:
    sheets = [
        Sheet.of(f"p{i}", *((t, w) for t, w in enumerate(words))) for i, words in enumerate(lists)
    ]
    result = judge_round(GRID, CLASSIC_FR, LEXICON, sheets, 180)
    crossed = {p.player: {e.word: set(e.crossed_by) for e in p.crossed} for p in result.players}
    for player, words in crossed.items():
        for word, others in words.items():
            assert others, (player, word)
            for other in others:
                assert crossed[other][word] == others - {other} | {player}
    scoring = [{e.word for e in p.scoring} for p in result.players]
    for i, mine in enumerate(scoring):
        for j, theirs in enumerate(scoring):
            if i != j:
                assert not mine & theirs
    for outcome in result.players:
        assert outcome.total >= 0
        assert outcome.total == sum(e.points for e in outcome.scoring)


def test_b12_invalid_words_score_zero_with_their_reason() -> None:
    sheet = Sheet.of("ana", (1, "te"), (2, "tests"), (3, "etsan"), (4, "l'eau"), (5, "danse"))
    result = judge_round(GRID, CLASSIC_FR, LEXICON, [sheet], 180).players[0]
    assert [e.reason for e in result.refused] == [
        WordReason.TOO_SHORT,
        WordReason.NO_PATH,
        WordReason.NOT_IN_DICTIONARY,
        WordReason.INVALID_CHARACTERS,
    ]
    assert all(e.points == 0 for e in result.refused)
    assert (result.penalty, result.total) == (0, 2)


def test_b12_penalty_variant_is_named_and_off_by_default() -> None:
    assert CLASSIC_FR.invalid_penalty == 0
    harsh = BoggleRules("harsh", 4, CLASSIC_FR.dice, invalid_penalty=1)
    sheet = Sheet.of("ana", (1, "te"), (2, "tests"), (3, "testament"), (4, "testament"))
    result = judge_round(GRID, harsh, LEXICON, [sheet], 180).players[0]
    assert (result.penalty, result.total) == (2, 9)  # the duplicate is not penalised
    only_bad = judge_round(GRID, harsh, LEXICON, [Sheet.of("b", (1, "te"))], 180).players[0]
    assert only_bad.total == 0  # never below zero


def test_b13_every_accepted_word_carries_a_path() -> None:
    sheets = [Sheet.of("ana", (1, "testament"), (2, "danse")), Sheet.of("bob", (1, "danse"))]
    result = judge_round(GRID, CLASSIC_FR, LEXICON, sheets, 180)
    for player in result.players:
        for entry in player.entries:
            if entry.status is Status.REFUSED:
                assert entry.reason is not None and not entry.path
            else:
                assert entry.path and entry.reason is None
                cells = [GRID.index(c) for c in entry.path]
                assert "".join(GRID.letters[c] for c in cells) == entry.word


def test_b14_the_round_goes_to_the_most_points() -> None:
    sheets = [Sheet.of("ana", (1, "testament")), Sheet.of("bob", (1, "danse"))]
    assert judge_round(GRID, CLASSIC_FR, LEXICON, sheets, 180).winners == ("ana",)
    tie = [Sheet.of("ana", (1, "robes")), Sheet.of("bob", (1, "danse"))]
    assert judge_round(GRID, CLASSIC_FR, LEXICON, tie, 180).winners == ("ana", "bob")


def test_b15_alone_nothing_is_crossed_and_missed_words_are_shown() -> None:
    sheet = Sheet.of("ana", (1, "danse"), (2, "dans"), (3, "xyz"))
    result = judge_round(GRID, CLASSIC_FR, LEXICON, [sheet], 180)
    assert result.missed is not None and result.all_words == len(WORDS)
    missed = {entry.word for entry in result.missed}
    assert missed == set(WORDS) - {"DANSE", "DANS"}
    for entry in result.missed:
        assert entry.path and entry.points == CLASSIC_FR.points(len(entry.word))
    with_two = judge_round(GRID, CLASSIC_FR, LEXICON, [sheet, Sheet.of("bob", (1, "danse"))], 9)
    assert with_two.missed is None


def test_b15_more_than_six_players_can_play_online() -> None:
    sheets = [Sheet.of(f"p{i}", (1, WORDS[i])) for i in range(8)]
    result = judge_round(GRID, CLASSIC_FR, LEXICON, sheets, 180)
    assert len(result.players) == 8 and all(p.total > 0 for p in result.players)


def test_round_refuses_bad_player_lists() -> None:
    with pytest.raises(RoundError):
        judge_round(GRID, CLASSIC_FR, LEXICON, [], 180)
    with pytest.raises(RoundError):
        judge_round(GRID, CLASSIC_FR, LEXICON, [Sheet.of("a"), Sheet.of("a")], 180)


#: Totals used by the match tests, each made of distinct words of the grid.
_WORDS_FOR = {
    0: (),
    1: ("ans",),
    2: ("danse",),
    3: ("manies",),
    11: ("testament",),
    13: ("testament", "danse"),
    14: ("testament", "manies"),
}


def _round(**totals: int) -> RoundResult:
    """A judged round in which each player scores the given total."""
    results = [
        judge_round(GRID, CLASSIC_FR, LEXICON, [Sheet.of(player, *enumerate(_WORDS_FOR[n]))], 180)
        for player, n in totals.items()
    ]
    return RoundResult(GRID, 180, tuple(r.players[0] for r in results))


def test_b14_fixed_number_of_rounds() -> None:
    match = MatchFormat(rounds=2)
    r1, r2 = _round(ana=11, bob=3), _round(ana=1, bob=14)
    assert not standing(match, ["ana", "bob"], [r1]).finished
    final = standing(match, ["ana", "bob"], [r1, r2])
    assert final.finished and final.winners == ("bob",) and final.totals == (12, 17)
    with pytest.raises(MatchError, match="after the end"):
        standing(match, ["ana", "bob"], [r1, r2, r1])


def test_b14_target_score_checked_at_the_end_of_each_round() -> None:
    match = MatchFormat(target=14)
    r1, r2 = _round(ana=11, bob=3), _round(ana=2, bob=14)
    assert not standing(match, ["ana", "bob"], [r1]).finished
    # Both pass 14 in the same round: the highest total wins.
    final = standing(match, ["ana", "bob"], [r1, r2])
    assert final.finished and final.winners == ("bob",) and final.totals == (13, 17)


def test_b14_a_tie_at_the_top_plays_one_more_round() -> None:
    match = MatchFormat(target=10)
    tied = standing(match, ["ana", "bob"], [_round(ana=11, bob=11)])
    assert not tied.finished and tied.winners == ()
    decided = standing(match, ["ana", "bob"], [_round(ana=11, bob=11), _round(ana=1, bob=0)])
    assert decided.finished and decided.winners == ("ana",)
    rounds = MatchFormat(rounds=1)
    assert not standing(rounds, ["ana", "bob"], [_round(ana=3, bob=3)]).finished
    shared = MatchFormat(rounds=1, extra_round_on_tie=False)
    assert standing(shared, ["ana", "bob"], [_round(ana=3, bob=3)]).winners == ("ana", "bob")


def test_b14_match_format_is_checked() -> None:
    for bad in ({}, {"rounds": 2, "target": 5}, {"rounds": 0}, {"target": 0}):
        with pytest.raises(MatchError):
            MatchFormat(**bad)  # type: ignore[arg-type]
    with pytest.raises(MatchError, match="not in the match"):
        standing(MatchFormat(rounds=3), ["ana"], [_round(zoe=3)])
