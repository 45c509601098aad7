"""The messages a browser sends at a Topword table besides the shared ones (start, seats
and bots: `server.protocol`), and the frames that answer its questions."""

from __future__ import annotations

from typing import Annotated

import msgspec
from msgspec import UNSET, UnsetType

from motamot.server.protocol import Key, Number, RequestId
from motamot.wire.topword import VerdictJson

MoveText = Annotated[str, msgspec.Meta(max_length=40)]
Cell = Annotated[int, msgspec.Meta(ge=0, le=99)]
TileText = Annotated[str, msgspec.Meta(min_length=1, max_length=2)]
#: A tile put on a cell: [cell 0-99 (row * 10 + column), tile letter ("Qu" for Qu)].
PlacementItem = tuple[Cell, TileText]


class TopwordMove(msgspec.Struct, forbid_unknown_fields=True):
    """A move as notation (`5E MAIN`) or as the tiles put on cells (dragged or typed on
    the board: the server reads the word they make); `across` for a single tile."""

    move: MoveText | None = None
    placements: Annotated[list[PlacementItem], msgspec.Meta(max_length=10)] | None = None
    across: bool | None = None
    id: RequestId = 0


class PlayMessage(TopwordMove, tag="play", forbid_unknown_fields=True):
    """Play the move (the referee judges it; a refusal changes nothing)."""

    #: The move's key: sent again (its answer lost), it is played once.
    key: Key | None = None
    #: The turn it was played for (1, 2...): sent again once that turn is over, it is
    #: refused `turn_over`.
    turn: Number | None = None


class PreviewMessage(TopwordMove, tag="preview", forbid_unknown_fields=True):
    """What the referee would say of the move now: its score or why not (T20)."""


class ExchangeMessage(msgspec.Struct, tag="exchange", forbid_unknown_fields=True):
    tile: TileText
    id: RequestId = 0
    key: Key | None = None
    turn: Number | None = None


class HintMessage(msgspec.Struct, tag="hint", forbid_unknown_fields=True):
    """The best moves for my rack now (only at tables whose host allowed hints)."""

    id: RequestId = 0


class PassMessage(msgspec.Struct, tag="pass", forbid_unknown_fields=True):
    id: RequestId = 0
    key: Key | None = None
    turn: Number | None = None


class ResignMessage(msgspec.Struct, tag="resign", forbid_unknown_fields=True):
    """T21: leave the game on one's turn (the page has asked to confirm)."""

    id: RequestId = 0
    key: Key | None = None
    turn: Number | None = None


#: A players' link's room part (`/r/<link>`): the room's id and its invitation.
Link = Annotated[str, msgspec.Meta(min_length=16, max_length=64, pattern="^[A-Za-z0-9_-]+$")]


class RematchMessage(msgspec.Struct, tag="offer_rematch", forbid_unknown_fields=True):
    """Once the game is over: the new table this player opened with the same seats and
    settings, for the others to be shown the way in."""

    link: Link
    id: RequestId = 0


ACTIONS = (PlayMessage, ExchangeMessage, PassMessage, ResignMessage, RematchMessage)
QUERIES = (PreviewMessage, HintMessage)


class PreviewVerdict(VerdictJson, kw_only=True):
    """The `topword score` shape, with the move as notation if legal, or why not in words."""

    #: The move the tiles make, as notation (`5E MAIN`), when legal.
    move: str | UnsetType = UNSET
    #: Why not, in the seat's language.
    text: str | UnsetType = UNSET
    #: What is wrong with a notation (`bad_move`).
    error: str | UnsetType = UNSET


class HintMove(VerdictJson, kw_only=True):
    """A move a hint suggests, itemised."""

    move: str


class PreviewFrame(msgspec.Struct, tag="preview", forbid_unknown_fields=True):
    """The referee's verdict on a move not played: the `topword score` shape, or why not."""

    id: int
    verdict: PreviewVerdict


class HintFrame(msgspec.Struct, tag="hint", forbid_unknown_fields=True):
    """The best moves for the seat's rack now, each itemised."""

    id: int
    moves: list[HintMove]


FRAMES = (PreviewFrame, HintFrame)
