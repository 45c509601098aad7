"""`motamot admin fairplay` (issue 35): the daily plays and arena rounds set aside, and
the rated games that rated nobody, each with its evidence, in French, English and JSON,
read from a server's database alone."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from motamot.cli.main import main
from motamot.service.arena.schedule import ArenaSchedule
from motamot.service.brokers.local import LocalBroadcaster
from motamot.service.daily.commands import AdoptPlay
from motamot.service.players.facts import RoomFacts
from motamot.service.players.store import PlayerStore
from motamot.service.ports import ManualClock
from motamot.service.rooms.host import RoomHost
from motamot.service.stores.sqlite import SqliteStore
from tests.service.arena.helpers import arena_on
from tests.service.arena.helpers import words_of as arena_words
from tests.service.conftest import KINDS, lexicons, run
from tests.service.daily.helpers import MORNING, Day
from tests.service.daily.test_daily_room import words_of
from tests.service.players.test_farming import game


def stored_day_and_round(db: Path) -> None:
    """A day with a pasted play and a browser's second play, an arena round with a
    script, and games of one address that rated nobody."""

    async def body() -> None:
        clock = ManualClock(MORNING)
        events = SqliteStore(db)
        host = RoomHost(events, LocalBroadcaster(), clock, lexicons, KINDS)
        day = Day(host, clock)
        paster, own, phone = (
            await day.join("paster", "Paster"),
            await day.join("ana", "Ana", account=True),
            await day.join("phone", "Phone"),
        )
        room = await day.room()
        words = words_of(room.grid.text)
        for seat, count in ((paster, 12), (own, 2), (phone, 3)):
            await day.start(seat)
            for word in words[:count]:
                await day.write(seat, word)
            await day.finish(seat)
        await host.submit(day.room_id, None, AdoptPlay("ana", "phone"))
        schedule = ArenaSchedule("classic-fr", seconds=60, pause=10)
        number = schedule.number_at(MORNING) + 1
        clock.advance(schedule.start(number) - clock.now() - 5)
        arena = arena_on(host, clock, schedule)
        assert isinstance(await arena.keeper.round_room(schedule.preset, number), str)
        await arena.at(schedule.start(number) + 1)
        script = await arena.join(number, "script", "Script")
        grid = (await arena.room(number)).round.grid.text  # type: ignore[union-attr]
        for word in arena_words(grid)[:11]:
            await arena.write(number, script, word)
        await arena.at(schedule.deadline(number) + 1)
        await host.close()
        await events.close()
        players = await PlayerStore.open(str(db))
        farm = [
            game(1, people=("farmer", "mule"), kind="topword", moves=0),
            game(2, people=("farmer", "mule"), marks=(("home",), ("home",))),
        ]
        await players.project([RoomFacts(o.room, o.seq, outcomes=[o]) for o in farm])
        await players.close()

    run(body)


@pytest.mark.slow
def test_the_operator_lists_what_fair_play_set_aside_with_its_evidence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "server.sqlite3"
    assert main(["admin", "fairplay", "--db", str(db)]) == 0
    assert "rien n'a été mis hors classement" in capsys.readouterr().out
    stored_day_and_round(db)
    assert main(["admin", "fairplay", "--db", str(db)]) == 0
    said = capsys.readouterr().out.splitlines()
    assert len(said) == 5, said
    text = "\n".join(said)
    assert "grille du jour classic-fr 2026-12-01 · Paster (joueur paster)" in text
    assert "plus vite qu'on ne tape : 10 mots en 0.0 s (burst)" in text
    assert "Phone (joueur phone) · seconde partie du compte (3 mots trouvés)" in text
    assert "arène classic-fr #" in text and "Script (joueur script)" in text
    assert "partie classée topword-fr" in text and "coups posés : farmer 0, mule 0" in text
    assert "même navigateur ou même adresse : farmer + mule" in text
    assert main(["--lang", "en", "admin", "fairplay", "--db", str(db), "--limit", "2"]) == 0
    english = capsys.readouterr().out.splitlines()
    assert len(english) == 2 and "not really played" in "\n".join(english)  # latest first
    assert main(["admin", "fairplay", "--db", str(db), "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    reasons = sorted(row["reason"] for row in rows)
    assert reasons == ["kin", "second_play", "short", "too_fast", "too_fast"]
    pasted = next(row for row in rows if row["what"] == "daily" and row["reason"] == "too_fast")
    assert pasted["evidence"]["words"] == 10 and pasted["people"] == [["Paster", "paster", False]]
