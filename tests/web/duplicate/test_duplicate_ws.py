"""Duplicate Topword through the real ASGI app (D1-D6): HTTP to create and join, a socket
per seat and one for a spectator, the referee's clock a manual one.

Three people play a whole game on a live clock: each turn Ana plays the top (after a
lower move first, now and then: the last one counts), Bob a lower move laid tile by tile,
Cat an illegal move or nothing; every frame each socket receives is read, and none holds
another player's move before the turn ends. Hostile messages on the socket are refused
and change nothing stored; a fuzz of frames in a self-paced game changes only what an
acknowledged one stored.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient, WebSocketTestSession

from motamot.lexicon import load_lexicon
from motamot.server.protocol import AddBotMessage, LeaveMessage, ProtocolError, StartMessage
from motamot.server.serve import build_app
from motamot.service.ports import ManualClock
from motamot.service.stores.memory import MemoryStore
from motamot.topword.board import Board
from motamot.topword.duplicate import percent, top_key
from motamot.topword.movegen import GeneratedMove, legal_moves
from motamot.topword.tiles import get_ruleset, parse_rack, tile_label
from motamot.web import default_kinds
from motamot.web.boggle.messages import RematchMessage
from tests.fuzz.server_targets import hostile_frame, parse_message
from tests.server.frames import FRAMES
from tests.server.helpers import hello, join, of_type, send, until
from tests.server.stored import StoredServer, stored_server
from tests.server.test_ws_fuzz import NOTATIONS, TILES, Server, check_frames, roomy_credits

__all__ = ["roomy_credits"]  # the fixture, used by name

Message = dict[str, Any]
TURN_SECONDS = 60


@pytest.fixture
def live() -> Iterator[tuple[TestClient, ManualClock]]:
    clock = ManualClock()

    async def opened() -> MemoryStore:
        return MemoryStore()

    with TestClient(build_app(opened, clock, default_kinds(), chosen_grids=True)) as client:
        yield client, clock


def create_duplicate(client: TestClient, name: str = "Ana", **settings: Any) -> tuple[str, str]:
    answer = client.post("/api/duplicate", json={"name": name, **settings})
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["kind"] == "duplicate"
    return body["room"], body["token"]


def events_of(message: Message, kind: str) -> list[Message]:
    return [e for e in message.get("events", []) if e.get("type") == f"duplicate.{kind}"]


def view_of(socket: WebSocketTestSession) -> Message:
    send(socket, {"type": "resync", "last_seq": 0})
    view: Message = until(socket, of_type("welcome"))["view"]
    return view


def moves_of(game: Message, ruleset: str = "topword-fr") -> list[GeneratedMove]:
    """Every legal move of the common rack on the board a view shows, the top first."""
    rules = get_ruleset(ruleset)
    board = Board.from_position(game["board"]["position"])
    rack = parse_rack("".join(label[0] for label in game["rack"]), rules)  # Qu is Q
    found = legal_moves(board, rack, rules, load_lexicon(rules.dictionary))
    return sorted(found, key=top_key)


class Reader:
    """One socket's frames, every one read, checked against its schema and kept."""

    def __init__(self, socket: WebSocketTestSession) -> None:
        self.socket = socket
        self.texts: list[str] = []

    def until(self, wanted: Any, limit: int = 500) -> Message:
        for _ in range(limit):
            text = self.socket.receive_text()
            FRAMES.check(text)
            self.texts.append(text)
            message: Message = json.loads(text)
            if wanted(message):
                return message
        raise AssertionError("no such frame")

    def turn_end(self, number: int) -> tuple[Message, list[str]]:
        """The end of turn `number` as this socket was shown it, and the frames before it."""
        start = len(self.texts)
        message = self.until(
            lambda m: any(e["number"] == number for e in events_of(m, "turn_ended"))
        )
        (ended,) = [e for e in events_of(message, "turn_ended") if e["number"] == number]
        return ended, self.texts[start:-1]


