"""The home page's games and the « Comment jouer » pages (issue 21): served in both
languages, linked from the home page and every room page, and their worked examples
true by the engines (a guide must not teach a rule the referee does not play)."""

from __future__ import annotations

import itertools
import re

import pytest
from starlette.testclient import TestClient

from motamot.boggle import get_preset, parse_grid, solve
from motamot.lexicon import load_lexicon
from motamot.text.guides import BOGGLE_GUIDE, GUIDES, TOPWORD_GUIDE
from motamot.text.i18n import LANGUAGES
from motamot.topword import TOPWORD_FR, Board, Legal, evaluate, parse_move
from motamot.web.boggle.pages import DANSE, RULEBOOK_GRID
from motamot.web.topword.pages import CORNER, FIRST_MOVE, STACKED_MOVE
from tests.server.helpers import create


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("kind", sorted(GUIDES))
def test_each_game_has_a_guide_in_each_language(client: TestClient, kind: str, lang: str) -> None:
    page = client.get(f"/comment-jouer/{kind}?lang={lang}")
    assert page.status_code == 200
    guide = GUIDES[kind][lang]  # type: ignore[index]
    assert f'<html lang="{lang}">' in page.text
    assert f"<h1>{guide.title}</h1>" in page.text
    for part in guide.parts:
        assert part.heading in page.text
    pictures = [part for part in guide.parts if part.picture]
    assert page.text.count('role="img"') == len(pictures) >= 1
    assert f'href="/#{kind}"' in page.text  # where to play it
    other = next(name for name in GUIDES if name != kind)
    assert f'href="/comment-jouer/{other}"' in page.text


def test_an_unknown_guide_is_a_page_not_found(client: TestClient) -> None:
    for path in ("/comment-jouer/chess", "/comment-jouer/" + "x" * 500, "/comment-jouer/%00"):
        assert client.get(path).status_code == 404


def test_the_home_page_presents_each_game_with_a_picture_and_its_guide(
    client: TestClient,
) -> None:
    page = client.get("/").text
    games = page.split('<section class="games"')[1].split("</section>")[0]
    for kind, name in (("boggle", "Boggle"), ("topword", "Topword")):
        assert f'<h2 id="game-{kind}">{name}</h2>' in games
        assert f'href="/comment-jouer/{kind}"' in games and f'href="#{kind}"' in games
        assert f'id="{kind}"' in page  # the form the card's link goes to
    assert games.count("<svg") == 2 and games.count("aria-label=") == 2
    assert page.index('class="games"') < page.index('id="create"')  # the games come first
    assert page.count("<h1") == 1


def test_every_room_page_links_its_guide(client: TestClient) -> None:
    room, _ = create(client)
    table = client.post("/api/tables", json={"name": "Ana", "seats": ["person"]}).json()["room"]
    for path, kind in (
        (f"/r/{room}", "boggle"),
        (f"/r/{room[:16]}/watch", "boggle"),
        (f"/r/{table}", "topword"),
        (f"/r/{table[:16]}/watch", "topword"),
    ):
        assert f'href="/comment-jouer/{kind}"' in client.get(path).text, path


def test_b4_b8_the_boggle_guide_traces_a_word_the_solver_finds_and_scores_as_b8() -> None:
    preset, french = get_preset("classic-fr"), load_lexicon("fr")
    found = {word.word: word for word in solve(parse_grid(RULEBOOK_GRID), preset, french).words}
    grid = parse_grid(RULEBOOK_GRID)
    assert "".join(grid.faces[r * grid.size + c] for r, c in DANSE) == "DANSE"
    for (r1, c1), (r2, c2) in itertools.pairwise(DANSE):  # B4: neighbours
        assert max(abs(r1 - r2), abs(c1 - c2)) == 1
    assert len(set(DANSE)) == len(DANSE)  # B5: each die once
    assert "DANSE" in found and "DANS" in found and found["DANSE"].points == 2
    # the guide's table is the preset's score table (B8), in both languages
    for lang in LANGUAGES:
        part = next(p for p in BOGGLE_GUIDE[lang].parts if p.table)
        for letters, points in part.table:
            shortest = int(re.findall(r"\d+", letters)[0])
            for count in map(int, re.findall(r"\d+", letters)):
                assert preset.points(count) == int(points), (letters, count)
            assert shortest >= preset.min_length


def test_t4_t12_the_topword_guide_moves_score_as_the_referee_says() -> None:
    french = load_lexicon("fr")
    board = Board()
    first = evaluate(board, parse_move(FIRST_MOVE), None, TOPWORD_FR, french)
    assert isinstance(first, Legal) and first.points == 8  # T4 on the centre, T12 flat: 2 a tile
    board.place(first.placements)
    stacked = evaluate(board, parse_move(STACKED_MOVE), None, TOPWORD_FR, french)
    assert isinstance(stacked, Legal) and stacked.points == 5  # T12: P on M, 2 + 1 + 1 + 1
    assert [cell for cell, _ in stacked.placements] == [first.placements[0][0]]  # only the P
    for lang in LANGUAGES:
        captions = " ".join(part.caption for part in TOPWORD_GUIDE[lang].parts)
        assert FIRST_MOVE in captions and "8 points" in captions and "= 5 points" in captions


def test_the_home_page_board_holds_only_french_words() -> None:
    """The corner of a board on the home page reads, across and down, only words."""
    french = load_lexicon("fr")
    rows = [row.ljust(CORNER.cols, ".") for row in CORNER.letters]
    lines = rows + ["".join(column) for column in zip(*rows, strict=True)]
    words = [run for line in lines for run in line.split(".") if len(run) >= 2]
    assert sorted(words) == ["EPI", "LAME", "NUIT", "PAIN"]
    assert all(word in french for word in words)
