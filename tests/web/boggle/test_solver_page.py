"""« Le solveur » (`/boggle/solveur`): a typed grid's words, by length, each with its
path, as the solver finds them with the list new games get (W4); the chosen word
traced; a grid that cannot be read says why, never a 500."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient

from motamot.boggle import get_preset, parse_grid, solve
from motamot.lexicon import load_lexicon
from motamot.lexicon.changes import WordChange
from motamot.service.ports import ManualClock
from tests.server.helpers import server

GRID = "ORTE/BEST/INAM/GTED"


@pytest.fixture
def client() -> Iterator[TestClient]:
    with server(ManualClock()) as client:
        yield client


def words_of(page: str) -> list[str]:
    return re.findall(r'<li><a href="/boggle/solveur\?[^"]*"[^>]*>([A-Z]+)</a>', page)


def test_b13_the_solver_lists_every_word_by_length_with_its_path(client: TestClient) -> None:
    answer = client.get(f"/boggle/solveur?grille={GRID}&mot=DANSE")
    assert answer.status_code == 200
    expected = solve(parse_grid(GRID), get_preset("classic-fr"), load_lexicon("fr")).words
    shown = words_of(answer.text)
    assert sorted(shown) == sorted(word.word for word in expected)
    assert [len(word) for word in shown] == sorted(map(len, shown), reverse=True)
    assert 'DANSE</a> <small class="muted">D4 → C3 → B3 → C2 → D1</small>' in answer.text
    assert "DANSE, tracé sur la grille." in answer.text
    assert answer.text.count('class="pic-die lit"') == 5
    english = client.get(f"/boggle/solveur?grille={GRID.lower()}&lang=en")
    assert f"{len(expected)} words" in english.text and "The grid solver" in english.text


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("OR1E/BEST/INAM/GTED", "caractère invalide"),
        ("ORTE/BES", "la rangée 1 a 4 faces"),
        ("A" * 5000, "120 faces : il en faut un carré"),
        ("<script>", "caractère invalide"),
    ],
)
def test_a_grid_that_cannot_be_read_says_why(client: TestClient, typed: str, said: str) -> None:
    answer = client.get(
        "/boggle/solveur", params={"grille": typed, "jeu": "nope", "mot": "x" * 999}
    )
    assert answer.status_code == 400 and said in answer.text.replace("&#39;", "'")
    assert "<script>" not in answer.text.split("<main", 1)[1]


def test_w4_the_solver_judges_with_the_version_new_games_get(client: TestClient) -> None:
    assert "KIP" not in words_of(client.get("/boggle/solveur?grille=KIPE/ZEFT/RASO/NULI").text)
    shelf = client.app.state.rooms.shelf  # type: ignore[attr-defined]
    shelf.versions.update("fr", [WordChange("fr", 1, "KIP", True, "ODS", 1.0)])
    assert "KIP" in words_of(client.get("/boggle/solveur?grille=KIPE/ZEFT/RASO/NULI").text)
