"""A PostgreSQL server backed up while 20 players play on a cluster process (PostgreSQL
and Redis), both ways the docs give: `motamot admin backup DEST --db URL` then `admin
restore DEST --db URL2` into a fresh database, and docs/operations.md's recipe (`pg_dump`
of a database of the test's own, the secret kept beside it, `pg_restore`). A process
started on the copy with that secret and a Redis prefix of its own: every account signs
in, every word acknowledged before the backup began is there, and the daily grid is the
same. And what `admin restore` refuses on PostgreSQL."""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg
import pytest
from psycopg import sql

from motamot.service.boggle import BOGGLE
from motamot.service.boggle.events import WordWritten
from motamot.service.stores.postgres import PostgresStore
from tests.scale.processes import servers
from tests.server.backup_play import before_play, check_restored, play_through
from tests.service.backends import POSTGRES_URL, redis_prefix, unique_name

pytestmark = pytest.mark.slow


@contextmanager
def database() -> Iterator[str]:
    """A new database's name, dropped afterwards."""
    name = unique_name("bk")
    with psycopg.connect(POSTGRES_URL, autocommit=True) as conn:
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    try:
        yield name
    finally:
        with psycopg.connect(POSTGRES_URL, autocommit=True) as conn:
            drop = sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)")
            conn.execute(drop.format(sql.Identifier(name)))


def url_of(name: str) -> str:
    return f"{POSTGRES_URL.rsplit('/', 1)[0]}/{name}"


def stored_words(url: str, room: str) -> set[tuple[str, str]]:
    async def read() -> set[tuple[str, str]]:
        store = await PostgresStore.open(url)
        try:
            events = [BOGGLE.codec.from_stored(row) for row in await store.load(room)]
        finally:
            await store.close()
        return {(e.seat, e.text) for e in events if isinstance(e, WordWritten)}

    return asyncio.run(read())


def admin(*words: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "motamot", "admin", *words]
    return subprocess.run(command, capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("way", ["admin", "pg_dump"])
def test_a_backup_while_20_play_restores_the_whole_server(tmp_path: Path, way: str) -> None:
    secret = tmp_path / "live" / "server.secret"
    kept = tmp_path / "backups" / "motamot.secret"
    dump = tmp_path / "backups" / "motamot.dump"
    folder = tmp_path / "backups" / "tonight"
    dump.parent.mkdir()
    env = {"MOTAMOT_DATA_DIR": str(tmp_path / "live")}
    with database() as live, database() as copy, redis_prefix() as broker:
        args = ("--secret-file", str(secret))

        async def backup() -> None:
            if way == "admin":
                words = ("backup", str(folder), "--db", url_of(live), *args)
                made = await asyncio.to_thread(admin, *words)
                assert made.returncode == 0, made.stderr
                assert "4 comptes et le secret du serveur" in made.stdout
                return
            command = ["pg_dump", "--format=custom", f"--file={dump}", url_of(live)]
            done = await asyncio.to_thread(subprocess.run, command, capture_output=True)
            assert done.returncode == 0, done.stderr
            shutil.copyfile(secret, kept)  # the docs: install -m 600 ...
            os.chmod(kept, 0o600)

        with servers(1, url_of(live), broker, env=env, args=args) as (server,):
            played = before_play(server.address)
            asyncio.run(play_through(server.address, played, backup))
        if way == "admin":
            live_again = admin("restore", str(folder), "--db", url_of(live), *args)
            assert live_again.returncode == 2 and "--force" in live_again.stderr  # live
            other = admin("restore", str(folder), "--db", f"{url_of(copy)}?schema=other")
            assert other.returncode == 2 and "?schema=motamot" in other.stderr
            copied = ("--db", url_of(copy), "--secret-file", str(kept))
            restored = admin("restore", str(folder), *copied)
            assert restored.returncode == 0 and "4 comptes" in restored.stdout, restored.stderr
        else:
            restore = ["pg_restore", f"--dbname={url_of(copy)}", str(dump)]
            done = subprocess.run(restore, capture_output=True)
            assert done.returncode == 0, done.stderr
        for room, words in played.words.items():
            assert words and words <= stored_words(url_of(copy), room)
        own = ("--secret-file", str(kept))
        with (
            redis_prefix() as own_broker,
            servers(1, url_of(copy), own_broker, env=env, args=own) as (again,),
        ):
            check_restored(again.address, played)
