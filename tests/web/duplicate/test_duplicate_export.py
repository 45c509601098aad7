"""The standings as CSV (a club's records), the page to print and the room's screen: any
room's standings at any time, never another kind's room, never a formula in a cell."""

from __future__ import annotations

import csv
import io

from motamot.service.duplicate.commands import CorrectScore, SeatPaper, StartDuplicate, Submit
from motamot.web.duplicate.export import cell, standings_csv
from tests.server.helpers import create
from tests.server.stored import stored_server
from tests.service.duplicate.test_duplicate_room import SEED, Played, moves_of
from tests.web.duplicate.test_duplicate_ws import create_duplicate


def rows_of(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


def test_d6_d7_the_csv_ranks_the_players_with_their_points_turn_by_turn() -> None:
    played = Played(("arb", "ana", "=HYPERLINK"), arbiter=True, turn_seconds=60.0)
    played.ok("s1", SeatPaper("bob"))
    played.ok("s1", StartDuplicate(SEED))
    top, lower = moves_of(played.room)
    played.ok("s2", Submit(top))
    played.ok("s3", Submit(lower))
    played.advance(61)
    played.ok("s1", CorrectScore("s4", 1, 2, reason="bulletin"))
    rows = rows_of(standings_csv(played.room))
    points = played.room.turns[0].top_points
    assert rows[0] == ["place", "name", "total", "gap", "percent", "t1"]
    assert rows[1] == ["1", "ana", str(points), "0", "100.0", str(points)]
    assert rows[2][1] == "'=HYPERLINK"  # a name is never run as a formula
    assert rows[3][:3] == ["3", "bob", "2"]
    assert rows[-1][1:3] == ["top", str(points)] and len(rows) == 5  # no arbiter row
    assert [cell(x) for x in ("+1", "-1", "@a", "ok")] == ["'+1", "'-1", "'@a", "ok"]


def test_the_csv_print_and_screen_of_a_room_and_clear_refusals_otherwise() -> None:
    with stored_server() as server:
        client = server.client
        room, _ = create_duplicate(client, arbiter=True)
        answer = client.get(f"/api/duplicate/{room}/standings.csv")
        assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/csv")
        assert answer.text.startswith("place,name,total")
        assert "attachment" in answer.headers["content-disposition"]
        for mode in ("screen", "print"):
            assert client.get(f"/r/{room}/{mode}").status_code == 200
        assert client.get(f"/r/{room}/projector").status_code == 404
        boggle, _ = create(client)
        for bad in (boggle, "nope", "x" * 300, "%00", "a%20b"):
            answer = client.get(f"/api/duplicate/{bad}/standings.csv")
            assert answer.status_code == 404 and answer.json()["text"], bad
