"""Scoring T12-T15, itemised, under both rulesets."""

from __future__ import annotations

from dataclasses import replace

from motamot.lexicon import Lexicon
from motamot.topword import (
    EMPTY_POSITION,
    TOPWORD_FR,
    UPWORDS_EN,
    Board,
    Legal,
    Ruleset,
    SharedCell,
    SharedTie,
    evaluate,
    parse_move,
    parse_position,
)

_WORDS_TEXT = (
    "QUIZ QUI JAVA AXE ZEN SAVEZ ET MAIN MI AMI VOTE VOTES OS ON NAIN SON IN ABRITES ABRITEE TE"
)
WORDS = Lexicon.from_words(_WORDS_TEXT.split())


def pos(rows: dict[int, str]) -> Board:
    lines = EMPTY_POSITION.split("/")
    for number, text in rows.items():
        lines[number - 1] = text
    return parse_position("/".join(lines))


def play(board: Board, text: str, ruleset: Ruleset = TOPWORD_FR) -> Legal:
    verdict = evaluate(board, parse_move(text), None, ruleset, WORDS)
    assert isinstance(verdict, Legal), verdict
    return verdict


def test_t12_flat_word_scores_two_per_tile_qu_being_one_tile() -> None:
    verdict = play(Board(), "5E QUI")
    assert [(w.word, w.points) for w in verdict.words] == [("QUI", 4)]  # 2 tiles, not 3 letters


def test_t12_heights_sum_when_stacked() -> None:
    board = pos({5: "....N2AIN.."})
    verdict = play(board, "5E MAIN")
    assert verdict.placements == ((44, "M"),)
    assert verdict.words[0].points == 3 + 1 + 1 + 1 and verdict.points == 6


def test_t13_letter_bonus_per_tile_placed_fr() -> None:
    verdict = play(Board(), "5C JAVA")
    assert [(b.kind, b.points) for b in verdict.bonuses] == [("letter_j", 2), ("letter_v", 2)]
    assert verdict.points == 8 + 4
    verdict = play(Board(), "5E QUIZ")
    assert [b.kind for b in verdict.bonuses] == ["letter_qu", "letter_z"]
    assert verdict.points == 6 + 4


def test_t13_kept_bonus_tiles_earn_nothing() -> None:
    board = pos({5: "..JAV....."})
    verdict = play(board, "5C JAVA")
    assert verdict.placements == ((45, "A"),)
    assert verdict.bonuses == () and verdict.points == 8


def test_t13_upwords_en_pays_qu_in_flat_words_only() -> None:
    verdict = play(Board(), "5E QUIZ", UPWORDS_EN)
    assert [(b.kind, b.points) for b in verdict.bonuses] == [("qu_word", 2)]
    assert play(Board(), "5E JAVA", UPWORDS_EN).bonuses == ()
    stacked = pos({5: "....QuIN..."})
    verdict = play(stacked, "5E QUIZ", UPWORDS_EN)
    assert verdict.bonuses == ()  # Z on N: the word is not flat


def test_t14_common_tile_counts_where_it_is_worth_most() -> None:
    # O at 4E on a stack of 3; N laid flat under it: ON is stacked (O=3, N=1), NAIN flat.
    board = pos({4: "...DO3....."})
    verdict = play(board, "5E NAIN")
    # N is worth 2 in NAIN (flat) and 1 in ON: it counts in NAIN.
    assert [(w.word, w.points) for w in verdict.words] == [("NAIN", 8), ("ON", 3)]
    en = play(board, "5E NAIN", UPWORDS_EN)
    assert [(w.word, w.points) for w in en.words] == [("NAIN", 8), ("ON", 4)]


def test_t14_common_tile_on_a_stack_counts_in_the_cross_word_on_a_tie() -> None:
    board = pos({4: "....M.....", 5: "....AN...."})
    lexicon = Lexicon.from_words(["IN", "MI"])
    verdict = evaluate(board, parse_move("5E IN"), None, TOPWORD_FR, lexicon)
    assert isinstance(verdict, Legal)
    assert [(w.word, w.points) for w in verdict.words] == [("IN", 1), ("MI", 3)]


def test_t14_each_word_says_which_of_its_tiles_another_word_counts() -> None:
    # PAIE laid over row 6's AN: its P and A are also in PA and AN (down), both flat
    board = pos({6: "....AN...."})
    lexicon = Lexicon.from_words(["PAIE", "PA", "AN"])
    verdict = evaluate(board, parse_move("5E PAIE"), None, TOPWORD_FR, lexicon)
    assert isinstance(verdict, Legal)
    paie, pa, an = verdict.words
    assert [(w.word, w.points) for w in verdict.words] == [("PAIE", 4), ("PA", 4), ("AN", 4)]
    assert paie.not_counted == (SharedCell(44, "P", "PA"), SharedCell(45, "A", "AN"))
    assert pa.not_counted == an.not_counted == ()
    line_word = replace(TOPWORD_FR, shared_tie=SharedTie.LINE_WORD)
    other = evaluate(board, parse_move("5E PAIE"), None, line_word, lexicon)
    assert isinstance(other, Legal) and other.points == verdict.points
    assert [w.not_counted for w in other.words] == [
        (),
        (SharedCell(44, "P", "PAIE"),),
        (SharedCell(45, "A", "PAIE"),),
    ]
    each = evaluate(board, parse_move("5E PAIE"), None, UPWORDS_EN, lexicon)
    assert isinstance(each, Legal) and all(not w.not_counted for w in each.words)


def test_t15_all_seven_tiles_bonus() -> None:
    verdict = play(Board(), "5B ABRITES")
    assert [(b.kind, b.points) for b in verdict.bonuses] == [("all_tiles", 10)]
    assert verdict.points == 14 + 10
    en = play(Board(), "5B ABRITES", UPWORDS_EN)
    assert [(b.kind, b.points) for b in en.bonuses] == [("all_tiles", 20)]


def test_t15_seven_letters_with_a_kept_tile_is_not_seven_tiles() -> None:
    board = pos({5: "....T....."})
    verdict = play(board, "5A ABRITEE")
    assert len(verdict.placements) == 6 and verdict.bonuses == ()
