"""`motamot admin backup` while 20 players play on a real server, then `admin restore` in
a fresh folder: the restored server knows every account, every word acknowledged before
the backup began, and plays the same daily grid; and what `admin backup` and `admin
restore` refuse (a server running on the store, a store with rooms, another secret, a
file that is no store, one from a newer motamot, a folder that is no backup)."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from motamot.service.boggle import BOGGLE
from motamot.service.boggle.events import WordWritten
from motamot.service.players.db import players_path
from motamot.service.players.schema import MIGRATIONS as PLAYERS_MIGRATIONS
from motamot.service.server_secret import ServerSecret
from motamot.service.stores import sqlite
from motamot.service.stores.sqlite import SqliteStore
from tests.server.backup_play import ACCOUNTS, before_play, check_restored, play_through
from tests.server.live import LiveServer


def admin(*words: str, lang: str = "fr") -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "motamot", "--lang", lang, "admin", *words]
    return subprocess.run(command, capture_output=True, text=True, timeout=120)


def stored_words(db: Path, room: str) -> set[tuple[str, str]]:
    async def read() -> set[tuple[str, str]]:
        store = SqliteStore(db)
        try:
            events = [BOGGLE.codec.from_stored(row) for row in await store.load(room)]
        finally:
            await store.close()
        return {(e.seat, e.text) for e in events if isinstance(e, WordWritten)}

    return asyncio.run(read())


@pytest.mark.slow
def test_a_backup_while_20_play_restores_the_whole_server(tmp_path: Path) -> None:
    live = tmp_path / "live"
    live.mkdir()
    server = LiveServer(live / "rooms.sqlite3").start()  # its secret: live/server.secret
    target = tmp_path / "backups" / "tonight"
    secret = ("--secret-file", str(live / "server.secret"))

    async def backup() -> None:
        made = await asyncio.to_thread(
            admin, "backup", str(target), "--db", str(server.db), *secret
        )
        assert made.returncode == 0, made.stderr
        assert "4 comptes et le secret du serveur copiés" in made.stdout

    try:
        played = before_play(server.url)
        asyncio.run(play_through(server.url, played, backup))
    finally:
        server.stop()
    assert sorted(p.name for p in target.iterdir()) == [
        "backup.json", "players.sqlite3", "rooms.sqlite3", "server.secret",
    ]  # fmt: skip
    assert (target / "server.secret").stat().st_mode & 0o077 == 0
    assert json.loads((target / "backup.json").read_text())["accounts"] == len(ACCOUNTS)
    fresh = tmp_path / "fresh" / "rooms.sqlite3"
    fresh_secret = str(fresh.parent / "server.secret")
    restored = admin("restore", str(target), "--db", str(fresh), "--secret-file", fresh_secret)
    assert restored.returncode == 0, restored.stderr
    assert "4 comptes remis en place" in restored.stdout
    for room, words in played.words.items():
        assert words and words <= stored_words(fresh, room)
    again = LiveServer(fresh).start()  # its secret: fresh/server.secret, the restored one
    try:
        check_restored(again.url, played)
    finally:
        again.stop()


@pytest.mark.slow
def test_backup_and_restore_refuse_what_they_should(tmp_path: Path) -> None:
    db = tmp_path / "rooms.sqlite3"
    target = tmp_path / "copy"
    secret = ("--secret-file", str(tmp_path / "server.secret"))
    server = LiveServer(db).start()
    try:
        server.post("/api/rooms", {"name": "Ana", "duration": 60})
        assert admin("backup", str(target), "--db", str(db), *secret).returncode == 0
        again = admin("backup", str(target), "--db", str(db), *secret)
        assert again.returncode == 0, again.stderr  # a backup replaces the previous one
        running = admin("restore", str(target), "--db", str(db), "--force", *secret)
        assert running.returncode == 2 and "arrêtez-le d'abord" in running.stderr
    finally:
        server.stop()
    kept = admin("restore", str(target), "--db", str(db), *secret)
    assert kept.returncode == 2 and "--force pour la remplacer" in kept.stderr
    assert admin("restore", str(target), "--db", str(db), "--force", *secret).returncode == 0
    other = tmp_path / "other"
    other.mkdir()
    ServerSecret.load(other / "server.secret")  # another server's secret
    moved = ("--db", str(other / "rooms.sqlite3"), "--secret-file", str(other / "server.secret"))
    differs = admin("restore", str(target), *moved)
    assert differs.returncode == 2 and "le secret d'un autre serveur" in differs.stderr
    assert not (other / "rooms.sqlite3").exists()
    assert admin("restore", str(target), *moved, "--force").returncode == 0
    assert (other / "server.secret").read_text() == (target / "server.secret").read_text()

    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"not a database at all" * 100)
    refused = admin("restore", str(junk), "--db", str(tmp_path / "new.sqlite3"), *secret)
    assert refused.returncode == 2 and "n'est pas une base de motamot" in refused.stderr
    assert "Traceback" not in refused.stderr and not (tmp_path / "new.sqlite3").exists()
    mine = tmp_path / "photos"
    mine.mkdir()
    (mine / "ete.jpg").write_bytes(b"jpeg")
    overwrite = admin("backup", str(mine), "--db", str(db), *secret)
    assert overwrite.returncode == 2 and "pas une sauvegarde de motamot" in overwrite.stderr
    assert (mine / "ete.jpg").exists()

    with sqlite3.connect(target / "players.sqlite3") as copy:
        copy.execute(
            "UPDATE players_keys SET value = ? WHERE name = 'schema_version'",
            (str(len(PLAYERS_MIGRATIONS) + 1),),
        )
    newer = admin("restore", str(target), "--db", str(tmp_path / "new.sqlite3"), *secret)
    assert newer.returncode == 2 and "plus récent" in newer.stderr
    with sqlite3.connect(target / "rooms.sqlite3") as copy:
        copy.execute("UPDATE schema_version SET version = ?", (len(sqlite.MIGRATIONS) + 1,))
    newer = admin("restore", str(target), "--db", str(tmp_path / "new.sqlite3"), *secret)
    assert newer.returncode == 2 and "plus récent" in newer.stderr
    missing = admin("backup", str(target), "--db", str(tmp_path / "none"), *secret, lang="en")
    assert missing.returncode == 2 and "no such file" in missing.stderr


def test_an_older_motamot_s_single_file_backup_still_restores_its_rooms(tmp_path: Path) -> None:
    old = tmp_path / "old-backup.sqlite3"
    asyncio.run(SqliteStore(old).close())  # an older backup: the rooms' file alone
    db = tmp_path / "data" / "rooms.sqlite3"
    players_path(db).parent.mkdir()
    players_path(db).write_bytes(b"")  # another server's players: not kept beside them
    secret = str(tmp_path / "data" / "server.secret")
    kept = admin("restore", str(old), "--db", str(db), "--secret-file", secret)
    assert kept.returncode == 2 and "a déjà des comptes" in kept.stderr
    restored = admin("restore", str(old), "--db", str(db), "--secret-file", secret, "--force")
    assert restored.returncode == 0, restored.stderr
    assert "n'a que les salles" in restored.stdout
    assert db.exists() and not players_path(db).exists()
    assert not Path(secret).exists()  # nothing to restore it from: the server's own stays
