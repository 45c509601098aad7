"""A ban made by this process (the operators' page) is read here at once, without
waiting for the look every 0.5 s, its players' sockets closed, and told to the other
processes; a broker that does not answer does not undo the ban."""

from __future__ import annotations

from pathlib import Path

from motamot.server.players.bans import POLL_SECONDS, Bans
from motamot.service.players.moderation import PLAYER
from motamot.service.players.store import PlayerStore
from tests.service.conftest import run


def test_a_ban_here_is_read_at_once_and_told_to_the_others(tmp_path: Path) -> None:
    assert POLL_SECONDS <= 0.5  # a ban typed without the broker: seen well within 2 s

    async def body() -> None:
        store = await PlayerStore.open(str(tmp_path / "rooms.sqlite3"))
        try:
            bans = Bans(poll=600.0)
            closed: list[frozenset[str]] = []
            told: list[str] = []
            bans.on_ban(closed.append)
            await bans.refresh(store)
            await store.ban(PLAYER, "troll", "Troll", 0.0)

            async def tell() -> None:
                told.append("changed")

            bans.tell_others = tell
            await bans.changed_here(store)
            assert closed == [frozenset({"troll"})] and told == ["changed"]
            assert bans.banned(["troll"])

            async def down() -> None:
                raise ConnectionError("redis down")

            bans.tell_others = down
            await store.ban(PLAYER, "other", "Other", 0.0)
            await bans.changed_here(store)  # said in the log, not raised
            assert bans.banned(["other"]) and closed[-1] == frozenset({"other"})
        finally:
            await store.close()

    run(body)


def test_a_ban_from_the_page_is_told_to_the_other_processes_over_redis() -> None:
    import asyncio

    import redis.asyncio as aioredis

    from motamot.service.brokers.redis import split_url
    from motamot.service.brokers.redis_bans import BansSignal
    from tests.service.backends import redis_prefix

    async def body(url: str) -> None:
        address, prefix = split_url(url)
        here, there = aioredis.Redis.from_url(address), aioredis.Redis.from_url(address)
        heard = asyncio.Event()
        saying = BansSignal(here, prefix, lambda: None)
        listening = BansSignal(there, prefix, heard.set)
        await saying.start()
        await listening.start()
        try:
            await saying.announce()  # what `Bans.tell_others` is on a cluster
            await asyncio.wait_for(heard.wait(), 2.0)
        finally:
            await saying.close()
            await listening.close()
            await here.aclose()
            await there.aclose()

    with redis_prefix() as url:
        run(lambda: body(url))
