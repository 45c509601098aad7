"""B16: « Compter les points » (`/boggle/compter`): a round played on paper, every list
typed by one scorer, judged as `judge_round` judges any round (B9-B14); bounded; what
cannot be read says why, never a 500."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient

from motamot.boggle import get_preset, parse_grid
from motamot.boggle.round import Sheet, judge_round
from motamot.lexicon import load_lexicon
from motamot.service.ports import ManualClock
from tests.server.helpers import server

GRID = "ORTE/BEST/INAM/GTED"


@pytest.fixture
def client() -> Iterator[TestClient]:
    with server(ManualClock()) as client:
        yield client


def test_b16_the_scorers_lists_are_judged_as_any_round(client: TestClient) -> None:
    params = {"grille": GRID, "nom1": "Ana", "mots1": "danse ânes zzz danse",
              "nom2": "Bob", "mots2": "Danse\nteste;rat", "mots3": "tes"}  # fmt: skip
    answer = client.get("/boggle/compter", params=params)
    assert answer.status_code == 200
    sheets = [
        Sheet.of("Ana", (0, "danse"), (0, "ânes"), (0, "zzz"), (0, "danse")),
        Sheet.of("Bob", (0, "Danse"), (0, "teste"), (0, "rat")),
        Sheet.of("#3", (0, "tes")),
    ]
    expected = judge_round(parse_grid(GRID), get_preset("classic-fr"), load_lexicon("fr"),
                           sheets, None)  # fmt: skip
    totals = re.findall(r"<bdi>(.*?)</bdi> <span class=\"total\">Total : (\d+)</span>", answer.text)
    assert totals == [(p.player, str(p.total)) for p in expected.players]
    statuses = re.findall(r'<li class="(scored|crossed|refused)">', answer.text)
    assert statuses == [e.status.value for p in expected.players for e in p.entries]
    assert "rayé, aussi chez Bob" in answer.text and "pas dans la grille" in answer.text
    assert f"En tête\u00a0: {', '.join(expected.winners)}" in answer.text


@pytest.mark.parametrize(
    ("params", "said"),
    [
        ({"grille": "OR1E/BEST/INAM/GTED", "mots1": "danse"}, "caractère invalide"),
        ({"grille": GRID, "jeu": "big", "mots1": "danse"}, "Une grille 4×4 ne se joue pas"),
    ],
)
def test_b16_what_the_scorer_cannot_have_typed_says_why(
    client: TestClient, params: dict[str, str], said: str
) -> None:
    answer = client.get("/boggle/compter", params=params)
    assert answer.status_code == 400 and said in html.unescape(answer.text)


def test_b16_the_scorer_page_is_bounded(client: TestClient) -> None:
    many = {"grille": GRID, **{f"mots{n}": "danse " * 100 for n in range(1, 12)}}
    many["mots1"] = "ânes " * 2000  # past MAX_LIST: read up to it
    answer = client.get("/boggle/compter", params=many)
    assert answer.status_code == 200
    assert answer.text.count('<section class="sheet card"') == 8  # MAX_PLAYERS lists
    assert answer.text.count('<li class="scored">ANES') == 1  # once per player (B9)
    assert client.get("/boggle/compter").status_code == 200  # the empty form
