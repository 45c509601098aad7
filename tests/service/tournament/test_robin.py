"""Round robin by the circle method (K4)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from motamot.service.tournament.robin import MAX_PLAYERS, robin_rounds
from motamot.service.tournament.swiss import history_of


@given(st.integers(2, MAX_PLAYERS))
def test_k4_everybody_meets_everybody_once_one_game_or_bye_a_round(n: int) -> None:
    players = [f"p{i}" for i in range(n)]
    rounds = robin_rounds(players)
    assert len(rounds) == (n - 1 if n % 2 == 0 else n)
    met: list[frozenset[str]] = []
    for one in rounds:
        seated = [p for pair in one.pairs for p in (pair.first, pair.second)]
        seated += [one.bye] if one.bye else []
        assert sorted(seated) == sorted(players)
        met += [frozenset((pair.first, pair.second)) for pair in one.pairs]
    assert len(met) == len(set(met)) == n * (n - 1) // 2
    byes = [one.bye for one in rounds if one.bye]
    assert sorted(byes) == (sorted(players) if n % 2 else [])


@given(st.integers(2, MAX_PLAYERS))
def test_k4_k3_starts_and_seconds_differ_by_one_at_most(n: int) -> None:
    balance = history_of(robin_rounds([f"p{i}" for i in range(n)])).balance or {}
    assert all(abs(v) <= 1 for v in balance.values())
    assert len(balance) == n


def test_k4_examples_four_players_three_rounds() -> None:
    rounds = robin_rounds(["anne", "bruno", "chloé", "denis"])
    assert [{frozenset((p.first, p.second)) for p in r.pairs} for r in rounds] == [
        {frozenset(("anne", "denis")), frozenset(("bruno", "chloé"))},
        {frozenset(("bruno", "denis")), frozenset(("chloé", "anne"))},
        {frozenset(("chloé", "denis")), frozenset(("anne", "bruno"))},
    ]


@pytest.mark.parametrize("players", [["a"], [f"p{i}" for i in range(13)], ["a", "a"]])
def test_k4_too_few_too_many_or_twice_the_same_player_is_refused(players: list[str]) -> None:
    with pytest.raises(ValueError):
        robin_rounds(players)
