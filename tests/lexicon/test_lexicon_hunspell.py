"""The Hunspell affix expander on small hand-written .aff/.dic files."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from motamot.lexicon.hunspell import (
    AffixFile,
    AffixFormatError,
    DicEntry,
    Expander,
    expand_all,
    make_rule,
    parse_aff,
    parse_dic,
)


def words_of(aff_text: str, dic_text: str) -> set[str]:
    affix = parse_aff(aff_text)
    return expand_all(parse_dic(dic_text, affix), affix, lambda entry: True)


def test_suffix_condition_and_strip() -> None:
    aff = """
SFX S Y 4
SFX S 0 s [^sxyz]
SFX S 0 s [aeiou]y
SFX S al aux al
SFX S y ies [^aeiou]y
"""
    dic = "5\nchat/S\ncheval/S\nnez/S\nfly/S\nboy/S\n"
    assert words_of(aff, dic) == {
        "chat", "chats", "cheval", "chevals", "chevaux", "nez", "fly", "flies", "boy", "boys",
    }  # fmt: skip


def test_condition_longer_than_word_does_not_apply() -> None:
    aff = "SFX A Y 1\nSFX A 0 x abc\n"
    assert words_of(aff, "2\nbc/A\nabc/A\n") == {"bc", "abc", "abcx"}


def test_condition_with_dot_and_classes() -> None:
    rule = make_rule("SFX", "A", True, "", "s", frozenset(), "[ae].t")
    assert rule.applies("great") and rule.applies("east")
    assert not rule.applies("ist") and not rule.applies("abed")
    prefix = make_rule("PFX", "P", True, "", "re", frozenset(), "[^aeiou]")
    assert prefix.applies("faire") and not prefix.applies("ouvrir")


def test_two_suffix_levels_through_continuation_classes() -> None:
    aff = """
SFX A Y 1
SFX A 0 able/B .
SFX B Y 1
SFX B 0 s .
"""
    assert words_of(aff, "1\ndrink/A\n") == {"drink", "drinkable", "drinkables"}


def test_second_suffix_condition_is_checked_on_the_first_form() -> None:
    aff = """
SFX A Y 2
SFX A er eur/F er
SFX A er ant/F er
SFX F Y 1
SFX F eur euse eur
"""
    # F applies after "eur" (condition met) but not after "ant".
    assert words_of(aff, "1\nchanter/A\n") == {"chanter", "chanteur", "chanteuse", "chantant"}


def test_prefix_and_suffix_cross_product() -> None:
    aff = """
PFX R Y 1
PFX R 0 re .
PFX N N 1
PFX N 0 non .
SFX S Y 1
SFX S 0 s .
SFX T N 1
SFX T 0 t .
"""
    # R x S combine (both Y); N (no cross product) and T (no cross product) do not.
    assert words_of(aff, "1\nfait/RNST\n") == {
        "fait", "faits", "faitt", "refait", "refaits", "nonfait",
    }  # fmt: skip


def test_prefix_condition_and_strip() -> None:
    aff = "PFX I Y 2\nPFX I 0 in [^lmr]\nPFX I 0 il l\n"
    assert words_of(aff, "2\nlegal/I\nutile/I\n") == {"legal", "illegal", "utile", "inutile"}


def test_long_flags_and_needaffix_on_stem_and_affix() -> None:
    aff = """
FLAG long
NEEDAFFIX ()
PFX Um Y 2
PFX Um 0 0/S. .
PFX Um 0 kilo/S.() .
SFX S. Y 2
SFX S. 0 0 [^sxz]
SFX S. 0 s [^sxz]
"""
    # The stem needs an affix; the empty prefix gives the plain forms, "kilo"
    # itself needs a further affix, which its continuation class S. provides.
    assert words_of(aff, "1\nmètre/Um()\n") == {"mètre", "mètres", "kilomètre", "kilomètres"}


def test_needaffix_stem_alone_is_not_a_word() -> None:
    aff = "NEEDAFFIX !\nSFX S Y 1\nSFX S 0 s .\n"
    assert words_of(aff, "1\nfoo/S!\n") == {"foos"}


def test_suffix_needing_another_affix() -> None:
    aff = "NEEDAFFIX !\nSFX A Y 1\nSFX A 0 ab/B! .\nSFX B Y 1\nSFX B 0 c .\n"
    assert words_of(aff, "1\nx/A\n") == {"x", "xabc"}


def test_forbiddenword_removes_the_form() -> None:
    aff = "FORBIDDENWORD F\nSFX S Y 1\nSFX S 0 s .\n"
    assert words_of(aff, "2\nfoo/S\nfoos/F\n") == {"foo"}


def test_onlyincompound_is_never_a_word() -> None:
    aff = "ONLYINCOMPOUND C\nSFX S Y 1\nSFX S 0 s/C .\n"
    assert words_of(aff, "2\nfoo/S\nbar/C\n") == {"foo"}


def test_circumfix_needs_both_sides() -> None:
    aff = """
