"""`motamot admin backup` while a real server takes words, then `admin restore` into a
fresh server: every word acknowledged before the backup began is there; and what
`admin restore` refuses (a server running on the store, a store with rooms, a file that
is no store, one from a newer motamot)."""

from __future__ import annotations

import asyncio
import itertools
import sqlite3
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from string import ascii_uppercase

import pytest

from motamot.server.links import room_of
from motamot.service.boggle import BOGGLE
from motamot.service.boggle.events import WordWritten
from motamot.service.stores import sqlite
from motamot.service.stores.sqlite import SqliteStore
from tests.scale.player import Player, create_room, join_room
from tests.server.helpers import grid_words
from tests.server.live import LiveServer

#: Seconds between two words of one player (a socket may send 8 a second for long).
PACE = 0.15


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


def acknowledged(players: list[Player]) -> set[tuple[str, str]]:
    return {(p.seat, text) for p in players for text in p.stored_words()}


async def until(done: Callable[[], bool], seconds: float = 60) -> None:
    """Wait until `done()` (however slow the machine), or fail after `seconds`."""
    give_up = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < give_up, "the players' words did not come"
        await asyncio.sleep(0.05)


async def play_through_a_backup(
    server: LiveServer, target: Path
) -> tuple[str, set[tuple[str, str]]]:
    """Three players write words all along; the backup is made in the middle. The room,
    and the words acknowledged before the backup began."""
    link, seat, token = await create_room(server.url, "p0", duration=600, rounds=1)
    players = [Player("p0", [server.url], link, token, seat)]
    for number in (1, 2):
        joined = await join_room(server.url, link, f"p{number}")
        players.append(Player(f"p{number}", [server.url], link, joined[1], joined[0]))
    for player in players:
        await player.start()
    assert (await players[0].request({"type": "start"}))["type"] == "ack"
    while players[0].grid is None:
        await asyncio.sleep(0.05)
    # the grid's words, then junk words (stored too, refused by the dictionary) for as
    # long as the backup takes: a slow machine never runs out of words to write
    junk = ("ZZ" + "".join(letters) for letters in itertools.product(ascii_uppercase, repeat=3))
    words = itertools.chain(grid_words(players[0].grid), junk)
    stop = asyncio.Event()

    async def write(player: Player) -> None:
        while not stop.is_set():
            await player.write(next(words))
            await asyncio.sleep(PACE)

    writers = [asyncio.create_task(write(p)) for p in players]
    await until(lambda: len(acknowledged(players)) >= 12)
    before = acknowledged(players)
    backup = await asyncio.to_thread(admin, "backup", str(target), "--db", str(server.db))
    assert backup.returncode == 0, backup.stderr
    after_backup = acknowledged(players)
    await until(lambda: len(acknowledged(players)) > len(after_backup))  # words go on
    stop.set()
    await asyncio.gather(*writers)
    assert len(acknowledged(players)) > len(before) >= 12
    for player in players:
        await player.stop()
    return room_of(link), before


@pytest.mark.slow
def test_a_backup_under_load_restores_every_word_acknowledged_before_it(tmp_path: Path) -> None:
    live = tmp_path / "live"
    live.mkdir()
    server = LiveServer(live / "rooms.sqlite3").start()
    target = tmp_path / "backup.sqlite3"
    try:
        room, acknowledged = asyncio.run(play_through_a_backup(server, target))
    finally:
        server.stop()
    assert not Path(f"{target}-wal").exists()  # one self-contained file
    with sqlite3.connect(target) as copy:
        assert copy.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    fresh = tmp_path / "fresh" / "rooms.sqlite3"
    restored = admin("restore", str(target), "--db", str(fresh))
    assert restored.returncode == 0, restored.stderr
    assert "remises en place" in restored.stdout
    assert acknowledged <= stored_words(fresh, room)
    again = LiveServer(fresh).start()  # the restored store serves the room
    try:
        with urllib.request.urlopen(f"{again.url}/r/{room}/watch", timeout=10) as page:
            assert page.status == 200
    finally:
        again.stop()


def test_restore_refuses_what_it_should(tmp_path: Path) -> None:
    db = tmp_path / "rooms.sqlite3"
    target = tmp_path / "copy.sqlite3"
    server = LiveServer(db).start()
    try:
        server.post("/api/rooms", {"name": "Ana", "duration": 60})
        assert admin("backup", str(target), "--db", str(db)).returncode == 0
        running = admin("restore", str(target), "--db", str(db), "--force")
        assert running.returncode == 2 and "arrêtez-le d'abord" in running.stderr
    finally:
        server.stop()
    kept = admin("restore", str(target), "--db", str(db))
    assert kept.returncode == 2 and "--force pour la remplacer" in kept.stderr
    assert admin("restore", str(target), "--db", str(db), "--force").returncode == 0
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"not a database at all" * 100)
    refused = admin("restore", str(junk), "--db", str(tmp_path / "new.sqlite3"))
    assert refused.returncode == 2 and "n'est pas une base de motamot" in refused.stderr
    assert "Traceback" not in refused.stderr and not (tmp_path / "new.sqlite3").exists()
    with sqlite3.connect(target) as copy:
        copy.execute("UPDATE schema_version SET version = ?", (len(sqlite.MIGRATIONS) + 1,))
    newer = admin("restore", str(target), "--db", str(tmp_path / "new.sqlite3"))
    assert newer.returncode == 2 and "plus récent" in newer.stderr
    missing = admin("backup", str(target), "--db", str(tmp_path / "none"), lang="en")
    assert missing.returncode == 2 and "no such file" in missing.stderr
