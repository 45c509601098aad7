"""Every frame the server sends is declared: the frames of a real game fit their kind's
schema and any field too many, missing or of the wrong type does not; a seed (63-bit)
reaches a page only as a string, and comes back from one as a string too."""

from __future__ import annotations

import json
from typing import Any

import msgspec
import pytest
from starlette.testclient import TestClient

from motamot.server.frames import Events, Welcome
from motamot.service.boggle.shown import BoggleView
from motamot.service.rooms.events import SHARED_EVENTS
from motamot.service.rooms.shown import Hidden
from motamot.web import default_kinds
from tests.server.frames import FrameCheck
from tests.server.helpers import create, event_of, hello, join, send, until

#: A seed a JavaScript number cannot hold (it would read 9079581759720113000).
BIG_SEED = 9079581759720112984


def frames_of_a_round(client: TestClient, seed: int | str = BIG_SEED) -> list[str]:
    """Every frame Bob's socket gets while Ana plays a round with a word and stops it."""
    room, ana = create(client, duration=60, seed=seed)
    bob = join(client, room, "Bob")
    texts: list[str] = []

    def read_to_welcome() -> None:
        while not texts or json.loads(texts[-1])["type"] != "welcome":
            texts.append(b.receive_text())

    with client.websocket_connect(f"/ws/{room}") as a, client.websocket_connect(f"/ws/{room}") as b:
        hello(a, ana)
        send(b, {"type": "hello", "token": bob})
        read_to_welcome()
        send(a, {"type": "start", "id": 1})
        grid = until(a, event_of("round_started"))["events"][0]["grid"]
        send(a, {"type": "word", "text": grid.replace("/", "")[:3], "id": 2})
        send(a, {"type": "stop", "id": 3})
        until(a, event_of("round_ended"))
        send(b, {"type": "resync", "last_seq": 0})
        texts.append(b.receive_text())
        read_to_welcome()  # what Bob was sent meanwhile, then the whole room again
    return texts


def test_the_frames_of_a_round_fit_the_declared_schema(client: TestClient) -> None:
    check = FrameCheck()
    texts = frames_of_a_round(client)
    decoded = [check.check(text) for text in texts]
    assert sum(isinstance(frame, Welcome) for frame in decoded) == 2
    events = [e for frame in decoded if isinstance(frame, Events) for e in frame.events]
    tags = {tag(type(e)) for e in events}
    assert {"boggle.round_started", "boggle.word_written", "boggle.round_ended"} <= tags
    assert not any(isinstance(e, Hidden) for e in events)


def test_a_field_too_many_missing_or_of_the_wrong_type_fits_no_schema(
    client: TestClient,
) -> None:
    check = FrameCheck()
    welcome = json.loads(frames_of_a_round(client)[-1])
    view_type = msgspec.json.Decoder(Welcome[BoggleView])
    assert view_type.decode(json.dumps(welcome)).view.round is not None
    broken = []
    extra = json.loads(json.dumps(welcome))
    extra["view"]["round"]["secret"] = "x"
    broken.append(extra)
    missing = json.loads(json.dumps(welcome))
    del missing["view"]["match"]["totals"]
    broken.append(missing)
    numeric_seed = json.loads(json.dumps(welcome))
    numeric_seed["view"]["round"]["result"]["seed"] = BIG_SEED
    broken.append(numeric_seed)
    for frame in broken:
        with pytest.raises(AssertionError, match="fits no schema"):
            check.check(json.dumps(frame))
    seven = {"type": "events", "events": [{"type": "boggle.match_reset", "seq": "seven"}]}
    with pytest.raises(AssertionError, match="fits no schema"):
        check.check(json.dumps(seven))
    unknown = {"type": "events", "events": [{"type": "boggle.nothing", "seq": 3}]}
    with pytest.raises(AssertionError, match="fits no schema"):
        check.check(json.dumps(unknown))


def test_seeds_reach_the_page_as_strings(client: TestClient) -> None:
    texts = frames_of_a_round(client)
    seeds = [json.loads(t) for t in texts if str(BIG_SEED) in t]
    assert seeds  # the round's seed is shown once the round is over...
    for text in texts:
        assert f":{BIG_SEED}" not in text.replace(" ", "")  # ...never as a JSON number
    welcome = json.loads(texts[-1])
    assert welcome["view"]["round"]["result"]["seed"] == str(BIG_SEED)


@pytest.mark.parametrize("seed", [BIG_SEED, str(BIG_SEED)])
def test_a_room_takes_its_seed_as_digits_or_as_an_older_links_number(
    client: TestClient, seed: Any
) -> None:
    room, ana = create(client, duration=60, seed=seed)
    with client.websocket_connect(f"/ws/{room}") as socket:
        hello(socket, ana)
        send(socket, {"type": "start", "id": 1})
        until(socket, event_of("round_started"))
        send(socket, {"type": "stop", "id": 2})
        ended = until(socket, event_of("round_ended"))
    result = next(e for e in ended["events"] if e["type"] == "boggle.round_ended")["result"]
    assert result["seed"] == str(BIG_SEED)


def test_a_seed_out_of_range_is_refused_and_nothing_stored(client: TestClient) -> None:
    for seed in (str(2**63), "12a", "-1", "", "1" * 20, 2**63):
        answer = client.post("/api/rooms", json={"name": "Ana", "seed": seed})
        assert answer.status_code == 400 and answer.json()["error"] == "malformed", seed


def test_the_same_grid_link_keeps_every_digit_of_the_seed(client: TestClient) -> None:
    page = client.get(f"/?seed={BIG_SEED}&from=abc")
    data = page.text.split('<script type="application/json" id="data">')[1].split("</script>")[0]
    assert json.loads(data)["defaults"]["seed"] == str(BIG_SEED)
    assert "same-grid-note" in page.text


def tag(cls: Any) -> str:
    return str(msgspec.inspect.type_info(cls).tag)  # type: ignore[attr-defined]


def test_every_event_of_every_kind_is_declared_as_shown() -> None:
    """Each kind shows each of its events (its own and the shared ones) in a declared shape."""
    for kind in default_kinds():
        stored = {tag(event) for event in (*SHARED_EVENTS, *kind.room.events)}
        shown_as = {kind.shown_as.get(stored_tag, stored_tag) for stored_tag in stored}
        assert {tag(shown) for shown in kind.shown} == shown_as, kind.name
