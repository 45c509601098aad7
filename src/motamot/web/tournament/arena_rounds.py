"""A Boggle tournament's rounds on the server (K6): each round is one arena room (A1: one
grid for all, nothing crossed out), opened by the keeper as soon as the round is paired
and starting when the round does, with every person of the tournament seated in it under
their own token; when it ends, every player's points and words go to the tournament.

The readers here run inside the actors (`Rooms.read`): what the keeper needs is taken
from the rooms' state, which their stored events give again after a restart.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from typing import Any

from motamot.server.kinds import Rooms
from motamot.server.links import room_of
from motamot.service.arena.room import ArenaRoom
from motamot.service.arena.settings import MAX_PAUSE, ArenaSettings
from motamot.service.rooms.commands import Join
from motamot.service.rooms.host import Room, draw_seed
from motamot.service.rooms.outcomes import Refusal
from motamot.service.tournament.commands import OpenedTable
from motamot.service.tournament.events import Tally
from motamot.service.tournament.room import TournamentRoom


@dataclass(frozen=True)
class Person:
    """A player of the tournament as the round's room seats them."""

    seat: str
    name: str
    player: str


@dataclass(frozen=True)
class ArenaToOpen:
    """An arena tournament's round paired without its room yet."""

    tournament: str
    round: int
    settings: ArenaSettings
    #: Every player of the tournament, in its order; and each as a person to seat
    #: (None: a computer player, who has no seat there).
    seats: tuple[str, ...]
    players: tuple[Person | None, ...]

    def table(self) -> ArenaTable:
        lasting = tuple(one.player if one else None for one in self.players)
        return ArenaTable(self.tournament, self.round, tuple(zip(self.seats, lasting, strict=True)))


@dataclass(frozen=True)
class ArenaTable:
    """A round's room this keeper watches until its tallies are in."""

    tournament: str
    round: int
    #: The tournament's players in its order, and each one's lasting player (None: a
    #: computer player, who scores nothing).
    players: tuple[tuple[str, str | None], ...]


def arena_to_open(room: Room) -> ArenaToOpen | None:
    """Inside a tournament's actor: its round paired without a room, if an arena's."""
    if not isinstance(room, TournamentRoom) or not room.arena or room.ended_at is not None:
        return None
    current = room.current
    if current is None or 0 in current.tables or current.tallies is not None:
        return None
    s = room.settings
    settings = ArenaSettings(
        number=current.number,
        start=current.starts_at,
        seed=draw_seed(),
        preset=s.preset,
        seconds=s.round_seconds,
        pause=min(max(s.gap_seconds, 1.0), MAX_PAUSE),
        tournament=room.room_id,
    )
    players = tuple(_person(room, seat) for seat in room.players)
    return ArenaToOpen(room.room_id, current.number, settings, room.players, players)


def _person(room: TournamentRoom, seat: str) -> Person | None:
    one = room.seats[seat]
    if one.is_bot or one.player is None:
        return None
    return Person(seat, one.name, one.player)


def arena_table_of(room: Room) -> tuple[str, ArenaTable] | None:
    """Inside a tournament's actor: its arena round's room, open and not scored yet."""
    if not isinstance(room, TournamentRoom) or not room.arena or room.ended_at is not None:
        return None
    current = room.current
    if current is None or 0 not in current.tables or current.tallies is not None:
        return None
    players = tuple((seat, room.seats[seat].player) for seat in room.players)
    return room_of(current.tables[0]), ArenaTable(room.room_id, current.number, players)


async def open_arena(rooms: Rooms, board: ArenaToOpen) -> tuple[str, ArenaTable] | None:
    """The round's room, every person seated with a token of their own, told to the
    tournament: its id and what the keeper keeps of it (None: refused)."""
    tokens = tuple("" if one is None else secrets.token_urlsafe(24) for one in board.players)

    def seating(invite: str) -> list[Any]:
        return [
            Join(one.name, hashlib.sha256(token.encode()).hexdigest(), invite, one.player, True)
            for one, token in zip(board.players, tokens, strict=True)
            if one is not None
        ]

    opened = await rooms.open_with(board.settings, seating)
    if isinstance(opened, Refusal):
        return None
    link, room = opened
    told = OpenedTable(board.round, 0, link, tokens)
    if isinstance(await rooms.host.submit(board.tournament, None, told), Refusal):
        return None
    return room.room_id, board.table()


def tallies(room: Room, table: ArenaTable) -> tuple[Tally, ...] | None:
    """Inside a round's room: every player's points and accepted words once it has
    ended (None: not yet). A player with no word, or a computer player, has 0; a play
    set aside as faster than people type (F4) scores nothing in the tournament."""
    if not isinstance(room, ArenaRoom) or not room.ended:
        return None
    places = room.results().places
    out = []
    for seat, player in table.players:
        at = room.by_player.get(player) if player is not None else None
        place = places.get(at) if at is not None else None
        if place is None or place.fast is not None:
            out.append(Tally(seat, 0, 0))
        else:
            out.append(Tally(seat, place.score, place.words))
    return tuple(out)
