"""The compiled DAWG against a plain Python set (the obvious oracle)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from motamot.lexicon import NO_NODE, Lexicon, LexiconFormatError

WORDS = st.text(alphabet="ABCDEQU", min_size=1, max_size=8)


@settings(max_examples=200)
@given(st.sets(WORDS, max_size=60), st.lists(WORDS, max_size=30))
def test_dawg_membership_iteration_and_count_match_a_set(
    words: set[str], probes: list[str]
) -> None:
    lexicon = Lexicon.from_words(words)
    assert len(lexicon) == len(words)
    assert list(lexicon) == sorted(words)
    for probe in [*probes, *words]:
        assert (probe in lexicon) == (probe in words)


@settings(max_examples=100)
@given(st.sets(WORDS, min_size=1, max_size=40))
def test_dawg_round_trips_through_bytes(words: set[str]) -> None:
    lexicon = Lexicon.from_words(words)
    loaded = Lexicon.from_bytes(lexicon.to_bytes())
    assert list(loaded) == sorted(words)
    assert loaded.sha256 == lexicon.sha256
    assert Lexicon.from_words(sorted(words)).to_bytes() == lexicon.to_bytes()


@settings(max_examples=100)
@given(st.sets(WORDS, max_size=40), WORDS)
def test_dawg_prefix_walk_matches_prefixes(words: set[str], prefix: str) -> None:
    lexicon = Lexicon.from_words(words)
    state = lexicon.walk(lexicon.root, prefix)
    starts = [w for w in sorted(words) if w.startswith(prefix)]
    assert (state != NO_NODE) == bool(starts)
    if state != NO_NODE:
        assert lexicon.is_word(state) == (prefix in words)
        assert list(lexicon.completions(prefix)) == starts


def test_dawg_step_by_step_walk() -> None:
    lexicon = Lexicon.from_words(["MAIN", "MAINS", "MAIS", "FAIM"])
    state = lexicon.root
    for letter in "MAIN":
        state = lexicon.child(state, letter)
        assert state != NO_NODE
    assert lexicon.is_word(state)
    assert [letter for letter, _ in lexicon.children(state)] == ["S"]
    assert lexicon.child(state, "X") == NO_NODE
    assert lexicon.child(state, "é") == NO_NODE


@pytest.mark.parametrize("probe", ["", "main", "MAIN ", "MA1N", "MAÏN", "[", "`", 3, None])
def test_dawg_membership_of_non_words_is_false(probe: object) -> None:
    assert probe not in Lexicon.from_words(["MAIN"])


@pytest.mark.parametrize(
    "data", [b"", b"garbage" * 10, b"MOTAMOT-DAWG\x00\x00\x00\x02" + b"\x00" * 10]
)
def test_dawg_refuses_bytes_that_are_not_a_lexicon(data: bytes) -> None:
    with pytest.raises(LexiconFormatError):
        Lexicon.from_bytes(data)


def test_dawg_refuses_truncated_file() -> None:
    data = Lexicon.from_words(["MAIN", "FAIM"]).to_bytes()
    with pytest.raises(LexiconFormatError):
        Lexicon.from_bytes(data[:-3])


def test_dawg_refuses_unfolded_words() -> None:
    with pytest.raises(ValueError, match="not a folded word"):
        Lexicon.from_words(["main"])
