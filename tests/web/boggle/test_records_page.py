"""« Grilles records » (`/boggle/records`, issue 41): every published grid with its
figures and « Jouer cette grille », which opens the home page's form on it as the box's
grid (B16): the room plays it and is never rated. Hostile requests change nothing."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from urllib.parse import parse_qsl, urlsplit

import pytest
from starlette.testclient import TestClient

from motamot.boggle.records import RECORDS
from motamot.service.ports import ManualClock
from motamot.web.boggle.api import same_grid_defaults
from motamot.web.boggle.records import play_link
from tests.server.helpers import server


@pytest.fixture
def client() -> Iterator[TestClient]:
    with server(ManualClock()) as client:
        yield client


def box_field(page: str) -> str:
    """The value the home page's « grille de la boîte » field is prefilled with."""
    found = re.search(r'<input id="box-grid" name="box_grid" value="([^"]*)"', page)
    assert found is not None
    return html.unescape(found[1])


def test_the_page_lists_every_record_with_its_figures_and_a_link_to_play_it(
    client: TestClient,
) -> None:
    answer = client.get("/boggle/records")
    assert answer.status_code == 200 and "<h1>Grilles records</h1>" in answer.text
    page = html.unescape(answer.text)
    assert page.count('class="card record"') == len(RECORDS) >= 3
    for record in RECORDS:
        assert f"<code>{record.grid}</code>" in page
        assert f"<code>{record.command}</code>" in page
        assert f'href="{play_link(record)}">Jouer cette grille</a>' in page
    english = client.get("/boggle/records?lang=en")
    assert "Record grids" in english.text and "Play this grid" in english.text


def test_b16_play_this_grid_opens_the_form_on_it_and_the_room_plays_it_unrated(
    client: TestClient,
) -> None:
    for record in RECORDS:
        home = client.get(play_link(record))
        assert home.status_code == 200
        assert box_field(home.text) == record.grid
        assert f"Grille record {record.grid}" in html.unescape(home.text)
        assert re.search(r'<details class="create-part" id="fold-boggle" open>', home.text)
        assert f'<option value="{record.preset}" data-duration="180" selected>' in home.text
    record = RECORDS[0]
    body = {"name": "Ana", "preset": record.preset, "box_grid": record.grid}
    refused = client.post("/api/boggle", json={**body, "rated": True})
    assert refused.status_code == 409 and "room" not in refused.json()
    assert refused.json()["fields"] == {"detail": "a box's grid is never rated"}
    made = client.post("/api/boggle", json=body)
    assert made.status_code == 200, made.text
    room = made.json()["room"]
    assert client.get(f"/r/{room}").status_code == 200


def test_the_play_links_defaults_read_back_as_the_record() -> None:
    for record in RECORDS:
        query = dict(parse_qsl(urlsplit(play_link(record)).query))
        defaults = same_grid_defaults(query, ["fr", "en"])
        assert defaults == {"preset": record.preset, "box_grid": record.grid}


@pytest.mark.parametrize(
    "query",
    [
        {"box_grid": "<script>alert(1)</script>"},
        {"box_grid": "A" * 5000},
        {"box_grid": "ORTE/BEST/INAM"},
        {"box_grid": "ORTE/BEST/INAM/GTED", "preset": "big"},
        {"box_grid": "ORTEB/ESTIN/AMGTE/DORTE/BESTI"},
        {"box_grid": "ORTE/BEST/INAM/GTED\x00"},
        {"box_grid": "\u202eORTE/BEST/INAM/GTED"},
        {"box_grid": ""},
    ],
)
def test_a_hostile_box_grid_in_a_link_is_left_out(
    client: TestClient, query: dict[str, str]
) -> None:
    answer = client.get("/", params=query)
    assert answer.status_code == 200
    assert box_field(answer.text) == ""
    assert 'id="record-note"' not in answer.text
    assert "<script>alert" not in answer.text


def test_a_box_grid_is_read_as_the_box_reads_it(client: TestClient) -> None:
    """Lower case and a lone q (the Qu die) become the grid's text form."""
    answer = client.get("/", params={"box_grid": "qati/pera/rite/cons"})
    assert box_field(answer.text) == "QuATI/PERA/RITE/CONS"


def test_hostile_requests_to_the_records_page(client: TestClient) -> None:
    same = client.get("/boggle/records").text
    odd = client.get("/boggle/records", params={"x": "<b>", "jeu": "nope", "grille": "A" * 999})
    assert odd.status_code == 200 and "<b>" not in odd.text and "A" * 999 not in odd.text
    assert odd.text.count('class="card record"') == same.count('class="card record"')
    assert client.post("/boggle/records", json={"grid": "ABCD"}).status_code in (403, 405)
    assert client.get("/boggle/records/1").status_code == 404
    assert client.get("/boggle/records/..%2F..%2Fetc").status_code == 404
    assert client.delete("/boggle/records").status_code in (403, 405)
