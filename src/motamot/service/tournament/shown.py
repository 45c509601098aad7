"""What a seat is shown of a tournament, declared (docs/protocol.md): the whole room as a
`TournamentView`; its own events only as their numbers (`hidden`): a page asks for the
room again after one (a few events a round, on a small view)."""

from __future__ import annotations

from typing import Any

import msgspec

from motamot.service.rooms.shown import Hidden, SeatView, shared_types
from motamot.service.tournament.events import EVENTS
from motamot.service.tournament.settings import TournamentSettings


class ResultShown(msgspec.Struct, forbid_unknown_fields=True):
    """A board's result: the scores (the first player's first), how it ended (played,
    forfeit, resigned, absent, adjudicated), who did not come or resigned, the
    director's reason."""

    first: int
    second: int
    how: str
    absent: str | None
    reason: str


class BoardShown(msgspec.Struct, forbid_unknown_fields=True):
    """Two seats at a Topword table (`first` starts: K3), its link once open."""

    first: str
    second: str
    table: str | None
    result: ResultShown | None


class TallyShown(msgspec.Struct, forbid_unknown_fields=True):
    """A player's points and words in one arena round."""

    player: str
    points: int
    words: int


class RoundShown(msgspec.Struct, forbid_unknown_fields=True):
    round: int
    boards: list[BoardShown]
    bye: str | None
    #: Referee time the round starts (the director may pair it anew until then: K9).
    starts_at: float
    begun: bool
    #: An arena round's room, once open.
    arena_table: str | None
    #: An arena round's points are in.
    scored: bool
    #: An arena round's best (at most `ROUND_BEST`, ties by words then registration).
    best: list[TallyShown] = msgspec.field(default_factory=list)


class RowShown(msgspec.Struct, forbid_unknown_fields=True):
    """A line of the standings: Topword's wins, spread and Buchholz (K5), or Boggle's
    points and words (K6); the others 0."""

    place: int
    player: str
    wins: float = 0.0
    spread: int = 0
    buchholz: float = 0.0
    games: int = 0
    points: int = 0
    words: int = 0
    rounds: int = 0


class YourTable(msgspec.Struct, forbid_unknown_fields=True):
    """« Votre partie commence » (K10): the round, the board (0: an arena round), the
    table's link, and the seat there with its token (the page keeps it, as a creator's)."""

    round: int
    board: int
    table: str
    seat: str = ""
    token: str = ""


class TournamentView(
    msgspec.Struct, tag_field="kind", tag="tournament", forbid_unknown_fields=True
):
    """The whole tournament as one seat sees it (all of it is public but for `you`'s
    table)."""

    room: str
    seq: int
    you: str | None
    host: str | None
    director: str | None
    settings: TournamentSettings
    seats: list[SeatView]
    #: registration, running, paused, finished, cancelled
    phase: str
    names: dict[str, str]
    bots: list[str]
    registered: list[str]
    checked_in: list[str]
    players: list[str]
    out: list[str]
    total_rounds: int
    rounds: list[RoundShown]
    standings: list[RowShown]
    podium: list[str]
    your_table: YourTable | None


#: The tournament's own events are shown by their number only (`hidden`): the page asks
#: for the room again, whose view is small.
SHOWN_AS = {str(event.__struct_config__.tag): "hidden" for event in EVENTS}

#: Every event a tournament's sockets carry, as shown.
SHOWN: tuple[Any, ...] = (*shared_types(TournamentSettings), Hidden)
