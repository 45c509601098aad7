"""`motamot admin rebuild-ratings`: profiles, statistics and ratings made again from the
rooms' events alone, byte for byte the live projection (R2); a damaged projection is
made right."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from motamot.cli.main import main
from motamot.service.players.store import PlayerStore
from motamot.service.stores.sqlite import SqliteStore
from tests.service.conftest import run
from tests.service.players.matches import play_matches, player_pool, rig


def live_projection(db: Path) -> str:
    async def body() -> str:
        events = SqliteStore(db)
        try:
            async with rig(str(db), events) as played:
                await play_matches(played, 10, player_pool(5), random.Random(22))
                await played.projector.settle()
                return await played.players.dump()
        finally:
            await events.close()

    return run(body)


def dump_of(db: Path) -> str:
    async def body() -> str:
        players = await PlayerStore.open(str(db))
        try:
            return await players.dump()
        finally:
            await players.close()

    return run(body)


def test_r2_rebuild_ratings_gives_the_live_projection_byte_for_byte(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "server.sqlite3"
    live = live_projection(db)
    assert main(["admin", "rebuild-ratings", "--db", str(db)]) == 0
    said = capsys.readouterr().out
    assert "10 parties refaites" in said and "identiques à ceux d'avant" in said
    assert dump_of(db) == live

    async def damage() -> None:
        players = await PlayerStore.open(str(db))
        await players.db.run(lambda tx: tx.execute("DELETE FROM players_ratings"))
        await players.db.run(lambda tx: tx.execute("UPDATE players_places SET score = 0"))
        await players.close()

    run(damage)
    assert dump_of(db) != live
    assert main(["--lang", "en", "admin", "rebuild-ratings", "--db", str(db)]) == 0
    assert "ratings corrected" in capsys.readouterr().out
    assert dump_of(db) == live


def test_admin_commands_start_without_loading_the_server(tmp_path: Path) -> None:
    """An operator's command (and each test that runs one) starts in a fraction of the
    second the web server's modules take to import: only `serve` loads them."""
    db, copy = tmp_path / "rooms.sqlite3", tmp_path / "copy"
    secret = tmp_path / "server.secret"
    probe = (
        "import sys; from motamot.cli.main import main;"
        f"code = main(['admin', 'backup', {str(copy)!r}, '--db', {str(db)!r},"
        f" '--secret-file', {str(secret)!r}]);"
        "assert code == 2, code;"  # no such store: refused before anything is copied
        "assert 'motamot.server.app' not in sys.modules, 'the server was imported';"
        f"code = main(['admin', 'rebuild-ratings', '--db', {str(db)!r}]);"
        "assert 'motamot.server.app' not in sys.modules, 'the server was imported'"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
