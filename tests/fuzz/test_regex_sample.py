"""The fuzzers' valid strings for a pattern match it, and vary."""

from __future__ import annotations

import random

import pytest

from tests.fuzz.regex_sample import regex_sample


@pytest.mark.parametrize(
    "pattern", [r"^s[1-9][0-9]{0,5}$", r"^[0-9]{1,19}$", r"^(a|bc)+x?$", r"\A[A-Za-z_]\w*\Z"]
)
def test_a_sample_fullmatches_its_pattern_and_samples_differ(pattern: str) -> None:
    rng = random.Random(7)
    samples = {regex_sample(pattern, rng) for _ in range(50)}
    assert len(samples) > 5  # regex_sample asserts the fullmatch of each itself


def test_an_unknown_operation_fails_loudly() -> None:
    with pytest.raises(AssertionError, match="teach it"):
        regex_sample(r"^(?=a)a$", random.Random(1))
