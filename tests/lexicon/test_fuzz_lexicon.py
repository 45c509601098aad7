"""Fuzz: any word list or compiled list gives a result or a coded error, never another exception.

A bounded budget here; `python benchmarks/fuzz.py --seconds N` runs the long
campaign over the same targets (tests/fuzz/targets.py).
"""

from __future__ import annotations

import random
from array import array

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from motamot.lexicon.dawg import Lexicon
from tests.fuzz.check import result_or_coded
from tests.fuzz.dawg import compiled, mutated_arcs
from tests.fuzz.targets import TARGETS, Target

FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("name", sorted(TARGETS))
@FUZZ
@given(seed=st.integers(0, 2**32 - 1), pick=st.integers(0, 100))
def test_fuzz_mutated_seed_gives_a_result_or_a_coded_error(name: str, seed: int, pick: int) -> None:
    target: Target = TARGETS[name]
    seeds = target.seeds()
    data = target.mutate(random.Random(seed), seeds[pick % len(seeds)], seeds)
    result_or_coded(lambda: target.run(data))


@pytest.mark.parametrize("name", sorted(TARGETS))
@FUZZ
@given(data=st.binary(max_size=600))
def test_fuzz_random_bytes_give_a_result_or_a_coded_error(name: str, data: bytes) -> None:
    result_or_coded(lambda: TARGETS[name].run(data))


@FUZZ
@given(data=st.text(max_size=300))
def test_fuzz_any_text_word_list_gives_a_result_or_a_coded_error(data: str) -> None:
    result_or_coded(lambda: TARGETS["word list"].run(data.encode("utf-8", "surrogatepass")))


@FUZZ
@given(arcs_root=mutated_arcs(), words=st.integers(0, 40))
def test_fuzz_structured_compiled_list_gives_a_result_or_a_coded_error(
    arcs_root: tuple[array[int], int], words: int
) -> None:
    arcs, root = arcs_root
    data = compiled(list(arcs), root, words)
    result = result_or_coded(lambda: TARGETS["compiled list"].run(data))
    if isinstance(result, int):
        assert result == len(Lexicon.from_bytes(data))
