"""`--db` and `--broker` URLs: each names its backend, anything else is a clear error."""

from __future__ import annotations

from pathlib import Path

import pytest

from motamot.service.brokers import open_broker
from motamot.service.brokers.local import LocalBroadcaster
from motamot.service.brokers.redis import RedisBroker
from motamot.service.ports import StoredEvent
from motamot.service.stores import open_store
from motamot.service.stores.memory import MemoryStore
from motamot.service.stores.postgres import PostgresStore
from motamot.service.stores.sqlite import SqliteStore
from tests.service.backends import postgres_schema, redis_prefix
from tests.service.conftest import run


def test_each_url_opens_its_store(tmp_path: Path) -> None:
    async def body() -> None:
        assert isinstance(await open_store("memory:"), MemoryStore)
        for url in (str(tmp_path / "a" / "plain.sqlite3"), f"sqlite:///{tmp_path}/b.sqlite3"):
            store = await open_store(url)
            assert isinstance(store, SqliteStore)
            await store.append("r", 0, [StoredEvent("r", 1, "{}")])
            await store.close()
        assert (tmp_path / "a" / "plain.sqlite3").exists() and (tmp_path / "b.sqlite3").exists()
        with postgres_schema() as url:
            store = await open_store(url)
            assert isinstance(store, PostgresStore) and store.schema.startswith("t_pg_")
            await store.close()
        with pytest.raises(ValueError, match="unknown store"):
            await open_store("mysql://h/db")

    run(body)


def test_each_url_opens_its_broker() -> None:
    async def body() -> None:
        store = MemoryStore()
        assert isinstance(await open_broker("local:", store), LocalBroadcaster)
        with redis_prefix() as url:
            broker = await open_broker(url, store)
            assert isinstance(broker, RedisBroker) and broker.prefix.startswith("t_redis_")
            await broker.close()
        with pytest.raises(ValueError, match="unknown broker"):
            await open_broker("amqp://h", store)

    run(body)
