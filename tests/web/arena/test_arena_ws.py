"""The arena through the real ASGI app and a manual clock: coming in over HTTP mid-round
and between rounds, words whose verdicts reach their writer alone, the activity summed
up, one results frame per player with their own place, the next round's seat; and every
hostile request and message to the arena's route and sockets, each refused with nothing
stored."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient, WebSocketTestSession

from motamot.server.serve import build_app
from motamot.service.arena.keeper import ArenaKeeper
from motamot.service.arena.schedule import ArenaSchedule
from motamot.service.ports import ManualClock
from motamot.service.stores.memory import MemoryStore
from motamot.web import default_kinds
from motamot.web.arena import ArenaWeb
from tests.server.frames import FRAMES
from tests.server.helpers import grid_words, hello, of_type, send, until
from tests.server.stored import Snapshot

#: Players without accounts, listed in the best players: the lists opened (docs/rules.md F1).
SCHEDULE = ArenaSchedule("classic-fr", seconds=60, pause=10, open_rankings=True)
#: A round well after the epoch.
N = SCHEDULE.number_at(1_700_000_000.0) + 3
JOIN = "/api/arena/classic-fr/join"


class Arena:
    """The app with one short arena, its clock, its store and its keeper."""

    def __init__(self, client: TestClient, clock: ManualClock, store: MemoryStore) -> None:
        self.client = client
        self.clock = clock
        self.store = store
        #: each player's cookies (their lasting identity), by name
        self.jars: dict[str, dict[str, str]] = {}

    @property
    def kind(self) -> ArenaWeb:
        kind = self.client.app.state.rooms.kinds.get("arena")  # type: ignore[attr-defined]
        assert isinstance(kind, ArenaWeb)
        return kind

    @property
    def keeper(self) -> ArenaKeeper:
        assert self.kind.keeper is not None
        return self.kind.keeper

    def call(self, function: Any, *args: Any) -> Any:
        assert self.client.portal is not None
        return self.client.portal.call(function, *args)

    def at(self, when: float) -> None:
        """The clock at `when`, the rooms' timers fired, the keeper stepped."""
        self.clock.advance(when - self.clock.now())
        host = self.client.app.state.rooms.host  # type: ignore[attr-defined]
        self.call(host.tick_all)
        self.call(self.keeper.step)
        self.call(host.tick_all)

    def enter(self, name: str, player: str | None = None) -> dict[str, Any]:
        """`player` (by default one named `name`) comes into the arena as `name`."""
        player = player or name
        self.client.cookies.clear()
        self.client.cookies.update(self.jars.get(player, {}))
        answer = self.client.post(JOIN, json={"name": name})
        assert answer.status_code == 200, answer.text
        self.jars[player] = dict(self.client.cookies)
        body: dict[str, Any] = answer.json()
        return body

    def snapshot(self) -> Snapshot:
        async def read() -> Snapshot:
            return {room: await self.store.load(room) for room in await self.store.rooms()}

        stored: Snapshot = self.call(read)
        return stored


@pytest.fixture
def arena() -> Iterator[Arena]:
    store = MemoryStore()

    async def opened() -> MemoryStore:
        return store

    clock = ManualClock(SCHEDULE.start(N) + 20)  # round N, 20 s in
    app = build_app(opened, clock, default_kinds([SCHEDULE]))
    with TestClient(app) as client:
        yield Arena(client, clock, store)


def receive(socket: WebSocketTestSession) -> dict[str, Any]:
    text = socket.receive_text()
    FRAMES.check(text)
    message: dict[str, Any] = json.loads(text)
    return message


def event(kind: str) -> Any:
    return lambda m: m["type"] in ("events", "ack") and any(e["type"] == kind for e in m["events"])


def test_arena_A5_a_player_joining_mid_round_gets_the_grid_and_the_time_left(
    arena: Arena,
) -> None:
    ana = arena.enter("Ana")
    assert ana["number"] == N and ana["deadline"] == SCHEDULE.deadline(N)
    with arena.client.websocket_connect(f"/ws/{ana['room']}") as socket:
        welcome = hello(socket, ana["token"])
        view = welcome["view"]
        assert welcome["seat"] == ana["seat"] and view["kind"] == "arena"
        assert view["phase"] == "running" and len(view["grid"].split("/")) == 4
        assert view["deadline"] - welcome["now"] == pytest.approx(40)  # 60 s, 20 s gone
        assert view["words"] == [] and "seed" not in json.dumps(view)
        word = grid_words(view["grid"])[0]
        send(socket, {"type": "word", "text": word, "id": 1})
        ack = until(socket, of_type("ack"))
        assert ack["events"][0]["type"] == "arena.word_written"
        assert ack["events"][0]["feedback"] == "accepted" and ack["events"][0]["path"]


