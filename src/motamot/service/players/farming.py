"""Ratings that resist farming (docs/rules.md, R5-R8): which rated outcomes do not rate.

Two accounts of one person, or two friends, could trade wins: a game resigned at once,
again and again, lifts one of them to the top of `/classements`. A rated outcome does
not rate when it was not really played (R5), when its people are the same browser or
address (R6: the seats' kin marks, stored with the seats), or when a pair of its people
has already rated `PAIR_GAMES_A_DAY` games together that UTC day in the family (R7).
Pure: the projection asks, in the order outcomes are rated, so a rebuild from the
events decides the same.
"""

from __future__ import annotations

import datetime
import itertools
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable

from motamot.service.rooms.results import GameOutcome

#: Moves laid each place of a Topword game needs for it to rate: a game resigned or
#: timed out before both sides played twice is not a game (a Boggle match has no such
#: end: it plays its rounds).
MIN_MOVES = 2
#: Rated games a pair of people may rate together in one UTC day of a family.
PAIR_GAMES_A_DAY = 3

Pair = tuple[str, str]


def day_of(outcome: GameOutcome) -> str:
    """The UTC day an outcome ended (R7 counts a pair's games by it)."""
    return datetime.datetime.fromtimestamp(outcome.ended_at, datetime.UTC).date().isoformat()


def pairs(outcome: GameOutcome) -> list[Pair]:
    """Every pair of people (computer players aside) of `outcome`, each in order."""
    people = sorted({p.player for p in outcome.places if p.player is not None})
    return list(itertools.combinations(people, 2))


def not_rated(outcome: GameOutcome, rated_together: Callable[[Pair], int]) -> str | None:
    """Why the rated `outcome` does not rate (`short`, `kin`, `same_pair`), or None;
    `rated_together(pair)`: the games the pair rated together that day before it."""
    if outcome.kind == "topword" and any(p.figures.moves < MIN_MOVES for p in outcome.places):
        return "short"
    people = [place for place in outcome.places if place.player is not None]
    for one, other in itertools.combinations(people, 2):
        if one.player != other.player and set(one.marks) & set(other.marks):
            return "kin"
    if any(rated_together(pair) >= PAIR_GAMES_A_DAY for pair in pairs(outcome)):
        return "same_pair"
    return None


def unrated(outcomes: Iterable[GameOutcome]) -> list[tuple[GameOutcome, str]]:
    """The rated outcomes (all of one store, any families) that rated nobody, and why:
    decided as the projection decides, family by family in key order (the operator's
    list, `motamot admin fairplay`)."""
    together: defaultdict[tuple[str, str], Counter[Pair]] = defaultdict(Counter)
    found = []
    rated = (o for o in outcomes if o.rated and any(p.player for p in o.places))
    for outcome in sorted(rated, key=lambda o: (o.family, o.key)):
        counts = together[(outcome.family, day_of(outcome))]
        why = not_rated(outcome, counts.__getitem__)
        if why is not None:
            found.append((outcome, why))
            continue
        counts.update(pairs(outcome))
    return sorted(found, key=lambda item: item[0].key)
