"""The websocket protocol: one schema per message a browser may send, one per frame the
server sends, and limits.

Every message is a JSON object with a `type`. The messages every room takes (hello,
resync, ping, start, ready, seats and bots, the chat) are declared here; each room kind adds its
own (a Boggle word, a Topword move), and `Protocol` reads the union of all of them, so a
message for another kind of room is understood and then refused by the room
(`unknown_command`). Anything else (too big, not JSON, unknown type, a field of the
wrong kind) is a `ProtocolError` with a code and a detail naming the field: the
connection answers it and carries on.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Annotated, Any, ClassVar, Union

import msgspec

from motamot.errors import CodedError
from motamot.service.rooms.keys import ActionKey

#: Largest text frame a client may send (a word, a name, settings: far below this).
MAX_MESSAGE_BYTES = 4096

Token = Annotated[str, msgspec.Meta(min_length=8, max_length=128)]
SeatId = Annotated[str, msgspec.Meta(max_length=16)]
RequestId = Annotated[int, msgspec.Meta(ge=0, le=2**31)]
Seq = Annotated[int, msgspec.Meta(ge=0)]
#: An action's key (`service.rooms.keys`): 1-64 of [A-Za-z0-9_-], the page's own per
#: action, sent again with it until answered; the room applies it at most once.
Key = ActionKey
#: The round or turn an action was meant for (1, 2...): sent again once it is over, the
#: action is refused as too late instead of counting in another one.
Number = Annotated[int, msgspec.Meta(ge=1, le=2**31)]


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


class StartMessage(msgspec.Struct, tag="start", forbid_unknown_fields=True):
    """The host starts what the room plays (a Boggle round, a Topword game)."""

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


class RemovePlayerMessage(msgspec.Struct, tag="remove_player", forbid_unknown_fields=True):
    """The host removes a person from the room (docs/rules.md, P1)."""

    seat: SeatId
    id: RequestId = 0


class LeaveMessage(msgspec.Struct, tag="leave", forbid_unknown_fields=True):
    id: RequestId = 0


class PublicMessage(msgspec.Struct, tag="set_public", forbid_unknown_fields=True):
    """The host opens the room to strangers (listed in the lobby, `/salon`) or closes it."""

    public: bool
    id: RequestId = 0


class SayMessage(msgspec.Struct, tag="say", forbid_unknown_fields=True):
    """Free text in the room's chat (docs/rules.md, C2): the room cleans it and refuses it
    past 200 characters, too fast, in a public room or while a round runs."""

    #: As typed: the room removes control and bidi characters, then counts.
    text: Annotated[str, msgspec.Meta(max_length=1000)]
    id: RequestId = 0
    key: Key | None = None


class SayPhraseMessage(msgspec.Struct, tag="say_phrase", forbid_unknown_fields=True):
    """A set phrase in the room's chat, by id (the page data's `chat.phrases`; C3)."""

    phrase: Annotated[str, msgspec.Meta(max_length=32)]
    id: RequestId = 0
    key: Key | None = None


class SwitchChatMessage(msgspec.Struct, tag="switch_chat", forbid_unknown_fields=True):
    """The host turns the room's chat on or off (C5)."""

    on: bool
    id: RequestId = 0


#: What a socket may send before and besides any seat action.
CONNECTION = (Hello, Resync, Ping)
#: The seat actions every room takes.
SHARED_ACTIONS = (
    StartMessage,
    ReadyMessage,
    AddBotMessage,
    RemoveBotMessage,
    RemovePlayerMessage,
    LeaveMessage,
    PublicMessage,
    SayMessage,
    SayPhraseMessage,
    SwitchChatMessage,
)


class ProtocolError(CodedError, ValueError):
    """A message the server cannot take: a code (`too_big`, `malformed`) and a detail."""

    TEMPLATES: ClassVar[dict[str, str]] = {
        "malformed": "malformed message: {detail}",
        "too_big": "message too big: {detail}",
    }

    def __init__(self, code: str, detail: str) -> None:
        super().__init__(code, detail=detail)
        self.detail = detail


class Protocol:
    """The messages of every kind served, in one union; which kinds each belongs to (a
    message may serve several kinds: Topword's and duplicate's moves are the same)."""

    def __init__(self, kinds: Iterable[tuple[str, Sequence[type[Any]]]]) -> None:
        """`kinds`: each kind's name and the messages it adds (one class per tag)."""
        self.kinds_of: dict[type[Any], frozenset[str]] = {}
        shared = (*CONNECTION, *SHARED_ACTIONS)
        messages: list[type[Any]] = list(shared)
        tags = {tag_of(message): message for message in messages}
        for name, own in kinds:
            for message in own:
                known = tags.setdefault(tag_of(message), message)
                if known is not message or message in shared:  # another class, same tag
                    raise ValueError(f"message type {tag_of(message)!r} declared twice")
                if message not in self.kinds_of:
                    messages.append(message)
                self.kinds_of[message] = self.kinds_of.get(message, frozenset()) | {name}
        self.messages: tuple[type[Any], ...] = tuple(messages)
        self._decoder = msgspec.json.Decoder(Union[self.messages])  # noqa: UP007

    def parse(self, frame: str | bytes | None) -> Any:
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
            return self._decoder.decode(frame)
        except msgspec.DecodeError as error:
            raise ProtocolError("malformed", str(error)) from None


def tag_of(message: type[Any]) -> str:
    """The `type` tag of a message class."""
    return str(msgspec.inspect.type_info(message).tag)  # type: ignore[attr-defined]


_ENCODER = msgspec.json.Encoder()


def encode(frame: msgspec.Struct) -> str:
    """A server frame (a declared Struct: `frames`, a kind's own) as JSON text."""
    return _ENCODER.encode(frame).decode("utf-8")