def test_arena_a_word_goes_to_its_writer_alone_and_the_activity_to_everybody(
    arena: Arena,
) -> None:
    ana, bob = arena.enter("Ana"), arena.enter("Bob")
    assert ana["room"] == bob["room"] and ana["seat"] != bob["seat"]
    with (
        arena.client.websocket_connect(f"/ws/{ana['room']}") as a,
        arena.client.websocket_connect(f"/ws/{bob['room']}") as b,
    ):
        grid = hello(a, ana["token"])["view"]["grid"]
        hello(b, bob["token"])
        words = grid_words(grid)[:3]
        for number, word in enumerate(words, 1):
            send(a, {"type": "word", "text": word, "id": number})
            answer = until(a, of_type("ack"))  # the verdict, in the answer to the word
            assert [e["text"] for e in answer["events"]] == [word]
        sent = arena.call(arena.kind.activity.send)  # type: ignore[union-attr]
        assert sent == 2
        for socket in (a, b):
            activity = until(socket, of_type("arena.activity"))
            assert activity["number"] == N
            assert (activity["seated"], activity["players"]) == (2, 1)
        arena.at(SCHEDULE.deadline(N) + 0.1)  # the feed's next frame for all: the end
        frames: list[dict[str, Any]] = []
        while not frames or frames[-1]["type"] != "events":
            frames.append(receive(b))
        # nothing of Ana's words came to Bob before the round's end (nor to Ana herself)
        assert [e["type"] for e in frames[-1]["events"]] == ["arena.round_ended"]
        assert all(f["type"] == "arena.activity" for f in frames[:-1])
        end = until(a, of_type("events"))
        assert [e["type"] for e in end["events"]] == ["arena.round_ended"]
    # a page catching up gets what its seat may see, its own words, and nothing else
    with arena.client.websocket_connect(f"/ws/{ana['room']}") as a:
        caught = hello(a, ana["token"], last_seq=1)
        assert caught["type"] == "events"
        mine = [e["text"] for e in caught["events"] if e["type"] == "arena.word_written"]
        assert mine == words
        assert {e["type"] for e in caught["events"]} <= {
            "room.seat_taken",
            "arena.round_started",
            "arena.word_written",
            "arena.round_ended",
        }
    with arena.client.websocket_connect(f"/ws/{bob['room']}") as b:
        caught = hello(b, bob["token"], last_seq=1)
        assert not [e for e in caught["events"] if e["type"] == "arena.word_written"]


def test_arena_A3_every_player_gets_one_results_frame_with_their_own_place(
    arena: Arena,
) -> None:
    seats = [arena.enter(f"P{i}") for i in range(4)]
    sockets = [arena.client.websocket_connect(f"/ws/{s['room']}") for s in seats]
    try:
        opened = [socket.__enter__() for socket in sockets]
        views = [
            hello(socket, seat["token"])["view"] for socket, seat in zip(opened, seats, strict=True)
        ]
        # the longest words for P0 and P1 (they tie), the shortest one for P2 (behind them
        # whatever the grid), nothing for P3
        words = sorted(grid_words(views[0]["grid"]), key=len, reverse=True)
        plays = [words[:3], words[:3], words[-1:], []]
        for socket, play in zip(opened, plays, strict=True):
            for number, word in enumerate(play, 1):
                send(socket, {"type": "word", "text": word, "id": number})
                until(socket, of_type("ack"))
        arena.at(SCHEDULE.deadline(N) + 0.1)
        ended = []
        for socket in opened:
            frame = until(socket, event("arena.round_ended"))
            (end,) = [e for e in frame["events"] if e["type"] == "arena.round_ended"]
            ended.append(end["result"])
        places = [result.get("you") for result in ended]
        assert places[0]["rank"] == places[1]["rank"] == 1  # a tie shares the rank
        assert places[0]["score"] == places[1]["score"] > places[2]["score"]
        assert places[2]["rank"] == 3 and places[2]["top"] == 100
        assert places[3] is None  # no word: not a player of the round
        assert all(result["players"] == 3 for result in ended)
        assert [p["name"] for p in ended[0]["best_players"]] == ["P0", "P1", "P2"]
        assert ended[0]["best_players"] == ended[3]["best_players"]
        assert places[0]["session_total"] == places[0]["score"]
    finally:
        for socket in sockets:
            socket.__exit__(None, None, None)


