"""What a database is, for the Redis prefix its processes share (`redis_claim`), and the
refusal when the prefix is another database's; without Redis's client, so that `serve`
can name the refusal on an install without the `scale` extra."""

from __future__ import annotations

import os
import socket

from motamot.service.stores.urls import parse_url


class PrefixTaken(Exception):
    """The Redis prefix serves another database's processes."""

    def __init__(self, prefix: str, holder: str, mine: str) -> None:
        super().__init__(f"Redis prefix {prefix!r} serves {holder}, not {mine}")
        self.prefix = prefix
        self.holder = holder
        self.mine = mine


def identity(db: str) -> str:
    """What the database `db` names is, the same for every process that opens it (however
    its host is spelled), another for a copy of it in another database or cluster."""
    where = parse_url(db)
    if where.kind == "postgresql":
        return _postgres_identity(where.conninfo, where.schema)
    return f"sqlite:{socket.gethostname()}:{os.path.realpath(where.path or db)}"


def _postgres_identity(conninfo: str, schema: str) -> str:
    import psycopg

    with psycopg.connect(conninfo, autocommit=True) as connection:
        row = connection.execute(
            "SELECT current_database(), oid FROM pg_database WHERE datname = current_database()"
        ).fetchone()
        assert row is not None
        try:
            found = connection.execute("SELECT system_identifier FROM pg_control_system()")
            system = found.fetchone()
        except psycopg.Error:  # not allowed to read it: the name and oid tell enough
            system = None
    cluster = str(system[0]) if system else "?"
    return f"postgresql:{cluster}/{row[0]}/{row[1]}/{schema}"
