"""`/healthz`, `/readyz` and `/metrics` through the real app: each figure after a round
played over its sockets is what the round did (words stored, sockets open, appends)."""

from __future__ import annotations

import gc
import logging
import time
from collections.abc import Iterator
from typing import Any

from prometheus_client.parser import text_string_to_metric_families
from starlette.testclient import TestClient

from motamot.server.operations import Operations
from motamot.server.serve import build_app
from motamot.service.ports import ManualClock, StoredEvent
from motamot.service.stores.memory import MemoryStore
from motamot.web import default_kinds
from tests.server.helpers import create, grid_words, hello, of_type, send, until

SEED = 2024


def scrape(client: TestClient) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of `/metrics` by (name, labels)."""
    answer = client.get("/metrics")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/plain")
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(answer.text)
        for sample in family.samples
    }


def test_healthz_and_readyz_answer_when_the_store_does(client: TestClient) -> None:
    assert client.get("/healthz").json() == {"status": "ok"}
    ready = client.get("/readyz")
    assert ready.status_code == 200 and ready.json() == {"status": "ready"}
    assert ready.headers["cache-control"] == "no-store"


class FailingStore(MemoryStore):
    """A store that stops answering (its disk gone, its server down)."""

    def __init__(self) -> None:
        super().__init__()
        self.down = False

    async def load(self, room: str, after: int = 0) -> list[StoredEvent]:
        if self.down:
            raise OSError("the store does not answer")
        return await super().load(room, after)


def test_readyz_says_503_store_when_the_store_fails() -> None:
    store = FailingStore()

    async def factory() -> FailingStore:
        return store

    with TestClient(build_app(factory, ManualClock(), default_kinds())) as client:
        assert client.get("/readyz").status_code == 200
        store.down = True
        answer = readyz_until(client, 503)  # the probe in the background saw it
        assert answer.json() == {"status": "unready", "reason": "store"}
        assert client.get("/healthz").status_code == 200  # alive, only not ready
        store.down = False
        readyz_until(client, 200)


def readyz_until(client: TestClient, status: int, seconds: float = 2.0) -> Any:
    """`/readyz` asked until it answers `status` (the probe runs every 0.5 s)."""
    give_up = time.monotonic() + seconds
    while True:
        answer = client.get("/readyz")
        if answer.status_code == status or time.monotonic() > give_up:
            assert answer.status_code == status
            return answer
        time.sleep(0.05)


def test_readiness_store_errors_and_players_in_play_are_counted() -> None:
    store = FailingStore()

    async def factory() -> FailingStore:
        return store

    with TestClient(build_app(factory, ManualClock(), default_kinds())) as client:
        room, ana = create(client, duration=60)
        with client.websocket_connect(f"/ws/{room}") as socket:
            hello(socket, ana)
            with client.websocket_connect(f"/ws/{room}") as watcher:
                hello(watcher, None)
                playing = scrape(client)
        assert playing[("motamot_players_in_play", ())] == 1  # the spectator is not
        assert playing[("motamot_rooms_in_play", ())] == 1
        readyz_until(client, 200)
        assert scrape(client)[("motamot_ready", ())] == 1  # the probe says it
        store.down = True
        readyz_until(client, 503)
        down = scrape(client)
        store.down = False
    assert down[("motamot_ready", ())] == 0
    assert down[("motamot_store_errors_total", (("operation", "load"),))] >= 1
    assert down[("motamot_players_in_play", ())] == 0


def test_each_warning_of_the_redis_modules_counts_as_a_broker_error(client: TestClient) -> None:
    before = scrape(client)[("motamot_broker_errors_total", ())]
    logging.getLogger("motamot.service.brokers.redis_presence").warning("presence not shared")
    logging.getLogger("motamot.service.rooms.relay").warning("relay connection lost")
    logging.getLogger("motamot.service.brokers.redis").info("subscribed")  # not an error
    logging.getLogger("motamot.service.rooms.host").warning("another module's")
    assert scrape(client)[("motamot_broker_errors_total", ())] == before + 2


def test_metrics_count_what_a_round_did(client: TestClient) -> None:
    before = scrape(client)
    assert before[("motamot_open_sockets", ())] == 0
    room, ana = create(client, duration=60, seed=SEED)
    with client.websocket_connect(f"/ws/{room}") as socket:
        hello(socket, ana)
        send(socket, {"type": "start", "id": 1})
        ack = until(socket, of_type("ack"))
        grid = next(e for e in ack["events"] if e["type"] == "boggle.round_started")["grid"]
        words = grid_words(grid)[:5]
        for number, word in enumerate(words, 2):
            send(socket, {"type": "word", "text": word, "id": number})
            until(socket, of_type("ack"))
        send(socket, {"type": "word", "text": words[0], "id": 99})
        until(socket, of_type("refused"))
        during = scrape(client)
    after = scrape(client)
    stored = ("motamot_actions_total", (("action", "word"), ("outcome", "stored")))
    refused = ("motamot_actions_total", (("action", "word"), ("outcome", "refused")))
    started = ("motamot_actions_total", (("action", "start"), ("outcome", "stored")))
    assert during[stored] == len(words) and during[refused] == 1 and during[started] == 1
    assert during[("motamot_ack_seconds_count", ())] == len(words) + 2
    assert during[("motamot_open_sockets", ())] == 1
    assert after[("motamot_open_sockets", ())] == 0
    # the creation, the start, each word: one append each at least
    assert during[("motamot_store_append_seconds_count", ())] >= len(words) + 2
    assert during[("motamot_rooms_loaded", ())] == 1 == during[("motamot_rooms_owned", ())]
    assert during[("motamot_relayed_commands_total", (("direction", "sent"),))] == 0


def test_metrics_time_the_event_loop_and_the_collector(client: TestClient) -> None:
    first = scrape(client).get(("motamot_event_loop_lag_seconds_count", ()), 0.0)
    pauses = sum(v for (n, _), v in scrape(client).items() if n == "motamot_gc_pause_seconds_count")
    gc.collect()
    time.sleep(0.8)  # the sampler wakes every quarter of a second
    after = scrape(client)
    assert after[("motamot_event_loop_lag_seconds_count", ())] > first
    now = sum(v for (n, _), v in after.items() if n == "motamot_gc_pause_seconds_count")
    assert now > pauses
    assert after[("motamot_gc_pause_seconds_count", (("generation", "2"),))] >= 1


def no_metrics_app() -> Iterator[TestClient]:
    async def factory() -> MemoryStore:
        return MemoryStore()

    ops = Operations(metrics=None)
    with TestClient(build_app(factory, ManualClock(), default_kinds(), True, ops=ops)) as client:
        yield client


def test_without_metrics_nothing_is_served_and_rooms_still_play() -> None:
    for client in no_metrics_app():
        assert client.get("/metrics").status_code == 404
        room, ana = create(client, duration=60, seed=SEED)
        with client.websocket_connect(f"/ws/{room}") as socket:
            hello(socket, ana)
            send(socket, {"type": "start", "id": 1})
            assert until(socket, of_type("ack"))["id"] == 1