def test_arena_A4_A5_between_rounds_the_next_seat_and_a_session_that_goes_on(
    arena: Arena,
) -> None:
    ana = arena.enter("Ana")
    with arena.client.websocket_connect(f"/ws/{ana['room']}") as socket:
        grid = hello(socket, ana["token"])["view"]["grid"]
        for number, word in enumerate(grid_words(grid)[:2], 1):
            send(socket, {"type": "word", "text": word, "id": number})
            until(socket, of_type("ack"))
        arena.at(SCHEDULE.deadline(N) + 1)
        first = until(socket, event("arena.round_ended"))["events"][-1]["result"]["you"]
    nxt = arena.enter("Ana")  # during the results: the next round
    assert nxt["number"] == N + 1 and nxt["room"] != ana["room"]
    with arena.client.websocket_connect(f"/ws/{nxt['room']}") as socket:
        view = hello(socket, nxt["token"])["view"]
        assert view["phase"] == "waiting" and view["settings"]["start"] == SCHEDULE.start(N + 1)
        arena.at(SCHEDULE.start(N + 1) + 1)  # the sessions of N are carried into N + 1
        started = until(socket, event("arena.round_started"))["events"][-1]
        send(socket, {"type": "word", "text": grid_words(started["grid"])[0], "id": 1})
        until(socket, of_type("ack"))
        arena.at(SCHEDULE.deadline(N + 1) + 1)
        second = until(socket, event("arena.round_ended"))["events"][-1]["result"]["you"]
    assert second["session_rounds"] == 2
    assert second["session_total"] == first["score"] + second["score"]


def test_arena_a_reload_takes_the_same_seat_back_with_its_words(arena: Arena) -> None:
    ana = arena.enter("Ana")
    with arena.client.websocket_connect(f"/ws/{ana['room']}") as socket:
        grid = hello(socket, ana["token"])["view"]["grid"]
        send(socket, {"type": "word", "text": grid_words(grid)[0], "id": 1})
        until(socket, of_type("ack"))
    again = arena.enter("Ana")
    assert (again["room"], again["seat"]) == (ana["room"], ana["seat"])
    assert again["token"] != ana["token"]
    with arena.client.websocket_connect(f"/ws/{again['room']}") as socket:
        view = hello(socket, again["token"])["view"]
        assert [w["word"] for w in view["words"]] == [grid_words(grid)[0]]


@pytest.mark.parametrize(
    ("path", "body", "status", "code"),
    [
        ("/api/arena/nope/join", {"name": "Ana"}, 404, "unknown_arena"),
        ("/api/arena/big/join", {"name": "Ana"}, 404, "unknown_arena"),  # no arena there
        (JOIN, {"name": ""}, 400, "malformed"),
        (JOIN, {"name": "A" * 41}, 400, "malformed"),
        (JOIN, {"name": 7}, 400, "malformed"),
        (JOIN, {"name": "Ana", "seat": "s1"}, 400, "malformed"),
        (JOIN, {}, 400, "malformed"),
        (JOIN, [], 400, "malformed"),
        (JOIN, {"name": "a,b"}, 409, "bad_name"),
        (JOIN, {"name": "\u202eana"}, 409, "bad_name"),
        (JOIN, {"name": "   "}, 409, "bad_name"),
    ],
)
def test_arena_a_hostile_join_is_refused_in_words_and_stores_nothing(
    arena: Arena, path: str, body: Any, status: int, code: str
) -> None:
    before = arena.snapshot()
    answer = arena.client.post(path, json=body)
    assert answer.status_code == status, answer.text
    data = answer.json()
    assert (data.get("refused") or data.get("error")) == code and data["text"]
    assert arena.snapshot() == before


