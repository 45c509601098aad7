"""`motamot admin remove-message`, `remove-player`, `close-room`, `close-reports`
and `rooms` against a real `motamot serve` (issue 36): the live rooms and who sits in
them, as the server wrote them; the command queues an action, the server
takes it within a second, submits it to the room (its sockets told at once) and the
command prints what came of it; a refusal is said and exits non-zero; hostile arguments
are refused before anything is queued; with no server running it says it is waiting."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from motamot.cli.main import main
from tests.cli.test_admin_moderation import serving, told_and_closed, two_players
from tests.server.live import LiveServer


@pytest.mark.slow
def test_room_actions_from_the_command_line_reach_the_live_room(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "rooms.sqlite3"
    with serving(LiveServer(db)) as server:
        played = two_players(server)
        room = played.room[:16]
        ana = played.ana.socket(played.room, played.ana_token)
        troll = played.troll.socket(played.room, played.troll_token)
        troll.send(json.dumps({"type": "say", "text": "insulte", "id": 1}))
        said = next(
            message["events"][0]["seq"]
            for message in (json.loads(troll.recv(timeout=10)) for _ in range(20))
            if message["type"] == "ack"
        )
        deadline = time.monotonic() + 15  # each server writes what it holds every 5 s
        while True:
            assert main(["admin", "rooms", "--db", str(db), "--json"]) == 0
            listed = {one["room"]: one for one in json.loads(capsys.readouterr().out)}
            # a snapshot written between Ana's room and Troll's seat lists Ana alone
            seated = [seat["name"] for seat in listed.get(room, {}).get("seats", [])]
            if seated == ["Ana", "Troll"]:
                break
            assert time.monotonic() < deadline, f"the room is not listed with both: {seated}"
            time.sleep(0.5)
        assert main(["admin", "rooms", "--db", str(db)]) == 0
        assert "Troll (s2, " in capsys.readouterr().out
        assert main(["admin", "remove-message", "--db", str(db), "--", room, str(said)]) == 0
        assert "message retiré" in capsys.readouterr().out
        while (event := json.loads(ana.recv(timeout=10)))["type"] != "events" or event["events"][
            -1
        ]["type"] != "room.chat_removed":
            pass
        assert event["events"][-1]["said"] == said
        assert main(["admin", "remove-message", "--db", str(db), "--", room, str(said)]) != 0
        assert "déjà été retiré" in capsys.readouterr().err
        link = f"{server.url}/r/{played.room}"  # a player's link names the room too
        assert main(["admin", "remove-player", "--db", str(db), "--", link, "s2"]) == 0
        assert "retiré de la salle" in capsys.readouterr().out
        assert told_and_closed(troll, 5) == ("moderated", 4410)
        assert main(["admin", "close-room", "--db", str(db), "--", room]) == 0
        assert "fermée" in capsys.readouterr().out
        assert told_and_closed(ana, 5) == ("room_closed", 4452)
        assert main(["--lang", "en", "admin", "close-room", "--db", str(db), "--", room]) != 0
        assert "closed this room" in capsys.readouterr().err
        assert main(["admin", "close-reports", "Troll", "--db", str(db)]) == 0
        assert "1 signalement clos" in capsys.readouterr().out
        played.close()
    assert main(["admin", "close-reports", "Troll", "--db", str(db)]) != 0  # none open now
    capsys.readouterr()
    # no server: asked, and said so
    assert main(["admin", "close-room", "--db", str(db), "--wait", "0", "--", room]) == 0
    assert "aucun serveur ne l'a encore fait" in capsys.readouterr().out


def test_hostile_arguments_queue_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "rooms.sqlite3")
    for args in (
        ["close-room", "x"],
        ["close-room", "é" * 16],
        ["close-room", "' OR 1=1 --; DROP"],
        ["remove-message", "A" * 16, "0"],
        ["remove-message", "A" * 16, "-3"],
        ["remove-message", "A" * 16, str(2**60)],
        ["remove-player", "A" * 16, "s" * 40],
    ):
        assert main(["admin", *args, "--db", db, "--wait", "0"]) != 0, args
        capsys.readouterr()
    with pytest.raises(SystemExit):
        main(["admin", "remove-message", "A" * 16, "deux", "--db", db])
    capsys.readouterr()
    assert main(["admin", "close-reports", "Personne", "--db", db]) != 0
    assert "aucun signalement ouvert" in capsys.readouterr().err
    assert main(["admin", "rooms", "--db", db]) == 0
    assert "aucun serveur" in capsys.readouterr().out