@pytest.mark.usefixtures("roomy_credits")
def test_d3_d4_d6_three_players_and_a_spectator_play_a_whole_live_game(
    live: tuple[TestClient, ManualClock],
) -> None:
    client, clock = live
    room, ana = create_duplicate(client, turn_seconds=TURN_SECONDS)
    tokens = {"s1": ana, "s2": join(client, room, "Bob"), "s3": join(client, room, "Cat")}
    with (
        client.websocket_connect(f"/ws/{room}") as s1,
        client.websocket_connect(f"/ws/{room}") as s2,
        client.websocket_connect(f"/ws/{room}") as s3,
        client.websocket_connect(f"/ws/{room}") as watch,
    ):
        sockets = {"s1": s1, "s2": s2, "s3": s3}
        for seat, socket in sockets.items():
            assert hello(socket, tokens[seat])["view"]["kind"] == "duplicate"
        assert hello(watch, None)["view"]["game"] is None
        readers = {seat: Reader(socket) for seat, socket in {**sockets, "watch": watch}.items()}
        send(s1, {"type": "start", "id": 1})
        ack = readers["s1"].until(of_type("ack"))
        (started,) = events_of(ack, "started")
        assert "seed" not in started  # the pile's order stays on the server
        (first,) = events_of(ack, "turn_started")
        assert first["deadline"] == clock.now() + TURN_SECONDS and len(first["rack"]) == 7
        totals = {"s1": 0, "s2": 0, "s3": 0}
        top_total, number, request = 0, 0, 10
        while True:
            game = view_of(watch)["game"]
            readers["watch"].texts.clear()  # the view just asked: read again from here
            if game["finished"]:
                break
            number = game["turn"]
            assert number < 60
            moves = moves_of(game)
            secret: dict[str, str] = {}  # each player's move, which nobody else may see
            if moves:
                top = moves[0]
                lower = next((m for m in moves if m.points < top.points), None)
                if lower is not None and number % 3 == 0:  # first a lower move, then the top
                    request += 1
                    send(s1, {"type": "play", "move": lower.notation, "id": request})
                    readers["s1"].until(lambda m, r=request: m.get("id") == r)
                request += 1
                send(s1, {"type": "play", "move": top.notation.lower(), "id": request})
                answer = readers["s1"].until(lambda m, r=request: m.get("id") == r)
                assert answer["type"] == "ack", answer
                (mine,) = events_of(answer, "submitted")
                assert mine["move"] == top.notation  # stored as the referee writes it
                secret["s1"] = top.notation
                if lower is not None:
                    placements = [[cell, tile_label(tile)] for cell, tile in lower.placements]
                    request += 1
                    send(s2, {"type": "play", "placements": placements, "id": request})
                    answer = readers["s2"].until(lambda m, r=request: m.get("id") == r)
                    assert answer["type"] == "ack", answer
                    secret["s2"] = events_of(answer, "submitted")[0]["move"]
            if number % 2:  # Cat plays a move the rack cannot make: 0, and why
                request += 1
                send(s3, {"type": "play", "move": "A1 ZZZZZ", "id": request})
                assert readers["s3"].until(lambda m, r=request: m.get("id") == r)["type"] == "ack"
                secret["s3"] = "A1 ZZZZZ"
            clock.advance(TURN_SECONDS + 1)
            request += 1  # any command ticks the room: the turn ends at its deadline
            send(s1, {"type": "next_turn", "id": request})
            ended: Message = {}
            for seat, reader in readers.items():
                ended, before = reader.turn_end(number)
                for other, move in secret.items():
                    if other != seat:  # D3: nobody saw it before the end
                        assert not any(f'"{move}"' in text for text in before), (seat, other)
            assert ended["at"] == game["deadline"]  # ended at its clock, not later
            scores = {score["seat"]: score for score in ended["scores"]}
            assert ended["moves"] == secret  # every move shown once the turn is over
            if moves:
                assert ended["top"] == moves[0].notation and ended["top_points"] == moves[0].points
                assert scores["s1"]["points"] == moves[0].points and "s1" in ended["found_by"]
                if "s2" in secret:
                    assert 0 < scores["s2"]["points"] < moves[0].points
                    assert "s2" not in ended["found_by"]
            else:
                assert ended["top"] is None and ended["top_points"] == 0  # D5: a dead rack
            if "s3" in secret:
                cat = scores["s3"]  # refused, and said why (T20: what is at fault)
                assert cat["points"] == 0 and cat["reason"] and cat["detail"], cat
            else:
                assert "s3" not in scores  # no move, no score line (0 in the totals)
            top_total += ended["top_points"]
            for seat in totals:
                totals[seat] += scores[seat]["points"] if seat in scores else 0
            assert {seat: ended["totals"].get(seat, 0) for seat in totals} == totals
            assert ended["top_total"] == top_total
        final = view_of(s2)["game"]
        watched = view_of(watch)["game"]
    assert number >= 5 and final["finished"] and final["seed"].isdigit()
    assert final["end_reason"] in ("no_valid_draw", "dead_racks", "pile_empty")
    assert final["top_total"] == top_total
    standings = {s["seat"]: s for s in final["standings"]}
    for seat, total in totals.items():  # D6: the total, its gap to the tops, its share
        assert standings[seat]["total"] == total
        assert standings[seat]["gap"] == total - top_total
        assert standings[seat]["percent"] == percent(total, top_total)
    assert standings["s1"]["gap"] == 0 and standings["s1"]["rank"] == 1
    assert standings["s3"]["total"] == 0 and standings["s3"]["rank"] == 3
    assert len(final["sheet"]) == number
    bobs = [line for line in final["sheet"] if "move" in line]
    assert bobs and all(0 < line["points"] < line["top_points"] for line in bobs)
    assert all("move" not in line and "points" not in line for line in watched["sheet"])
    assert watched["standings"] == final["standings"]


