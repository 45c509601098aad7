"""A3: ranks with ties (competition ranking) and the share of the field a rank is in."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from motamot.boggle.ranking import competition_ranks, top_percent

scores = st.lists(st.integers(min_value=0, max_value=500), max_size=200)


def test_arena_A3_ties_share_a_rank_and_the_next_comes_after_all_of_them() -> None:
    assert competition_ranks([7, 12, 7, 3, 12, 0]) == [3, 1, 3, 5, 1, 6]
    assert competition_ranks([]) == []
    assert competition_ranks([4, 4, 4]) == [1, 1, 1]


@given(scores)
def test_arena_A3_a_rank_is_one_plus_the_scores_strictly_above(values: list[int]) -> None:
    ranks = competition_ranks(values)
    for score, rank in zip(values, ranks, strict=True):
        assert rank == 1 + sum(1 for other in values if other > score)


@given(scores)
def test_arena_A3_a_better_score_never_ranks_lower(values: list[int]) -> None:
    ranks = competition_ranks(values)
    for a, ra in zip(values, ranks, strict=True):
        for b, rb in zip(values, ranks, strict=True):
            assert (a > b) <= (ra < rb)
            assert (a == b) == (ra == rb)


def test_arena_A3_top_percent_rounds_up_within_the_field() -> None:
    assert top_percent(1, 100) == 1
    assert top_percent(12, 100) == 12
    assert top_percent(1, 3) == 34
    assert top_percent(3, 3) == 100
    assert top_percent(1, 1) == 100
    assert top_percent(1, 2000) == 1
    for bad in ((0, 10), (11, 10), (1, 0)):
        with pytest.raises(ValueError):
            top_percent(*bad)


@given(st.integers(min_value=1, max_value=10_000), st.data())
def test_arena_A3_top_percent_grows_with_the_rank(players: int, data: st.DataObject) -> None:
    rank = data.draw(st.integers(min_value=1, max_value=players))
    top = top_percent(rank, players)
    assert 1 <= top <= 100
    assert top * players >= 100 * rank > (top - 1) * players
    if rank < players:
        assert top_percent(rank + 1, players) >= top
