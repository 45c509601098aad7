"""The optional C membership test (motamot._speedups) against the pure-Python walk.

The C module is optional: without a compiler motamot runs in pure Python. CI
sets MOTAMOT_REQUIRE_SPEEDUPS=1 so that a missing build fails there instead
of silently skipping.
"""

from __future__ import annotations

import os
from array import array
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from motamot.lexicon import Lexicon, load_lexicon

WORDS = st.text(alphabet="ABCDEQUZ", min_size=1, max_size=9)
PROBES = st.one_of(
    WORDS,
    st.text(max_size=6),
    st.text(alphabet="abcAB@[`{é", max_size=5),
    st.integers(),
    st.none(),
)


def _speedups() -> ModuleType:
    try:
        from motamot import _speedups
    except ImportError:
        if os.environ.get("MOTAMOT_REQUIRE_SPEEDUPS"):
            pytest.fail("motamot._speedups is not built (MOTAMOT_REQUIRE_SPEEDUPS is set)")
        pytest.skip("motamot._speedups not built (optional C extension)")
    return _speedups


@settings(max_examples=200)
@given(st.sets(WORDS, max_size=50), st.lists(PROBES, max_size=30))
def test_pure_python_membership_matches_a_set(words: set[str], probes: list[object]) -> None:
    lexicon = Lexicon.from_words(words)
    for probe in [*probes, *words]:
        assert lexicon.contains_python(probe) == (probe in words)


@settings(max_examples=200)
@given(st.sets(WORDS, max_size=50), st.lists(PROBES, max_size=30))
def test_c_membership_matches_pure_python(words: set[str], probes: list[object]) -> None:
    speedups = _speedups()
    lexicon = Lexicon.from_words(words)
    for probe in [*probes, *words]:
        expected = lexicon.contains_python(probe)
        assert speedups.dawg_contains(lexicon.arcs, lexicon.root, probe) is expected
        assert (probe in lexicon) is expected


def test_c_membership_on_the_french_list() -> None:
    speedups = _speedups()
    french = load_lexicon("fr")
    probes = [*list(french.completions("MANG"))[:300], "MANGEAMESS", "QZX", "", "mange", "É"]
    for probe in probes:
        assert speedups.dawg_contains(french.arcs, french.root, probe) is french.contains_python(
            probe
        )


def test_c_membership_refuses_a_corrupt_lexicon() -> None:
    speedups = _speedups()
    # Root says letter A leads to arc 5, but there is only one arc.
    root = 5 << 27 | 1
    broken = Lexicon(array("Q", [0]), root, 1, "0" * 64)
    with pytest.raises(IndexError):
        broken.contains_python("A")
    with pytest.raises(IndexError):
        speedups.dawg_contains(broken.arcs, broken.root, "A")
    with pytest.raises(TypeError):
        speedups.dawg_contains(broken.arcs, broken.root)
