"""The daily grid: one grid a day per preset, the same for everybody, each player alone
against the server's clock once a day (docs/rules.md, G1-G9)."""

from __future__ import annotations

from motamot.service.daily.commands import COMMANDS
from motamot.service.daily.events import EVENTS
from motamot.service.daily.room import DailyRoom
from motamot.service.daily.settings import DailySettings
from motamot.service.rooms.kinds import RoomKind

DAILY = RoomKind("daily", DailySettings, DailyRoom, EVENTS, COMMANDS)
