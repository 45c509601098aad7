"""What a command gets back: a Refusal (nothing changed) or, from the host, an Ack."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Refusal:
    """A command the room would not take: a reason code and its fields.

    Codes are stable (clients and `motamot.text` key on them); `retryable`
    says the same command may succeed if sent again (a write conflict).
    """

    code: str
    fields: dict[str, str | int | float] = field(default_factory=dict)
    retryable: bool = False

    def as_json(self) -> dict[str, Any]:
        return {"refused": self.code, **self.fields}


@dataclass(frozen=True)
class Ack:
    """A command stored and applied: the room's new last seq and what the writer may see
    of the events it caused (`visible(event, seat)` of each, in order)."""

    seq: int
    events: tuple[dict[str, Any], ...]
