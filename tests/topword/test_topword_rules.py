"""The referee: T4-T11 and T20, with the rulebook examples under topword-fr."""

from __future__ import annotations

from dataclasses import replace

import pytest

from motamot.lexicon import Lexicon
from motamot.topword import (
    EMPTY_POSITION,
    QU,
    TOPWORD_FR,
    UPWORDS_EN,
    Board,
    Illegal,
    Legal,
    Reason,
    Ruleset,
    SharedTie,
    Verdict,
    canonical_move,
    evaluate,
    evaluate_placements,
    parse_move,
    parse_position,
)

_SMALL_TEXT = (
    "MAIN FAIM DAIM VOTE NAIN ON DO FAN FIN FINS PLUS FANS AN AS MA NA SA RAS "
    "SI LA LAS FA MI AMI AMIS QUI QUIZ ZA TA ET TE TES TON MON SON VAN"
)
SMALL = Lexicon.from_words(_SMALL_TEXT.split())


def pos(rows: dict[int, str]) -> Board:
    """A board from some rows (numbered 1-10), the others empty."""
    lines = EMPTY_POSITION.split("/")
    for number, text in rows.items():
        lines[number - 1] = text
    return parse_position("/".join(lines))


def judge(
    board: Board,
    text: str,
    rack: str | None = None,
    ruleset: Ruleset = TOPWORD_FR,
    lexicon: Lexicon = SMALL,
) -> Verdict:
    before = board.copy()
    verdict = evaluate(
        board, parse_move(text), None if rack is None else tuple(rack), ruleset, lexicon
    )
    assert board == before  # the referee never changes the board
    return verdict


def legal(verdict: Verdict) -> Legal:
    assert isinstance(verdict, Legal), verdict
    return verdict


def refused(verdict: Verdict, reason: Reason, detail: str | None = None) -> None:
    assert isinstance(verdict, Illegal), verdict
    assert verdict.reason is reason
    if detail is not None:
        assert verdict.detail == detail


def items(verdict: Verdict) -> list[tuple[str, int]]:
    return [(word.word, word.points) for word in legal(verdict).words]


# -- the rulebook examples, with the real French dictionary ---------------------


def test_t12_rulebook_main_flat_is_8(fr: Lexicon) -> None:
    verdict = legal(judge(Board(), "5E MAIN", lexicon=fr))
    assert verdict.points == 8 and items(verdict) == [("MAIN", 8)]


def test_t12_rulebook_faim_on_stack_is_5(fr: Lexicon) -> None:
    board = pos({5: "....DAIM.."})
    verdict = legal(judge(board, "5E FAIM", lexicon=fr))
    assert verdict.placements == ((44, "F"),)
    assert verdict.points == 5 and items(verdict) == [("FAIM", 5)]


def test_t13_rulebook_vote_flat_is_10(fr: Lexicon) -> None:
    verdict = legal(judge(Board(), "E3 VOTE", lexicon=fr))
    assert items(verdict) == [("VOTE", 8)]
    assert [(b.kind, b.points) for b in verdict.bonuses] == [("letter_v", 2)]
    assert verdict.points == 10


def test_t14_rulebook_nain_and_on_is_10(fr: Lexicon) -> None:
    board = pos({5: "...DO....."})
    verdict = legal(judge(board, "6E NAIN", lexicon=fr))
    assert items(verdict) == [("NAIN", 6), ("ON", 4)] and verdict.points == 10


def test_t14_tie_break_is_a_named_setting_that_never_changes_the_total(fr: Lexicon) -> None:
    board = pos({5: "...DO....."})
    assert TOPWORD_FR.shared_tie is SharedTie.CROSS_WORD  # [choice] as in the rulebook
    line_word = replace(TOPWORD_FR, shared_tie=SharedTie.LINE_WORD)
    verdict = legal(judge(board, "6E NAIN", ruleset=line_word, lexicon=fr))
    assert items(verdict) == [("NAIN", 8), ("ON", 2)] and verdict.points == 10
    # not a tie: the A is worth 2 in AN (flat) and 1 in MA (M on a stack of 2): counted in AN
    stacked = pos({5: "....M....."})
    stacked.heights[44] = 2
    words = Lexicon.from_words(["MA", "AN"])
    for ruleset in (TOPWORD_FR, line_word):
        split = judge(stacked, "6E AN", ruleset=ruleset, lexicon=words)
        assert items(split) == [("AN", 4), ("MA", 2)]


def test_t14_upwords_en_counts_the_common_tile_in_each_word(fr: Lexicon) -> None:
    board = pos({5: "...DO....."})
    verdict = legal(judge(board, "6E NAIN", ruleset=UPWORDS_EN, lexicon=fr))
    assert items(verdict) == [("NAIN", 8), ("ON", 4)] and verdict.points == 12


