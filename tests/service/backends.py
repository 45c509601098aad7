"""The real PostgreSQL and Redis of the machine, one fresh schema / key prefix per test.

Both run on every developer machine and in CI (STANDARDS.md): a test that
needs them fails, never skips, when they are not there.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

import psycopg
import redis
from psycopg import sql

POSTGRES_URL = os.environ.get("MOTAMOT_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test")
REDIS_URL = os.environ.get("MOTAMOT_TEST_REDIS", "redis://127.0.0.1:6379/0")


def unique_name(kind: str) -> str:
    return f"t_{kind}_{uuid.uuid4().hex[:16]}"


@contextmanager
def postgres_schema() -> Iterator[str]:
    """A `postgresql://...?schema=` URL naming a schema of its own, dropped afterwards."""
    schema = unique_name("pg")
    try:
        yield f"{POSTGRES_URL}?schema={schema}"
    finally:
        with psycopg.connect(POSTGRES_URL, autocommit=True) as conn:
            conn.execute(sql.SQL("DROP SCHEMA IF EXISTS {} CASCADE").format(sql.Identifier(schema)))


@contextmanager
def redis_prefix() -> Iterator[str]:
    """A `redis://...?prefix=` URL with a key prefix of its own, its keys deleted afterwards."""
    prefix = unique_name("redis")
    try:
        yield f"{REDIS_URL}?prefix={prefix}"
    finally:
        client = redis.Redis.from_url(REDIS_URL)
        try:
            keys = list(client.scan_iter(match=f"{prefix}:*"))
            if keys:
                client.delete(*keys)
        finally:
            client.close()
