"""What a store URL names, read once for every part that opens the database.

`motamot serve --db` takes `memory` (nothing kept), a SQLite path (or
`sqlite:///path`), or `postgresql://user@host/db?schema=name` (the schema `motamot` by
default). The rooms' events, the players' tables and the backups all read it here, so
that a URL one part accepts is never one another refuses or reads otherwise.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Literal
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

DEFAULT_SCHEMA = "motamot"
_SCHEMA_NAME = re.compile(r"[a-z_][a-z0-9_]{0,62}")


class StoreUrlError(ValueError):
    """A URL no store reads (`url`: as given, to be shown `redacted`)."""

    def __init__(self, url: str, why: str) -> None:
        super().__init__(why)
        self.url = url


@dataclass(frozen=True)
class StoreUrl:
    """A store URL, read: which database, and where."""

    kind: Literal["memory", "sqlite", "postgresql"]
    #: The rooms' SQLite file (`sqlite`).
    path: Path | None = None
    #: The connection URL without `schema` (`postgresql`).
    conninfo: str = ""
    schema: str = DEFAULT_SCHEMA

    @property
    def players(self) -> Path | None:
        """The players' SQLite file, beside the rooms' (None: not a SQLite store)."""
        return None if self.path is None else players_path(self.path)


def parse_url(url: str) -> StoreUrl:
    """`url` read (ValueError: not a store URL, or a schema name PostgreSQL would need
    quoted)."""
    if url.startswith(("postgresql://", "postgres://")):
        conninfo, schema = split_url(url)
        return StoreUrl("postgresql", conninfo=conninfo, schema=schema)
    if url in ("memory", "memory:"):
        return StoreUrl("memory")
    if "://" in url and not url.startswith("sqlite://"):
        raise StoreUrlError(url, "unknown store: a path, sqlite:///path or postgresql://...")
    return StoreUrl("sqlite", path=Path(url.removeprefix("sqlite:///").removeprefix("sqlite://")))


def split_url(url: str) -> tuple[str, str]:
    """`postgresql://...?schema=name` → (connection URL without `schema`, schema name)."""
    if urlsplit(url).scheme not in ("postgresql", "postgres"):
        raise StoreUrlError(url, "not a PostgreSQL URL")
    conninfo, schema = take_parameter(url, "schema", DEFAULT_SCHEMA)
    try:
        check_schema_name(schema)
    except ValueError as error:
        raise StoreUrlError(url, str(error)) from None
    return conninfo, schema


def take_parameter(url: str, name: str, default: str) -> tuple[str, str]:
    """(`url` without its query parameter `name`, the parameter's value or `default`):
    motamot's own parameter, which the driver must not see."""
    parts = urlsplit(url)
    value = default
    kept = []
    for key, given in parse_qsl(parts.query, keep_blank_values=True):
        if key == name:
            value = given
        else:
            kept.append((key, given))
    return urlunsplit(parts._replace(query=urlencode(kept))), value


def check_schema_name(schema: str) -> None:
    if not _SCHEMA_NAME.fullmatch(schema):
        raise ValueError(f"schema name must match {_SCHEMA_NAME.pattern}: {schema!r}")


def redacted(url: str) -> str:
    """A store's or a broker's URL as it may be printed: its password replaced."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    user = parts.username or ""
    host = parts.hostname or ""
    port = f":{parts.port}" if parts.port else ""
    return urlunsplit(parts._replace(netloc=f"{user}:***@{host}{port}"))


def players_path(events: Path) -> Path:
    """The SQLite file of the players' tables, next to the rooms' events file: a SQLite
    file has one writer at a time, and the rooms' acknowledgements do not wait for the
    players' writes (`benchmarks/bench_players.py`)."""
    return events.with_name(f"{events.stem}.players{events.suffix or '.sqlite3'}")
