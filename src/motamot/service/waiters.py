"""Answers waiting for a sequence number to be reached (an event folded, delivered).

A busy arena has a thousand answers waiting while a thousand events a second come: kept
in a heap by number, each event looks at the waiters it settles, not at them all. A
waiter that gives up stays until the number passes it, or is swept once many have.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools

from motamot.service.tasks import within

#: Waiters kept past which those that gave up are swept (a number stuck behind for long).
KEPT = 4096


class SeqWaiters:
    """Futures settled once a number reaches theirs, lowest number first."""

    def __init__(self) -> None:
        self._heap: list[tuple[int, int, asyncio.Future[None]]] = []
        self._order = itertools.count()

    def __len__(self) -> int:
        return len(self._heap)

    async def wait(self, seq: int, timeout: float) -> bool:
        """Until `reached(n)` with n >= `seq` (True), or `timeout` s (False)."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._heap, (seq, next(self._order), future))
        try:
            await within(future, timeout)
            return True
        except TimeoutError:  # cancelled: its entry goes when `seq` is reached, or here
            if len(self._heap) > KEPT:
                self._heap = [entry for entry in self._heap if not entry[2].done()]
                heapq.heapify(self._heap)
            return False

    def reached(self, seq: int) -> None:
        """Everything up to `seq` is here: settle those waiting for it."""
        heap = self._heap
        while heap and heap[0][0] <= seq:
            future = heapq.heappop(heap)[2]
            if not future.done():
                future.set_result(None)
