"""One Boggle verdict type (`boggle.referee.Verdict`): what the referee judged and what
the writer was told at once (its `feedback`, the code the rooms send) are one struct, and
the told codes (`Feedback`) are the referee's reasons (`WordReason`) plus two."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from motamot.boggle import CLASSIC_FR, parse_grid
from motamot.boggle.referee import Feedback, Verdict, WordReason, check_word, find_path
from motamot.lexicon import Lexicon
from motamot.service.boggle.feedback import instant_feedback

GRID = parse_grid("ORTE/BEST/INAM/GTED")
LEXICON = Lexicon.from_words(["MANIES", "ORBITE", "TESTAMENT", "DANSE", "SAINT", "MAISON"])
TEXTS = st.sampled_from(
    ["MANIES", "orbité", "Testament", "SAINT", "MAISON", "danses", "ES", "zzz", "a1", " "]
)


def test_every_reason_of_the_referee_is_told_and_every_refusal_told_is_the_referees() -> None:
    told = {Feedback.refused(reason) for reason in WordReason}
    assert told == set(Feedback) - {Feedback.ACCEPTED, Feedback.WRITTEN}
    assert all(Feedback.refused(reason).value == reason.value for reason in WordReason)


@given(TEXTS)
def test_told_at_once_the_writer_gets_the_referees_own_verdict(text: str) -> None:
    verdict = check_word(GRID, CLASSIC_FR, LEXICON, text)
    told = instant_feedback(verdict, verify_at_end=False)
    assert told is verdict
    expected = Feedback.ACCEPTED if verdict.reason is None else Feedback.refused(verdict.reason)
    assert told.feedback is expected


@given(TEXTS)
def test_with_the_dictionary_at_the_end_only_length_and_path_are_told(text: str) -> None:
    verdict = check_word(GRID, CLASSIC_FR, LEXICON, text)
    told = instant_feedback(verdict, verify_at_end=True)
    assert told.input == verdict.input and told.word == (verdict.word or told.word)
    if verdict.reason in (WordReason.INVALID_CHARACTERS, WordReason.TOO_SHORT):
        assert told.feedback is verdict.feedback
    elif verdict.word is not None and find_path(GRID, verdict.word) is not None:
        # on the grid, a word or not: written, no points nor path told before the end
        assert told.feedback is Feedback.WRITTEN and told.points == 0 and told.path == ()
    else:
        assert told.feedback is Feedback.NO_PATH


@given(TEXTS, st.booleans())
def test_a_verdict_read_back_from_its_code_is_told_the_same(text: str, at_end: bool) -> None:
    told = instant_feedback(check_word(GRID, CLASSIC_FR, LEXICON, text), at_end)
    again = Verdict.told(told.input, told.word, told.feedback, told.points, told.path)
    assert (again.feedback, again.points, again.path) == (told.feedback, told.points, told.path)
