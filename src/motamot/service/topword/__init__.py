"""Topword rooms: 2 to 4 seats, people and computer players, one game at a time."""

from __future__ import annotations

from motamot.service.rooms.kinds import RoomKind
from motamot.service.topword.commands import COMMANDS
from motamot.service.topword.events import EVENTS, LEGACY_TAGS
from motamot.service.topword.room import TopwordRoom
from motamot.service.topword.settings import TopwordSettings

TOPWORD = RoomKind("topword", TopwordSettings, TopwordRoom, EVENTS, COMMANDS, LEGACY_TAGS)
