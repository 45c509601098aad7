"""Duplicate Topword rooms: 1 to 500 people play the same rack on the same board (D1-D6)."""

from __future__ import annotations

from motamot.service.duplicate.commands import COMMANDS
from motamot.service.duplicate.events import EVENTS
from motamot.service.duplicate.room import DuplicateRoom
from motamot.service.duplicate.settings import DuplicateSettings
from motamot.service.rooms.kinds import RoomKind

DUPLICATE = RoomKind("duplicate", DuplicateSettings, DuplicateRoom, EVENTS, COMMANDS)
