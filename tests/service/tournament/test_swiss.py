"""Swiss pairing (K1, K2, K3): hypothesis properties, and the fast pairer checked against
an obviously-correct brute force that tries every pairing of a small round."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from motamot.service.tournament.swiss import (
    History,
    Pairing,
    Round,
    bye_for,
    history_of,
    pair_round,
    rematches,
)

NAMES = [f"p{i:02}" for i in range(12)]


@st.composite
def situations(draw: st.DrawFn, most: int = 9) -> tuple[list[str], History]:
    """Players in standing order and a history: random meetings, byes and balances."""
    n = draw(st.integers(1, most))
    players = draw(st.permutations(NAMES[:n]))
    pairs = [frozenset((a, b)) for i, a in enumerate(players) for b in players[i + 1 :]]
    met = draw(st.frozensets(st.sampled_from(pairs))) if pairs else frozenset()
    byes = draw(st.frozensets(st.sampled_from(players)))
    balance = {p: draw(st.integers(-3, 3)) for p in players}
    started = draw(st.frozensets(st.sampled_from(players)))
    return list(players), History(met, byes, balance, started)


def matchings(items: list[int]) -> Iterator[list[tuple[int, int]]]:
    """Every perfect matching of `items` (an even count), each pair (lower, higher)."""
    if not items:
        yield []
        return
    top, rest = items[0], items[1:]
    for k, mate in enumerate(rest):
        for more in matchings(rest[:k] + rest[k + 1 :]):
            yield [(top, mate), *more]


def brute_force(players: Sequence[str], history: History) -> list[tuple[str, str]]:
    """The best pairing by exhaustive search: fewest rematches, then the smallest list of
    partners' ranks, read from the top player down (the order K1 writes)."""

    def cost(m: list[tuple[int, int]]) -> tuple[int, list[int]]:
        mates = dict(m)
        reading = [mates[i] for i in sorted(mates)]
        return rematches(((players[a], players[b]) for a, b in m), history), reading

    best = min(matchings(list(range(len(players)))), key=cost)
    return [(players[a], players[b]) for a, b in best]


def unordered(one: Round) -> list[tuple[str, str]]:
    return sorted(tuple(sorted((p.first, p.second))) for p in one.pairs)  # type: ignore[misc]


@settings(max_examples=100, deadline=None)
@given(situations())
def test_k1_the_fast_pairer_finds_the_brute_force_s_best_pairing(
    situation: tuple[list[str], History],
) -> None:
    players, history = situation
    paired = pair_round(players, history)
    rest = [p for p in players if p != paired.bye]
    expected = brute_force(rest, history)
    assert unordered(paired) == sorted(tuple(sorted(p)) for p in expected)


@settings(max_examples=100, deadline=None)
@given(situations())
def test_k1_k2_everybody_plays_once_and_no_pair_meets_twice_while_avoidable(
    situation: tuple[list[str], History],
) -> None:
    players, history = situation
    paired = pair_round(players, history)
    seated = [p for pair in paired.pairs for p in (pair.first, pair.second)]
    seated += [paired.bye] if paired.bye else []
    assert sorted(seated) == sorted(players)
    assert (paired.bye is None) == (len(players) % 2 == 0)
    rest = [p for p in players if p != paired.bye]
    fewest = min(
        rematches(((rest[a], rest[b]) for a, b in m), history)
        for m in matchings(list(range(len(rest))))
    )
    got = rematches(((p.first, p.second) for p in paired.pairs), history)
    assert got == fewest


@settings(max_examples=100, deadline=None)
@given(situations())
def test_k2_the_bye_goes_to_the_lowest_ranked_player_without_one(
    situation: tuple[list[str], History],
) -> None:
    players, history = situation
    paired = pair_round(players, history)
    if len(players) % 2 == 0:
        assert paired.bye is None
        return
    without = [p for p in players if p not in history.byes]
    assert paired.bye == (without[-1] if without else players[-1])


@settings(max_examples=100, deadline=None)
@given(situations())
def test_k3_the_player_who_started_less_often_starts(
    situation: tuple[list[str], History],
) -> None:
    players, history = situation
    for pair in pair_round(players, history).pairs:
        first, second = pair.first, pair.second
        assert history.starts(first) <= history.starts(second)
        if history.starts(first) == history.starts(second):
            fresh = (first in history.started_last, second in history.started_last)
            assert fresh <= (False, True) or fresh == (True, True)
            if fresh[0] == fresh[1]:
                assert players.index(first) < players.index(second)


@settings(max_examples=50, deadline=None)
@given(st.integers(2, 12), st.randoms(use_true_random=False))
def test_k1_k2_a_whole_swiss_never_repeats_a_pair_nor_a_bye(n: int, rng: object) -> None:
    """Rounds as many as a round robin would take minus half: with random results and the
    standings re-ranked each round, no pair meets twice and no bye is given twice."""
    import random

    assert isinstance(rng, random.Random)
    players = NAMES[:n]
    score = dict.fromkeys(players, 0)
    rounds: list[Round] = []
    for _ in range(max(1, (n - 1) // 2)):
        ranked = sorted(players, key=lambda p: (-score[p], players.index(p)))
        history = history_of(rounds)
        one = pair_round(ranked, history)
        assert rematches(((p.first, p.second) for p in one.pairs), history) == 0
        assert one.bye is None or one.bye not in history.byes
        rounds.append(one)
        for pair in one.pairs:
            score[rng.choice((pair.first, pair.second))] += 1
        if one.bye:
            score[one.bye] += 1


def test_k1_examples_the_leader_meets_the_second_unless_they_met() -> None:
    ranked = ["anne", "bruno", "chloé", "denis"]
    assert pair_round(ranked, History()) == Round(
        (Pairing("anne", "bruno"), Pairing("chloé", "denis")), None
    )
    met = History(frozenset({frozenset(("anne", "bruno"))}))
    assert unordered(pair_round(ranked, met)) == [("anne", "chloé"), ("bruno", "denis")]
    # anne met bruno and chloé, and chloé met denis: only anne–denis, bruno–chloé is clean
    tight = History(
        frozenset(map(frozenset, [("anne", "bruno"), ("anne", "chloé"), ("chloé", "denis")]))
    )
    assert unordered(pair_round(ranked, tight)) == [("anne", "denis"), ("bruno", "chloé")]


def test_k2_examples_five_players_the_fifth_rests_then_the_fourth() -> None:
    ranked = ["a", "b", "c", "d", "e"]
    assert bye_for(ranked, History()) == "e"
    assert bye_for(ranked, History(byes=frozenset({"e"}))) == "d"
    assert bye_for(ranked, History(byes=frozenset(ranked))) == "e"


def test_k1_a_swiss_of_256_pairs_eight_rounds_without_a_rematch() -> None:
    """Eight rounds of 256 (benchmarks/bench_tournament.py times them): each round paired
    by the search itself, well within its budget, without a rematch."""
    players = [f"j{i:03}" for i in range(256)]
    score = dict.fromkeys(players, 0)
    rounds: list[Round] = []
    for r in range(8):
        ranked = sorted(players, key=lambda p: (-score[p], p))
        history = history_of(rounds)
        one = pair_round(ranked, history)
        assert rematches(((p.first, p.second) for p in one.pairs), history) == 0
        rounds.append(one)
        for k, pair in enumerate(one.pairs):
            score[pair.first if (k + r) % 3 else pair.second] += 1
