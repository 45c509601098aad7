"""The messages a browser sends in a Boggle room besides the shared ones (start, ready,
seats and bots: `server.protocol`)."""

from __future__ import annotations

from typing import Annotated

import msgspec

from motamot.server.protocol import RequestId

Word = Annotated[str, msgspec.Meta(max_length=64)]


class WriteWordMessage(msgspec.Struct, tag="word", forbid_unknown_fields=True):
    """A word, typed or traced (a trace is sent as the letters it spells)."""

    text: Word
    id: RequestId = 0


class StopRoundMessage(msgspec.Struct, tag="stop", forbid_unknown_fields=True):
    id: RequestId = 0


class RematchMessage(msgspec.Struct, tag="rematch", forbid_unknown_fields=True):
    id: RequestId = 0


ACTIONS = (WriteWordMessage, StopRoundMessage, RematchMessage)
