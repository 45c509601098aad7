"""Settings that trapped new players (issue 37), through the create route as a page sends
them and as anyone may: a round of a second (M1) is refused with a sentence that says
the bound, whatever the number or its type; the tie rule (M2) is chosen at creation."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from motamot.web.boggle.api import ROOM_ROUND
from tests.server.helpers import hello

MIN_ROUND_SECONDS, MAX_ROUND_SECONDS = int(ROOM_ROUND.low), int(ROOM_ROUND.high)


def create(client: TestClient, lang: str = "fr", **fields: Any) -> Any:
    return client.post(f"/api/boggle?lang={lang}", json={"name": "Ana", **fields})


@pytest.mark.parametrize(
    ("duration", "code"),
    [
        (1, "round_too_short"),
        (3, "round_too_short"),
        (29.9, "round_too_short"),
        (0, "round_too_short"),
        (-1, "round_too_short"),
        (-1e308, "round_too_short"),
        (3601, "round_too_long"),
        (1e9, "round_too_long"),
        (1e308, "round_too_long"),
    ],
)
def test_m1_a_round_too_short_or_too_long_is_refused_with_its_bound(
    client: TestClient, duration: float, code: str
) -> None:
    answer = create(client, duration=duration)
    assert answer.status_code == 409, answer.text
    body = answer.json()
    assert body["refused"] == code and "room" not in body
    bound = MIN_ROUND_SECONDS if code == "round_too_short" else MAX_ROUND_SECONDS
    assert f"{bound} secondes" in body["text"]
    english = create(client, "en", duration=duration).json()["text"]
    assert f"{bound} seconds" in english


@pytest.mark.parametrize("duration", ["180", "abc", True, [180], {"s": 1}, "1e9"])
def test_m1_a_duration_that_is_no_number_is_a_clear_400(client: TestClient, duration: Any) -> None:
    answer = create(client, duration=duration)
    assert answer.status_code == 400, answer.text
    assert answer.json()["error"] == "malformed" and answer.json()["text"]


@pytest.mark.parametrize("duration", [MIN_ROUND_SECONDS, 180, MAX_ROUND_SECONDS, None])
def test_m1_rounds_from_30_s_to_an_hour_are_played(client: TestClient, duration: Any) -> None:
    answer = create(client, duration=duration)
    assert answer.status_code == 200, answer.text


def test_m1_the_form_says_the_bound_and_asks_for_it(client: TestClient) -> None:
    page = client.get("/?lang=fr").text
    assert f'min="{MIN_ROUND_SECONDS}" max="{MAX_ROUND_SECONDS}"' in page
    assert f"De {MIN_ROUND_SECONDS} à {MAX_ROUND_SECONDS} secondes" in page


@pytest.mark.parametrize("tie", ["yes", 1, None, [True]])
def test_m2_the_tie_rule_is_a_boolean_or_a_400(client: TestClient, tie: Any) -> None:
    answer = create(client, extra_round_on_tie=tie)
    assert answer.status_code == 400, answer.text


def test_m2_the_tie_rule_chosen_is_the_rooms(client: TestClient) -> None:
    for tie in (True, False):
        made = create(client, extra_round_on_tie=tie, rounds=1).json()
        with client.websocket_connect(f"/ws/{made['room']}") as socket:
            welcome = hello(socket, made["token"])
        assert welcome["view"]["settings"]["extra_round_on_tie"] is tie
