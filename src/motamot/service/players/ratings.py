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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from openskill.models import PlackettLuce

#: Rated games before a rating is no longer provisional (shown with « ? »).
PROVISIONAL_GAMES = 10
#: A rating is shown as SCALE × mu: a new player's 25 is 1500.
SCALE = 60
BOT_RATINGS = Path(__file__).parent / "data" / "bot_ratings.json"

MODEL = PlackettLuce()


@dataclass(frozen=True)
class Rating:
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
    """Everyone's rating after a game where they finished at `ranks` (1 first, ties equal)."""
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in ratings]
    after = MODEL.rate(teams, ranks=list(ranks))
    return [
        Rating(team[0].mu, team[0].sigma, before.games + 1)
        for team, before in zip(after, ratings, strict=True)
    ]


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
