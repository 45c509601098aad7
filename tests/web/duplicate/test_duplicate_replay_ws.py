"""D7 through the real app: in the pause after a turn the arbiter's « annuler et rejouer »
takes that turn back (every page is told, and asks for the room again); a player's
socket may not, and changes nothing."""

from __future__ import annotations

from starlette.testclient import TestClient

from motamot.service.ports import ManualClock
from tests.server.helpers import hello, send, until
from tests.web.duplicate.test_duplicate_arbiter_ws import answer
from tests.web.duplicate.test_duplicate_ws import create_duplicate, live, moves_of, view_of

__all__ = ["live"]  # the fixture, used by name


def test_d7_the_arbiter_s_socket_replays_the_turn_just_played_and_a_player_s_may_not(
    live: tuple[TestClient, ManualClock],
) -> None:
    client, clock = live
    room, token = create_duplicate(
        client, "Arbitre", arbiter=True, turn_seconds=60, pause_seconds=120
    )
    ana = client.post(f"/api/rooms/{room}/join", json={"name": "Ana"}).json()["token"]
    with (
        client.websocket_connect(f"/ws/{room}") as arbiter,
        client.websocket_connect(f"/ws/{room}") as player,
    ):
        hello(arbiter, token)
        hello(player, ana)
        assert answer(arbiter, {"type": "start"}, 1)["type"] == "ack"
        game = view_of(player)["game"]
        top = moves_of(game)[0]
        played = answer(player, {"type": "play", "move": top.notation, "turn": 1}, 2)
        assert played["type"] == "ack"
        clock.advance(61)  # the turn's end; the pause after it until the next rack
        late = answer(arbiter, {"type": "arbiter_add_time", "seconds": 30}, 6)  # ticks the room
        assert late["type"] == "refused" and late["code"] == "no_turn"  # the turn is over
        paused = view_of(player)["game"]
        assert paused["next_at"] is not None and paused["standings"][0]["total"] == top.points
        refused = answer(player, {"type": "arbiter_cancel_turn", "reason": "moi"}, 3)
        assert refused["type"] == "refused" and refused["code"] == "not_arbiter"
        assert refused["text"]  # said in words
        assert view_of(player)["game"] == paused  # nothing changed
        done = answer(arbiter, {"type": "arbiter_cancel_turn", "reason": "tirage mal lu"}, 4)
        assert done["type"] == "ack"
        (decided,) = done["events"]
        assert decided["type"] == "duplicate.decided"
        assert decided["decision"]["what"] == "turn_replayed"
        assert decided["decision"]["reason"] == "tirage mal lu"
        told = until(player, lambda m: m["type"] == "events")  # every page is told
        assert told["events"][0]["type"] == "duplicate.decided"
        again = view_of(player)["game"]
        assert again["turn"] == 1 and again["next_at"] is None and again["sheet"] == []
        assert again["top_total"] == 0 and again["standings"][0]["total"] == 0
        assert again["rack"] == game["rack"] and again["my_move"] is None
        assert again["deadline"] == clock.now() + 60
        send(player, {"type": "play", "move": top.notation, "turn": 1, "id": 5})
        assert until(player, lambda m: m.get("id") == 5)["type"] == "ack"
