"""POST /api/duplicate with hostile bodies (issue 24): every field of the request with the
wrong type, too long, out of its bounds or naming what does not exist; seeds as numbers,
past 2^63 or in other digits; draws chosen without the game that played them, or from a
game that did not play them with those rules. Each is refused with a coded answer in the
player's language, never a 500, and nothing is stored; the good ones make one room."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from motamot.lexicon import load_lexicon
from motamot.server.serve import build_app
from motamot.server.throttle import Credits
from motamot.service.ports import ManualClock
from motamot.service.stores.memory import MemoryStore
from motamot.topword.duplicate_record import parse_record, replay
from motamot.web import default_kinds
from tests.server.helpers import hello, of_type, send, until
from tests.server.players.helpers import settled, sign_up
from tests.server.players.test_profiles import text_of
from tests.server.stored import StoredServer, stored_server

MAX_SEED = 2**63 - 1


@pytest.fixture
def server() -> Iterator[StoredServer]:
    with stored_server() as server:
        yield server


#: Requests a socket may send at once before it has to keep to the credits' pace (the
#: hello and the start came first; the server closes a flooding socket with 1008).
FREE_REQUESTS = int(Credits.capacity) - 8


def finished_game(client: TestClient, **settings: Any) -> tuple[str, str, list[str]]:
    """A self-paced duplicate played to its end by its host alone: its id, its seed (public
    now) and its first rack."""
    created = client.post("/api/duplicate", json={"name": "Ana", "turn_seconds": None, **settings})
    assert created.status_code == 200, created.text
    room, token = created.json()["room"], created.json()["token"]
    with client.websocket_connect(f"/ws/{room}") as socket:
        hello(socket, token)
        send(socket, {"type": "start", "id": 1})
        first = until(socket, of_type("ack"))["events"][-1]["rack"]
        for request in range(2, 200):
            if request > FREE_REQUESTS:  # a socket's credits: a burst, then so many a second
                time.sleep(1 / Credits.per_second)
            send(socket, {"type": "next_turn", "id": request})
            answer = until(socket, lambda m: m["type"] in ("ack", "refused"))
            if answer["type"] == "refused":
                assert answer["code"] == "game_over", answer
                break
            if any(e["type"] == "duplicate.ended" for e in answer["events"]):
                break
        send(socket, {"type": "resync", "last_seq": 0})
        game = until(socket, of_type("welcome"))["view"]["game"]
    assert game["finished"]
    return room[:16], game["seed"], first


#: (field, value) pairs the schema refuses (400 malformed).
MALFORMED: list[tuple[str, Any]] = [
    ("name", ""),
    ("name", "A" * 41),
    ("name", 5),
    ("name", None),
    ("name", ["Ana"]),
    ("ruleset", 7),
    ("ruleset", None),
    ("ruleset", "x" * 33),
    ("dictionary", 3),
    ("dictionary", "x" * 41),
    ("dictionary", {"name": "fr"}),
    ("turn_seconds", 4),
    ("turn_seconds", 3601),
    ("turn_seconds", -60),
    ("turn_seconds", "60"),
    ("turn_seconds", True),
    ("turn_seconds", [60]),
    ("seed", 2024),  # a number: a browser's would lose the last bits of a 63-bit seed
    ("seed", 2**63),
    ("seed", 1.5),
    ("seed", str(MAX_SEED + 1)),
    ("seed", "9" * 20),
    ("seed", "-1"),
    ("seed", "1e5"),
    ("seed", ""),
    ("seed", " 12"),
    ("seed", "١٢"),  # digits, but not ASCII ones
    ("seed", "０"),
    ("origin", 5),
    ("origin", ""),
    ("origin", "a/b"),
    ("origin", "../etc"),
    ("origin", "x" * 41),
    ("origin", "ab\u202ecd"),
    ("extra", 1),
    ("rated", True),
]


@pytest.mark.parametrize(("field", "value"), MALFORMED, ids=lambda v: repr(v)[:30])
def test_a_malformed_field_is_refused_with_400_and_stores_nothing(
    server: StoredServer, field: str, value: Any
) -> None:
    before = server.snapshot()
    answer = server.client.post("/api/duplicate", json={"name": "Ana", field: value})
    assert answer.status_code == 400, answer.text
    assert answer.json()["error"] == "malformed" and answer.json()["text"]
    assert server.snapshot() == before


@pytest.mark.parametrize("body", ["[]", '"Ana"', "null", "7", '{"Name": "Ana"}', "{"])
def test_a_body_that_is_no_request_is_refused(server: StoredServer, body: str) -> None:
    answer = server.client.post(
        "/api/duplicate", content=body, headers={"content-type": "application/json"}
    )
    assert answer.status_code == 400 and answer.json()["error"] == "malformed"
    assert server.snapshot() == {}


#: Bodies the schema reads but the rooms refuse (409), and the refusal's code.
REFUSED: list[tuple[dict[str, Any], str]] = [
    ({"ruleset": "scrabble"}, "unknown_ruleset"),
    ({"dictionary": "xx"}, "unknown_dictionary"),
    ({"dictionary": "../fr"}, "unknown_dictionary"),
    ({"name": "Ana\u0000"}, "bad_name"),
    ({"name": "\u202eanA"}, "bad_name"),
    ({"origin": "AAAAAAAAAAAAAAAA"}, "origin_without_draw"),
]


@pytest.mark.parametrize(("body", "code"), REFUSED, ids=lambda v: repr(v)[:30])
def test_settings_the_rooms_refuse_are_said_and_store_nothing(
    server: StoredServer, body: dict[str, Any], code: str
) -> None:
    answer = server.client.post("/api/duplicate?lang=en", json={"name": "Ana", **body})
    assert answer.status_code == 409, answer.text
    assert answer.json()["refused"] == code and answer.json()["text"], answer.json()
    assert server.snapshot() == {}


def test_d1_good_requests_make_one_room_each_with_their_settings(server: StoredServer) -> None:
    client = server.client
    for body, settings in (
        ({}, {"ruleset": "topword-fr", "dictionary": "fr", "turn_seconds": 180.0}),
        ({"turn_seconds": None}, {"turn_seconds": None}),
        ({"turn_seconds": 5}, {"turn_seconds": 5.0}),
        ({"ruleset": "upwords-en"}, {"ruleset": "upwords-en", "dictionary": "en"}),
        ({"ruleset": " UPWORDS-EN"}, {"ruleset": "upwords-en"}),  # stored by its own name
        ({"ruleset": "topword-fr", "dictionary": "en"}, {"dictionary": "en"}),
        ({"name": "Zoé 🦊"}, {"chosen_draw": False, "origin": None}),
    ):
        answer = client.post("/api/duplicate", json={"name": "Ana", **body})
        assert answer.status_code == 200, (body, answer.text)
        created = answer.json()
        assert created["kind"] == "duplicate" and created["seat"] == "s1"
        with client.websocket_connect(f"/ws/{created['room']}") as socket:
            view = hello(socket, created["token"])["view"]
        assert view["settings"] | settings == view["settings"], (body, view["settings"])
        assert view["you"] == view["host"] == "s1"
    assert len(server.snapshot()) == 7


def test_d2_a_draw_is_played_again_only_from_the_game_that_played_it(
    server: StoredServer,
) -> None:
    client = server.client
    origin, seed, first = finished_game(client)
    running = client.post("/api/duplicate", json={"name": "Ana"}).json()["room"][:16]
    table = client.post("/api/tables", json={"name": "Ana"}).json()["room"][:16]
    english, english_seed, _ = finished_game(client, ruleset="upwords-en")
    other_seed = str((int(seed) + 1) % MAX_SEED)
    before = server.snapshot()
    for body in (
        {"seed": seed, "origin": "AAAAAAAAAAAAAAAA"},  # no such room
        {"seed": seed, "origin": running},  # not over: its seed is secret
        {"seed": seed, "origin": table},  # a Topword table, not a duplicate
        {"seed": other_seed, "origin": origin},  # not the draw it played
        {"seed": seed, "origin": origin, "ruleset": "upwords-en"},  # not with these rules
        {"seed": seed, "origin": origin, "dictionary": "en"},  # nor with this word list
        {"seed": english_seed, "origin": english},  # its rules are upwords-en's, not these
    ):
        answer = client.post("/api/duplicate", json={"name": "Bob", **body})
        assert answer.status_code == 409, (body, answer.text)
        assert answer.json()["refused"] == "unknown_draw_origin", answer.json()
        assert answer.json()["text"] == "aucune partie n'a fini de jouer ce tirage avec ces règles"
    assert server.snapshot() == before
    for reference in (origin, origin + "x" * 16):  # its id, or a link that holds it
        answer = client.post(
            "/api/duplicate",
            json={"name": "Bob", "seed": seed, "origin": reference, "turn_seconds": None},
        )
        assert answer.status_code == 200, answer.text
        again = answer.json()
        with client.websocket_connect(f"/ws/{again['room']}") as socket:
            view = hello(socket, again["token"])["view"]
            assert view["settings"]["chosen_draw"] is True
            assert view["settings"]["origin"] == origin  # its id only, never a player's link
            assert seed not in str(view)  # the draw is told, not its seed, until the end
            send(socket, {"type": "start", "id": 1})
            assert until(socket, of_type("ack"))["events"][-1]["rack"] == first  # D2 again
    answer = client.post(
        "/api/duplicate",
        json={"name": "Bob", "seed": english_seed, "origin": english, "ruleset": "upwords-en"},
    )
    assert answer.status_code == 200, answer.text


def test_a_draw_without_its_game_is_refused_unless_the_operator_lets_creators_choose() -> None:
    async def opened() -> MemoryStore:
        return MemoryStore()

    app = build_app(opened, ManualClock(), default_kinds(), chosen_grids=False)
    with TestClient(app) as client:
        answer = client.post("/api/duplicate", json={"name": "Ana", "seed": "2024"})
        assert answer.status_code == 409
        assert answer.json()["refused"] == "draw_without_origin"
        assert answer.json()["text"] == "un tirage choisi doit venir d'une partie qui l'a joué"
    with stored_server() as server:  # chosen_grids: the operator's own tests and drills
        answer = server.client.post(
            "/api/duplicate", json={"name": "Ana", "seed": str(MAX_SEED), "turn_seconds": None}
        )
        assert answer.status_code == 200, answer.text
        room, token = answer.json()["room"], answer.json()["token"]
        with server.client.websocket_connect(f"/ws/{room}") as socket:
            view = hello(socket, token)["view"]
    assert view["settings"]["chosen_draw"] is True and view["settings"]["origin"] is None


def test_d1_d6_the_record_and_the_replay_wait_for_the_end_then_replay_the_game(
    server: StoredServer,
) -> None:
    client = server.client
    running = client.post("/api/duplicate", json={"name": "Ana"}).json()["room"]
    table = client.post("/api/tables", json={"name": "Ana"}).json()["room"]
    for what in ("record", "replay"):
        for room, status in (("AAAAAAAAAAAAAAAA", 404), (table, 404), (running, 409)):
            answer = client.get(f"/api/duplicate/{room}/{what}")
            assert answer.status_code == status, (what, room, answer.text)
            assert "seed" not in answer.text
    assert client.get(f"/r/{running}/replay").status_code == 200  # the page says it waits
    origin, seed, first = finished_game(client)
    answer = client.get(f"/api/duplicate/{origin}/record")
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/plain")
    disposition = f'attachment; filename="duplicate-{origin}.txt"'
    assert answer.headers["content-disposition"] == disposition
    record = parse_record(answer.text)
    assert record.seed == int(seed) and record.players == ("Ana",)
    replayed = replay(record, load_lexicon("fr"))
    steps = client.get(f"/api/duplicate/{origin}/replay").json()
    assert steps["top_total"] == replayed.top_total
    assert steps["standings"] == [
        {"seat": "s1", "name": "Ana", "total": 0, "gap": -replayed.top_total}
        | {"percent": 0.0 if replayed.top_total else 100.0, "rank": 1}
    ]
    assert len(steps["steps"]) == len(record.turns) + 1
    assert steps["steps"][1]["rack"] == first
    assert sum(steps["steps"][0]["board"]["heights"]) == 0
    for before, step, turn in zip(steps["steps"], steps["steps"][1:], record.turns, strict=False):
        assert step["top"] == turn.top and step["points"] == turn.points
        added = [
            c for c in range(100) if step["board"]["heights"][c] > before["board"]["heights"][c]
        ]
        assert step["placed"] == added and (turn.top is None) == (not added)
    with client.websocket_connect(f"/ws/{origin}") as socket:
        final = hello(socket, None)["view"]["game"]
    assert steps["steps"][-1]["board"] == {
        "tops": final["board"]["tops"],
        "heights": final["board"]["heights"],
    }
    assert client.get(f"/r/{origin}/replay").status_code == 200


def test_d6_a_finished_duplicate_shows_on_its_player_s_profile_with_its_replay(
    client: TestClient,
) -> None:
    sign_up(client, "Ana")
    origin, _, _ = finished_game(client)
    settled(client)
    page = client.get("/joueur/Ana")
    assert page.status_code == 200
    said = text_of(page.text)
    assert "Topword en duplicate · Topword (français)" in said and "1re sur 1" in said
    assert f'href="/r/{origin}/replay"' in page.text  # the kind's own page, once over
    assert "Aucune partie classée" in said  # duplicate is never rated
    assert "Topword en duplicate" in text_of(client.get("/mes-parties").text)
