"""B9-B12 judged as the words come (`SheetJudge`, `WordChecker`): a room judges each word
when it takes it and only crosses out at the round's end; that must give exactly what
`judge_round` gives over the whole sheets (the oracle), and a sheet written out of time
order must say so (the room then judges it whole)."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from motamot.boggle import CLASSIC_FR, Sheet, judge_round, parse_grid
from motamot.boggle.referee import WordChecker, check_word
from motamot.boggle.round import Entry, RoundResult, SheetJudge, cross_out
from motamot.boggle.rules import BoggleRules
from motamot.lexicon import Lexicon

WORDS = ["MANIES", "ORBITE", "TESTAMENT", "DANSE", "SANTE", "ROBES", "TESTER", "ANS", "DANS"]
LEXICON = Lexicon.from_words([*WORDS, "TESTS", "SAINT"])
GRID = parse_grid("ORTE/BEST/INAM/GTED")
#: What players write: real words (some in lower case or accented), repeats, too short,
#: off the grid, not words, not foldable.
TEXTS = st.sampled_from(
    [*WORDS, "manies", "Orbité", "SAINT", "TESTS", "ES", "zzz", "a1", " ", "ÉTÉ"]
)
ENTRY = st.builds(Entry, TEXTS, st.sampled_from([0.0, 10.0, 60.0, 179.5, 180.0, 180.5, 240.0]))
SHEETS = st.lists(st.lists(ENTRY, max_size=12), min_size=1, max_size=4)
RULES = st.sampled_from(
    [
        CLASSIC_FR,
        replace(CLASSIC_FR, invalid_penalty=1),
        replace(CLASSIC_FR, word_at_deadline_counts=False),
    ]
)


def judged_as_written(sheets: list[Sheet], rules: BoggleRules, deadline: float) -> RoundResult:
    check = WordChecker(GRID, rules, LEXICON)
    judged = []
    for sheet in sheets:
        judge = SheetJudge(rules, check, deadline)
        for entry in sheet.entries:
            judge.add(entry)
        assert judge.in_order
        judged.append((sheet.player, judge.entries))
    return cross_out(GRID, rules, LEXICON, judged, deadline)


@settings(max_examples=200, deadline=None)
@given(SHEETS, RULES)
def test_b9_b11_b12_sheets_judged_as_written_are_judged_as_judge_round_judges(
    entries: list[list[Entry]], rules: BoggleRules
) -> None:
    sheets = [
        Sheet(name, tuple(sorted(written, key=lambda entry: entry.at)))
        for name, written in zip(("ana", "bob", "chloé", "dédé"), entries, strict=False)
    ]
    oracle = judge_round(GRID, rules, LEXICON, sheets, 180.0)
    assert judged_as_written(sheets, rules, 180.0) == oracle


def test_b10_a_word_earlier_than_the_one_before_says_the_sheet_is_out_of_order() -> None:
    judge = SheetJudge(CLASSIC_FR, WordChecker(GRID, CLASSIC_FR, LEXICON), 180.0)
    judge.add(Entry("MANIES", 30.0))
    judge.add(Entry("ORBITE", 30.0))
    assert judge.in_order
    judge.add(Entry("DANSE", 12.0))
    assert not judge.in_order


@given(TEXTS)
def test_w2_b12_the_checker_remembers_what_check_word_says(text: str) -> None:
    checker = WordChecker(GRID, CLASSIC_FR, LEXICON)
    first = checker(text)
    assert first == check_word(GRID, CLASSIC_FR, LEXICON, text)
    assert checker(text) is first  # the second judgement is a lookup
