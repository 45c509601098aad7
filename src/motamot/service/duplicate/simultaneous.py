"""D11: the simultaneous, one ranking of every room that plays the same numbered game (D10)
on a server, whatever process runs each room; D12: a club's series, its evenings'
players with their games and average share of the tops.

The rooms' stored events are the source, read from the store every process shares: each
room's first event says which numbered game it plays; then its turns' ends (points,
solo bonuses, D9), the arbiter's corrections and exclusions (D7) and its seats' names are
folded, without the game's engine, a room at a time and only from the last event read
(`load(room, after)`), so a ranking asked each second reads only what is new. The rooms
of a game or a series come from their index (`service.duplicate.index`), so that a
ranking's cost follows its own rooms, not the server's; without an index (a process
with no players' database) every room is listed, and one in no numbered game nor
series is read once (its first event) and never again.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from motamot.service.duplicate.events import (
    DuplicateEnded,
    PlayerExcluded,
    PlayerReinstated,
    ScoreCorrected,
    TurnEnded,
    TurnReplayed,
)
from motamot.service.duplicate.index import GameIndex
from motamot.service.ports import EventStore
from motamot.service.rooms.codec import EventCodec, EventDecodeError
from motamot.service.rooms.events import Event, RoomCreated, SeatTaken
from motamot.topword.duplicate import percent

#: How long a ranking is kept before the store is read again (seconds).
FRESH_SECONDS = 1.0


@dataclass
class Tally:
    """One room as the ranking reads it: its number, and its players' totals so far."""

    number: int | None
    series: str | None = None
    over: bool = False
    seq: int = 0
    arbiter: bool = False
    names: dict[str, str] = field(default_factory=dict)
    excluded: set[str] = field(default_factory=set)
    totals: dict[str, int] = field(default_factory=dict)
    top_total: int = 0
    turns: int = 0
    #: When the room was created (referee time: the evening's date).
    at: float = 0.0
    #: D7: the last turn's points by seat (bonus and corrections in) and its top, taken
    #: back if the arbiter plays it again in the pause after it.
    last: dict[str, int] = field(default_factory=dict)
    last_top: int = 0
    last_turn: int = 0

    def fold(self, event: Event) -> None:
        self.seq = event.seq
        match event:
            case SeatTaken(seat=seat, name=name, level=None):
                first = not self.names  # D7: the first seat arbitrates ("": not ranked)
                self.names.setdefault(seat, "" if self.arbiter and first else name)
            case TurnEnded(number=number, scores=scores, bonuses=bonuses, top_points=top):
                self.last, self.last_top, self.last_turn = {}, top, number
                for seat, points in [(seat, points) for seat, points, _ in scores] + list(bonuses):
                    self.totals[seat] = self.totals.get(seat, 0) + points
                    self.last[seat] = self.last.get(seat, 0) + points
                self.top_total += top
                self.turns += 1
            case ScoreCorrected(seat=seat, turn=turn, points=points, was=was):
                self.totals[seat] = self.totals.get(seat, 0) + points - was
                if turn == self.last_turn:
                    self.last[seat] = self.last.get(seat, 0) + points - was
            case TurnReplayed():
                for seat, points in self.last.items():
                    self.totals[seat] -= points
                self.top_total -= self.last_top
                self.turns -= 1
                self.last, self.last_top, self.last_turn = {}, 0, 0
            case PlayerExcluded(seat=seat):
                self.excluded.add(seat)
            case PlayerReinstated(seat=seat):
                self.excluded.discard(seat)
            case DuplicateEnded():
                self.over = True

    def players(self) -> Iterable[tuple[str, str]]:
        """(seat, name) of each ranked player (not the arbiter, nobody excluded)."""
        for seat, name in self.names.items():
            if name and seat not in self.excluded:
                yield seat, name


@dataclass(frozen=True)
class Line:
    """A player's place in the simultaneous: their room, total, the tops' total of their
    room so far and their share of it (D6)."""

    rank: int
    room: str
    seat: str
    name: str
    total: int
    top_total: int
    percent: float
    turns: int


def ranking(tallies: Iterable[tuple[str, Tally]]) -> list[Line]:
    """D11: by share of the tops (exactly, not rounded), then total; ties share a place."""
    rows: list[tuple[Fraction, int, str, str, str, Tally]] = []
    for room, tally in tallies:
        for seat, name in tally.players():
            total = tally.totals.get(seat, 0)
            share = Fraction(total, tally.top_total) if tally.top_total > 0 else Fraction(1)
            rows.append((share, total, room, seat, name, tally))
    rows.sort(key=lambda row: (-row[0], -row[1], row[2], row[3]))
    out: list[Line] = []
    for position, (share, total, room, seat, name, tally) in enumerate(rows):
        level = out and (rows[position - 1][0], rows[position - 1][1]) == (share, total)
        rank = out[-1].rank if level else position + 1
        share_shown = percent(total, tally.top_total)
        out.append(Line(rank, room, seat, name, total, tally.top_total, share_shown, tally.turns))
    return out


