"""A server in play while it is backed up, and what its restored copy must still know:
20 players write words in four rooms, accounts exist, an account has played today's
daily grid; after the restore every account signs in, every word acknowledged before the
backup began is in its room, and the daily grid is the same (the SQLite and PostgreSQL
backup tests share it)."""

from __future__ import annotations

import asyncio
import datetime
import itertools
import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from string import ascii_uppercase

import httpx2

from motamot.server.links import room_of
from tests.scale.player import Player, create_room, join_room
from tests.server.helpers import grid_words
from tests.server.players.helpers import PASSWORD

ROOMS = 4
SEATS = 5  # 20 players
ACCOUNTS = ("Ana", "Bob", "Chloé", "Dédé")
#: Seconds between two words of one player: 20 players write 50 words a second.
PACE = 0.4


def today_api() -> str:
    return f"/api/daily/classic-fr/{datetime.datetime.now(datetime.UTC).date().isoformat()}"


def sign_up(url: str, name: str) -> httpx2.Client:
    """A browser signed in to a new account `name`."""
    browser = httpx2.Client(base_url=url, timeout=20)
    page = browser.get("/compte/creer")
    found = re.search(r'name="csrf" value="([^"]+)"', page.text)
    assert found is not None
    fields = {"csrf": found[1], "name": name, "password": PASSWORD, "again": PASSWORD}
    assert browser.post("/compte/creer", data=fields).status_code == 303
    return browser


def sign_in(url: str, name: str) -> httpx2.Client:
    """A new browser signed in to `name` (an AssertionError if it cannot)."""
    browser = httpx2.Client(base_url=url, timeout=20)
    page = browser.get("/compte/connexion")
    found = re.search(r'name="csrf" value="([^"]+)"', page.text)
    assert found is not None
    fields = {"csrf": found[1], "name": name, "password": PASSWORD}
    answer = browser.post("/compte/connexion", data=fields)
    assert answer.status_code == 303, (name, answer.status_code, answer.text[:300])
    assert "motamot_session" in browser.cookies
    return browser


@dataclass
class Played:
    """What the live server acknowledged before the backup began."""

    words: dict[str, set[tuple[str, str]]] = field(default_factory=dict)  # room: (seat, word)
    daily_grid: str = ""
    daily_words: list[str] = field(default_factory=list)


def before_play(url: str) -> Played:
    """The accounts made, and the first one's play of today's daily grid with two words."""
    browsers = [sign_up(url, name) for name in ACCOUNTS]
    started = browsers[0].post(today_api() + "/start", json={"name": ACCOUNTS[0]})
    assert started.status_code == 200, started.text
    grid = started.json()["view"]["grid"]
    words = grid_words(grid)[:2]
    for word in words:
        assert browsers[0].post(today_api() + "/word", json={"text": word}).status_code == 200
    for browser in browsers:
        browser.close()
    return Played(daily_grid=grid, daily_words=words)


async def until(done: Callable[[], bool], seconds: float = 90) -> None:
    give_up = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < give_up, "the players' words did not come"
        await asyncio.sleep(0.05)


def acknowledged(players: list[Player]) -> set[tuple[str, str]]:
    return {(p.seat, text) for p in players for text in p.stored_words()}


async def play_through(url: str, played: Played, backup: Callable[[], Awaitable[None]]) -> None:
    """20 players in four rooms write words all along; `backup()` runs in the middle.
    `played.words` gets each room's words acknowledged before it began."""
    rooms: list[list[Player]] = []
    for number in range(ROOMS):
        link, seat, token = await create_room(url, f"h{number}", duration=600, rounds=1)
        seats = [Player(f"h{number}", [url], link, token, seat)]
        for other in range(1, SEATS):
            joined = await join_room(url, link, f"p{number}x{other}")
            seats.append(Player(f"p{number}x{other}", [url], link, joined[1], joined[0]))
        rooms.append(seats)
    everyone = [player for seats in rooms for player in seats]
    for player in everyone:
        await player.start()
    for seats in rooms:
        assert (await seats[0].request({"type": "start"}))["type"] == "ack"
    await until(lambda: all(seats[0].grid is not None for seats in rooms))
    # the grid's words, then junk (stored, refused by the dictionary): never run out
    junk = ("ZZ" + "".join(letters) for letters in itertools.product(ascii_uppercase, repeat=3))
    stop = asyncio.Event()

    async def write(player: Player, words: itertools.chain[str]) -> None:
        while not stop.is_set():
            await player.write(next(words))
            await asyncio.sleep(PACE)

    writers = []
    for seats in rooms:
        assert seats[0].grid is not None
        words = itertools.chain(grid_words(seats[0].grid), junk)
        writers += [asyncio.create_task(write(p, words)) for p in seats]
    await until(lambda: all(len(acknowledged(seats)) >= 10 for seats in rooms))
    before = {room_of(seats[0].room): acknowledged(seats) for seats in rooms}
    await backup()
    after = len(acknowledged(everyone))
    await until(lambda: len(acknowledged(everyone)) > after)  # words went on
    stop.set()
    await asyncio.gather(*writers)
    for player in everyone:
        await player.stop()
    played.words = before


def check_restored(url: str, played: Played) -> None:
    """Every account signs in, its profile is there, the first one finds its daily play
    with its grid and words, and a newcomer is given the same grid."""
    for name in ACCOUNTS:
        browser = sign_in(url, name)
        assert browser.get(f"/joueur/{name}").status_code == 200
        if name == ACCOUNTS[0]:
            state = browser.get(today_api()).json()
            assert state["view"]["grid"] == played.daily_grid
            assert [w["text"] for w in state["view"]["play"]["words"]] == played.daily_words
        browser.close()
    with httpx2.Client(base_url=url, timeout=20) as newcomer:
        started = newcomer.post(today_api() + "/start", json={"name": "Zoé"})
        assert started.status_code == 200 and started.json()["view"]["grid"] == played.daily_grid
    for room in played.words:
        with httpx2.Client(base_url=url, timeout=20) as visitor:
            assert visitor.get(f"/r/{room}/watch").status_code == 200