def test_t5_rulebook_fan_to_fin_by_stacking_is_4(fr: Lexicon) -> None:
    board = pos({5: "....FAN..."})
    verdict = legal(judge(board, "5E FIN", lexicon=fr))
    assert verdict.placements == ((45, "I"),) and verdict.points == 4


@pytest.mark.parametrize("ruleset", [TOPWORD_FR, UPWORDS_EN], ids=lambda r: r.name)
def test_t10_rulebook_plus_through_the_s_of_fans_is_legal(fr: Lexicon, ruleset: Ruleset) -> None:
    board = pos({5: "....FAN..."})
    verdict = legal(judge(board, "H2 PLUS", ruleset=ruleset, lexicon=fr))
    assert [word for word, _ in items(verdict)] == ["PLUS", "FANS"]
    assert all(points > 0 for _, points in items(verdict))


@pytest.mark.parametrize("ruleset", [TOPWORD_FR, UPWORDS_EN], ids=lambda r: r.name)
def test_t10_rulebook_the_s_alone_is_refused(fr: Lexicon, ruleset: Ruleset) -> None:
    board = pos({5: "....FAN..."})
    refused(judge(board, "5E FANS", ruleset=ruleset, lexicon=fr), Reason.PLURAL_S_ONLY, "FANS")
    placed = evaluate_placements(board, [(47, "S")], None, ruleset, fr)
    refused(placed, Reason.PLURAL_S_ONLY, "FANS")


# (row 5 before, move, tiles laid, points): a letter stacked on the old word or added
# in front of it, with the S, places a new word (the rulebook's FAN -> FINS).
NEW_WORDS_WITH_AN_S = [
    ("....FAN...", "5E FINS", ((45, "I"), (47, "S")), 1 + 2 + 1 + 1),
    ("....MAIN..", "5E PAINS", ((44, "P"), (48, "S")), 2 + 1 + 1 + 1 + 1),
    ("....CHAT..", "5D ACHATS", ((43, "A"), (48, "S")), 6 * 2),
]


@pytest.mark.parametrize("ruleset", [TOPWORD_FR, UPWORDS_EN], ids=lambda r: r.name)
@pytest.mark.parametrize(("row", "move", "laid", "points"), NEW_WORDS_WITH_AN_S)
def test_t10_rulebook_fins_pains_achats_place_a_new_word(
    fr: Lexicon,
    ruleset: Ruleset,
    row: str,
    move: str,
    laid: tuple[tuple[int, str], ...],
    points: int,
) -> None:
    board = pos({5: row})
    verdict = legal(judge(board, move, ruleset=ruleset, lexicon=fr))
    assert verdict.placements == laid and items(verdict) == [(move.split()[1], points)]
    plural = f"5E {row.strip('.')}S"  # the S alone on the same word: only its plural
    refused(judge(board, plural, ruleset=ruleset, lexicon=fr), Reason.PLURAL_S_ONLY, plural[3:])


@pytest.mark.parametrize("ruleset", [TOPWORD_FR, UPWORDS_EN], ids=lambda r: r.name)
def test_t10_one_s_ending_fans_and_mots_only_pluralises_both(fr: Lexicon, ruleset: Ruleset) -> None:
    # FAN across row 5 (E-G), MOT down column H (rows 2-4): an S on 5H ends both
    board = pos({2: ".......M..", 3: ".......O..", 4: ".......T..", 5: "....FAN..."})
    across = judge(board, "5E FANS", ruleset=ruleset, lexicon=fr)
    refused(across, Reason.PLURAL_S_ONLY, "FANS, MOTS")
    down = judge(board, "H2 MOTS", ruleset=ruleset, lexicon=fr)
    refused(down, Reason.PLURAL_S_ONLY, "MOTS, FANS")


# -- each rule, on a small dictionary ---------------------------------------------


def test_t4_first_move_must_cover_a_centre_square() -> None:
    refused(judge(Board(), "1A MAIN"), Reason.FIRST_MOVE_OFF_CENTRE)
    refused(judge(Board(), "5A MAIN"), Reason.FIRST_MOVE_OFF_CENTRE)  # A-D, centre is E-F
    legal(judge(Board(), "5B MAIN"))  # MAIN at B-E: E5 is red
    legal(judge(Board(), "F3 MAIN"))  # down through F5/F6... F3-F6
    legal(judge(Board(), "6F AN"))


def test_t4_first_move_is_one_word_of_two_letters_or_more() -> None:
    refused(judge(Board(), "5E A"), Reason.TOO_SHORT, "A")


