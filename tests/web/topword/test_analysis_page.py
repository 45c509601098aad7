"""T20: « Le plateau sur la table » (`/topword/analyse`): a typed position and rack give
the move generator's best moves, each with the referee's itemised score (T12-T15), with
the list new games get (W4); the page's link gives the same page; a position or a rack
that cannot be read says why, never a 500."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient

from motamot.lexicon import load_lexicon
from motamot.lexicon.changes import WordChange
from motamot.service.ports import ManualClock
from motamot.topword import TOPWORD_FR, parse_rack
from motamot.topword.board import parse_position
from motamot.topword.hints import hints
from tests.server.helpers import server

POSITION = "/".join(["." * 10] * 4 + ["....MAIN.."] + ["." * 10] * 5)


@pytest.fixture
def client() -> Iterator[TestClient]:
    with server(ManualClock()) as client:
        yield client


def moves_of(page: str) -> list[tuple[str, int]]:
    found = re.findall(r"<li><strong>(.*?)</strong> — (\d+) points?", page)
    return [(notation, int(points)) for notation, points in found]


def test_t20_a_typed_position_gives_the_best_moves_itemised(client: TestClient) -> None:
    answer = client.get("/topword/analyse", params={"position": POSITION, "chevalet": "etsu"})
    assert answer.status_code == 200
    expected = hints(
        parse_position(POSITION), parse_rack("ETSU"), TOPWORD_FR, load_lexicon("fr"), 10
    )
    assert moves_of(answer.text) == [(h.move.notation, h.verdict.points) for h in expected]
    first = expected[0].verdict
    for word in first.words:
        assert f"<li>{word.word} : {word.points}" in answer.text  # the referee's words
    link = html.unescape(re.findall(r'<a href="([^"]+)" id="position-link"', answer.text)[0])
    assert moves_of(client.get(link).text) == moves_of(answer.text)  # the link shares it
    empty = client.get("/topword/analyse?chevalet=EAIMNST&lang=en")
    assert "The best moves" in empty.text and len(moves_of(empty.text)) == 10


@pytest.mark.parametrize(
    ("position", "rack", "said"),
    [
        ("abc", "xx", "une position a 10 rangées"),
        ("", "ZZZZ", "4 × Z, le jeu en a 1"),
        ("", "abcdefghij", "chevalet"),
        (POSITION.replace("M", "M9"), "e", "hauteur"),
    ],
)
def test_t20_a_position_or_rack_that_cannot_be_read_says_why(
    client: TestClient, position: str, rack: str, said: str
) -> None:
    answer = client.get("/topword/analyse", params={"position": position, "chevalet": rack})
    assert answer.status_code == 400 and said in html.unescape(answer.text)


def test_w4_the_analysis_judges_with_the_version_new_games_get(client: TestClient) -> None:
    params = {"position": POSITION, "chevalet": "ZEF"}
    assert "ZEF" not in client.get("/topword/analyse", params=params).text.split("best-moves")[-1]
    shelf = client.app.state.rooms.shelf  # type: ignore[attr-defined]
    shelf.versions.update("fr", [WordChange("fr", 1, "ZEF", True, "ODS", 1.0)])
    assert "ZEF" in client.get("/topword/analyse", params=params).text.split("best-moves")[-1]
