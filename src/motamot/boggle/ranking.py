"""Ranks among many players with ties, and where a rank stands (docs/rules.md, A3).

Competition ranking ("1224"): players with the same score share a rank, and the next
score down is ranked after all of them. "Top" says what share of the field a rank is
in, rounded up to a whole percent, so that the best of a hundred is « top 1 % » and a
tie shares its figure. Pure: scores in, ranks out.
"""

from __future__ import annotations

from collections.abc import Sequence


def competition_ranks(scores: Sequence[int]) -> list[int]:
    """Each score's rank, in the order given: 1 + how many scores are strictly higher."""
    order = sorted(range(len(scores)), key=lambda index: -scores[index])
    ranks = [0] * len(scores)
    for place, index in enumerate(order):
        if place and scores[order[place - 1]] == scores[index]:
            ranks[index] = ranks[order[place - 1]]
        else:
            ranks[index] = place + 1
    return ranks


def top_percent(rank: int, players: int) -> int:
    """The share of the field (1-100, a whole percent rounded up) that `rank` is in."""
    if not 1 <= rank <= players:
        raise ValueError(f"rank {rank} among {players} players")
    return -(-100 * rank // players)
