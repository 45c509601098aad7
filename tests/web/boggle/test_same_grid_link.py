"""« Rejouer cette grille plus tard » (issue 21): the link carries the room's rules, its
match (rounds or a target), its computer players and its language; the home page reads
each from the query as hostile input (anything unreadable or out of bounds left out)."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlencode

import pytest
from starlette.testclient import TestClient

SEED = "9079581759720112984"


def defaults(client: TestClient, **query: str) -> tuple[dict[str, Any], str]:
    page = client.get("/?" + urlencode(query))
    assert page.status_code == 200
    data = page.text.split('<script type="application/json" id="data">')[1].split("</script>")[0]
    found: dict[str, Any] = json.loads(data)["defaults"]
    return found, page.text


def test_the_link_prefills_the_match_the_computer_players_and_the_language(
    client: TestClient,
) -> None:
    found, page = defaults(
        client, rounds="2", bots="beginner,expert", lang="en", seed=SEED, duration="75"
    )
    assert found == {"rounds": 2, "bots": ["beginner", "expert"], "seed": SEED, "duration": 75}
    assert '<html lang="en">' in page and "The original game&#39;s computer players:" in page
    assert page.count('name="same_bot"') == 2 and 'id="count" name="count"' in page
    assert 'value="2" inputmode="numeric"' in page.split('id="count"')[1][:200]
    by_target, page = defaults(client, target="150", seed=SEED)
    assert by_target["target"] == 150
    assert 'value="target" checked' in page
    assert 'value="decider" checked' in page
    shared, page = defaults(client, seed=SEED, tie="shared")  # M2: the tie rule goes too
    assert shared["extra_round_on_tie"] is False and 'value="shared" checked' in page


@pytest.mark.parametrize(
    "query",
    [
        {"rounds": "0"},
        {"rounds": "1001"},
        {"rounds": "-3"},
        {"rounds": "٣"},  # a digit, but not an ASCII one
        {"rounds": "9" * 400},
        {"target": "100001"},
        {"duration": "3601"},
        {"duration": "3"},  # M1: a round of 3 s is no round (the form would be refused)
        {"tie": "<script>"},
        {"bots": "expert,grandmaster"},
        {"bots": "expert,,beginner"},
        {"bots": "<script>"},
        {"invalid_penalty": "101"},
    ],
)
def test_a_hostile_link_leaves_out_what_it_cannot_read(
    client: TestClient, query: dict[str, str]
) -> None:
    found, page = defaults(client, **query)
    assert found == {}
    assert 'name="same_bot"' not in page and "<script>" not in page.split("<main")[1]


def test_at_most_the_room_s_limit_of_computer_players(client: TestClient) -> None:
    found, _ = defaults(client, bots=",".join(["beginner"] * 30))
    assert found["bots"] == ["beginner"] * 10
