"""The messages a browser sends in a Boggle room besides the shared ones (start, ready,
seats and bots: `server.protocol`)."""

from __future__ import annotations

from typing import Annotated

import msgspec

from motamot.names import MAX_NAME_LENGTH
from motamot.server.protocol import Key, Number, RequestId, SeatId

Word = Annotated[str, msgspec.Meta(max_length=64)]


class WriteWordMessage(msgspec.Struct, tag="word", forbid_unknown_fields=True):
    """A word, typed or traced (a trace is sent as the letters it spells)."""

    text: Word
    id: RequestId = 0
    #: The word's key: sent again (its answer lost), it is written once.
    key: Key | None = None
    #: The round it was typed in (a Boggle room's): sent again once that round is over,
    #: it is refused `after_deadline`.
    round: Number | None = None
    #: B17: the seat whose paper list the scorer types (the host of a room with a
    #: scorer only); none: the writer's own word.
    seat: SeatId | None = None


class StopRoundMessage(msgspec.Struct, tag="stop", forbid_unknown_fields=True):
    id: RequestId = 0


class RematchMessage(msgspec.Struct, tag="rematch", forbid_unknown_fields=True):
    id: RequestId = 0


class BoxGridMessage(msgspec.Struct, tag="box_grid", forbid_unknown_fields=True):
    """B16: the grid the group rolled with the real dice, for the next rounds."""

    grid: Annotated[str, msgspec.Meta(max_length=120)]
    id: RequestId = 0


class PaperSeatMessage(msgspec.Struct, tag="paper_seat", forbid_unknown_fields=True):
    """B17: the scorer seats a person without a phone (the host of a room with a scorer)."""

    name: Annotated[str, msgspec.Meta(max_length=4 * MAX_NAME_LENGTH)]
    id: RequestId = 0


ACTIONS = (WriteWordMessage, StopRoundMessage, RematchMessage, BoxGridMessage, PaperSeatMessage)
