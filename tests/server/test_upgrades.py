"""Upgrades an operator can see and trust: `serve` takes its port before it touches a
store (a newer motamot that finds the older one still running changes nothing), an older
motamot refuses a store a newer one migrated (rooms' or players') and changes nothing,
and each store's schema version and the migrations run are logged at start."""

from __future__ import annotations

import json
import socket
import sqlite3
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from motamot.service.players.db import players_path
from motamot.service.players.schema import MIGRATIONS as PLAYERS_MIGRATIONS
from motamot.service.stores import sqlite
from tests.ports import free_port
from tests.server.live import LiveServer


def older_store(db: Path) -> None:
    """A rooms' file as the first motamot wrote it: schema version 1, no version table."""
    with sqlite3.connect(db) as connection:
        connection.execute(sqlite.MIGRATIONS[0][0])


def tables(db: Path) -> set[str]:
    with sqlite3.connect(db) as connection:
        return {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}


def serve(db: Path, port: int) -> subprocess.CompletedProcess[str]:
    """`motamot serve` that is expected to refuse (it would run for ever otherwise)."""
    command = [sys.executable, "-m", "motamot", "serve", "--host", "127.0.0.1"]
    command += ["--port", str(port), "--db", str(db), "--secret-file", str(db.parent / "s")]
    return subprocess.run(command, capture_output=True, text=True, timeout=60)


def test_a_port_taken_refuses_before_any_store_is_touched(tmp_path: Path) -> None:
    db = tmp_path / "rooms.sqlite3"
    older_store(db)
    with socket.socket() as running:  # the older motamot, still serving
        running.bind(("127.0.0.1", 0))
        running.listen()
        refused = serve(db, running.getsockname()[1])
    assert refused.returncode == 2, refused.stderr
    assert "port déjà pris" in refused.stderr and "Traceback" not in refused.stderr
    assert tables(db) == {"events"}  # not migrated under the running server
    assert not players_path(db).exists()


def test_an_older_motamot_refuses_a_newer_rooms_store(tmp_path: Path) -> None:
    db = tmp_path / "rooms.sqlite3"
    older_store(db)
    with sqlite3.connect(db) as connection:
        connection.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
        connection.execute("INSERT INTO schema_version VALUES (?)", (len(sqlite.MIGRATIONS) + 1,))
    refused = serve(db, free_port())
    assert refused.returncode == 2
    assert f"version {len(sqlite.MIGRATIONS) + 1} du schéma" in refused.stderr
    assert "motamot plus récent" in refused.stderr and "Traceback" not in refused.stderr
    assert not players_path(db).exists()


def test_an_older_motamot_refuses_a_newer_players_store_and_leaves_the_rooms(
    tmp_path: Path,
) -> None:
    db = tmp_path / "rooms.sqlite3"
    older_store(db)  # the rooms would need a migration: it must not run
    with sqlite3.connect(players_path(db)) as connection:
        connection.execute("CREATE TABLE players_keys (name TEXT PRIMARY KEY, value TEXT)")
        newer = str(len(PLAYERS_MIGRATIONS) + 1)
        connection.execute("INSERT INTO players_keys VALUES ('schema_version', ?)", (newer,))
    refused = serve(db, free_port())
    assert refused.returncode == 2
    assert "the players' store" in refused.stderr and "motamot plus récent" in refused.stderr
    assert tables(db) == {"events"}


@pytest.mark.slow
def test_each_store_s_version_and_its_migrations_are_logged_at_start(tmp_path: Path) -> None:
    db = tmp_path / "rooms.sqlite3"
    older_store(db)
    server = LiveServer(db, args=("--log-format", "json")).start()
    try:
        with urllib.request.urlopen(server.url + "/metrics", timeout=10) as answer:
            metrics = answer.read().decode()
    finally:
        server.stop()
    assert f'motamot_schema_version{{store="rooms"}} {len(sqlite.MIGRATIONS)}.0' in metrics
    assert f'motamot_schema_version{{store="players"}} {len(PLAYERS_MIGRATIONS)}.0' in metrics
    lines = [json.loads(line) for line in server.log().splitlines() if line.startswith("{")]
    said = {line["store"]: line for line in lines if "store" in line}
    assert said["rooms"]["schema"] == len(sqlite.MIGRATIONS)
    assert said["rooms"]["migrations"] == len(sqlite.MIGRATIONS) - 1  # it was at 1
    assert "found 1" in said["rooms"]["message"]
    assert said["players"]["schema"] == len(PLAYERS_MIGRATIONS)
    assert "found new" in said["players"]["message"]
    started = [line for line in lines if line["logger"] == "motamot.serve"]
    assert any("ouvrez http://127.0.0.1:" in line["message"] for line in started)
    assert not [line for line in server.log().splitlines() if not line.startswith("{")]
