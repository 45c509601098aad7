"""A command waiting for its room's turn, and a store's refusal of a room's events."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from motamot.service.rooms.outcomes import Ack, Refusal


@dataclass
class Waiting:
    """A command waiting for its room, and where its answer goes."""

    seat: str | None
    command: Any
    answer: asyncio.Future[Ack | Refusal]

    def settle(self, outcome: Ack | Refusal) -> None:
        if not self.answer.done():  # its sender may have gone (a closed socket)
            self.answer.set_result(outcome)


class StoreFailed(Exception):
    """A room's events were not stored: what its commands are answered."""

    def __init__(self, refusal: Refusal) -> None:
        self.refusal = refusal
