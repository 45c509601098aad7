"""Arena rounds: a public Boggle round every few minutes, for any number of people."""

from __future__ import annotations

from motamot.service.arena.commands import COMMANDS
from motamot.service.arena.events import EVENTS
from motamot.service.arena.room import ArenaRoom
from motamot.service.arena.settings import ArenaSettings
from motamot.service.rooms.kinds import RoomKind

ARENA = RoomKind("arena", ArenaSettings, ArenaRoom, EVENTS, COMMANDS)