CIRCUMFIX X
PFX P Y 1
PFX P 0 ge/X .
SFX S Y 2
SFX S 0 t/X .
SFX S 0 en .
"""
    # ge- only with -t (both circumfix), never alone nor with -en.
    assert words_of(aff, "1\nmach/PS\n") == {"mach", "gemacht", "machen"}


def test_elision_prefixes_are_skipped() -> None:
    aff = """
FLAG long
PFX L' Y 2
PFX L' 0 l' [aeiou]
PFX L' 0 l’ [aeiou]
PFX Re Y 1
PFX Re 0 ré .
"""
    assert words_of(aff, "1\nécole/L'Re\n") == {"école", "réécole"}


def test_flag_formats() -> None:
    assert AffixFile(flag_format="long").split_flags("L'D'()") == {"L'", "D'", "()"}
    assert AffixFile(flag_format="num").split_flags("12,7") == {"12", "7"}
    assert AffixFile().split_flags("AB") == {"A", "B"}
    with pytest.raises(AffixFormatError):
        AffixFile(flag_format="long").split_flags("ABC")


def test_keepcase_flag_and_morphology_are_read() -> None:
    affix = parse_aff("FLAG long\nKEEPCASE ||\n")
    entries = list(parse_dic("2\nkm/||-- po:nom is:mas\nchat po:nom\n", affix))
    assert entries[0] == DicEntry("km", frozenset({"||", "--"}), ("po:nom", "is:mas"))
    assert entries[1] == DicEntry("chat", frozenset(), ("po:nom",))
    assert affix.keep_case == "||"


def test_malformed_aff_is_refused() -> None:
    with pytest.raises(AffixFormatError):
        parse_aff("SFX A Y 2\nSFX A 0 s .\n")  # announces two rules, has one
    with pytest.raises(AffixFormatError):
        parse_aff("SFX A Y x\n")
    with pytest.raises(AffixFormatError):
        parse_aff("SFX A Y 1\nSFX A 0 s [ab\n")


def test_expander_yields_forbidden_marks() -> None:
    affix = parse_aff("FORBIDDENWORD F\n")
    expander = Expander(affix)
    assert list(expander.expand(DicEntry("foo", frozenset({"F"}), ()))) == [("foo", True)]


_LETTERS = "abeé"
_CONDITION_PART = st.one_of(
    st.sampled_from([*_LETTERS, "."]),
    st.builds(
        lambda neg, chars: "[" + ("^" if neg else "") + "".join(sorted(chars)) + "]",
        st.booleans(),
        st.sets(st.sampled_from(_LETTERS), min_size=1),
    ),
)


@settings(max_examples=300)
@given(
    st.lists(_CONDITION_PART, min_size=1, max_size=4),
    st.text(alphabet=_LETTERS, max_size=6),
    st.text(alphabet=_LETTERS, max_size=2),
)
def test_conditions_match_a_regex_oracle(parts: list[str], word: str, strip: str) -> None:
    """Hunspell conditions are a subset of regular expressions: `re` is the oracle."""
    condition = "".join(parts)
    pattern = "" if condition == "." else condition  # a lone "." means no condition
    suffix = make_rule("SFX", "A", True, strip, "x", frozenset(), condition)
    prefix = make_rule("PFX", "A", True, strip, "x", frozenset(), condition)
    assert suffix.applies(word) == (
        re.search(f"(?:{pattern})$", word) is not None and word.endswith(strip)
    )
    assert prefix.applies(word) == (re.match(pattern, word) is not None and word.startswith(strip))
