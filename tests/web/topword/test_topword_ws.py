"""Topword tables through the real ASGI app: HTTP to create and join, a websocket per seat.

The person's moves come from the engine's hints on the board the socket shows
(so the test plays what a strong player would, and the referee judges it);
computer players are the host's, computed in its worker thread.
"""

from __future__ import annotations

import itertools
import json
from typing import Any

import pytest
from starlette.testclient import TestClient, WebSocketTestSession

from motamot.lexicon import load_lexicon
from motamot.server import ws
from motamot.server.throttle import Credits
from motamot.text.errors import MOVE_REFUSALS
from motamot.topword.board import Board
from motamot.topword.hints import hints
from motamot.topword.move import parse_move
from motamot.topword.tiles import get_ruleset, parse_rack, tiles_word
from tests.server.helpers import hello, join, of_type, send, until

Message = dict[str, Any]


def create_table(client: TestClient, name: str = "Ana", **settings: Any) -> tuple[str, str]:
    answer = client.post("/api/tables", json={"name": name, "bot_seconds": 0, **settings})
    assert answer.status_code == 200, answer.text
    body = answer.json()
    return body["room"], body["token"]


def table_event(kind: str) -> Any:
    tag = f"topword.{kind}"
    return lambda m: (
        m["type"] in ("events", "ack") and any(e.get("type") == tag for e in m["events"])
    )


def raw_until(socket: WebSocketTestSession, wanted: Any, limit: int = 50) -> str:
    """The text of the first frame that `wanted` accepts, as the server sent it."""
    for _ in range(limit):
        text = socket.receive_text()
        if wanted(json.loads(text)):
            return text
    raise AssertionError("no such frame")


def has_seq(seq: int) -> Any:
    """An events frame holding the event numbered `seq`."""
    return lambda m: m["type"] == "events" and any(e["seq"] == seq for e in m["events"])


def events_of(message: Message, kind: str) -> list[Message]:
    return [e for e in message["events"] if e.get("type") == f"topword.{kind}"]


def start(socket: WebSocketTestSession) -> Message:
    send(socket, {"type": "start", "id": 1})
    ack = until(socket, of_type("ack"))
    (started,) = events_of(ack, "game_started")
    return started


def view_of(socket: WebSocketTestSession) -> Message:
    """The whole view again (what a reconnecting client gets)."""
    send(socket, {"type": "resync", "last_seq": 0})
    view: Message = until(socket, of_type("welcome"))["view"]
    return view


def best_moves(game: Message, ruleset: str = "topword-fr", count: int = 3) -> list[str]:
    rules = get_ruleset(ruleset)
    board = Board.from_position(game["board"]["position"])
    rack = parse_rack("".join(label[0] for label in game["rack"]), rules)  # Qu is Q
    lexicon = load_lexicon(rules.dictionary)
    return [str(h.move.move) for h in hints(board, rack, rules, lexicon, count)]


TURN_EVENTS = {f"topword.{kind}" for kind in ("played", "passed", "exchanged", "game_ended")}


def wait_turn(socket: WebSocketTestSession, seat: str, limit: int = 30) -> Message:
    """Read until it is `seat`'s turn or the game is over; the game view then."""
    game: Message = view_of(socket)["game"]
    for _ in range(limit):
        if game["finished"] or game["current"] == seat:
            return game
        until(
            socket,
            lambda m: (
                m["type"] == "events" and any(e.get("type") in TURN_EVENTS for e in m["events"])
            ),
            limit=200,
        )
        game = view_of(socket)["game"]
    raise AssertionError("the turn never came")


def play_best(socket: WebSocketTestSession, game: Message, request: int) -> Message | None:
    """Play the best move (or pass when there is none); the ack's played event."""
    moves = best_moves(game)
    if not moves:
        send(socket, {"type": "pass", "id": request})
        until(socket, of_type("ack"))
        return None
    send(socket, {"type": "play", "move": moves[0], "id": request})
    ack = until(socket, lambda m: m["type"] in ("ack", "refused") and m["id"] == request)
    assert ack["type"] == "ack", ack
    (played,) = events_of(ack, "played")
    return played


