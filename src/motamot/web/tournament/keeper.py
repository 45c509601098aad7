"""The tournaments' keeper on this process: it opens each round's tables (Topword) or
room (a Boggle arena's round), reports their results, and judges the no-shows (K8), as
system commands to the tournament room.

It watches the stored events of every room (`RoomHost.observers`): a tournament's round
that began gets its tables (both players seated, the starting player of K3 first, the
game started, each person's seat token handed to the tournament for its player's page);
an arena round gets its room once paired (`arena_rounds`); a table's end, or a round's,
is reported to its tournament. From `no_show_seconds` after a table opened, a player
whose turn clock ran out without a move of their own forfeits; neither of them: both
lose.

Its maps of open tables are a cache of what the stored events say: a tournament's
rounds name their tables (`TableOpened`), and a table's settings name its tournament.
So a keeper that never saw a table open (a restarted server, another process) finds
it: at its start from the running tournaments of the list, and whenever an event of a
tournament, or of a table naming one, passes by (`found`).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import secrets
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from motamot.server.kinds import Rooms
from motamot.server.links import room_of
from motamot.service.boggle.events import RoundEnded
from motamot.service.rooms.commands import AddBot, Join, RemovePlayer
from motamot.service.rooms.events import Event
from motamot.service.rooms.host import Room, draw_seed
from motamot.service.rooms.outcomes import Refusal
from motamot.service.stores.outages import failed
from motamot.service.tasks import stopped, within
from motamot.service.topword.commands import Start
from motamot.service.topword.events import Exchanged, GameEnded, Passed, Played, Resigned
from motamot.service.topword.settings import TopwordSettings
from motamot.service.tournament import standings as k
from motamot.service.tournament.commands import EndGame, OpenedTable, ScoreArena
from motamot.service.tournament.events import RoundBegun, RoundPaired, Started, TableOpened
from motamot.service.tournament.listing import Listed, TournamentList, listed
from motamot.service.tournament.room import TournamentRoom
from motamot.topword.game import Action, Game
from motamot.topword.tiles import get_ruleset
from motamot.web.tournament.arena_rounds import (
    ArenaTable,
    arena_table_of,
    arena_to_open,
    open_arena,
    tallies,
)

log = logging.getLogger(__name__)

#: Seconds between two sweeps for no-shows.
SWEEP_SECONDS = 2.0


@dataclass(frozen=True)
class Player:
    """A board's player as the table seats them."""

    seat: str
    name: str
    player: str | None
    level: str | None


@dataclass(frozen=True)
class ToOpen:
    """A board of a round begun that has no table yet."""

    tournament: str
    round: int
    board: int
    first: Player
    second: Player
    settings: TopwordSettings
    no_show: float


@dataclass
class Table:
    """A table this keeper opened, until its result is reported."""

    tournament: str
    round: int
    board: int
    #: The table's seats of the board's first and second player, and theirs in the
    #: tournament.
    seats: tuple[str, str]
    players: tuple[str, str]
    people: frozenset[str]
    deadline: float
    #: The table's seats that made a move of their own, and those whose clock ran out.
    came: set[str] = field(default_factory=set)
    timed_out: set[str] = field(default_factory=set)

    def absent(self) -> list[str]:
        """The people whose clock ran out without a move of their own (K8)."""
        return sorted((self.people & self.timed_out) - self.came)


def _boards_to_open(room: Room) -> list[ToOpen]:
    """Inside the tournament's actor: the boards of its round under way without a table."""
    if not isinstance(room, TournamentRoom) or room.arena or room.ended_at is not None:
        return []
    current = room.current
    if current is None or not current.begun:
        return []
    s = room.settings

    def player(seat: str) -> Player:
        one = room.seats[seat]
        return Player(seat, one.name, one.player, one.level)

    table = TopwordSettings(
        ruleset=s.ruleset,
        seats=2,
        turn_seconds=s.turn_seconds,
        bot_seconds=s.bot_seconds,
        rated=s.rated,
        tournament=room.room_id,
    )
    boards = [
        (n, b)
        for n, b in enumerate(current.boards, 1)
        if n not in current.tables and n not in current.results
    ]
    tid, number, no_show = room.room_id, current.number, s.no_show_seconds
    return [
        ToOpen(tid, number, n, player(b.first), player(b.second), table, no_show) for n, b in boards
    ]


