"""Rating farming through the real routes (issue 35, docs/rules.md R5-R8): one person's
two accounts behind one address trade 13 quick resignations at a rated Topword table and
rate nothing, and neither reaches `/classements`; a family behind one address rates
against people from elsewhere as before."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.server.helpers import create, hello, join, send, until
from tests.server.players.helpers import (
    Browsers,
    call,
    post_form,
    rated_boggle_match,
    rows,
    settled,
    sign_in,
    sign_up,
)
from tests.server.players.test_profiles import text_of
from tests.web.topword.test_topword_ws import create_table, play_best, start, view_of, wait_turn


def quick_resignation(browsers: Browsers) -> None:
    """The farmer opens a rated table, the mule joins and resigns at its first turn."""
    client = browsers.be("Farmer")
    room, farmer = create_table(client, name="Farmer", seats=["person"], rated=True)
    mule = join(browsers.be("Mule"), room, "Mule")
    with (
        client.websocket_connect(f"/ws/{room}") as first,
        client.websocket_connect(f"/ws/{room}") as second,
    ):
        hello(first, farmer)
        hello(second, mule)
        start(first)
        game = view_of(first)["game"]
        if game["current"] == "s1":
            play_best(first, game, 10)
        wait_turn(second, "s2")
        send(second, {"type": "resign", "id": 50})
        assert until(second, lambda m: m.get("id") == 50)["type"] == "ack"


@pytest.mark.slow
def test_r5_r6_r8_two_accounts_of_one_address_farm_13_resignations_for_nothing(
    client: TestClient,
) -> None:
    browsers = Browsers(client)  # one address: one person's two browsers
    for name in ("Farmer", "Mule"):
        sign_up(browsers.be(name), name)
    for _ in range(13):
        quick_resignation(browsers)
    settled(client)
    assert len(rows(client, "SELECT room FROM players_games WHERE rated = 1")) == 13
    assert rows(client, "SELECT player FROM players_ratings") == []  # nobody's rating moved
    board = text_of(client.get("/classements").text).split("Les plus actifs", 1)[0]
    assert "Farmer" not in board and "Mule" not in board


@pytest.mark.slow
def test_r6_a_family_behind_one_address_rates_against_people_from_elsewhere(
    client: TestClient,
) -> None:
    browsers = Browsers(client, own_addresses=True)
    for name in ("Mum", "Dad", "Zoe"):
        sign_up(browsers.be(name), name)
    browsers.addresses = {**(browsers.addresses or {}), "Dad": browsers.address_of("Mum")}
    rated_boggle_match(browsers, ["Mum", "Dad"], [3, 1])  # at home: not rated
    settled(client)
    assert rows(client, "SELECT player FROM players_ratings") == []
    rated_boggle_match(browsers, ["Mum", "Zoe"], [3, 1])  # with a friend: rated as before
    settled(client)
    assert len(rows(client, "SELECT player FROM players_ratings")) == 2
    mum = text_of(client.get("/joueur/Mum").text)
    assert "Parties : 1" in mum  # one rated game
    assert "Zoe (1)" in mum and "Dad (1)" in mum  # both games stand on her profile


@pytest.mark.slow
def test_r6_two_accounts_signed_in_on_one_browser_share_its_mark_from_anywhere(
    client: TestClient,
) -> None:
    """The farmer signs out and the mule signs in on the same browser, from another
    address: their seats at the rated table share the browser's mark, so the game rates
    neither (R6); a stranger's seat shares nothing."""
    browsers = Browsers(client, own_addresses=True)
    for name in ("Farmer", "Mule", "Zoe"):
        sign_up(browsers.be(name), name)
    laptop = browsers.be("laptop")
    sign_in(laptop, "Farmer")
    room, _ = create(laptop, name="Farmer", rated=True)
    post_form(laptop, "/compte/deconnexion", "/compte")
    browsers.addresses = {**(browsers.addresses or {}), "laptop": "203.0.113.9"}
    sign_in(browsers.be("laptop"), "Mule")
    join(browsers.be("laptop"), room, "Mule")
    join(browsers.be("Zoe"), room, "Zoe")
    host = client.app.state.rooms.host  # type: ignore[attr-defined]
    seats = call(client, host.read, room[:16], marks_of)
    farmer, mule, zoe = (set(seats[seat]) for seat in ("s1", "s2", "s3"))
    assert farmer & mule and not farmer & zoe and not mule & zoe
    assert all(len(marks) == 3 for marks in (farmer, mule))  # address, identity, known


def marks_of(room: Any) -> dict[str, tuple[str, ...]]:
    return {seat.seat: seat.marks for seat in room.seats.values()}
