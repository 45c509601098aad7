"""Swiss pairing (rule K2): players ranked by the standings meet the nearest-ranked player
they have not met yet, with a bye for the lowest-ranked player who has not had one.

Pure code. A round is the first pairing, in a fixed order (the top unpaired player takes
the highest-ranked partner left, then the next top unpaired player, ...), among those with
the fewest rematches: a depth-first search by number of rematches allowed, 0 first, so a
rematch happens only when no pairing avoids it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

#: How many partial pairings one search may try before settling for a greedy pairing
#: (a search that cannot avoid rematches among hundreds of players would take for ever).
SEARCH_BUDGET = 200_000


@dataclass(frozen=True)
class Pairing:
    """One board of a round: `first` starts the game (T3 is replaced by the pairing)."""

    first: str
    second: str


@dataclass(frozen=True)
class Round:
    """A round's boards, in rank order of their best player, and who has the bye."""

    pairs: tuple[Pairing, ...]
    bye: str | None


@dataclass(frozen=True)
class History:
    """What pairing needs to know of the rounds before: who met whom, who had a bye, each
    player's balance of games started (started minus went second), and who started their
    latest game."""

    met: frozenset[frozenset[str]] = frozenset()
    byes: frozenset[str] = frozenset()
    balance: Mapping[str, int] | None = None
    started_last: frozenset[str] = frozenset()

    def starts(self, player: str) -> int:
        return (self.balance or {}).get(player, 0)

    def has_met(self, a: str, b: str) -> bool:
        return frozenset((a, b)) in self.met


def history_of(rounds: Iterable[Round]) -> History:
    """The history folded from rounds already paired."""
    met: set[frozenset[str]] = set()
    byes: set[str] = set()
    balance: dict[str, int] = {}
    last: dict[str, bool] = {}
    for one in rounds:
        if one.bye is not None:
            byes.add(one.bye)
        for pair in one.pairs:
            met.add(frozenset((pair.first, pair.second)))
            balance[pair.first] = balance.get(pair.first, 0) + 1
            balance[pair.second] = balance.get(pair.second, 0) - 1
            last[pair.first], last[pair.second] = True, False
    started = frozenset(p for p, first in last.items() if first)
    return History(frozenset(met), frozenset(byes), balance, started)


def bye_for(ranked: Sequence[str], history: History) -> str | None:
    """The lowest-ranked player without a bye (or the lowest of all once everyone had one),
    when the count is odd."""
    if len(ranked) % 2 == 0:
        return None
    for player in reversed(ranked):
        if player not in history.byes:
            return player
    return ranked[-1]


def oriented(a: str, b: str, history: History) -> Pairing:
    """The pair with its starting player: who started less often (by balance) starts; on
    a level balance, who did not start their latest game; else the higher-ranked `a`."""
    if (history.starts(b), b in history.started_last) < (
        history.starts(a),
        a in history.started_last,
    ):
        return Pairing(b, a)
    return Pairing(a, b)


def pair_round(ranked: Sequence[str], history: History) -> Round:
    """The round for players in standing order (best first), all distinct."""
    if len(set(ranked)) != len(ranked):
        raise ValueError("a player is ranked twice")
    bye = bye_for(ranked, history)
    players = [p for p in ranked if p != bye]
    order = _best_order(players, history)
    pairs = tuple(oriented(players[i], players[j], history) for i, j in order)
    return Round(pairs, bye)


def rematches(pairs: Iterable[tuple[str, str]], history: History) -> int:
    return sum(1 for a, b in pairs if history.has_met(a, b))


def _best_order(players: Sequence[str], history: History) -> list[tuple[int, int]]:
    """Index pairs of the first pairing with the fewest rematches (see the module)."""
    n = len(players)
    fresh = [
        [j for j in range(n) if j != i and not history.has_met(players[i], players[j])]
        for i in range(n)
    ]
    budget = [SEARCH_BUDGET]
    for allowed in range(n // 2 + 1):
        found = _search(n, fresh, allowed, budget)
        if found is not None:
            return found
        if budget[0] <= 0:
            break
    return _greedy(n, fresh)


def _greedy(n: int, fresh: list[list[int]]) -> list[tuple[int, int]]:
    """The top unpaired player with the first fresh partner left, else the next one: what
    a search that ran out of budget falls back to."""
    left = list(range(n))
    chosen: list[tuple[int, int]] = []
    while left:
        top = left.pop(0)
        mates = set(fresh[top])
        j = next((k for k in left if k in mates), left[0])
        left.remove(j)
        chosen.append((top, j))
    return chosen


def _search(
    n: int, fresh: list[list[int]], allowed: int, budget: list[int]
) -> list[tuple[int, int]] | None:
    """The first pairing in search order with at most `allowed` rematches, or None."""
    paired = [False] * n
    chosen: list[tuple[int, int]] = []
    fresh_sets = [set(f) for f in fresh]

    def go(left: int) -> bool:
        budget[0] -= 1
        if budget[0] < 0:
            return False
        top = next((i for i in range(n) if not paired[i]), None)
        if top is None:
            return True
        if left == 0 and any(
            not paired[i] and not any(not paired[j] for j in fresh[i]) for i in range(n)
        ):
            return False
        paired[top] = True
        for j in range(top + 1, n):
            if paired[j]:
                continue
            cost = 0 if j in fresh_sets[top] else 1
            if cost > left:
                continue
            paired[j] = True
            chosen.append((top, j))
            if go(left - cost):
                return True
            chosen.pop()
            paired[j] = False
        paired[top] = False
        return False

    return chosen if go(allowed) else None
