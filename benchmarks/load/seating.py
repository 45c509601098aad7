"""Rooms and seats over the HTTP API, routed as a proxy in front of the servers would.

`room` is the README's nginx: a request without a room id (POST /api/rooms) goes to
any process (here: each in turn), everything naming a room (its joins, its
sockets) to the process its id hashes to. `spread` puts a room's players on
every process in turn, so most of their commands cross to the room's owner.
"""

from __future__ import annotations

import asyncio
import http.cookiejar
import zlib
from dataclasses import replace
from typing import Any

import httpx2

from load.browser import Seat

#: Rooms seated at once (each a create then its joins, one after the other).
ROOMS_AT_ONCE = 50


class NoCookies(http.cookiejar.DefaultCookiePolicy):
    """Each seat is a browser of its own: no identity cookie is kept between joins."""

    def set_ok(self, cookie: http.cookiejar.Cookie, request: Any) -> bool:
        return False


def routed(bases: list[str], room: str) -> str:
    """The process a room's id hashes to (nginx `hash ... consistent` picks one this way,
    with its own hash: any fixed hash of the id is the same routing)."""
    return bases[zlib.crc32(room.encode()) % len(bases)]


async def seat_players(
    bases: list[str],
    players: int,
    size: int,
    later: float,
    route: str,
    duration: float,
    rounds: int,
) -> list[Seat]:
    """Rooms of `size` for `players` (the last one may be smaller); the last `later` share
    of the rooms form group 1, whose host starts later."""
    count = (players + size - 1) // size
    late_from = count - round(count * later)
    gate = asyncio.Semaphore(ROOMS_AT_ONCE)
    limits = httpx2.Limits(max_connections=ROOMS_AT_ONCE)
    async with httpx2.AsyncClient(limits=limits, timeout=120, trust_env=False) as http:

        async def one_room(number: int) -> list[Seat]:
            group = 1 if number >= late_from else 0
            settings = {"name": "p0", "duration": duration, "rounds": rounds}
            async with gate:
                answer = await http.post(f"{bases[number % len(bases)]}/api/rooms", json=settings)
                created = answer.json()
                assert "room" in created, (answer.status_code, answer.text)
                room = created["room"]

                def where(index: int) -> str:
                    if route == "room":
                        return routed(bases, room)
                    return spread(bases, number + index)

                out = [Seat(room, created["token"], True, where(0), group)]
                for index in range(1, min(size, players - number * size)):
                    url = f"{where(index)}/api/rooms/{room}/join"
                    joined = await http.post(url, json={"name": f"p{index}"})
                    data = joined.json()
                    assert "token" in data, (joined.status_code, joined.text)
                    out.append(Seat(room, data["token"], False, where(index), group))
            return out

        rooms = await asyncio.gather(*(one_room(n) for n in range(count)))
    seats = [seat for room in rooms for seat in room]
    return [replace(seat, source=source_address(i)) for i, seat in enumerate(seats)]


def spread(bases: list[str], index: int) -> str:
    """`spread` routing: the `index`-th player on every process in turn (whatever its
    room: a non-owner relays its commands to the room's owner)."""
    return bases[index % len(bases)]


def source_address(index: int) -> str:
    """Player `index`'s own loopback address (all of 127/8 is this machine), so that the
    server sees one address per player, as on the internet, not thousands behind one."""
    return f"127.{10 + index // 62500}.{index // 250 % 250}.{index % 250 + 1}"
