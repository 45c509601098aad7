"""A kind is one place (issue 33): the generic server's static files, templates and text
catalogues name no game, there is one registry of kinds, and the toy game (tests/toy)
gets its page, texts, create form, styles and lobby row from its own files alone."""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

import motamot
from motamot.server.kinds import WebKinds
from motamot.server.serve import build_app
from motamot.service.ports import ManualClock
from motamot.service.stores.memory import MemoryStore
from motamot.text.kinds import KindTexts, register
from motamot.text.web import page_text
from tests.toy.game import TOY, kinds_with_the_toy

SRC = Path(motamot.__file__).parent
TOY_DIR = Path(__file__).resolve().parents[1] / "toy"
GAMES = re.compile(r"boggle|topword|duplicate|arena|daily|grille", re.IGNORECASE)
#: What the generic server serves and says: its static files, its templates (the player
#: pages' too) and its catalogues; each kind's are in its own package.
GENERIC = [
    SRC / "server" / "static",
    SRC / "server" / "templates",
    SRC / "server" / "players" / "static",
    SRC / "server" / "players" / "templates",
    SRC / "text" / "web.py",
    SRC / "text" / "rooms.py",
    SRC / "text" / "accounts.py",
    SRC / "text" / "lobby_web.py",
    SRC / "text" / "kinds.py",
    SRC / "text" / "site.py",
    SRC / "text" / "mail.py",
    SRC / "server" / "logs.py",
]
#: A refusal code where the word is English, not the game: a word written twice.
NOT_A_GAME = {"duplicate_entry"}


def files(place: Path) -> Iterator[Path]:
    yield from (sorted(p for p in place.rglob("*") if p.is_file()) if place.is_dir() else [place])


def test_the_generic_server_names_no_game() -> None:
    found = [
        f"{path.relative_to(SRC)}:{number}: {line.strip()}"
        for place in GENERIC
        for path in files(place)
        for number, line in enumerate(path.read_text("utf-8").splitlines(), 1)
        if GAMES.search(re.sub("|".join(NOT_A_GAME), "", line))
    ]
    assert found == []
    assert sum(1 for place in GENERIC for _ in files(place)) > 20  # not vacuous


def test_there_is_one_registry_of_kinds() -> None:
    defined = [
        path.relative_to(SRC).as_posix()
        for path in sorted(SRC.rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text("utf-8")))
        if isinstance(node, ast.FunctionDef) and node.name == "default_kinds"
    ]
    assert defined == ["web/__init__.py"]


async def _memory() -> MemoryStore:
    return MemoryStore()


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(build_app(_memory, ManualClock(), kinds_with_the_toy())) as client:
        yield client


def data_of(page: str, block: str) -> dict[str, object]:
    found = re.search(f'<script type="application/json" id="{block}">(.*?)</script>', page, re.S)
    assert found is not None
    shown: dict[str, object] = json.loads(found.group(1))
    return shown


def test_the_toy_gets_its_page_texts_form_styles_and_lobby_row_from_its_own_files(
    client: TestClient,
) -> None:
    for place in (TOY.templates, TOY.static):  # every file the toy hands over is its own
        assert place is not None and place.is_relative_to(TOY_DIR)
    home = client.get("/?lang=en").text
    assert 'id="create-toy"' in home and "Count up to ten" in home  # its form, its texts
    assets = dict(re.findall(r'(?:src|href)="(/static/\w+/toy/([\w.]+))"', home))
    assert set(assets.values()) == {"create.js", "toy.css"}  # its module, its styles
    for url in assets:
        assert client.get(url).status_code == 200
        assert client.get(url.replace("toy/create.js", "home.js")).status_code == 200
    made = client.post("/api/toy", json={"name": "Ana"}).json()  # its route, of one shape
    assert set(made) == {"room", "seat", "token"}
    page = client.get(f"/r/{made['room']}?lang=fr").text
    assert "<title>Jusqu&#39;à dix</title>" in page and "<p>play</p>" in page
    lobby = client.get("/salon").text
    assert data_of(lobby, "data")["rows"]["toy"] == {  # type: ignore[index]
        "rules": "toy_goal.",
        "clock": "clock.move",
        "bot": "",
    }
    texts = data_of(lobby, "texts")["page"]
    assert texts["kind.toy"] == "Le jeu de dix" and texts["toy_goal.10"] == "dix pile"  # type: ignore[index]
    assert page_text("kind.toy", "en") == "The game of ten"


def test_a_kind_is_registered_once_and_its_texts_say_one_thing() -> None:
    with pytest.raises(ValueError, match="registered twice"):
        WebKinds((TOY, TOY))
    kinds_with_the_toy()
    register(TOY.texts)  # the same texts again: nothing changes
    clash = KindTexts(
        page={
            "toy_extra": {"fr": "En plus", "en": "More"},
            "kind.toy": {"fr": "Autre chose", "en": "Something else"},
        }
    )
    with pytest.raises(ValueError, match=r"kind\.toy"):
        register(clash)
    assert page_text("kind.toy", "fr") == "Le jeu de dix"
    assert page_text("toy_extra", "fr") == "toy_extra"  # nothing of the clash was added