@dataclass(frozen=True)
class SeriesLine:
    """D12: a player of a club's series: their evenings and average share of the tops."""

    rank: int
    name: str
    games: int
    average: float
    best: float


def series_table(tallies: Iterable[Tally]) -> list[SeriesLine]:
    """D12: each player of the series' finished evenings (by name, as a club knows them),
    by average share of the tops, then games; ties share a place."""
    shares: dict[str, list[Fraction]] = {}
    names: dict[str, str] = {}
    for tally in tallies:
        if not tally.over or tally.turns == 0:
            continue
        for seat, name in tally.players():
            total = tally.totals.get(seat, 0)
            share = Fraction(total, tally.top_total) if tally.top_total > 0 else Fraction(1)
            key = name.casefold()
            names.setdefault(key, name)
            shares.setdefault(key, []).append(share)
    averaged = (
        (sum(each, Fraction(0)) / len(each), len(each), max(each), names[key])
        for key, each in shares.items()
    )
    rows = sorted(averaged, key=lambda row: (-row[0], -row[1], row[3].casefold()))
    out: list[SeriesLine] = []
    for position, (average, games, best, name) in enumerate(rows):
        level = out and rows[position - 1][:2] == (average, games)
        rank = out[-1].rank if level else position + 1
        out.append(SeriesLine(rank, name, games, _tenth(average), _tenth(best)))
    return out


def _tenth(share: Fraction) -> float:
    """A share in per cent to the tenth, halves up (D6's rounding)."""
    return float((share * 2000 + 1) // 2) / 10


class Simultaneous:
    """Every numbered game's ranking in one process, read from the shared store (the
    rooms of each from `index`, when there is one)."""

    def __init__(self, store: EventStore, codec: EventCodec, index: GameIndex | None) -> None:
        self.store = store
        self.codec = codec
        self.index = index
        self.tallies: dict[str, Tally] = {}
        self._kept: dict[int | str, tuple[float, list[tuple[str, Tally]]]] = {}

    async def rooms_of(self, number: int) -> list[tuple[str, Tally]]:
        """Every room playing game `number`, its tally read up to its last event."""
        index = self.index
        listed = None if index is None else lambda: index.of_number(number)
        return await self._rooms(number, lambda tally: tally.number == number, listed)

    async def series_of(self, series: str) -> list[tuple[str, Tally]]:
        """D12: every room of a club's series, its tally read up to its last event."""
        index = self.index
        listed = None if index is None else lambda: index.of_series(series)
        return await self._rooms(series, lambda tally: tally.series == series, listed)

    async def _rooms(
        self,
        key: int | str,
        wanted: Callable[[Tally], bool],
        listed: Callable[[], Awaitable[list[str]]] | None,
    ) -> list[tuple[str, Tally]]:
        kept = self._kept.get(key)
        if kept is not None and time.monotonic() - kept[0] < FRESH_SECONDS:
            return kept[1]
        found = []
        for room in await (self.store.rooms() if listed is None else listed()):
            tally = self.tallies.get(room)
            if tally is None:
                tally = self.tallies[room] = await self._first(room)
            if not wanted(tally):
                continue
            for row in await self.store.load(room, after=tally.seq):
                if row.seq > tally.seq:  # two askers at once read the same rows: one folds
                    tally.fold(self._decoded(row.data))
            found.append((room, tally))
        self._kept[key] = (time.monotonic(), found)
        return found

    async def _first(self, room: str) -> Tally:
        rows = await self.store.load(room, after=0)
        if not rows or '"kind":"duplicate"' not in rows[0].data:
            return Tally(None)
        try:
            created = self.codec.decode(rows[0].data)
        except EventDecodeError:
            return Tally(None)
        settings: Any = created.settings if isinstance(created, RoomCreated) else None
        number = getattr(settings, "number", None)
        series = getattr(settings, "series", None)
        tally = Tally(number, series, arbiter=bool(getattr(settings, "arbiter", False)))
        tally.seq = created.seq
        tally.at = created.at if isinstance(created, RoomCreated) else 0.0
        return tally

    def _decoded(self, data: str) -> Event:
        return self.codec.decode(data)
