"""Round robin (rule K3): everybody meets everybody once, by the circle method.

Pure code. With an odd count a bye takes the empty place, so each player has one bye.
Player `n-1` (or the bye) stays put while the others turn one place a round; the board
with the fixed place alternates its starting player and the other boards put first the
player coming from the "upper" arc, which keeps every player's starts and seconds within
one of each other.
"""

from __future__ import annotations

from collections.abc import Sequence

from motamot.service.tournament.swiss import Pairing, Round

#: The most players a round robin takes (a round robin of 12 is 11 rounds).
MAX_PLAYERS = 12


def robin_rounds(players: Sequence[str]) -> tuple[Round, ...]:
    """Every round of a round robin among `players`, in their seeding order."""
    if len(set(players)) != len(players):
        raise ValueError("a player is listed twice")
    if not 2 <= len(players) <= MAX_PLAYERS:
        raise ValueError(f"a round robin takes 2 to {MAX_PLAYERS} players")
    places: list[str | None] = [*players, None] if len(players) % 2 else list(players)
    m = len(places)
    turning, fixed = places[:-1], places[-1]
    rounds: list[Round] = []
    for r in range(m - 1):
        boards: list[tuple[str | None, str | None]] = []
        head = turning[r % (m - 1)]
        boards.append((fixed, head) if r % 2 else (head, fixed))
        for i in range(1, m // 2):
            boards.append((turning[(r + i) % (m - 1)], turning[(r - i) % (m - 1)]))
        pairs = tuple(Pairing(a, b) for a, b in boards if a is not None and b is not None)
        bye = next((a or b for a, b in boards if a is None or b is None), None)
        rounds.append(Round(pairs, bye))
    return tuple(rounds)