def test_t5_later_moves_must_connect() -> None:
    board = pos({5: "....MAIN.."})
    refused(judge(board, "1A FAN"), Reason.NOT_CONNECTED, "FAN")
    refused(judge(board, "6A FAN"), Reason.NOT_CONNECTED)  # 6A-6C touches nothing


def test_t5_connect_by_joining_stacking_or_crossing() -> None:
    board = pos({5: "....MAIN.."})
    legal(judge(board, "H4 AN"))  # the N of MAIN is the end of AN: joins a word
    legal(judge(board, "5E MAIN".replace("MAIN", "NAIN")))  # stacks N on M
    refused(judge(board, "4A SI"), Reason.NOT_CONNECTED)


def test_t6_tiles_in_one_line_without_gap() -> None:
    board = pos({5: "....MA.N.."})
    refused(
        evaluate_placements(board, [(43, "T"), (56, "A")], None, TOPWORD_FR, SMALL),
        Reason.NOT_IN_LINE,
    )
    refused(
        evaluate_placements(board, [(42, "F"), (47, "S")], None, TOPWORD_FR, SMALL),
        Reason.GAP_IN_LINE,
        "5D",
    )
    refused(judge(board, "5F AI"), Reason.NOT_WHOLE_WORD, "MAIN")


def test_t6_notation_must_write_the_whole_word() -> None:
    board = pos({5: "....FAN..."})
    refused(judge(board, "5F IN"), Reason.NOT_WHOLE_WORD, "FIN")


def test_t6_words_never_read_diagonally() -> None:
    board = pos({5: "....MAIN.."})
    # T at 6D touches the M only diagonally: not connected, no word
    refused(
        evaluate_placements(board, [(53, "T"), (63, "A")], None, TOPWORD_FR, SMALL),
        Reason.NOT_CONNECTED,
    )


def test_t7_stack_holds_at_most_five() -> None:
    board = pos({5: "....F5AN..."})
    refused(judge(board, "5E FIN".replace("FIN", "MAN")), Reason.STACK_TOO_HIGH, "5E")
    lower = pos({5: "....F4AN..."})
    verdict = legal(judge(lower, "5E VAN"))
    assert verdict.points == 5 + 1 + 1 + 2  # heights 5,1,1 then +2 for the V


def test_t8_no_stacking_on_the_same_letter() -> None:
    board = pos({5: "....FAN..."})
    refused(
        evaluate_placements(board, [(45, "A")], None, TOPWORD_FR, SMALL),
        Reason.SAME_LETTER_STACK,
        "5F",
    )
    # In notation, a same letter keeps its tile: nothing placed at all
    refused(judge(board, "5E FAN"), Reason.NO_TILE_PLACED)


def test_t9_every_word_formed_or_changed_must_be_valid() -> None:
    board = pos({5: "...DO....."})
    refused(judge(board, "6E NOIX"), Reason.NOT_IN_DICTIONARY, "NOIX")
    # the main word is fine, the cross word ON is changed into OA: refused with OA
    refused(judge(board, "6E AN"), Reason.NOT_IN_DICTIONARY, "OA")
    lexicon_with_on = Lexicon.from_words(["NA", "NAIN", "DO"])
    refused(judge(board, "6E NAIN", lexicon=lexicon_with_on), Reason.NOT_IN_DICTIONARY, "ON")


def test_t9_stacking_changes_the_cross_word_too() -> None:
    board = pos({4: "....M.....", 5: "....AN...."})
    # stacking I on A changes MA (down) into MI and AN into IN
    verdict = judge(board, "5E IN")
    refused(verdict, Reason.NOT_IN_DICTIONARY, "IN")
    lexicon = Lexicon.from_words(["IN", "MI", "MA", "AN"])
    # IN is worth 3 and MI 3; the I (2 in each) is counted once, in the cross word (T14)
    assert items(judge(board, "5E IN", lexicon=lexicon)) == [("IN", 1), ("MI", 3)]


def test_t10_s_that_is_also_part_of_a_new_word_is_allowed() -> None:
    board = pos({5: "....AMI..."})
    # S below nothing: AMIS alone refused, AMIS with SA down is allowed
    refused(judge(board, "5E AMIS"), Reason.PLURAL_S_ONLY, "AMIS")
    verdict = legal(judge(board, "H5 SA"))
    assert [w for w, _ in items(verdict)] == ["SA", "AMIS"]


def test_t10_s_ending_two_old_words_is_still_only_plurals() -> None:
    lexicon = Lexicon.from_words(["AMI", "AMIS", "TE", "TES"])
    # an S at 6G ends TE down (4G-5G) and AMI across (6D-6F): two plurals, no new word
    board = pos({4: "......T...", 5: "......E...", 6: "...AMI...."})
    refused(judge(board, "G4 TES", lexicon=lexicon), Reason.PLURAL_S_ONLY, "TES, AMIS")
    refused(judge(board, "6D AMIS", lexicon=lexicon), Reason.PLURAL_S_ONLY, "AMIS, TES")


