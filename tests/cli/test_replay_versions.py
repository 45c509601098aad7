"""W4: `boggle replay` and `topword replay` judge a record with the version of the list
it names (`fr+1`: the server's changes, read from its database `--db`)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from motamot.cli.main import main
from motamot.service.players.store import PlayerStore

RECORD = """# motamot boggle record
preset: classic-fr
dictionary: {dictionary}
players: ana

round 1
grid: KIPE/ZEFT/RASO/NULI
deadline: 180
10 ana: kip
12 ana: ras
"""


def changed_db(tmp_path: Path) -> str:
    """A server's database where `fr` had KIP added, then RAS removed."""
    db = str(tmp_path / "server.db")

    async def body() -> None:
        store = await PlayerStore.open(db)
        try:
            await store.change_word("fr", "KIP", True, "ODS", 1.0, "cli")
            await store.change_word("fr", "RAS", False, "test", 2.0, "cli")
        finally:
            await store.close()

    asyncio.run(body())
    return db


def replayed(capsys: pytest.CaptureFixture[str], path: Path, db: str) -> list[int]:
    assert main(["boggle", "replay", str(path), "--json", "--db", db]) == 0
    entries = json.loads(capsys.readouterr().out)["rounds"][0]["players"][0]["entries"]
    return [entry["points"] for entry in entries]


def test_w4_boggle_replay_judges_with_the_version_the_record_names(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = changed_db(tmp_path)
    path = tmp_path / "round.txt"
    versions = (("fr", [0, 1]), ("fr+0", [0, 1]), ("fr+1", [1, 1]), ("fr+2", [1, 0]))
    for dictionary, points in versions:
        path.write_text(RECORD.format(dictionary=dictionary), encoding="utf-8")
        assert replayed(capsys, path, db) == points
    path.write_text(RECORD.format(dictionary="fr+3"), encoding="utf-8")
    assert main(["boggle", "replay", str(path), "--db", db]) == 2
    err = capsys.readouterr().err
    assert "pas de version 'fr+3' : ce serveur a 2 changements de 'fr'" in err
    assert "Traceback" not in err


def test_w4_topword_replay_loads_the_version_the_record_names(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = changed_db(tmp_path)
    path = tmp_path / "game.txt"
    text = "dictionary: {}\nseed: 11\nplayers: Ana, Bo\n1. Bo: pass\n2. Ana: pass\n"
    path.write_text(text.format("fr+2"), encoding="utf-8")
    assert main(["topword", "replay", str(path), "--json", "--db", db]) == 0
    assert json.loads(capsys.readouterr().out)["turns"] == 2
    path.write_text(text.format("fr+9"), encoding="utf-8")
    assert main(["--lang", "en", "topword", "replay", str(path), "--db", db]) == 2
    assert "no version 'fr+9': this server has 2 changes of 'fr'" in capsys.readouterr().err
