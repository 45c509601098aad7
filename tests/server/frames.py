"""Every frame a test receives, decoded strictly by the schema of its room's kind.

The server declares every frame (`server.frames`, each kind's view and shown events):
a frame with a field too many, one missing or of the wrong type fits no schema and fails
the test that received it. A frame of a kind the checker was not given (a test's own
toy game) is not checked.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import msgspec

from motamot.server.kinds import WebKinds
from motamot.web import default_kinds


class FrameCheck:
    """Decodes server frames, each with the schema of the kind it belongs to."""

    def __init__(self, kinds: WebKinds | None = None) -> None:
        self.decoders = {
            kind.name: msgspec.json.Decoder(kind.schema()) for kind in kinds or default_kinds()
        }
        #: How many frames of each type were checked.
        self.seen: Counter[str] = Counter()

    def candidates(self, message: dict[str, Any]) -> list[str] | None:
        """The kinds whose schema must fit `message` (any one of them); None: a kind
        the checker does not know."""
        if message.get("type") == "welcome":
            kind = message.get("view", {}).get("kind")
            return [kind] if kind in self.decoders else None
        own = {
            str(event.get("type", "")).split(".")[0]
            for event in message.get("events", ())
            if isinstance(event, dict) and "." in str(event.get("type", ""))
        } - {"room"}
        if own - set(self.decoders):
            return None
        return sorted(own) if own else sorted(self.decoders)

    def check(self, text: str | bytes) -> Any:
        """The frame decoded by its kind's schema (None: not checked); AssertionError
        saying why it fits none."""
        message = json.loads(text)
        names = self.candidates(message)
        if names is None:
            return None
        errors = []
        for name in names:
            try:
                frame = self.decoders[name].decode(text)
            except msgspec.ValidationError as error:
                errors.append(f"{name}: {error}")
                continue
            self.seen[str(message.get("type"))] += 1
            return frame
        raise AssertionError(f"a frame fits no schema ({'; '.join(errors)}): {text[:600]!r}")


#: The checker of the server tests' frames (the default kinds).
FRAMES = FrameCheck()
