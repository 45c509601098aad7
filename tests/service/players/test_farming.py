"""Ratings that resist farming (docs/rules.md, R5-R7), decided where outcomes are rated:
a Topword game not really played, two people of one browser or address, and a pair past
its games of the day do not rate; honest games rate as before; the order outcomes arrive
in changes nothing."""

from __future__ import annotations

import datetime

from motamot.service.players.facts import RoomFacts
from motamot.service.players.farming import MIN_MOVES, PAIR_GAMES_A_DAY, not_rated
from motamot.service.players.store import PlayerStore
from motamot.service.rooms.results import GameOutcome, Place, PlaceFigures
from tests.service.conftest import run

NOON = datetime.datetime(2026, 12, 1, 12, tzinfo=datetime.UTC).timestamp()


def game(
    number: int,
    at: float = NOON,
    people: tuple[str, str] = ("ana", "bob"),
    kind: str = "boggle",
    moves: int = 5,
    marks: tuple[tuple[str, ...], tuple[str, ...]] = ((), ()),
) -> GameOutcome:
    """A rated game the first of `people` won."""
    figures = PlaceFigures(words=3, moves=moves)
    places = tuple(
        Place(f"s{n + 1}", person, person, None, 10 - n, n + 1, figures, marks[n])
        for n, person in enumerate(people)
    )
    family = "topword-fr" if kind == "topword" else "boggle-4x4"
    return GameOutcome(kind, f"room{number:03}", 9, at + number, "v", family, True, places)


def rated_games(outcomes: list[GameOutcome], batches: int = 1) -> dict[str, int]:
    """Each person's rated games once `outcomes` are projected, in `batches` batches."""

    async def body() -> dict[str, int]:
        store = await PlayerStore.open("memory")
        size = max(1, len(outcomes) // batches)
        for start in range(0, len(outcomes), size):
            chunk = outcomes[start : start + size]
            await store.project([RoomFacts(o.room, o.seq, outcomes=[o]) for o in chunk])
        rows = await store.read(lambda tx: tx.execute("SELECT player, games FROM players_ratings"))
        await store.close()
        return {str(player): int(games) for player, games in rows}

    return run(body)


def test_r5_a_topword_game_not_really_played_does_not_rate() -> None:
    short = game(1, kind="topword", moves=MIN_MOVES - 1)
    assert not_rated(short, lambda pair: 0) == "short"
    assert not_rated(game(2, kind="topword", moves=MIN_MOVES), lambda pair: 0) is None
    assert rated_games([short]) == {}
    assert rated_games([game(3, kind="topword")]) == {"ana": 1, "bob": 1}


def test_r6_one_browser_or_address_rates_nobody_of_its_own() -> None:
    kin = game(1, marks=(("home", "ana-browser"), ("home", "bob-browser")))
    assert not_rated(kin, lambda pair: 0) == "kin"
    assert rated_games([kin]) == {}
    apart = game(2, marks=(("home", "ana-browser"), ("elsewhere", "bob-browser")))
    assert rated_games([apart]) == {"ana": 1, "bob": 1}


def test_r7_a_pair_rates_three_games_a_day_in_any_order_of_arrival() -> None:
    day = [game(n) for n in range(8)]
    tomorrow = game(9, at=NOON + 86400)
    others = game(10, people=("ana", "cleo"))
    outcomes = [*day, tomorrow, others]
    expected = {"ana": PAIR_GAMES_A_DAY + 2, "bob": PAIR_GAMES_A_DAY + 1, "cleo": 1}
    assert rated_games(outcomes) == expected
    assert rated_games(outcomes, batches=len(outcomes)) == expected  # one by one
    assert rated_games(list(reversed(outcomes)), batches=len(outcomes)) == expected  # rated again


def test_r5_r6_r7_thirteen_quick_resignations_of_one_address_rate_nothing() -> None:
    """Issue 35's farm: one person's two accounts, one address, 13 games resigned at once
    in 30 s: no rating moves (before: 2281 and 719)."""
    farm = [
        game(n, at=NOON + n * 2, people=("farmer", "mule"), kind="topword", moves=n % 2,
             marks=(("home",), ("home",)))
        for n in range(13)
    ]  # fmt: skip
    assert rated_games(farm) == {}
    played = [game(n, people=("farmer", "mule"), kind="topword") for n in range(13)]
    assert rated_games(played) == {"farmer": PAIR_GAMES_A_DAY, "mule": PAIR_GAMES_A_DAY}
