"""W4: a list's changes laid over its DAWG (`lexicon.overlay`) give exactly the words of
the list compiled again with them (the slow, obviously correct oracle)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from motamot.boggle.grid import parse_grid
from motamot.boggle.rules import get_preset
from motamot.boggle.solve import solve
from motamot.lexicon import Lexicon, load_lexicon
from motamot.lexicon.overlay import patched

WORDS = st.text("ABCDE", min_size=1, max_size=6)


@settings(max_examples=200, deadline=None)
@given(st.sets(WORDS, max_size=30), st.lists(st.tuples(WORDS, st.booleans()), max_size=12))
def test_w4_an_overlay_holds_the_words_a_new_compile_holds(
    words: set[str], changes: list[tuple[str, bool]]
) -> None:
    expected = set(words)
    for word, added in changes:
        (expected.add if added else expected.discard)(word)
    over = patched(Lexicon.from_words(words), changes, "over")
    assert len(Lexicon.from_bytes(over.to_bytes())) == len(expected)  # a valid list
    assert list(over) == sorted(expected)
    assert len(over) == len(expected)
    for word, _ in changes:
        assert (word in over) is (word in expected)
        assert over.contains_python(word) is (word in expected)


def test_w4_the_solver_finds_added_words_and_not_removed_ones() -> None:
    fr = load_lexicon("fr")
    grid = parse_grid("KIPE/ZEFT/RASO/NULI")
    over = patched(fr, [("KIP", True), ("ZEF", True), ("RAS", False)], "fr+3")
    rules = get_preset("classic-fr")
    before = {found.word for found in solve(grid, rules, fr).words}
    after = {found.word for found in solve(grid, rules, over).words}
    assert {"KIP", "ZEF"} - before == {"KIP", "ZEF"} and "RAS" in before
    assert after == (before | {"KIP", "ZEF"}) - {"RAS"}
    assert len(over) == len(fr) + 1
    assert len(Lexicon.from_bytes(over.to_bytes())) == len(over)  # the C kernels take it
