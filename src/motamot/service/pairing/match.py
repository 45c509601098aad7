"""Who is paired with whom (pure: the seeks and the time come in).

Two seeks fit when they ask for the same game (ruleset, pace, rated or not), come from
two players under two names that do not look alike, from two client addresses and two
browsers (F18: one machine is not paired with itself), and, when both have a rating,
are close enough: within a
window that widens with the time each has waited (the wider of the two counts), so that
nobody waits for ever for a perfect match. Among those that fit, a seeker with a rating
takes the closest rating first, else whoever has waited longest.
"""

from __future__ import annotations

from collections.abc import Sequence

from motamot.names import same_name
from motamot.service.pairing.seeks import Pairing, Seek

#: Rating points apart two seeks may be at once...
BASE_WINDOW = 150
#: ... widening by this many per second waited...
GROWTH_PER_SECOND = 10
#: ... up to this many.
MAX_WINDOW = 800


def window(waited: float) -> float:
    """How far apart in rating a seek that waited `waited` seconds accepts."""
    return min(MAX_WINDOW, BASE_WINDOW + GROWTH_PER_SECOND * max(0.0, waited))


def fits(a: Seek, b: Seek, now: float) -> bool:
    """Whether `a` and `b` may be paired at `now` (the same answer both ways)."""
    if a.player == b.player or a.id == b.id:
        return False
    if (a.ruleset, a.pace, a.rated) != (b.ruleset, b.pace, b.rated):
        return False
    if same_name(a.name, b.name):
        return False  # two seats of one name: the table could not seat the second
    if (a.origin and a.origin == b.origin) or (a.browser and a.browser == b.browser):
        return False  # one machine's two seeks: a side door around the rooms' quota
    if a.rating is None or b.rating is None:
        return True
    return abs(a.rating - b.rating) <= max(window(now - a.since), window(now - b.since))


def choose(seeker: Seek, waiting: Sequence[Seek], now: float) -> Seek | None:
    """The waiting seek `seeker` is paired with (None: none fits)."""
    fitting = [other for other in waiting if fits(seeker, other, now)]
    if not fitting:
        return None
    if seeker.rating is not None:
        rated = [other for other in fitting if other.rating is not None]
        if rated:
            mine = seeker.rating
            return min(rated, key=lambda o: (abs((o.rating or 0) - mine), o.since, o.id))
    return min(fitting, key=lambda other: (other.since, other.id))


def pairs(waiting: Sequence[Seek], now: float) -> list[Pairing]:
    """Every pairing among `waiting`, the longest waiting served first; afterwards no
    two seeks left fit."""
    left = sorted(waiting, key=lambda seek: (seek.since, seek.id))
    found = []
    while left:
        first = left.pop(0)
        other = choose(first, left, now)
        if other is not None:
            left.remove(other)
            found.append(Pairing(first, other))
    return found