def hostile_messages(rack: list[str]) -> list[tuple[Message, str, str]]:
    """(message, answer type, code): each one refused, none of them stored."""
    bad_cells = [[[100, rack[0]]], [[-1, rack[0]]], [["44", rack[0]]], [[44.5, rack[0]]]]
    return [
        *[({"type": "play", "placements": cells}, "error", "malformed") for cells in bad_cells],
        ({"type": "play", "placements": [[44, "ZZ"]]}, "refused", "bad_move"),
        ({"type": "play", "placements": [[44, ""]]}, "error", "malformed"),
        ({"type": "play", "placements": [[44, 7]]}, "error", "malformed"),
        ({"type": "play", "placements": [[c, rack[0]] for c in range(40)]}, "error", "malformed"),
        ({"type": "play", "placements": [[44, rack[0]]], "across": "yes"}, "error", "malformed"),
        ({"type": "play", "placements": []}, "refused", "no_tile_placed"),
        ({"type": "play"}, "refused", "bad_move"),
        ({"type": "play", "move": 5}, "error", "malformed"),
        ({"type": "play", "move": None}, "refused", "bad_move"),
        ({"type": "play", "move": ["5E", "MAIN"]}, "error", "malformed"),
        ({"type": "play", "move": "n'importe quoi"}, "refused", "bad_move"),
        ({"type": "play", "move": "0A " + rack[0]}, "refused", "bad_move"),
        ({"type": "play", "move": "5E " + "A" * 5000}, "error", "too_big"),
        ({"type": "play", "move": "5E MAIN", "seat": "s2"}, "error", "malformed"),
        ({"type": "next_turn"}, "refused", "turn_clock"),  # a live turn ends at its clock
        ({"type": "next_turn", "now": 1e12}, "error", "malformed"),
        ({"type": "start"}, "refused", "game_started"),
        ({"type": "add_bot", "level": "expert"}, "refused", "game_started"),
        ({"type": "pass"}, "refused", "unknown_command"),  # no pass in duplicate (D5)
        ({"type": "exchange", "tile": rack[0]}, "refused", "unknown_command"),
        ({"type": "resign"}, "refused", "unknown_command"),
        ({"type": "hint"}, "refused", "unknown_command"),
        ({"type": "word", "text": "MAIN"}, "refused", "unknown_command"),
        ({"type": "duplicate.submit", "move": "5E MAIN"}, "error", "malformed"),
        ({"type": "next_turn", "id": -1}, "error", "malformed"),
        ({"type": "next_turn", "id": 2**64}, "error", "malformed"),
    ]


def test_d3_hostile_messages_on_a_duplicate_socket_change_nothing_stored() -> None:
    with stored_server() as server:
        client = server.client
        room, ana = create_duplicate(client, turn_seconds=TURN_SECONDS)
        bob = join(client, room, "Bob")
        with (
            client.websocket_connect(f"/ws/{room}") as s1,
            client.websocket_connect(f"/ws/{room}") as s2,
            client.websocket_connect(f"/ws/{room}") as watch,
        ):
            hello(s1, ana)
            hello(s2, bob)
            hello(watch, None)
            send(s2, {"type": "start", "id": 1})  # only the host starts
            assert until(s2, of_type("refused"))["code"] == "not_host"
            send(s1, {"type": "start", "id": 2})
            until(s1, of_type("ack"))
            rack = view_of(s1)["game"]["rack"]
            before = server.snapshot()
            answers = ("ack", "refused", "error")
            for number, (message, kind, code) in enumerate(hostile_messages(rack), 10):
                send(s1, {"id": number, **message})
                answer = until(s1, lambda m: m["type"] in answers)
                assert (answer["type"], answer["code"]) == (kind, code), (message, answer)
                assert answer["text"], answer  # said in words, in French
            for socket, message, code in (
                (s2, {"type": "next_turn"}, "not_host"),
                (watch, {"type": "play", "move": "5E MAIN"}, "no_seat"),
                (watch, {"type": "preview", "move": "5E MAIN"}, "no_seat"),
                (watch, {"type": "next_turn"}, "no_seat"),
            ):
                send(socket, {"id": 99, **message})
                assert until(socket, lambda m: m["type"] in answers)["code"] == code, message
            assert server.snapshot() == before
            send(s2, {"type": "preview", "move": "A1 ZZZZZ", "id": 100})  # a preview: nothing
            verdict = until(s2, of_type("preview"))["verdict"]
            assert verdict["legal"] is False and verdict["reason"] == "not_on_rack"
            assert verdict["text"]
            assert server.snapshot() == before