@dataclass(frozen=True)
class OpenBoard:
    """A board of the round under way whose table is open and has no result yet."""

    table: str
    round: int
    board: int
    players: tuple[str, str]
    people: frozenset[str]
    no_show: float


def _open_boards(room: Room) -> list[OpenBoard]:
    """Inside a tournament's actor: its tables open without a result (K8)."""
    if not isinstance(room, TournamentRoom) or room.arena or room.ended_at is not None:
        return []
    current = room.current
    if current is None or not current.begun:
        return []
    found = []
    for number, link in current.tables.items():
        if number in current.results or not 1 <= number <= len(current.boards):
            continue
        board = current.boards[number - 1]
        pair = (board.first, board.second)
        people = frozenset(
            s for s, one in zip(("s1", "s2"), pair, strict=True) if not room.seats[one].is_bot
        )
        no_show = room.settings.no_show_seconds
        found.append(OpenBoard(room_of(link), current.number, number, pair, people, no_show))
    return found


@dataclass(frozen=True)
class Came:
    """A table's game as its room holds it: who moved of their own, whose clock ran out,
    whether it is over, and when the table opened."""

    came: frozenset[str]
    timed_out: frozenset[str]
    over: bool
    opened: float


def _came(room: Room) -> Came | None:
    """Inside a table's actor: its turns so far, seat by seat (None: no game there)."""
    game = getattr(room, "game", None)
    order: tuple[str, ...] = getattr(room, "order", ())
    if not isinstance(game, Game) or not order:
        return None
    came: set[str] = set()
    timed_out: set[str] = set()
    for turn in game.turns:
        seat = order[turn.player]
        (timed_out if turn.action is Action.PASS and turn.timed_out else came).add(seat)
    return Came(frozenset(came), frozenset(timed_out), game.finished, room.created.at)


