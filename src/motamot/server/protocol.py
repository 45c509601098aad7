"""The websocket protocol: one schema per message a browser may send, and limits.

Every message is a JSON object with a `type`. Anything else (too big, not
JSON, unknown type, a field of the wrong kind) is a `ProtocolError` with a
code and a detail naming the field: the connection answers it and carries on.
"""

from __future__ import annotations

from typing import Annotated

import msgspec

#: Largest text frame a client may send (a word, a name, settings: far below this).
MAX_MESSAGE_BYTES = 4096

Word = Annotated[str, msgspec.Meta(max_length=64)]
Token = Annotated[str, msgspec.Meta(min_length=8, max_length=128)]
SeatId = Annotated[str, msgspec.Meta(max_length=16)]
RequestId = Annotated[int, msgspec.Meta(ge=0, le=2**31)]
Seq = Annotated[int, msgspec.Meta(ge=0)]


class Hello(msgspec.Struct, tag="hello", forbid_unknown_fields=True):
    """First message: who I am (no token: a spectator) and the last event I hold."""

    token: Token | None = None
    last_seq: Seq = 0
    lang: str = "fr"


class Resync(msgspec.Struct, tag="resync", forbid_unknown_fields=True):
    """I saw a gap: send me what follows `last_seq`."""

    last_seq: Seq


class Ping(msgspec.Struct, tag="ping", forbid_unknown_fields=True):
    """Clock probe: `c` is the client's time (ms), echoed with the server's time."""

    c: float


class WriteWordMessage(msgspec.Struct, tag="word", forbid_unknown_fields=True):
    """A word, typed or traced (a trace is sent as the letters it spells)."""

    text: Word
    id: RequestId = 0


class StartRoundMessage(msgspec.Struct, tag="start", forbid_unknown_fields=True):
    id: RequestId = 0


class StopRoundMessage(msgspec.Struct, tag="stop", forbid_unknown_fields=True):
    id: RequestId = 0


class ReadyMessage(msgspec.Struct, tag="ready", forbid_unknown_fields=True):
    ready: bool
    id: RequestId = 0


class AddBotMessage(msgspec.Struct, tag="add_bot", forbid_unknown_fields=True):
    level: Annotated[str, msgspec.Meta(max_length=32)]
    id: RequestId = 0


class RemoveBotMessage(msgspec.Struct, tag="remove_bot", forbid_unknown_fields=True):
    seat: SeatId
    id: RequestId = 0


class LeaveMessage(msgspec.Struct, tag="leave", forbid_unknown_fields=True):
    id: RequestId = 0


class RematchMessage(msgspec.Struct, tag="rematch", forbid_unknown_fields=True):
    id: RequestId = 0


# --- Topword (a table's turns; start, bots and leave are the messages above) ----------

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


class PreviewMessage(TopwordMove, tag="preview", forbid_unknown_fields=True):
    """What the referee would say of the move now: its score or why not (T20)."""


class ExchangeMessage(msgspec.Struct, tag="exchange", forbid_unknown_fields=True):
    tile: TileText
    id: RequestId = 0


class HintMessage(msgspec.Struct, tag="hint", forbid_unknown_fields=True):
    """The best moves for my rack now (only at tables whose host allowed hints)."""

    id: RequestId = 0


class PassMessage(msgspec.Struct, tag="pass", forbid_unknown_fields=True):
    id: RequestId = 0


ClientMessage = (
    Hello
    | Resync
    | Ping
    | WriteWordMessage
    | StartRoundMessage
    | StopRoundMessage
    | ReadyMessage
    | AddBotMessage
    | RemoveBotMessage
    | LeaveMessage
    | RematchMessage
    | PlayMessage
    | PreviewMessage
    | ExchangeMessage
    | PassMessage
    | HintMessage
)

#: Messages that act for a seat (a spectator, without a token, may send none of them).
SEAT_ACTIONS: tuple[type[msgspec.Struct], ...] = (
    WriteWordMessage,
    StartRoundMessage,
    StopRoundMessage,
    ReadyMessage,
    AddBotMessage,
    RemoveBotMessage,
    LeaveMessage,
    RematchMessage,
    PlayMessage,
    ExchangeMessage,
    PassMessage,
)

_DECODER = msgspec.json.Decoder(ClientMessage)


class ProtocolError(ValueError):
    """A message the server cannot take: a code (`too_big`, `malformed`) and a detail."""

    def __init__(self, code: str, detail: str) -> None:
        super().__init__(f"{code}: {detail}")
        self.code = code
        self.detail = detail


def parse_message(frame: str | bytes | None) -> ClientMessage:
    """The message in a text frame; ProtocolError for anything else."""
    if not isinstance(frame, str):
        raise ProtocolError("malformed", "expected a text frame holding a JSON object")
    if len(frame) > MAX_MESSAGE_BYTES:
        raise ProtocolError("too_big", f"a message is at most {MAX_MESSAGE_BYTES} bytes")
    try:  # a lone surrogate: an ASGI server that does not check UTF-8 may pass one
        size = len(frame.encode("utf-8"))
    except UnicodeEncodeError:
        raise ProtocolError("malformed", "a text frame must be valid UTF-8") from None
    if size > MAX_MESSAGE_BYTES:
        raise ProtocolError("too_big", f"a message is at most {MAX_MESSAGE_BYTES} bytes")
    try:
        message: ClientMessage = _DECODER.decode(frame)
    except msgspec.DecodeError as error:
        raise ProtocolError("malformed", str(error)) from None
    return message


_ENCODER = msgspec.json.Encoder()


def encode(message: dict[str, object]) -> str:
    """A server message as JSON text."""
    return _ENCODER.encode(message).decode("utf-8")