@pytest.fixture
def roomy_credits(monkeypatch: pytest.MonkeyPatch) -> None:
    """A seat's bucket big enough for a whole game driven as fast as a test can (a seat's
    credits last across its sockets: the flood has its own tests)."""
    monkeypatch.setattr(ws, "Credits", lambda: Credits(capacity=10_000.0))


@pytest.mark.usefixtures("roomy_credits")
def test_t3_a_person_against_a_computer_plays_a_whole_game(client: TestClient) -> None:
    room, ana = create_table(client, seats=["beginner"])
    with client.websocket_connect(f"/ws/{room}") as socket:
        assert hello(socket, ana)["view"]["kind"] == "topword"
        started = start(socket)
        assert "seed" not in started  # the pile's order stays on the server
        assert started["starter"] in ("s1", "s2") and started["start_draws"]
        assert len(started["rack"]) == 7
    plays = 0
    for request in range(10, 200):  # a socket per turn
        with client.websocket_connect(f"/ws/{room}") as socket:
            hello(socket, ana)
            game = wait_turn(socket, "s1")
            if game["finished"]:
                break
            played = play_best(socket, game, request)
        if played is not None:
            plays += 1
            score = played["score"]
            assert score["legal"] and score["points"] == played["points"]
            assert score["words"] and score["placed"]
    with client.websocket_connect(f"/ws/{room}") as socket:
        final = hello(socket, ana)["view"]["game"]
    assert plays >= 3
    assert final["finished"] and final["winners"]
    for seat, rack in final["racks"].items():  # T19: 5 off per tile left
        assert final["penalties"][seat] == 5 * len(rack)
        assert final["final_scores"][seat] == final["scores"][seat] - 5 * len(rack)
    assert "seed" in final  # shown once the game is over
    record = client.get(f"/r/{room}/record")
    assert record.status_code == 200 and f"seed: {final['seed']}" in record.text
    analysis = client.get(f"/api/tables/{room}/analysis").json()
    assert len(analysis["turns"]) == len(final["turns"])
    assert set(analysis["given_up"]) == {"Ana", "Camille"}
    steps = client.get(f"/api/tables/{room}/replay").json()["steps"]
    assert len(steps) == len(final["turns"]) + 1 and sum(steps[0]["board"]["heights"]) == 0
    assert steps[-1]["board"]["heights"] == final["board"]["heights"]
    for before, step in itertools.pairwise(steps):  # each move adds its tiles
        added = sum(step["board"]["heights"]) - sum(before["board"]["heights"])
        assert added == len(step.get("placed", []))
    assert client.get(f"/r/{room}/replay").status_code == 200


def test_t2_two_people_play_and_nobody_sees_another_rack(client: TestClient) -> None:
    room, ana = create_table(client, seats=["person"])
    bob = join(client, room, "Bob")
    raw: dict[str, list[str]] = {"s1": [], "s2": [], "watch": []}
    with (
        client.websocket_connect(f"/ws/{room}") as s1,
        client.websocket_connect(f"/ws/{room}") as s2,
        client.websocket_connect(f"/ws/{room}") as watch,
    ):
        sockets = {"s1": s1, "s2": s2, "watch": watch}
        for name, token in (("s1", ana), ("s2", bob), ("watch", None)):
            send(sockets[name], {"type": "hello", "token": token})
            raw[name].append(raw_until(sockets[name], of_type("welcome")))
        start(s1)
        for request in range(10, 14):  # four turns, two each
            seat = view_of(s1)["game"]["current"]
            played = play_best(sockets[seat], view_of(sockets[seat])["game"], request)
            if played is None:  # a drawn rack with no move at all: the seat passed
                continue
            assert "rack" in played  # the mover's new rack
            for name in ("s1", "s2", "watch"):
                if name != seat:  # the others get the move and its itemised score
                    text = raw_until(sockets[name], has_seq(played["seq"]))
                    raw[name].append(text)
                    (event,) = events_of(json.loads(text), "played")
                    assert event["score"] == played["score"] and "rack" not in event
        views = {name: view_of(sockets[name]) for name in sockets}
    assert "rack" not in views["watch"]["game"] and "racks" not in views["watch"]["game"]
    for name, texts in raw.items():  # the raw text: no rack but the seat's own welcome
        for text in texts:
            assert '"racks"' not in text
            if name == "watch" or json.loads(text)["type"] == "events":
                assert '"rack"' not in text, text
    assert all(views[seat]["game"]["rack"] for seat in ("s1", "s2"))


