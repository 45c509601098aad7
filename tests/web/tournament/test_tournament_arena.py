"""A Boggle tournament arena through the real app and a manual clock (K6, K8, K10): the
keeper opens each round's room as soon as it is paired, every player seated there with
their own token; the round starts with the tournament's, its words are the arena's, and
its end brings every player's points and words to the standings, three rounds to a
podium. A table's own hostile use changes nothing of the tournament."""

from __future__ import annotations

from typing import Any

from motamot.server.links import room_of
from tests.server.helpers import grid_words, hello, join, of_type, send, until
from tests.server.players.helpers import call, settled, sign_up
from tests.web.tournament.test_tournament_web import Served, served

__all__ = ["served"]

ARENA = {
    "name": "Dora",
    "title": "Boggle d'hiver",
    "format": "arena",
    "rounds": 3,
    "round_seconds": 30,
    "gap_seconds": 10,
}


def at(served: Served, seconds: float) -> None:
    """`seconds` later: every room's timers fired, the keeper stepped."""
    served.clock.advance(seconds)
    call(served.client, served.host.tick_all)
    call(served.client, served.keeper.step)
    call(served.client, served.host.tick_all)
    call(served.client, served.keeper.step)


def play(served: Served, mine: dict[str, Any], count: int) -> tuple[int, int]:
    """The player of `mine` (their « votre partie commence ») writes the round's `count`
    best words at their seat: the points and words the round's room accepted."""
    with served.client.websocket_connect(f"/ws/{mine['table']}") as socket:
        welcome = hello(socket, mine["token"])
        assert welcome["seat"] == mine["seat"], welcome
        view = welcome["view"]
        assert view["kind"] == "arena" and view["phase"] == "running"
        points = 0
        for number, word in enumerate(grid_words(view["grid"])[:count], 1):
            send(socket, {"type": "word", "text": word, "id": number})
            answer = until(socket, of_type("ack"))
            written = answer["events"][0]
            assert written["feedback"] == "accepted", written
            points += written["points"]
    return points, count


def test_k6_k8_k10_a_boggle_tournament_arena_of_three_rounds_through_the_server(
    served: Served,
) -> None:
    b = served.browsers
    b.be("dora")
    sign_up(served.client, "Dora")
    created = served.client.post("/api/tournament", json=ARENA).json()
    room, director = created["room"], created["token"]
    tokens = {}
    for name in ("Ana", "Ben"):
        b.be(name)
        sign_up(served.client, name)
        tokens[name] = join(served.client, room, name)
        assert served.act(room, tokens[name], {"type": "register"})["type"] == "ack"
    b.be("dora")
    assert served.act(room, director, {"type": "start"})["type"] == "ack"
    at(served, 0)
    totals = {"Ana": [0, 0], "Ben": [0, 0]}
    tables = set()
    for number, counts in enumerate(((3, 1), (0, 2), (1, 1)), 1):
        # paired: the round's room is open before it starts, each person's seat theirs
        view = served.view(room, tokens["Ana"])
        assert view["rounds"][-1]["round"] == number and not view["rounds"][-1]["begun"]
        mine = {name: served.view(room, tokens[name])["your_table"] for name in tokens}
        assert mine["Ana"]["table"] == mine["Ben"]["table"] == view["rounds"][-1]["arena_table"]
        assert {mine["Ana"]["seat"], mine["Ben"]["seat"]} == {"s1", "s2"}
        assert mine["Ana"]["token"] != mine["Ben"]["token"]
        assert tokens["Ana"] not in str(served.view(room, tokens["Ben"]))
        tables.add(mine["Ana"]["table"])
        settings = served.view(mine["Ana"]["table"], None)["settings"]
        assert settings["seconds"] == 30 and settings["tournament"] == room_of(room)
        at(served, 10)  # the round begins, and its room's grid with it
        scored = {}
        for name, count in zip(("Ana", "Ben"), counts, strict=True):
            if count:
                b.be(name)
                points, words = play(served, mine[name], count)
                totals[name][0] += points
                totals[name][1] += words
                scored[name] = points
        at(served, 31)  # past the deadline: the room ends, the keeper scores the round
        view = served.view(room, None)
        shown = view["rounds"][number - 1]
        assert shown["scored"], view["rounds"]
        # the round's card names its best, most points first (K6)
        best = [(view["names"][one["player"]], one["points"]) for one in shown["best"]]
        assert best == sorted(scored.items(), key=lambda one: -one[1])
    assert len(tables) == 3  # a room a round
    final = served.view(room, None)
    assert final["phase"] == "finished"
    rows = {final["names"][r["player"]]: (r["points"], r["words"]) for r in final["standings"]}
    assert rows == {name: tuple(total) for name, total in totals.items()}
    expected = sorted(totals, key=lambda name: (-totals[name][0], -totals[name][1]))
    assert [final["names"][p] for p in final["podium"]] == expected
    assert served.view(room, tokens["Ana"])["your_table"] is None
    settled(served.client)
    profile = served.client.get(f"/joueur/{expected[0]}").text
    assert "Tournoi" in profile and f"/r/{room_of(room)}/watch" in profile


def test_k8_a_stranger_in_a_tournament_round_s_room_scores_nothing_there(
    served: Served,
) -> None:
    """A stranger with the round's link may play along (it is an arena room), but the
    tallies go by the tournament's players; and nobody but the server scores a round."""
    b = served.browsers
    b.be("dora")
    sign_up(served.client, "Dora")
    created = served.client.post("/api/tournament", json={**ARENA, "rounds": 1})
    room, director = created.json()["room"], created.json()["token"]
    tokens = {}
    for name in ("Ana", "Ben"):
        b.be(name)
        sign_up(served.client, name)
        tokens[name] = join(served.client, room, name)
        served.act(room, tokens[name], {"type": "register"})
    b.be("dora")
    served.act(room, director, {"type": "start"})
    at(served, 0)
    table = served.view(room, tokens["Ana"])["your_table"]["table"]
    at(served, 10)
    b.be("zed")
    sign_up(served.client, "Zed")
    zed = served.client.post(f"/api/rooms/{table}/join", json={"name": "Zed"})
    assert zed.status_code == 200, zed.text  # an arena's room: anybody may play along
    with served.client.websocket_connect(f"/ws/{table}") as socket:
        view = hello(socket, zed.json()["token"])["view"]
        send(socket, {"type": "word", "text": grid_words(view["grid"])[0], "id": 1})
        assert until(socket, of_type("ack"))["events"][0]["feedback"] == "accepted"
    b.be("Ana")
    with served.client.websocket_connect(f"/ws/{room}") as socket:
        hello(socket, tokens["Ana"])
        send(socket, {"type": "tournament.score_arena", "round": 1, "tallies": [], "id": 2})
        assert until(socket, lambda m: m["type"] in ("ack", "refused", "error"))["type"] == "error"
    at(served, 31)
    final = served.view(room, None)
    assert final["phase"] == "finished"
    assert sorted(final["names"][r["player"]] for r in final["standings"]) == ["Ana", "Ben"]
    assert all(r["points"] == 0 for r in final["standings"])