class Keeper:
    """The tournaments' tables on this process."""

    def __init__(self, rooms: Rooms, listing: TournamentList | None = None) -> None:
        self.rooms = rooms
        self.listing = listing
        self._listed: dict[str, Listed] = {}
        self.tables: dict[str, Table] = {}
        #: Arena rounds' rooms under way, by room id.
        self.arenas: dict[str, ArenaTable] = {}
        self._tournaments: set[str] = set()
        #: Tournaments named by a table this keeper did not open: their tables are found
        #: here, but their boards are opened by the keeper that sees their events.
        self._strays: set[str] = set()
        self._ended: set[str] = set()
        self._wake = asyncio.Event()
        #: One step at a time (the loop's, a test's): a board is never opened twice.
        self._stepping = asyncio.Lock()

    # --- inside the actors: only note ---------------------------------------------------

    def observe(self, room: Room, events: Sequence[Event]) -> None:
        if isinstance(room, TournamentRoom):
            row = listed(room, self.rooms.now()) if self.listing is not None else None
            if row is not None:
                self._listed[room.room_id] = row
                self._wake.set()
            if any(isinstance(e, (RoundPaired, RoundBegun, Started, TableOpened)) for e in events):
                self._tournaments.add(room.room_id)
                self._wake.set()
            return
        if room.room_id in self.arenas:
            if any(isinstance(event, RoundEnded) for event in events):
                self._ended.add(room.room_id)
                self._wake.set()
            return
        table = self.tables.get(room.room_id)
        if table is None:
            tournament = getattr(room.settings, "tournament", None)
            if isinstance(tournament, str):  # a table this keeper has not seen open
                self._strays.add(tournament)
                self._wake.set()
            return
        for event in events:
            if isinstance(event, (Played, Exchanged, Resigned)):
                table.came.add(event.seat)
            elif isinstance(event, Passed):
                (table.timed_out if event.timed_out else table.came).add(event.seat)
            elif isinstance(event, GameEnded):
                self._ended.add(room.room_id)
                self._wake.set()

    # --- its work -----------------------------------------------------------------------

    async def run(self) -> None:
        while True:
            with contextlib.suppress(TimeoutError):
                await within(self._wake.wait(), SWEEP_SECONDS)
            self._wake.clear()
            try:
                await self.step()
            except Exception as error:
                failed(log, error, "tournaments: a step failed")

    async def find_running(self) -> None:
        """At the start: the running tournaments of the list, whose open tables the next
        step finds again (a private one is found once an event of it or of a table of it
        passes by)."""
        if self.listing is not None:
            self._tournaments.update(row.room for row in await self.listing.part("running"))
            self._wake.set()

    async def step(self) -> None:
        """List what changed, open what is to be opened, report what ended, judge who
        did not come."""
        async with self._stepping:
            await self._step()

    async def _step(self) -> None:
        rows, self._listed = list(self._listed.values()), {}
        if self.listing is not None:
            await self.listing.put(rows)
        tournaments, self._tournaments = self._tournaments, set()
        strays, self._strays = self._strays - tournaments, set()
        for tournament in sorted(strays):
            await self.found(tournament)
        for tournament in sorted(tournaments):
            await self.found(tournament)
            for board in await self.rooms.read(tournament, _boards_to_open) or []:
                await self.open(board)
            arena = await self.rooms.read(tournament, arena_to_open)
            if arena is not None:
                opened = await open_arena(self.rooms, arena)
                if opened is not None:
                    self.arenas[opened[0]] = opened[1]
                    await self.rooms.host.tick(opened[0])
        ended, self._ended = self._ended, set()
        for table_id in sorted(ended):
            table = self.tables.get(table_id)
            if table_id in self.arenas:
                await self.score(table_id)
            elif table is not None and table.absent():
                await self.judge_no_show(table_id, table)  # ended on their clock: K8
            else:
                await self.report(table_id)
        now = self.rooms.now()
        for table_id, table in list(self.tables.items()):
            if now >= table.deadline and table_id not in ended:
                await self.judge_no_show(table_id, table)

    async def found(self, tournament: str) -> None:
        """The tournament's open tables (or arena round's room) this keeper has not seen
        open, taken into its maps from what their rooms hold; one that ended meanwhile
        is reported at once."""
        arena = await self.rooms.read(tournament, arena_table_of)
        if arena is not None and arena[0] not in self.arenas:
            self.arenas[arena[0]] = arena[1]
            if await self.rooms.read(arena[0], lambda room: tallies(room, arena[1])) is not None:
                self._ended.add(arena[0])
        for board in await self.rooms.read(tournament, _open_boards) or []:
            if board.table in self.tables:
                continue
            came = await self.rooms.read(board.table, _came)
            if came is None:
                continue
            self.tables[board.table] = Table(
                tournament, board.round, board.board, ("s1", "s2"), board.players,
                board.people, came.opened + board.no_show, set(came.came),
                set(came.timed_out),
            )  # fmt: skip
            if came.over:
                self._ended.add(board.table)

    async def score(self, room_id: str) -> None:
        """An arena round's room ended: every player's points and words (K6)."""
        table = self.arenas.get(room_id)
        if table is None:
            return
        found = await self.rooms.read(room_id, lambda room: tallies(room, table))
        if found is None:
            return
        self.arenas.pop(room_id, None)
        await self.rooms.host.submit(table.tournament, None, ScoreArena(table.round, found))

    async def open(self, board: ToOpen) -> None:
        """The board's table: both seated (the first first), started with a seed that
        makes the first player start (K3), then told to the tournament."""
        rules = get_ruleset(board.settings.ruleset)
        lexicon = self.rooms.host.lexicons(board.settings.dictionary_name)
        seed = draw_seed()
        while Game(["Un", "Deux"], seed, lexicon, rules).starter != 0:
            seed = draw_seed()

        tokens = tuple(
            "" if one.level is not None else secrets.token_urlsafe(24)
            for one in (board.first, board.second)
        )

        def seating(invite: str) -> list[Any]:
            seated: list[Any] = []
            for one, token in zip((board.first, board.second), tokens, strict=True):
                if one.level is not None:
                    seated.append(AddBot(one.level, one.name))
                else:
                    digest = hashlib.sha256(token.encode()).hexdigest()
                    seated.append(Join(one.name, digest, invite, one.player, True))
            return [*seated, Start(seed)]

        opened = await self.rooms.open_with(board.settings, seating)
        if isinstance(opened, Refusal):
            log.warning("tournament %s: a table was refused: %s", board.tournament, opened.code)
            return
        link, room = opened
        people = frozenset(
            s for s, one in zip(("s1", "s2"), (board.first, board.second), strict=True)
            if one.level is None
        )  # fmt: skip
        deadline = self.rooms.now() + board.no_show
        self.tables[room.room_id] = Table(
            board.tournament, board.round, board.board, ("s1", "s2"),
            (board.first.seat, board.second.seat), people, deadline,
        )  # fmt: skip
        told = OpenedTable(board.round, board.board, link, tokens)
        answer = await self.rooms.host.submit(board.tournament, None, told)
        if isinstance(answer, Refusal):
            self.tables.pop(room.room_id, None)
            return
        await self.rooms.host.tick(room.room_id)  # a computer player to start plays now

    async def report(self, table_id: str) -> None:
        """A table's game ended: its scores, the first player's first (K5: a game one
        resigned, T21, is lost by the resigner, by 50 if they were not behind)."""
        table = self.tables.pop(table_id, None)
        if table is None:
            return
        ended = await self.rooms.read(table_id, _ending)
        if ended is None:
            return
        scores, winners, resigned = ended
        first, second = (scores.get(seat, 0) for seat in table.seats)
        end = EndGame(table.round, table.board, first, second)
        if resigned and len(winners) == 1 and winners[0] in table.seats:
            won = table.seats.index(winners[0])
            lost = table.players[1 - won]
            if (first, second)[won] <= (second, first)[won]:
                first, second = (k.FORFEIT_SPREAD, 0) if won == 0 else (0, k.FORFEIT_SPREAD)
            end = EndGame(table.round, table.board, first, second, "resigned", lost)
        await self.rooms.host.submit(table.tournament, None, end)

    async def judge_no_show(self, table_id: str, table: Table) -> None:
        """K8: past the deadline, a player whose clock ran out without a move of their
        own forfeits (both: both lose); one whose turn has not come yet is waited for."""
        absent = table.absent()
        if not absent:
            return
        self.tables.pop(table_id, None)
        first = table.seats[0]
        if len(absent) == 2:
            end = EndGame(table.round, table.board, 0, 0, "absent")
        else:
            lost = absent[0]
            scores = (0, k.FORFEIT_SPREAD) if lost == first else (k.FORFEIT_SPREAD, 0)
            absent_player = table.players[table.seats.index(lost)]
            end = EndGame(table.round, table.board, *scores, "forfeit", absent_player)
        await self.rooms.host.submit(table.tournament, None, end)
        for seat in absent:
            await self.rooms.host.submit(table_id, None, RemovePlayer(seat))


def _ending(room: Room) -> tuple[dict[str, int], tuple[str, ...], bool] | None:
    """Inside a table's actor: each seat's final score (T19), the winners' seats, and
    whether it ended by a resign (T21)."""
    started = getattr(room, "started", None)
    game = getattr(room, "game", None)
    if started is None or game is None or not game.finished:
        return None
    finals = game.final_scores()
    order: tuple[str, ...] = started.order
    winners = tuple(order[i] for i in game.winners())
    resigned = bool(game.resigned)
    return {seat: int(finals[i]) for i, seat in enumerate(order)}, winners, resigned


@contextlib.asynccontextmanager
async def running(rooms: Rooms) -> AsyncIterator[Keeper]:
    """The keeper, watching the host's events, while the server runs."""
    listing = TournamentList(rooms.lobby.store.db) if rooms.lobby is not None else None
    if listing is not None:
        await listing.create()
    keeper = Keeper(rooms, listing)
    rooms.host.observers.append(keeper.observe)
    await keeper.find_running()
    task = asyncio.create_task(keeper.run(), name="tournament-keeper")
    try:
        yield keeper
    finally:
        rooms.host.observers.remove(keeper.observe)
        await stopped(task)
