"""The players' database: the one database layer of the server (`service.stores.db`),
under the names the players', lobby's, pairing's and mail's functions import.

Their tables have names of their own (`players_...`, `lobby_...`) beside the rooms'
events: in the same PostgreSQL schema, and for SQLite in a file next to the rooms'
(`players_path`: `server.sqlite3` → `server.players.sqlite3`), so that a room's
acknowledgement does not wait behind the projector's transactions.
"""

from __future__ import annotations

from motamot.service.stores import open_db
from motamot.service.stores.db import Db, Row, Tx
from motamot.service.stores.urls import players_path

__all__ = ["Db", "Row", "Tx", "open_db", "players_path"]
