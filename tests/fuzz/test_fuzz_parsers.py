"""Fuzz every parser and text entry point (issue 16): any input gives a result or the
project's coded error, never another exception, and what parses reads back the same.

Inputs are random text over the characters that matter to each parser and
the characters that broke parsers before, any Unicode text, and valid
samples with random edits. The budget is bounded for CI
(`MOTAMOT_FUZZ_EXAMPLES`, default 150 a parser); `benchmarks/fuzz.py` runs
the long campaign over the same targets.
"""

from __future__ import annotations

import contextlib
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.fuzz.parser_targets import PARSER_ERRORS, TARGETS, TRICKY, Target

EXAMPLES = int(os.environ.get("MOTAMOT_FUZZ_EXAMPLES", "150"))


def edited(sample: str, alphabet: str) -> st.SearchStrategy[str]:
    """`sample` with a few spans replaced by text over `alphabet`."""
    edit = st.tuples(st.integers(0, len(sample)), st.integers(0, 8), st.text(alphabet, max_size=8))

    def apply(edits: list[tuple[int, int, str]]) -> str:
        text = sample
        for start, length, insert in edits:
            start = min(start, len(text))
            text = text[:start] + insert + text[start + length :]
        return text

    return st.lists(edit, min_size=1, max_size=6).map(apply)


def inputs(target: Target) -> st.SearchStrategy[str]:
    alphabet = target.alphabet + TRICKY
    return st.one_of(
        st.text(alphabet, max_size=80),
        st.text(max_size=40),
        st.sampled_from(target.samples),
        st.one_of(*(edited(sample, alphabet) for sample in target.samples)),
    )


@pytest.mark.parametrize("target", TARGETS, ids=[target.name for target in TARGETS])
def test_any_input_gives_a_result_or_a_coded_error(target: Target) -> None:
    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )
    @given(inputs(target))
    def property_holds(text: str) -> None:
        with contextlib.suppress(*PARSER_ERRORS):
            target.run(text)

    property_holds()


@pytest.mark.parametrize("target", TARGETS, ids=[target.name for target in TARGETS])
def test_every_sample_parses(target: Target) -> None:
    for sample in target.samples:
        try:
            target.run(sample)
        except PARSER_ERRORS as error:  # a sample may be a bad input on purpose
            assert sample in BAD_SAMPLES, (sample, error)


#: Samples kept because they are refused (the mutations start from them).
BAD_SAMPLES = {"human:A:B"}