def expect_refusal(
    socket: WebSocketTestSession,
    request: int,
    move: Any,
    reason: str,
    kinds: tuple[str, ...] = ("preview", "play"),
) -> None:
    """The preview explains why not, and playing it is refused the same way (French)."""
    for kind in kinds:
        message: Message = {"type": kind, "id": request}
        message.update({"move": move} if isinstance(move, str) else {"placements": move})
        send(socket, message)
        answer = until(socket, lambda m: m["type"] in ("preview", "refused", "ack"))
        if kind == "preview":
            got, text = answer["verdict"]["reason"], answer["verdict"]["text"]
        else:
            assert answer["type"] == "refused", answer
            got, text = answer["code"], answer["text"]
        assert got == reason, (move, answer)
        if reason in MOVE_REFUSALS:
            assert text.startswith(MOVE_REFUSALS[reason]["fr"].split("{")[0]), text
        else:
            assert text == REFUSAL_TEXTS[reason]


REFUSAL_TEXTS = {"bad_move": "coup illisible", "not_your_turn": "ce n'est pas votre tour"}


def far_cells(heights: list[int]) -> tuple[int, int]:
    """Two cells side by side with nothing on or next to them."""

    def clear(cell: int) -> bool:
        row, col = divmod(cell, 10)
        around = [(row + dr, col + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)]
        return all(heights[r * 10 + c] == 0 for r, c in around if 0 <= r < 10 and 0 <= c < 10)

    return next((c, c + 1) for c in range(100) if c % 10 < 9 and clear(c) and clear(c + 1))


def test_t20_each_refusal_arrives_with_its_french_explanation(client: TestClient) -> None:
    room, ana = create_table(client, seats=["person"])
    tokens = {"s1": ana, "s2": join(client, room, "Bob")}
    with client.websocket_connect(f"/ws/{room}") as socket:
        hello(socket, ana)
        first = start(socket)["starter"]
    with client.websocket_connect(f"/ws/{room}") as socket:
        game = hello(socket, tokens[first])["view"]["game"]
        rack = game["rack"]
        absent = next(letter for letter in "ZYXWKJ" if letter not in rack) * 2
        unique = [tile for tile in rack if rack.count(tile) == 1]
        cases: dict[str, Any] = {
            "off_board": "5J " + "".join(rack[:2]),
            "first_move_off_centre": "1A " + "".join(rack[:2]),
            "not_on_rack": "5E " + absent,
            "bad_move": "hello",
            "not_in_line": [[44, rack[0]], [55, rack[1]]],
            "duplicate_cell": [[44, rack[0]], [44, rack[1]]],
            "gap_in_line": [[44, rack[0]], [46, rack[1]]],
        }
        if len(unique) >= 2:  # twice a tile held once: not on the rack, whatever the word
            cases["not_on_rack"] = "5E " + unique[0] * 2
        for request, (reason, move) in enumerate(cases.items(), 2):
            expect_refusal(socket, request, move, reason)
        assert view_of(socket)["game"]["turns"] == []  # nothing changed
    played, mover = None, first
    for request in range(50, 56):  # a rack with no move through the centre passes
        with client.websocket_connect(f"/ws/{room}") as socket:
            game = hello(socket, tokens[mover])["view"]["game"]
            played = play_best(socket, game, request)
            if played is not None:
                # a preview out of turn is allowed (to plan); playing is not
                expect_refusal(socket, 60, "5E MAIN", "not_your_turn", kinds=("play",))
                break
        mover = "s2" if mover == "s1" else "s1"
    assert played is not None
    second = "s2" if mover == "s1" else "s1"
    word = parse_move(played["move"])
    with client.websocket_connect(f"/ws/{room}") as socket:
        game = hello(socket, tokens[second])["view"]["game"]
        rack = game["rack"]
        expect_refusal(socket, 60, played["move"], "no_tile_placed")  # the same word again
        cells = word.cells()
        before = cells[0] - word.step if (word.col if word.across else word.row) > 0 else None
        if before is not None:  # a tile before the word and its first letter only
            row, col = divmod(before, 10)
            start_cell = (
                f"{row + 1}{'ABCDEFGHIJ'[col]}"
                if word.across
                else (f"{'ABCDEFGHIJ'[col]}{row + 1}")
            )
            expect_refusal(
                socket, 61, f"{start_cell} {rack[0]}{tiles_word(word.tiles[:1])}", "not_whole_word"
            )
        left, right = far_cells(game["board"]["heights"])
        expect_refusal(socket, 62, [[left, rack[0]], [right, rack[1]]], "not_connected")
        assert view_of(socket)["game"]["turns"][-1]["move"] == played["move"]