#: Messages of a self-paced game that the fuzz leaves out: they reshape the room.
RESHAPING = (AddBotMessage, LeaveMessage, RematchMessage, StartMessage)


def duplicate_frames(rng: random.Random, rack: list[str], count: int) -> Iterator[str | bytes]:
    """Moves and previews (tiles on cells, notations, the rack's letters), « coup suivant »,
    and hostile frames of every kind, `count` in all."""
    sent = 0
    while sent < count:
        choice = rng.randrange(5)
        if choice == 0:
            cells = [[rng.randrange(100), rng.choice((*TILES, *rack))] for _ in range(3)]
            move: Message = {"placements": cells, "across": rng.choice((True, False, None))}
            frame: str | bytes = json.dumps({"type": rng.choice(("play", "preview")), **move})
        elif choice == 1:
            notation = rng.choice((*NOTATIONS, "5E " + "".join(rack[:3]), "E5 " + rack[0]))
            frame = json.dumps({"type": rng.choice(("play", "preview")), "move": notation})
        elif choice == 2:
            frame = json.dumps({"type": "next_turn", "id": rng.randrange(1000)})
        else:
            frame = hostile_frame(rng)
            try:
                if isinstance(parse_message(frame), RESHAPING):
                    continue
            except ProtocolError:
                pass
        sent += 1
        yield frame


@pytest.mark.usefixtures("roomy_credits")
def test_d3_fuzzed_frames_in_a_duplicate_game_change_only_what_an_ack_stored() -> None:
    store = MemoryStore()

    async def opened() -> MemoryStore:
        return store

    app = build_app(opened, ManualClock(), default_kinds(), chosen_grids=True)
    with TestClient(app) as client:
        live = Server(client, store)
        room, ana = create_duplicate(client, turn_seconds=None)
        bob = join(client, room, "Bob")
        with (
            client.websocket_connect(f"/ws/{room}") as s1,
            client.websocket_connect(f"/ws/{room}") as s2,
        ):
            hello(s1, ana)
            hello(s2, bob)
            send(s1, {"type": "start", "id": 1})
            until(s1, of_type("ack"))
            rack = view_of(s1)["game"]["rack"]
            frames = duplicate_frames(random.Random(24), rack, 200)
            seen = check_frames(live, room, s1, frames)
            assert seen["error"] > 40 and seen["refused"] > 10 and seen["ack"] > 10, seen
            assert seen["preview"] > 10, seen
            send(s2, {"type": "ping", "c": 5.0})  # the other player is still served
            assert until(s2, of_type("pong"), limit=10_000)["c"] == 5.0


def test_d1_an_upwords_en_duplicate_deals_english_tiles_and_judges_english_words(
    server: StoredServer,
) -> None:
    client = server.client
    room, ana = create_duplicate(client, ruleset="upwords-en", turn_seconds=None)
    with client.websocket_connect(f"/ws/{room}") as socket:
        view = hello(socket, ana)["view"]
        assert view["settings"]["ruleset"] == "upwords-en"
        assert view["settings"]["dictionary"] == "en"
        send(socket, {"type": "start", "id": 1})
        until(socket, of_type("ack"))
        for request in range(2, 6):  # a few turns, the top played each time
            game = view_of(socket)["game"]
            moves = moves_of(game, "upwords-en")
            if moves:
                send(socket, {"type": "play", "move": moves[0].notation, "id": request})
                until(socket, of_type("ack"))
            send(socket, {"type": "next_turn", "id": 100 + request})
            ended = until(socket, lambda m: bool(events_of(m, "turn_ended")))
            (turn,) = events_of(ended, "turn_ended")
            if moves:
                assert turn["top"] == moves[0].notation and turn["found_by"] == ["s1"]
                assert turn["scores"][0]["points"] == moves[0].points
        final = view_of(socket)["game"]
    assert final["standings"][0]["gap"] == 0 and final["standings"][0]["percent"] == 100.0


@pytest.fixture
def server() -> Iterator[StoredServer]:
    with stored_server() as server:
        yield server
