"""Boggle rooms: 1 to 20 people and computer players, rounds on the server's clock."""

from __future__ import annotations

from motamot.service.boggle.commands import COMMANDS
from motamot.service.boggle.events import EVENTS, LEGACY_TAGS
from motamot.service.boggle.room import BoggleRoom
from motamot.service.boggle.settings import BoggleSettings
from motamot.service.rooms.kinds import RoomKind

BOGGLE = RoomKind("boggle", BoggleSettings, BoggleRoom, EVENTS, COMMANDS, LEGACY_TAGS)
