"""Notices between server processes: "something changed, read it again".

A notice carries no state of its own (the database has it): the lobby's rows changed, a
quick pairing has its table. Losing one costs a delay only, never a fact: whoever
listens also reads again now and then. In one process a notice is a call; over several
it is a Redis channel per topic (`brokers.redis_notices`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from typing import Protocol

log = logging.getLogger(__name__)

#: Told the notice's text (what a topic's publisher put there).
Heard = Callable[[str], None]


class Notices(Protocol):
    """Topics every process of one server hears, this one included."""

    async def publish(self, topic: str, text: str = "") -> None:
        """Tell every process (this one too, at once) `text` on `topic`."""
        ...

    def listen(self, topic: str, heard: Heard) -> None:
        """Call `heard(text)` for each notice on `topic` from now on."""
        ...

    async def close(self) -> None: ...


class LocalNotices:
    """Notices when this process is the only one."""

    def __init__(self) -> None:
        self._listeners: dict[str, list[Heard]] = {}

    async def publish(self, topic: str, text: str = "") -> None:
        deliver(self._listeners.get(topic, ()), text)

    def listen(self, topic: str, heard: Heard) -> None:
        self._listeners.setdefault(topic, []).append(heard)

    async def close(self) -> None:
        self._listeners.clear()


def deliver(listeners: Iterable[Heard], text: str) -> None:
    """Each listener told, one failing leaving the others told."""
    for heard in list(listeners):
        try:
            heard(text)
        except Exception:
            log.exception("a notice's listener failed")