def test_a_spectator_may_not_act_or_preview(client: TestClient) -> None:
    room, _ = create_table(client, seats=["person"])
    join(client, room, "Bob")
    with client.websocket_connect(f"/ws/{room}") as socket:
        hello(socket, None)
        for kind in ("play", "preview", "pass"):
            send(
                socket,
                {"type": kind, "move": "5E MAIN", "id": 3}
                if kind != "pass"
                else {"type": "pass", "id": 3},
            )
            refused = until(socket, of_type("refused"))
            assert refused["code"] == "no_seat"


def test_t17_an_exchange_with_an_empty_pile_is_refused(client: TestClient) -> None:
    room, ana = create_table(client, seats=["person"])
    tokens = {"s1": ana, "s2": join(client, room, "Bob")}
    with client.websocket_connect(f"/ws/{room}") as socket:
        hello(socket, ana)
        start(socket)
    for request in range(10, 200):  # a socket per turn, as a player coming back would
        with client.websocket_connect(f"/ws/{room}") as socket:
            game = hello(socket, tokens["s1"])["view"]["game"]
            seat = game["current"]
        with client.websocket_connect(f"/ws/{room}") as socket:
            game = hello(socket, tokens[seat])["view"]["game"]
            if game["pile"] == 0 or game["finished"]:
                break
            play_best(socket, game, request)
    assert game["pile"] == 0 and not game["finished"], "the game ended before the pile"
    with client.websocket_connect(f"/ws/{room}") as socket:
        hello(socket, tokens[seat])
        send(socket, {"type": "exchange", "tile": game["rack"][0], "id": 999})
        refused = until(socket, of_type("refused"))
    assert refused["code"] == "pile_empty"
    assert refused["text"] == "la pioche est vide : pas d'échange"


def test_hints_only_where_the_host_allowed_them(client: TestClient) -> None:
    for allowed in (True, False):
        room, ana = create_table(client, seats=["person"], hints=allowed)
        bob = join(client, room, "Bob")
        with client.websocket_connect(f"/ws/{room}") as socket:
            hello(socket, ana)
            start(socket)
            seat = view_of(socket)["game"]["current"]
        with client.websocket_connect(f"/ws/{room}") as socket:
            game = hello(socket, ana if seat == "s1" else bob)["view"]["game"]
            send(socket, {"type": "hint", "id": 5})
            answer = until(socket, lambda m: m["type"] in ("hint", "refused"))
        if allowed:
            assert answer["type"] == "hint"
            moves = [move["move"] for move in answer["moves"]]
            assert moves == best_moves(game)  # the engine's best moves for this rack
            assert all(move["legal"] and move["words"] for move in answer["moves"])
        else:
            assert answer["code"] == "hints_off"
            assert answer["text"].startswith("pas de conseils")
