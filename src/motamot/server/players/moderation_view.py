"""What the operators' page shows (`moderation_page`): the open reports gathered by person
with what was said, the live rooms of this process with their people and last lines,
the bans in force, the latest actions. Everything is bounded (a page an operator reads
on a phone, never the whole store) and read without changing anything.

The live rooms are those this process holds in memory (`RoomHost.in_memory`): with
several processes, each page lists its own process's rooms, and an action on a room
goes to the room wherever it lives (through the host, as any command).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from motamot.server.players.bans import address_mark
from motamot.server.rooms import Rooms
from motamot.service.players.moderation import Ban, Reported, SaidLine, reported
from motamot.service.players.operators import Action
from motamot.service.players.store import PlayerStore

#: People with open reports shown at most (the latest reported first).
MAX_PEOPLE = 50
#: Rooms whose chat is looked up for the reports' lines (to offer « Retirer »).
MAX_REPORT_ROOMS = 30
#: Live rooms shown at most, and people and chat lines shown of each.
MAX_ROOMS = 50
MAX_SEATS = 24
MAX_LINES = 12
#: Actions of the log shown.
MAX_ACTIONS = 50


@dataclass(frozen=True)
class ShownLine:
    """A chat line as the page shows it: removable while its room still keeps it."""

    room: str
    seq: int
    name: str
    at: float
    text: str | None
    phrase: str | None
    removed: bool
    removable: bool
    #: Said by the reported person (a report's lines are marked).
    theirs: bool = False


@dataclass(frozen=True)
class ShownReport:
    at: float
    room: str
    reporter: str | None
    reasons: tuple[str, ...]
    lines: tuple[ShownLine, ...]


@dataclass(frozen=True)
class Person:
    """Everything open reported of one person."""

    reported: Reported
    account: str | None
    banned: bool
    reports: tuple[ShownReport, ...]


@dataclass(frozen=True)
class LiveSeat:
    seat: str
    name: str
    player: str | None
    bot: bool
    present: bool
    connected: bool
    addresses: tuple[str, ...]
    banned: bool


@dataclass(frozen=True)
class LiveRoom:
    room: str
    kind: str
    seats: tuple[LiveSeat, ...]
    more: int
    lines: tuple[ShownLine, ...]
    chat_on: bool
    connected: int
    #: The operators may close it (not the arena's nor the daily grid's).
    closable: bool = True


@dataclass
class Overview:
    people: list[Person] = field(default_factory=list)
    rooms: list[LiveRoom] = field(default_factory=list)
    held: int = 0
    bans: list[Ban] = field(default_factory=list)
    actions: list[Action] = field(default_factory=list)
    #: How many people of the rooms shown each address serves (a school's, a family's).
    sharing: dict[str, int] = field(default_factory=dict)


#: A room's chat as this page reads it: (lines kept, numbers removed).
Chat = tuple[dict[int, Any], frozenset[int]]
#: A report's room this process does not hold.
_ELSEWHERE = "elsewhere"


async def overview(rooms: Rooms, store: PlayerStore) -> Overview:
    """The page's whole content, read now."""
    bans = await store.bans()
    banned = {ban.value for ban in bans}
    people = reported(await store.reports(open_only=True))[:MAX_PEOPLE]
    chats = await _chats(rooms, [r.room for one in people for r in one.reports])
    shown = [await _person(store, one, banned, chats) for one in people]
    live, held = await _live(rooms, banned)
    sharing: dict[str, set[str]] = {}
    for room in live:
        for seat in room.seats:
            for address in seat.addresses:
                sharing.setdefault(address, set()).add(seat.player or room.room + seat.seat)
    counts = {address: len(people) for address, people in sharing.items()}
    return Overview(shown, live, held, bans, await store.actions(MAX_ACTIONS), counts)


