"""D11, D12 from the rooms' events alone: the simultaneous's ranking and a club's series
(games and average share of the tops), checked against the rooms' own standings."""

from __future__ import annotations

import asyncio

from motamot.service.duplicate.commands import (
    CorrectScore,
    EndGame,
    Exclude,
    StartDuplicate,
    Submit,
)
from motamot.service.duplicate.simultaneous import Simultaneous, Tally, ranking, series_table
from motamot.service.ports import StoredEvent
from motamot.service.stores.memory import MemoryStore
from tests.service.conftest import KINDS
from tests.service.duplicate.test_duplicate_room import SEED, Played, moves_of


def evening(names: tuple[str, ...], plays: dict[str, str], **settings: object) -> Played:
    """An arbiter's evening of one turn: `plays` says who plays the top or a lower move."""
    played = Played(("arb", *names), arbiter=True, turn_seconds=60.0, **settings)
    played.ok("s1", StartDuplicate(SEED))
    top, lower = moves_of(played.room)
    for seat, kind in plays.items():
        played.ok(seat, Submit(top if kind == "top" else lower))
    played.advance(61)
    played.ok("s1", EndGame(reason="fin"))
    return played


def tally_of(played: Played) -> Tally:
    settings = played.room.settings
    tally = Tally(settings.number, settings.series, arbiter=settings.arbiter)
    for event in played.events[1:]:
        tally.fold(event)
    return tally


def test_d11_the_ranking_from_events_matches_each_room_s_standings() -> None:
    one = evening(("ana", "bob"), {"s2": "top", "s3": "lower"}, number=7)
    two = evening(("cat", "dan", "eve"), {"s2": "lower"}, number=7)
    two.ok("s1", Exclude("s4", reason="téléphone"))
    two.ok("s1", CorrectScore("s3", 1, 1, reason="r"))
    tallies = [("one", tally_of(one)), ("two", tally_of(two))]
    lines = ranking(tallies)
    assert [line.name for line in lines] == ["ana", "bob", "cat", "dan"]  # no arbiter, no eve
    for room, played in (("one", one), ("two", two)):
        standings = {s["seat"]: s for s in played.room.view(None)["game"]["standings"]}
        for line in (line for line in lines if line.room == room):
            assert (line.total, line.percent) == (
                standings[line.seat]["total"],
                standings[line.seat]["percent"],
            )
    assert [line.rank for line in lines] == [1, 2, 2, 4]  # the same lower move: level
    assert lines[-1].total == 1  # the arbiter's correction counts


def test_d12_a_series_averages_each_player_s_share_over_their_evenings() -> None:
    first = evening(("ana", "bob"), {"s2": "top", "s3": "lower"}, series="club")
    second = evening(("Ana", "cat"), {"s3": "top"}, series="club")
    running = Played(("arb", "zoe"), arbiter=True, series="club")  # not over: not counted
    table = series_table([tally_of(first), tally_of(second), tally_of(running)])
    lines = {line.name.casefold(): line for line in table}
    assert set(lines) == {"ana", "bob", "cat"}  # « Ana » and « ana » are one player
    bob = first.room.view(None)["game"]["standings"][1]
    assert lines["ana"].games == 2 and lines["ana"].average == 50.0 and lines["ana"].best == 100.0
    assert lines["cat"].average == 100.0 and lines["cat"].rank == 1
    assert lines["bob"].average == bob["percent"] and lines["bob"].games == 1
    averages = [line.average for line in table]
    assert table[0].name == "cat" and averages == sorted(averages, reverse=True)


class YieldingStore(MemoryStore):
    """A store whose reads let other tasks run meanwhile (as a database's do)."""

    async def load(self, room: str, after: int = 0) -> list[StoredEvent]:
        await asyncio.sleep(0)
        return await super().load(room, after)


def test_d11_rankings_asked_at_once_count_each_turn_once() -> None:
    played = evening(("ana", "bob"), {"s2": "top", "s3": "lower"}, number=9)
    codec = KINDS["duplicate"].codec
    store = YieldingStore()

    async def main() -> list[list[tuple[str, int]]]:
        stored = [codec.to_stored("room-of-game-9", event) for event in played.events]
        await store.append("room-of-game-9", 0, stored[:3])  # the room as first read
        reader = Simultaneous(store, codec, None)
        await reader.rooms_of(9)
        await store.append("room-of-game-9", 3, stored[3:])  # then its game, read at once
        reader._kept.clear()  # its first answer is old now
        asked = await asyncio.gather(*(reader.rooms_of(9) for _ in range(5)))
        return [[(s, t.totals.get(s, 0)) for s in ("s2", "s3")] for ((_, t),) in asked]

    expected = [(seat, played.room.totals.get(seat, 0)) for seat in ("s2", "s3")]
    assert asyncio.run(main()) == [expected] * 5  # never folded twice
