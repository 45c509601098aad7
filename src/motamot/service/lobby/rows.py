"""A room as the lobby keeps it (`Entry`), and as every browser is shown it (`LobbyRow`).

An entry is made inside the room's actor from its `Listing`; it says whether the room is
shown now and until when (a room nobody acted in for a while drops out). The row sent to
browsers carries names and numbers only: never a lasting player's id.
"""

from __future__ import annotations

from typing import Any

import msgspec

from motamot.service.rooms.listing import Listing

#: A live room that nobody acted in for this long drops out of the lobby.
LIVE_SECONDS = 3 * 3600
#: A correspondence table waits for a stranger longer (a move may take days).
CORRESPONDENCE_SECONDS = 14 * 86400


class Entry(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One room's row in the lobby's table, as of its event `seq`."""

    room: str
    seq: int
    #: The players' link's room part (the room's id and its invitation): the lobby is
    #: the invitation of a public room.
    link: str
    listing: Listing
    listed: bool
    #: Referee time of the room's last change that was projected.
    updated: float

    @property
    def until(self) -> float:
        """Shown until then unless something happens in the room."""
        return self.updated + (LIVE_SECONDS if self.listing.live else CORRESPONDENCE_SECONDS)


def entry_of(room: Any, now: float) -> Entry | None:
    """The entry of `room` (an `Actor`) as it stands (None: its kind lists nothing)."""
    listing: Listing | None = None if room.closed else room.listing()
    if listing is None:
        return None
    link = room.room_id + (room.created.invite or "")
    listed = listing.listed(room.RESERVED_IN_NAMES)
    return Entry(room.room_id, room.last_seq, link, listing, listed, now)


class LobbyRow(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One open table of the lobby, as every browser is shown it."""

    #: The players' link's room part: `/r/<room>` seats whoever joins.
    room: str
    kind: str
    #: The preset (Boggle) or ruleset (Topword), for the page to name.
    variant: str
    dictionary: str
    #: Seconds of a round (Boggle) or of a move (Topword); null: no clock.
    clock: float | None
    #: False: by correspondence.
    live: bool
    rated: bool
    #: The people seated, by name, in the order they sat.
    players: list[str]
    #: The computer players' levels.
    bots: list[str]
    #: Seats a person may still take.
    free: int
    #: The lowest and highest rating of the seated players who have one in the room's
    #: family (null: none has).
    rating: tuple[int, int] | None
    #: Referee time of the room's last change.
    updated: float


def lobby_row(entry: Entry, ratings: dict[str, int]) -> LobbyRow:
    """`entry` as browsers see it; `ratings`: the shown rating of each seated lasting
    player who has one in the entry's family."""
    listing = entry.listing
    found = [
        ratings[s.player] for s in listing.seats if s.player is not None and s.player in ratings
    ]
    return LobbyRow(
        entry.link,
        listing.kind,
        listing.variant,
        listing.dictionary,
        listing.clock,
        listing.live,
        listing.rated,
        [seat.name for seat in listing.seats if seat.bot is None],
        [seat.bot for seat in listing.seats if seat.bot is not None],
        listing.free,
        (min(found), max(found)) if found else None,
        entry.updated,
    )
