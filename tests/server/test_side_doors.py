"""Issue 35's « quotas around the side doors » (docs/rules.md, F18, F19): a quick
pairing's seek is a room of the address's quota, a seek is never paired with a seek of
its own address or browser, and a ban holds against a cleared browser (by name) and by
address.

On the main of 6d5e836 one address opened 175 tables in 25 s through quick pairing
(each seek a fresh identity, paired with its own other seek) where rooms are capped at
60 an hour, and a banned player was back at once under the same name from a cleared
browser."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient

from motamot.server.quotas import QuotaLimits, Quotas
from motamot.service.pairing.match import fits
from motamot.service.pairing.seeks import Seek
from motamot.service.players.banning import ban
from motamot.service.ports import ManualClock
from motamot.web.topword.quick import PAIRERS
from tests.server.helpers import create, hello, send, server, until
from tests.server.players.helpers import sign_up
from tests.server.test_moderation import browser, closed_with, players_of
from tests.web.topword.test_quick_pairing import Browser, of, receive, seek
from tests.web.topword.test_quick_pairing import until as until_frame


@pytest.fixture
def client() -> Iterator[TestClient]:
    with server(ManualClock()) as client:
        players_of(client).bans.poll = 0.05
        yield client


def a_seek(number: int, origin: str = "", browser_id: str = "") -> Seek:
    return Seek(f"id{number}", f"p{number}", f"N{number}", False, None, "topword-fr", "1m",
                False, "d" * 64, 0.0, None, origin, browser_id)  # fmt: skip


def test_f18_two_seeks_of_one_address_or_browser_never_fit() -> None:
    assert fits(a_seek(1, "home"), a_seek(2, "away"), 0.0)
    assert not fits(a_seek(1, "home"), a_seek(2, "home"), 0.0)
    assert not fits(a_seek(1, "a", "browser"), a_seek(2, "b", "browser"), 0.0)
    assert fits(a_seek(1, ""), a_seek(2, ""), 0.0)  # a proxy's own address: unknown


def round_of_pairing(client: TestClient) -> None:
    pairer = PAIRERS[client.app.state.rooms]  # type: ignore[attr-defined]
    assert client.portal is not None
    client.portal.call(pairer.round)


def test_f18_one_machine_s_two_browsers_are_not_paired_with_each_other(
    client: TestClient,
) -> None:
    first, second = Browser(client, "198.51.100.7"), Browser(client, "198.51.100.7")
    with first.socket() as a, second.socket() as b:
        until_frame(a, of("quick"))
        until_frame(b, of("quick"))
        a.send_text(seek("Ana"))
        until_frame(a, of("quick.seeking"))
        b.send_text(seek("Bob"))
        until_frame(b, of("quick.seeking"))
        round_of_pairing(client)  # the sweep pairs nothing either
        other = Browser(client)  # a player elsewhere is paired with one of them
        with other.socket() as c:
            until_frame(c, of("quick"))
            c.send_text(seek("Chloé"))
            paired = until_frame(c, lambda f: f["type"] == "quick.paired")
            assert paired["room"] and paired["token"]


def test_f18_a_seek_spends_the_addresses_rooms_quota(client: TestClient) -> None:
    rooms = client.app.state.rooms  # type: ignore[attr-defined]
    rooms.quotas = Quotas(QuotaLimits(rooms_per_hour=3))
    home = Browser(client, "198.51.100.8")
    with home.socket() as socket:
        until_frame(socket, of("quick"))
        for _ in range(2):  # seek, cancel, seek again: each seek is a table to come
            socket.send_text(seek("Ana"))
            until_frame(socket, of("quick.seeking"))
            socket.send_text(json.dumps({"type": "cancel"}))
            until_frame(socket, of("quick.ended"))
        home.use()
        assert client.post("/api/rooms", json={"name": "Ana"}).status_code == 200
        socket.send_text(seek("Ana"))
        refused = until_frame(socket, of("refused"))
        assert refused["code"] == "too_many_rooms" and refused["fields"]["retry_after"] > 0
        assert "salles" in refused["text"] or "room" in refused["text"]
        home.use()
        assert client.post("/api/rooms", json={"name": "Ana"}).status_code == 429
    elsewhere = Browser(client)  # another address has its own quota
    with elsewhere.socket() as socket:
        until_frame(socket, of("quick"))
        socket.send_text(seek("Bob"))
        assert receive(socket)["type"] == "quick.seeking"


def wait_for_bans(client: TestClient, banned: object) -> None:
    deadline = time.monotonic() + 5
    while not banned():  # type: ignore[operator]
        assert time.monotonic() < deadline, "the ban never came"
        time.sleep(0.05)


def ban_now(client: TestClient, typed: str) -> None:
    store = players_of(client).store
    assert client.portal is not None
    assert client.portal.call(ban, store, typed, time.time()) is not None


def test_f19_a_banned_account_s_name_is_not_sat_under_from_a_cleared_browser(
    client: TestClient,
) -> None:
    room, _ = create(client, "Ana")
    troll = browser(client, "203.0.113.5")
    assert sign_up(troll, "Troll").status_code == 303
    ban_now(client, "Troll")
    wait_for_bans(client, lambda: players_of(client).bans.name_banned("Troll"))
    cleared = browser(client, "203.0.113.6")  # a cleared browser, another address even
    for name in ("Troll", "TROLL", "Tröll", "Tr0ll"):
        answer = cleared.post(f"/api/rooms/{room}/join", json={"name": name})
        assert answer.status_code == 403 and answer.json()["refused"] == "banned", name
        assert cleared.post("/api/rooms", json={"name": name}).status_code == 403
    assert cleared.post(f"/api/rooms/{room}/join", json={"name": "Lutin"}).status_code == 200
    with Browser(client).socket() as socket:  # nor a quick pairing's seat
        until_frame(socket, of("quick"))
        socket.send_text(seek("Troll"))
        assert until_frame(socket, of("refused"))["code"] == "banned"


def test_f19_a_ban_by_address_refuses_it_everywhere_and_closes_its_sockets(
    client: TestClient,
) -> None:
    room, host_token = create(client, "Ana")
    there = browser(client, "203.0.113.9")
    token = there.post(f"/api/rooms/{room}/join", json={"name": "Bob"}).json()["token"]
    with (
        client.websocket_connect(f"/ws/{room}") as host,
        there.websocket_connect(f"/ws/{room}") as seat,
    ):
        hello(host, host_token)
        hello(seat, token)
        ban_now(client, "203.0.113.9")
        assert until(seat, lambda m: m["type"] == "error")["code"] == "banned"
        assert closed_with(seat) == 4451
        send(host, {"type": "ping", "c": 1})
        until(host, lambda m: m["type"] == "pong")
    fresh = browser(client, "203.0.113.9")  # cleared cookies, same address
    for answer in (
        fresh.post(f"/api/rooms/{room}/join", json={"name": "Carl"}),
        fresh.post("/api/rooms", json={"name": "Carl"}),
    ):
        assert answer.status_code == 403 and answer.json()["refused"] == "banned"
    with fresh.websocket_connect(f"/ws/{room}") as back:
        send(back, {"type": "hello", "token": None, "last_seq": 0})
        assert until(back, lambda m: m["type"] == "error")["code"] == "banned"
    assert (
        browser(client, "203.0.113.10").post("/api/rooms", json={"name": "Dan"}).status_code == 200
    )


def test_f19_the_operator_bans_and_lifts_an_address_by_typing_it(tmp_path: object) -> None:
    from motamot.service.players.banning import resolve, unban
    from motamot.service.players.store import PlayerStore

    async def body() -> None:
        store = await PlayerStore.open("memory")
        try:
            found = await resolve(store, " 2001:DB8::0:1 ")
            assert found is not None and found.address == "2001:db8::1" and found.players == ()
            assert await ban(store, "192.0.2.77", 0.0) is not None
            assert [(b.what, b.value) for b in await store.bans()] == [("address", "192.0.2.77")]
            lifted = await unban(store, "192.0.2.77")
            assert [b.value for b in lifted] == ["192.0.2.77"] and await store.bans() == []
        finally:
            await store.close()

    asyncio.run(body())
