"""What an arena player missed (issue 37): `GET /api/arena/<preset>/words/<room>` gives
every word of a round's grid with its path once the round is over, and nothing before
(the words would be given away), nor for any room that is no arena round of that
preset; every hostile request is a 4xx in words and stores nothing."""

from __future__ import annotations

import itertools

import pytest

from motamot.boggle import get_preset, parse_grid, solve
from motamot.lexicon import load_lexicon
from tests.server.helpers import hello
from tests.web.arena.test_arena_ws import SCHEDULE, Arena, N, arena

__all__ = ["arena"]

WORDS = "/api/arena/classic-fr/words/{room}"


def test_the_grid_words_come_once_the_round_is_over_each_with_its_path(arena: Arena) -> None:
    ana = arena.enter("Ana")
    with arena.client.websocket_connect(f"/ws/{ana['room']}") as socket:
        grid_text = hello(socket, ana["token"])["view"]["grid"]
    early = arena.client.get(WORDS.format(room=ana["room"]) + "?lang=fr")
    assert early.status_code == 409 and early.json()["refused"] == "round_running"
    assert early.json()["text"] and "words" not in early.json()
    arena.at(SCHEDULE.deadline(N) + 0.1)
    answer = arena.client.get(WORDS.format(room=ana["room"]))
    assert answer.status_code == 200, answer.text
    body = answer.json()
    grid = parse_grid(grid_text)
    assert body["grid"] == grid_text
    solved = solve(grid, get_preset("classic-fr"), load_lexicon("fr")).words
    assert [w["word"] for w in body["words"]] == [w.word for w in solved]
    for shown in body["words"]:
        cells = [grid.index(tuple(cell)) for cell in shown["path"]]
        assert len(set(cells)) == len(cells)
        assert all(grid.adjacent(a, b) for a, b in itertools.pairwise(cells))
        assert "".join(grid.letters[c] for c in cells) == shown["word"]
    assert all(isinstance(forms, list) for forms in body["written"].values())


@pytest.mark.parametrize(
    "path",
    [
        "/api/arena/classic-fr/words/nope",
        "/api/arena/classic-fr/words/" + "a" * 41,
        "/api/arena/classic-fr/words/a%00b",
        "/api/arena/classic-fr/words/%C3%A9t%C3%A9",
        "/api/arena/classic-fr/words/..%2F..%2Fetc",
        "/api/arena/no-such-arena/words/abc",
    ],
)
def test_a_hostile_words_request_is_a_404_in_words(arena: Arena, path: str) -> None:
    before = arena.snapshot()
    answer = arena.client.get(path + "?lang=fr")
    assert answer.status_code == 404, answer.text
    if "/words/" in answer.url.path and "%2F" not in path:  # the route's own answer
        assert answer.json()["text"]
    assert arena.snapshot() == before


def test_the_words_of_a_room_that_is_no_arena_round_are_not_given(arena: Arena) -> None:
    """A Boggle room's id (its round running: its words are secret) is no arena round."""
    made = arena.client.post("/api/boggle", json={"name": "Zoé"}).json()
    with arena.client.websocket_connect(f"/ws/{made['room']}") as socket:
        hello(socket, made["token"])
        socket.send_json({"type": "start", "id": 1})
    for room in (made["room"], made["room"][:16]):
        answer = arena.client.get(WORDS.format(room=room))
        assert answer.status_code == 404 and answer.json()["refused"] == "unknown_room"
    assert arena.client.post(WORDS.format(room=made["room"])).status_code == 405