def test_t10_an_s_pluralising_a_cross_word_inside_a_new_word_is_allowed() -> None:
    lexicon = Lexicon.from_words(["TE", "TES", "AS", "ASA"])
    # TE down at G4-G5; ASA across row 6 (F-H), its S at 6G ends TE -> TES
    board = pos({4: "......T...", 5: "......E..."})
    verdict = legal(judge(board, "6F ASA", lexicon=lexicon))
    assert [w for w, _ in items(verdict)] == ["ASA", "TES"]


def test_t10_s_making_a_new_word_with_new_letters_is_allowed() -> None:
    board = pos({5: ".....AN..."})
    verdict = legal(judge(board, "5E FANS"))  # F and S both new: FANS is a new word
    assert items(verdict) == [("FANS", 8)]


def test_t10_stacking_an_s_on_the_last_letter_is_not_adding_one() -> None:
    board = pos({5: "....FIN..."})
    fas = judge(board, "5E FAS", lexicon=Lexicon.from_words(["FIN", "FAS"]))
    assert items(fas) == [("FAS", 1 + 2 + 2)]
    legal(judge(board, "5E FIS", lexicon=Lexicon.from_words(["FIN", "FIS"])))


def test_t11_full_cover_is_a_ruleset_setting() -> None:
    board = pos({5: "....MA...."})
    lexicon = Lexicon.from_words(["MA", "TE", "LA", "TA"])
    assert legal(judge(board, "5E TE", lexicon=lexicon)).points == 4
    refused(
        judge(board, "5E TE", ruleset=UPWORDS_EN, lexicon=lexicon),
        Reason.COVERS_WHOLE_WORD,
        "MA",
    )
    # leaving one letter of the old word uncovered is fine under both
    assert legal(judge(board, "5E TA", ruleset=UPWORDS_EN, lexicon=lexicon)).points == 3


def test_t11_covering_a_word_while_extending_it() -> None:
    board = pos({5: "....MA...."})
    lexicon = Lexicon.from_words(["MA", "TES"])
    refused(
        judge(board, "5E TES", ruleset=UPWORDS_EN, lexicon=lexicon),
        Reason.COVERS_WHOLE_WORD,
        "MA",
    )


def test_t20_refusals_carry_reason_and_detail() -> None:
    board = pos({5: "....FAN..."})
    refused(judge(board, "5E FANE"), Reason.NOT_IN_DICTIONARY, "FANE")
    refused(judge(board, "5E FIN", rack="AB"), Reason.NOT_ON_RACK, "I")
    refused(judge(board, "5H FANTASTIQUE"), Reason.OFF_BOARD)
    refused(judge(Board(), "5E QUI", rack="UI"), Reason.NOT_ON_RACK, "Qu")
    assert legal(judge(Board(), "5E QUI", rack="QI")).bonuses[0].kind == "letter_qu"


def test_t20_not_on_rack_counts_each_tile() -> None:
    refused(judge(Board(), "5E NAIN", rack="NAIX"), Reason.NOT_ON_RACK, "N")
    legal(judge(Board(), "5E NAIN", rack="NAINXYZ"))


def test_one_tile_move_may_be_written_either_way() -> None:
    board = pos({4: "......O...", 5: "....FA...."})
    across = legal(judge(board, "5E FAN"))
    down = legal(judge(board, "G4 ON"))
    assert across.points == down.points == 8 and across.placements == down.placements
    # the common N (2 in each word) counts in the cross word, whichever way it is written
    assert items(across) == [("FAN", 4), ("ON", 4)] and items(down) == [("ON", 2), ("FAN", 6)]
    assert canonical_move(board, parse_move("G4 ON")) == parse_move("5E FAN")
    assert canonical_move(board, parse_move("5E FAN")) == parse_move("5E FAN")


def test_placements_without_direction_pick_the_word() -> None:
    board = pos({5: "....FA...."})
    verdict = legal(evaluate_placements(board, [(46, "N")], None, TOPWORD_FR, SMALL))
    assert verdict.move == parse_move("5E FAN") and verdict.across
    refused(
        evaluate_placements(board, [(46, "N"), (46, "A")], None, TOPWORD_FR, SMALL),
        Reason.DUPLICATE_CELL,
    )


def test_qu_tile_stacks_and_reads_as_two_letters() -> None:
    board = pos({5: "....QuI...."})
    assert board.tops[44] == QU
    verdict = legal(judge(board, "5E QUIZ"))
    assert verdict.placements == ((46, "Z"),) and verdict.points == 6 + 2
