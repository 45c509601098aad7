"""Two `motamot serve` processes over PostgreSQL and Redis: their metrics count the
commands relayed between them, the rooms claimed and the room that moved."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import httpx2
import pytest
from prometheus_client.parser import text_string_to_metric_families

from tests.scale.player import Player, create_room, join_room
from tests.scale.processes import servers
from tests.service.backends import postgres_schema, redis_prefix


@pytest.fixture
def urls() -> Iterator[tuple[str, str]]:
    with postgres_schema() as db, redis_prefix() as broker:
        yield db, broker


async def figures(address: str) -> dict[str, float]:
    """Each sample by name, labels joined to it (`motamot_relayed_commands_total:sent`)."""
    async with httpx2.AsyncClient(timeout=10) as http:
        text = (await http.get(f"{address}/metrics")).text
    found = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            key = ":".join([sample.name, *sample.labels.values()])
            found[key] = sample.value
    return found


@pytest.mark.slow
def test_relayed_claimed_and_moved_rooms_are_counted(urls: tuple[str, str]) -> None:
    db, broker = urls

    async def main() -> None:
        with servers(2, db, broker, lease_seconds=30) as (first, second):
            addresses = [first.address, second.address]
            room, seat, token = await create_room(first.address, "ana", duration=60)
            ana = Player("ana", addresses, room, token, seat, server=0)
            await ana.start()  # the room is claimed where its first player comes
            assert (await ana.request({"type": "start"}))["type"] == "ack"
            bob_seat, bob_token = await join_room(second.address, room, "bob")
            bob = Player("bob", addresses, room, bob_token, bob_seat, server=1)
            await bob.start()
            assert (await bob.write("main")).seq is not None  # relayed to the owner
            one, two = await figures(first.address), await figures(second.address)
            assert one["motamot_room_claims_total"] >= 1 and one["motamot_rooms_owned"] == 1
            assert one["motamot_relayed_commands_total:answered"] >= 1
            assert two["motamot_relayed_commands_total:sent"] >= 1
            assert two["motamot_rooms_owned"] == 0 and two["motamot_rooms_loaded"] == 1
            assert one["motamot_room_moves_total"] == 0
            # a room claimed by a join through the first process, played on the second:
            # its first relayed command moves it there
            other, _, _ = await create_room(first.address, "carl", duration=60)
            dan_seat, dan_token = await join_room(first.address, other, "dan")
            dan = Player("dan", addresses, other, dan_token, dan_seat, server=1)
            await dan.start()
            assert (await dan.request({"type": "ready", "ready": True}))["type"] == "ack"
            one, two = await figures(first.address), await figures(second.address)
            assert one["motamot_room_moves_total"] == 1
            assert two["motamot_rooms_owned"] == 1
            for player in (ana, bob, dan):
                await player.stop()

    asyncio.run(asyncio.wait_for(main(), 60))
