"""Ratings (R2-R4): OpenSkill's Plackett-Luce updates for 2 to 6 places with ties, checked
against the Weng-Lin algorithm written out plainly; provisional until 10 rated games;
computer players' fixed ratings from the published data."""

from __future__ import annotations

import itertools
import json
import math

from hypothesis import given
from hypothesis import strategies as st

from motamot.service.players.ratings import (
    BOT_RATINGS,
    MODEL,
    NEW,
    PROVISIONAL_GAMES,
    Rating,
    bot_rating,
    rate,
)


def weng_lin(ratings: list[Rating], ranks: list[int]) -> list[tuple[float, float]]:
    """Weng & Lin (2011), algorithm 4 (Plackett-Luce), one player per team, with the
    dynamics tau added to each sigma first, gamma = sigma / c, kappa = 0.0001."""
    beta, tau, kappa = MODEL.beta, MODEL.tau, MODEL.kappa
    variance = [r.sigma**2 + tau**2 for r in ratings]
    c = math.sqrt(sum(v + beta**2 for v in variance))
    strength = [math.exp(r.mu / c) for r in ratings]
    count = len(ratings)
    below = [sum(strength[s] for s in range(count) if ranks[s] >= ranks[q]) for q in range(count)]
    tied = [sum(1 for s in range(count) if ranks[s] == ranks[q]) for q in range(count)]
    out = []
    for i, rating in enumerate(ratings):
        omega = delta = 0.0
        for q in range(count):
            if ranks[q] <= ranks[i]:
                share = strength[i] / below[q]
                omega += ((1.0 if q == i else 0.0) - share) / tied[q]
                delta += share * (1 - share) / tied[q]
        omega *= variance[i] / c
        delta *= (math.sqrt(variance[i]) / c) * variance[i] / c**2
        sigma = math.sqrt(variance[i]) * math.sqrt(max(1 - delta, kappa))
        out.append((rating.mu + omega, sigma))
    return out


places = st.integers(2, 6).flatmap(
    lambda n: st.tuples(
        st.lists(
            st.builds(Rating, st.floats(0, 50), st.floats(0.5, 9), st.integers(0, 30)),
            min_size=n,
            max_size=n,
        ),
        st.lists(st.integers(1, n), min_size=n, max_size=n),
    )
)


@given(places)
def test_r2_updates_for_2_to_6_places_with_ties_follow_weng_lin(
    case: tuple[list[Rating], list[int]],
) -> None:
    ratings, ranks = case
    after = rate(ratings, ranks)
    for got, (mu, sigma), before in zip(after, weng_lin(ratings, ranks), ratings, strict=True):
        assert math.isclose(got.mu, mu, rel_tol=1e-9, abs_tol=1e-9)
        assert math.isclose(got.sigma, sigma, rel_tol=1e-9, abs_tol=1e-9)
        assert got.games == before.games + 1


@given(places)
def test_r2_updates_are_openskills_own(case: tuple[list[Rating], list[int]]) -> None:
    ratings, ranks = case
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in ratings]
    expected = MODEL.rate(teams, ranks=list(ranks))
    for got, (team,) in zip(rate(ratings, ranks), expected, strict=True):
        assert math.isclose(got.mu, team.mu, rel_tol=1e-12, abs_tol=1e-12)
        assert math.isclose(got.sigma, team.sigma, rel_tol=1e-12, abs_tol=1e-12)


@given(st.integers(2, 6))
def test_r2_among_equals_the_winner_gains_the_last_loses_a_tie_moves_alike(size: int) -> None:
    equal = [NEW] * size
    after = rate(equal, list(range(1, size + 1)))
    assert after[0].mu > NEW.mu > after[-1].mu
    assert all(a.mu > b.mu for a, b in itertools.pairwise(after))
    tie = rate(equal, [1] * size)
    assert all(math.isclose(r.mu, NEW.mu, abs_tol=1e-9) for r in tie)
    assert all(r.sigma < NEW.sigma for r in tie)  # a game played teaches something


def test_r2_a_tie_with_a_stronger_player_is_a_gain() -> None:
    strong, weak = Rating(30, 2), Rating(20, 6)
    after = rate([strong, weak], [1, 1])
    assert after[1].mu > weak.mu and after[0].mu < strong.mu


def test_r3_provisional_until_ten_rated_games() -> None:
    rating = NEW
    for _ in range(PROVISIONAL_GAMES - 1):
        rating = rate([rating, NEW], [1, 2])[0]
        assert rating.provisional
    rating = rate([rating, NEW], [1, 2])[0]
    assert rating.games == PROVISIONAL_GAMES and not rating.provisional
    assert NEW.shown == 1500


def test_r4_computer_levels_have_their_published_ratings() -> None:
    data = json.loads(BOT_RATINGS.read_text(encoding="utf-8"))
    assert data["command"].startswith("python tools/calibrate_bot_ratings.py")
    for family, levels in data["families"].items():
        for level, figures in levels.items():
            assert bot_rating(family, level) == Rating(
                figures["mu"], figures["sigma"], figures["games"]
            )
    assert set(data["families"]) == {"boggle-4x4", "boggle-big", "topword-fr", "upwords-en"}
    assert bot_rating("boggle-4x4", "no such level") == NEW
