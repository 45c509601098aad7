"""Tournaments: a room kind that runs an event (registration, rounds, standings, a podium).

Its pairing (`swiss`, `robin`) and standings (`standings`) are pure code: no I/O, no clock,
no randomness, so a tournament replays the same from its events everywhere.
"""

from motamot.service.rooms.kinds import RoomKind
from motamot.service.tournament.commands import COMMANDS
from motamot.service.tournament.events import EVENTS
from motamot.service.tournament.room import TournamentRoom
from motamot.service.tournament.settings import TournamentSettings

TOURNAMENT = RoomKind("tournament", TournamentSettings, TournamentRoom, EVENTS, COMMANDS)
