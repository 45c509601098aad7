"""Ratings: OpenSkill's Weng-Lin model (Plackett-Luce), made for free-for-all games of 2+.

One rating per game and board family (`GameOutcome.family`: boggle-4x4, boggle-big,
topword-fr, upwords-en). A rated match or game updates every person's rating from the
final ranking (ties share a rank); a computer player takes part with its level's fixed,
published rating (`data/bot_ratings.json`, calibrated by self-play:
`tools/calibrate_bot_ratings.py`) and is never updated. A rating is provisional until
`PROVISIONAL_GAMES` rated games. It is shown as `SCALE` × mu (1500 to begin with).
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import NamedTuple

from openskill.models import PlackettLuce

#: Rated games before a rating is no longer provisional (shown with « ? »).
PROVISIONAL_GAMES = 10
#: A rating is shown as SCALE × mu: a new player's 25 is 1500.
SCALE = 60
BOT_RATINGS = Path(__file__).parent / "data" / "bot_ratings.json"

MODEL = PlackettLuce()


class Rating(NamedTuple):
    """A player's rating in one family (a tuple: ten thousands are made per second)."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    games: int = 0

    @property
    def shown(self) -> int:
        return round(SCALE * self.mu)

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


NEW = Rating()


def rate(ratings: Sequence[Rating], ranks: Sequence[int]) -> list[Rating]:
    """Everyone's rating after a game where they finished at `ranks` (1 first, ties equal).

    The Weng-Lin Plackett-Luce update of one-player teams exactly as OpenSkill's
    `PlackettLuce.rate` computes it, with the model's parameters (`MODEL`: beta, tau,
    kappa, its default gamma sigma / c), without the copies and ids it makes at each call
    (four times faster; tests/service/players/test_ratings.py checks it equal to
    `MODEL.rate` and to the paper's algorithm on 2 to 6 places with ties)."""
    tau_squared, kappa = MODEL.tau**2, MODEL.kappa
    variances = [r.sigma * r.sigma + tau_squared for r in ratings]
    c = math.sqrt(sum(variances) + MODEL.beta**2 * len(ratings))
    strengths = [math.exp(r.mu / c) for r in ratings]
    # by rank: how many share it, and the strengths of everyone ranked at or below it
    tied: dict[int, int] = {}
    below: dict[int, float] = {}
    for rank, strength in zip(ranks, strengths, strict=True):
        tied[rank] = tied.get(rank, 0) + 1
        below[rank] = below.get(rank, 0.0) + strength
    order = sorted(tied)
    total = 0.0
    for rank in reversed(order):
        total += below[rank]
        below[rank] = total
    out = []
    for before, rank_i, strength, variance in zip(
        ratings, ranks, strengths, variances, strict=True
    ):
        omega = delta = 0.0
        for rank in order:
            if rank > rank_i:
                break
            # the A places q of this rank each add (δ_iq − share) / A and share (1 − share) / A
            share = strength / below[rank]
            delta += share * (1 - share)
            omega += ((1 if rank == rank_i else 0) - tied[rank] * share) / tied[rank]
        omega *= variance / c
        delta *= variance / (c * c) * (math.sqrt(variance) / c)
        sigma = math.sqrt(variance) * math.sqrt(max(1 - delta, kappa))
        out.append(Rating(before.mu + omega, sigma, before.games + 1))
    return out


@cache
def bot_ratings() -> Mapping[str, Mapping[str, Rating]]:
    """Each family's computer levels and their fixed ratings (the published figures)."""
    data = json.loads(BOT_RATINGS.read_text(encoding="utf-8"))
    return {
        family: {level: Rating(r["mu"], r["sigma"], r["games"]) for level, r in levels.items()}
        for family, levels in data["families"].items()
    }


def bot_rating(family: str, level: str) -> Rating:
    """A computer level's fixed rating in `family` (a level not calibrated: a new player's)."""
    return bot_ratings().get(family, {}).get(level, NEW)