def test_arena_a_join_that_is_not_json_is_refused_and_the_status_route_is_read_only(
    arena: Arena,
) -> None:
    before = arena.snapshot()
    answer = arena.client.post(JOIN, content=b"name=Ana", headers={"content-type": "text/plain"})
    assert answer.status_code == 415
    answer = arena.client.post(
        JOIN, content=b'{"name": "\xff"}', headers={"content-type": "application/json"}
    )
    assert answer.status_code == 400
    status = arena.client.get("/api/arena/classic-fr").json()
    assert status["number"] == N and status["deadline"] == SCHEDULE.deadline(N)
    assert arena.client.get("/api/arena/%00").status_code == 404
    assert arena.client.get("/arene/nope").status_code == 404
    assert arena.snapshot() == before


def test_arena_the_status_counts_the_players_of_the_round_a_newcomer_would_join(
    arena: Arena,
) -> None:
    """The page before a name says how many play now, or wait for the next round."""
    arena.enter("Ana")
    arena.enter("Bob")
    status = arena.client.get("/api/arena/classic-fr").json()
    assert status["number"] == N and status["seated"] == 2
    arena.at(SCHEDULE.deadline(N) + 1)  # the results: a newcomer waits for round N + 1
    status = arena.client.get("/api/arena/classic-fr").json()
    assert status["number"] == N and status["now"] > status["deadline"]
    assert status["seated"] in (0, None)  # nobody in the next round yet (opened or not)
    arena.enter("Cat")
    assert arena.client.get("/api/arena/classic-fr").json()["seated"] == 1


def test_arena_hostile_messages_change_nothing(arena: Arena) -> None:
    ana = arena.enter("Ana")
    room = ana["room"]
    with arena.client.websocket_connect(f"/ws/{room}") as socket:
        hello(socket, ana["token"])
        before = arena.snapshot()
        refused: list[dict[str, Any]] = [
            {"type": "start"},
            {"type": "stop"},
            {"type": "rematch"},
            {"type": "ready", "ready": True},
            {"type": "add_bot", "level": "expert"},
            {"type": "remove_bot", "seat": "s1"},
            {"type": "play", "move": "5E MAIN"},
            {"type": "word", "text": "   "},
        ]
        for number, message in enumerate(refused, 1):
            send(socket, {**message, "id": number})
            answer = until(socket, lambda m: m["type"] in ("refused", "ack"))
            assert answer["type"] == "refused" and answer["text"], message
        for text in (
            json.dumps({"type": "word", "text": "A" * 65}),
            json.dumps({"type": "word", "text": 3}),
            json.dumps({"type": "arena.carry_sessions", "totals": [["x", 99, 1]]}),
            json.dumps({"type": "resync", "last_seq": -1}),
            "not json",
        ):
            socket.send_text(text)
            assert until(socket, of_type("error"))["code"] == "malformed"
        send(socket, {"type": "resync", "last_seq": 10**12})  # past the room's end: its view
        assert until(socket, of_type("welcome"))["view"]["room"] == room
        assert arena.snapshot() == before
    with arena.client.websocket_connect(f"/ws/{room}") as watcher:
        view = hello(watcher, None)["view"]
        assert view["you"] is None and "words" not in view
        send(watcher, {"type": "word", "text": "rat", "id": 1})
        assert until(watcher, of_type("refused"))["code"] == "no_seat"
    with arena.client.websocket_connect(f"/ws/{room}") as stranger:
        send(stranger, {"type": "hello", "token": "x" * 20})
        assert until(stranger, of_type("error"))["code"] == "bad_token"


def test_arena_a_round_is_watched_by_its_id_and_its_page_serves(arena: Arena) -> None:
    ana = arena.enter("Ana")
    page = arena.client.get(f"/r/{ana['room']}")
    assert page.status_code == 200 and "arena/arena.js" in page.text
    watch = arena.client.get(f"/r/{ana['room']}/watch")
    assert watch.status_code == 200
    for path in ("/arene", "/arene/classic-fr"):
        answer = arena.client.get(path)
        assert answer.status_code == 200 and '"arena": "classic-fr"' in answer.text, path
    home = arena.client.get("/").text
    assert 'id="arena-play"' in home and 'href="/arene"' in home
