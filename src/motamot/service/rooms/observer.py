"""The shape every observer of stored events shares (the players' projector, the lobby's,
the mail notifier): `observe`, inside the room's actor, only queues; one task per
observer works the queue off the event loop's critical path; `settle` waits for it and
`close` lets it finish, then stops it.

A failure in the work is the observer's to judge (retried, or said and dropped): a room's
acks never wait for it.
"""

from __future__ import annotations

import asyncio
import contextlib
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable
from typing import ClassVar

from motamot.service.tasks import stopped, within


class QueuedObserver(ABC):
    """A queue worked by one task at a time, started when something is queued."""

    #: The task's name (None: asyncio's own).
    TASK_NAME: ClassVar[str | None] = None
    #: How long `close` waits for the queue to be worked before it stops the task.
    CLOSE_SECONDS: ClassVar[float] = 10.0
    #: The longest the work waits for a burst of ends (`after_ends`) before it goes on.
    ENDS_WAIT_SECONDS: ClassVar[float] = 5.0

    def __init__(self) -> None:
        self._task: asyncio.Task[None] | None = None
        self._idle = asyncio.Event()
        self._idle.set()
        #: Returns once the rooms due together have ended (None: work at once).
        self.after_ends: Callable[[], Awaitable[None]] | None = None

    @abstractmethod
    def _queued(self) -> bool:
        """Whether anything is queued."""

    @abstractmethod
    async def _work(self) -> None:
        """Work a part of the queue (a batch, an item); called while anything is queued."""

    def _wake(self) -> None:
        """Something was queued: start the task unless it runs."""
        self._idle.clear()
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._drain(), name=self.TASK_NAME)

    async def _drain(self) -> None:
        try:
            while self._queued():
                await self._ends_done()
                await self._work()
        finally:
            if not self._queued():
                self._idle.set()

    async def _ends_done(self) -> None:
        """Wait for the host's burst of ends, if any (ENDS_WAIT_SECONDS at most)."""
        if self.after_ends is not None:
            with contextlib.suppress(TimeoutError):
                await within(self.after_ends(), self.ENDS_WAIT_SECONDS)

    async def settle(self) -> None:
        """Wait until everything queued is worked (tests, benchmarks, shutting down)."""
        while not self._idle.is_set() or self._queued():
            await self._idle.wait()

    async def close(self) -> None:
        """Work what is queued (CLOSE_SECONDS at most), then stop."""
        with contextlib.suppress(Exception):
            await within(self.settle(), self.CLOSE_SECONDS)
        await stopped(self._task, errors_too=True)
