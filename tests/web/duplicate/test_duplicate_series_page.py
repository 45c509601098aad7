"""D12: a club's series as a page (`/duplicate/serie/<name>`): each player's evenings and
average share of the tops, its finished evenings with their sheets to print, in French by
default; a bad name answers a page that says so (404), a player's name is only text."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient

from motamot.server.serve import build_app
from motamot.service.ports import ManualClock
from motamot.service.stores.memory import MemoryStore
from motamot.web import default_kinds
from tests.server.helpers import hello
from tests.web.duplicate.test_duplicate_numbered import end, play_turn, started, top_of
from tests.web.duplicate.test_duplicate_ws import create_duplicate

SERIES = "club-de-lyon"
HOSTILE = "<img src=x onerror=alert(1)>"


@pytest.fixture(scope="module")
def club() -> Iterator[tuple[TestClient, list[str]]]:
    """A server where the club played two evenings (Ana found the first one's top, not the
    second's) and starts a third; its evenings' rooms."""
    clock = ManualClock()
    store = MemoryStore()

    async def opened() -> MemoryStore:
        return store

    with TestClient(build_app(opened, clock, default_kinds(), chosen_grids=True)) as client:
        rooms = []
        for finds_top in (True, False):
            room, token, _ = started(client, turn_seconds=60, series=SERIES)
            with client.websocket_connect(f"/ws/{room}") as socket:
                game = hello(socket, None)["view"]["game"]
            ana = client.post(f"/api/rooms/{room}/join", json={"name": "Ana"}).json()["token"]
            odd = client.post(f"/api/rooms/{room}/join", json={"name": HOSTILE}).json()["token"]
            moves = {"ana": top_of(game)} if finds_top else {}
            play_turn(client, room, {"ana": ana, "odd": odd}, moves)
            clock.advance(61)
            end(client, room, token)
            rooms.append(room[:16])
        started(client, series=SERIES)  # still running: not counted
        yield client, rooms


def cells(html: str) -> list[list[str]]:
    """The series table's rows, each cell's text."""
    body = html.split('id="series-table"', 1)[1].split("</table>", 1)[0]
    rows = re.findall(r"<tr>(.*?)</tr>", body.split("<tbody>", 1)[1], re.S)
    return [
        [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
        for row in rows
    ]


def test_d12_the_series_page_ranks_the_club_s_players_by_their_average_share(
    club: tuple[TestClient, list[str]],
) -> None:
    client, rooms = club
    answer = client.get(f"/duplicate/serie/{SERIES}")
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/html")
    html = answer.text
    assert "La série « club-de-lyon »" in html and "2 soirées" in html
    rows = cells(html)
    assert rows[0] == ["1", "Ana", "2", "50,0\u202f%", "100,0\u202f%"]
    assert [row[2] for row in rows] == ["2"] * 3  # Ana, Bob and the odd name, two each
    assert {row[3] for row in rows[1:]} == {"0,0\u202f%"} and {row[0] for row in rows[1:]} == {"2"}
    for room in rooms:  # each evening links its sheet to print
        assert f'href="/r/{room}/print"' in html
    assert html.count('/print"') == 2  # the running evening is not listed
    assert HOSTILE not in html and "&lt;img src=x onerror=alert(1)&gt;" in html
    assert 'id="print"' in html and "onclick" not in html  # no inline script (CSP)
    english = client.get(f"/duplicate/serie/{SERIES}?lang=en").text
    assert "The series “club-de-lyon”" in english and "50.0%" in english
    client.cookies.clear()  # the language chosen is kept: French again for the others


def test_d12_a_series_with_no_finished_evening_says_so(club: tuple[TestClient, list[str]]) -> None:
    client, _ = club
    answer = client.get("/duplicate/serie/autre-club")
    assert answer.status_code == 200
    assert "Aucune soirée de cette série n'est encore terminée." in answer.text
    assert 'id="series-table"' not in answer.text
    assert 'id="print"' not in answer.text  # nothing to print


@pytest.mark.parametrize(
    "name",
    ["Club", "-x", "a" * 41, "club_de", "%C3%A9t%C3%A9", "%3Cb%3E", "a%20b", "..", "%00"],
)
def test_d12_a_bad_series_name_gets_a_page_saying_so(
    club: tuple[TestClient, list[str]], name: str
) -> None:
    client, _ = club
    answer = client.get(f"/duplicate/serie/{name}")
    assert answer.status_code == 404, answer.text
    assert "Pas de telle série" in answer.text
    assert "<b>" not in answer.text


def test_d12_a_room_of_no_series_is_not_counted_in_one(club: tuple[TestClient, list[str]]) -> None:
    client, _ = club
    create_duplicate(client, "Zoé")  # no series
    rows = cells(client.get(f"/duplicate/serie/{SERIES}").text)
    assert "Zoé" not in {row[1] for row in rows}
