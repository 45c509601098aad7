"""A setting's bounds are said once (issue 20): the home page's fields, the API's schema
and the room read the same `BOUNDS` (a web room's round, M1: `ROOM_ROUND`, within the
room's); the form starts from each preset's own duration."""

from __future__ import annotations

import re

import pytest
from starlette.testclient import TestClient

from motamot.boggle import PRESETS
from motamot.service.boggle.settings import BoggleSettings
from motamot.service.topword.settings import (
    CORRESPONDENCE_DAYS,
    DAY_SECONDS,
    LIVE_TURN,
    TopwordSettings,
)
from motamot.web.boggle.api import ROOM_ROUND


def field(page: str, element_id: str) -> dict[str, str]:
    match = re.search(rf'<input id="{element_id}"([^>]*)>', page)
    assert match is not None, element_id
    return dict(re.findall(r'(\w[\w-]*)="([^"]*)"', match.group(1)))


def test_the_home_page_fields_take_the_settings_bounds(client: TestClient) -> None:
    page = client.get("/").text
    duration, clock = field(page, "duration"), field(page, "tw-clock")
    assert (int(duration["min"]), int(duration["max"])) == (ROOM_ROUND.low, ROOM_ROUND.high)
    room = BoggleSettings.BOUNDS["duration"]
    assert room.holds(ROOM_ROUND.low) and room.holds(ROOM_ROUND.high)  # M1 within the room's
    # the live clock's field: the live part of the one bound (days are by correspondence)
    assert (float(clock["min"]), float(clock["max"])) == (LIVE_TURN.low, LIVE_TURN.high)
    turn = TopwordSettings.BOUNDS["turn_seconds"]
    assert turn.low == LIVE_TURN.low and LIVE_TURN.high < DAY_SECONDS <= turn.high
    days = re.search(r'<select id="tw-days"[^>]*>(.*?)</select>', page, re.S)
    assert days is not None
    offered = [int(v) for v in re.findall(r'<option value="(\d+)"', days.group(1))]
    assert offered == list(CORRESPONDENCE_DAYS)
    assert all(turn.holds(d * DAY_SECONDS) for d in offered)  # each one the API takes


def test_each_preset_offers_its_own_duration(client: TestClient) -> None:
    page = client.get("/").text
    offered = dict(re.findall(r'<option value="([\w-]+)" data-duration="(\d+)"', page))
    assert offered == {name: str(rules.duration_seconds) for name, rules in PRESETS.items()}
    assert offered["super-big"] == "240"


@pytest.mark.parametrize("edge", ["low", "high"])
def test_the_api_takes_the_bounds_and_refuses_past_them(client: TestClient, edge: str) -> None:
    bound = ROOM_ROUND  # M1: a web room's round, refused past it with its bound said
    inside = bound.low if edge == "low" else bound.high
    outside = inside - 1 if edge == "low" else inside + 1
    assert client.post("/api/rooms", json={"name": "Ana", "duration": inside}).status_code == 200
    refused = client.post("/api/rooms", json={"name": "Ana", "duration": outside})
    assert refused.status_code == 409, refused.text
    assert refused.json()["refused"] == ("round_too_short" if edge == "low" else "round_too_long")
