"""What each seat sees of a tournament: everything is public (registrations, pairings,
results, standings), but for the seats' tokens and marks; `you` adds one's own table."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Protocol

from motamot.service.rooms.events import Event
from motamot.service.rooms.seating import Seat
from motamot.service.rooms.shown import Hidden, plain, seat_view, shared_shown
from motamot.service.tournament.events import GameEnded
from motamot.service.tournament.progress import RoundState
from motamot.service.tournament.settings import TournamentSettings
from motamot.service.tournament.shown import (
    BoardShown,
    ResultShown,
    RoundShown,
    RowShown,
    TallyShown,
    TournamentView,
    YourTable,
)
from motamot.service.tournament.standings import BoggleStanding, TopwordStanding, podium

#: The best players an arena round's card names.
ROUND_BEST = 3


class TournamentRoom(Protocol):
    """What the views read of a tournament room (`room.TournamentRoom`)."""

    KIND: ClassVar[str]
    room_id: str
    last_seq: int
    settings: TournamentSettings
    seats: dict[str, Seat]
    registered: list[str]
    checked_in: set[str]
    players: tuple[str, ...]
    out: set[str]
    rounds: list[RoundState]
    started_at: float | None
    ended_at: float | None
    paused: bool
    cancelled: bool
    arena: bool

    @property
    def host(self) -> str | None: ...

    @property
    def current(self) -> RoundState | None: ...

    @property
    def total_rounds(self) -> int: ...

    def standings(self) -> Sequence[TopwordStanding | BoggleStanding]: ...


def phase(room: TournamentRoom) -> str:
    if room.ended_at is not None:
        return "cancelled" if room.cancelled else "finished"
    if room.started_at is None:
        return "registration"
    return "paused" if room.paused else "running"


def view(room: TournamentRoom, seat: str | None) -> dict[str, Any]:
    return plain(room_view(room, seat))


def room_view(room: TournamentRoom, seat: str | None) -> TournamentView:
    s = room.settings
    rows = room.standings()
    top = [row.player for row in podium(rows)] if room.ended_at is not None else []
    return TournamentView(
        room=room.room_id,
        seq=room.last_seq,
        you=seat,
        host=room.host,
        director=room.host,
        settings=s,
        seats=[seat_view(one) for one in room.seats.values()],
        phase=phase(room),
        names={one.seat: one.name for one in room.seats.values()},
        bots=sorted(one.seat for one in room.seats.values() if one.is_bot),
        registered=list(room.registered),
        checked_in=sorted(room.checked_in),
        players=list(room.players),
        out=sorted(room.out),
        total_rounds=room.total_rounds or (s.rounds if s.format != "robin" else 0),
        rounds=[_round(one) for one in room.rounds],
        standings=[_row(row) for row in rows],
        podium=top,
        your_table=your_table(room, seat),
    )


def your_table(room: TournamentRoom, seat: str | None) -> YourTable | None:
    """The table `seat` plays at in the round under way, once it is open (« votre
    partie commence », K10); None otherwise."""
    current = room.current
    if seat is None or current is None or room.ended_at is not None:
        return None
    if room.arena:
        return _your_arena(room, current, seat)
    board = current.board_of(seat)
    if not current.begun or board is None or board in current.results:
        return None
    if board not in current.tables:
        return None
    tokens = current.tokens.get(board, ())
    place = int(current.boards[board - 1].second == seat)
    token = tokens[place] if len(tokens) > place else ""
    return YourTable(current.number, board, current.tables[board], f"s{place + 1}", token)


def _your_arena(room: TournamentRoom, current: RoundState, seat: str) -> YourTable | None:
    """An arena round's room, open from its pairing until it is scored: the people of
    the tournament are seated there in its players' order (s1, s2...), each with the
    token at their place (a computer player has none, and no seat)."""
    if seat not in room.players or 0 not in current.tables or current.tallies is not None:
        return None
    tokens = current.tokens.get(0, ())
    place = room.players.index(seat)
    if place >= len(tokens) or not tokens[place]:
        return YourTable(current.number, 0, current.tables[0])
    at = sum(1 for token in tokens[: place + 1] if token)
    return YourTable(current.number, 0, current.tables[0], f"s{at}", tokens[place])


def _round(one: RoundState) -> RoundShown:
    boards = [
        BoardShown(b.first, b.second, one.tables.get(n), _result(one.results.get(n)))
        for n, b in enumerate(one.boards, 1)
    ]
    return RoundShown(
        one.number, boards, one.bye, one.starts_at, one.begun, one.tables.get(0),
        one.tallies is not None, _best(one),
    )  # fmt: skip


def _best(one: RoundState) -> list[TallyShown]:
    """An arena round's best players: most points, then words (K6)."""
    ranked = sorted(one.tallies or (), key=lambda t: (-t.points, -t.words))
    return [TallyShown(t.seat, t.points, t.words) for t in ranked[:ROUND_BEST] if t.points]


def _result(ended: GameEnded | None) -> ResultShown | None:
    if ended is None:
        return None
    return ResultShown(ended.first_score, ended.second_score, ended.how, ended.absent, ended.reason)


def _row(row: TopwordStanding | BoggleStanding) -> RowShown:
    if isinstance(row, BoggleStanding):
        return RowShown(row.place, row.player, points=row.points, words=row.words,
                        rounds=row.rounds)  # fmt: skip
    return RowShown(row.place, row.player, wins=row.halves / 2, spread=row.spread,
                    buchholz=row.buchholz / 2, games=row.games)  # fmt: skip


def visible(room: TournamentRoom, event: Event, seat: str | None) -> dict[str, Any]:
    """The shared events as every room shows them; the tournament's own by their number
    only (the page asks for the room again)."""
    shared = shared_shown(event, lambda settings: settings, room.host)
    return plain(shared if shared is not None else Hidden(event.seq))