async def _chats(rooms: Rooms, room_ids: list[str]) -> dict[str, Chat | None]:
    """The chat of each room the reports name that this process holds (None: closed);
    a room held elsewhere is not read (reading it here would take it over)."""
    found: dict[str, Chat | None] = {}
    for room_id in list(dict.fromkeys(room_ids))[:MAX_REPORT_ROOMS]:
        room = rooms.host.loaded(room_id) if rooms.started else None
        if room is not None:
            kept = {line.seq: line for line in room.chat.lines}
            found[room_id] = None if room.closed else (kept, frozenset(room.chat.removed))
    return found


async def _person(
    store: PlayerStore, one: Reported, banned: set[str], chats: dict[str, Chat | None]
) -> Person:
    account = await store.account_of(one.player) if one.player is not None else None
    reports = []
    for report in one.reports:
        chat = chats.get(report.room, _ELSEWHERE)
        lines = tuple(_said_line(report.room, line, report.seat, chat) for line in report.said)
        reports.append(
            ShownReport(report.at, report.room, report.reporter_name, report.given, lines)
        )
    return Person(
        one,
        account.name if account is not None else None,
        one.player in banned,
        tuple(reports),
    )


def _said_line(room: str, line: SaidLine, seat: str, chat: Chat | str | None) -> ShownLine:
    """`line` of `room` (`chat`: the room's as held here, None closed, or _ELSEWHERE: not
    held here, the room itself judges a removal)."""
    if isinstance(chat, str):
        gone, removable = False, True
    else:
        kept, removed = chat if chat is not None else ({}, frozenset())
        gone = line.seq in removed
        removable = line.seq in kept and not gone
    text, phrase = (None, None) if gone else (line.text, line.phrase)
    return ShownLine(
        room, line.seq, line.name, line.at, text, phrase, gone, removable, line.seat == seat
    )


async def _live(rooms: Rooms, banned: set[str]) -> tuple[list[LiveRoom], int]:
    """The rooms this process holds, those with the most people sitting first (who is
    connected is asked only of the MAX_ROOMS shown), and how many it holds."""
    if not rooms.started:
        return [], 0
    host = rooms.host
    held = []
    for room_id in host.in_memory():
        room = host.loaded(room_id)
        if room is not None and not room.closed:
            sitting = sum(1 for seat in room.seats.values() if seat.present and not seat.is_bot)
            held.append((sitting, room.last_seq, room))
    held.sort(key=lambda one: (-one[0], -one[1], one[2].room_id))
    shown = []
    for _, _, room in held[:MAX_ROOMS]:
        connected = set(await rooms.presence.seats(room.room_id))
        shown.append(_live_room(rooms, room, connected, banned))
    return shown, len(held)


def _live_room(rooms: Rooms, room: Any, connected: set[str], banned: set[str]) -> LiveRoom:
    addresses: dict[str, set[str]] = {}
    feed = rooms.feeds.get(room.room_id)
    for listener in feed.listeners if feed is not None else ():
        if listener.seat is not None:
            marks = {p for p in listener.players if p.startswith(address_mark(""))}
            addresses.setdefault(listener.seat, set()).update(
                mark.removeprefix(address_mark("")) for mark in marks
            )
    seats = [
        LiveSeat(
            seat.seat,
            seat.name,
            seat.player,
            seat.is_bot,
            seat.present,
            seat.seat in connected,
            tuple(sorted(addresses.get(seat.seat, ()))),
            seat.player in banned,
        )
        for seat in room.seats.values()
        if not seat.removed and (seat.present or not seat.is_bot)
    ]
    seats.sort(key=lambda seat: (not seat.connected, not seat.present, seat.seat))
    lines = tuple(
        _said_line(
            room.room_id,
            SaidLine(line.seq, line.seat, room.name_of(line.seat), line.at, line.text, line.phrase),
            "",
            ({line.seq: line for line in room.chat.lines}, frozenset(room.chat.removed)),
        )
        for line in list(room.chat.lines)[-MAX_LINES:]
    )
    return LiveRoom(
        room.room_id,
        room.KIND,
        tuple(seats[:MAX_SEATS]),
        max(0, len(seats) - MAX_SEATS),
        lines,
        room.chat.on,
        len(connected),
        room.CLOSABLE,
    )
