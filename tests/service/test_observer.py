"""The observers' shared queue (`rooms.observer`): one task at a time, settle, close."""

from __future__ import annotations

import asyncio

from motamot.service.rooms.observer import QueuedObserver


class Collect(QueuedObserver):
    """Works one item a step, yielding to the loop in between."""

    CLOSE_SECONDS = 0.2

    def __init__(self, block: asyncio.Event | None = None) -> None:
        super().__init__()
        self.queue: list[int] = []
        self.done: list[int] = []
        self.tasks: set[asyncio.Task[None]] = set()
        self.block = block

    def push(self, item: int) -> None:
        self.queue.append(item)
        self._wake()
        assert self._task is not None
        self.tasks.add(self._task)

    def _queued(self) -> bool:
        return bool(self.queue)

    async def _work(self) -> None:
        if self.block is not None:
            await self.block.wait()
        await asyncio.sleep(0)
        self.done.append(self.queue.pop(0))


def test_settle_waits_for_everything_queued_in_order_by_one_task() -> None:
    async def run() -> Collect:
        observer = Collect()
        for item in range(5):
            observer.push(item)
        await observer.settle()
        return observer

    observer = asyncio.run(run())
    assert observer.done == [0, 1, 2, 3, 4]
    assert len(observer.tasks) == 1


def test_close_stops_a_task_that_does_not_finish() -> None:
    async def run() -> Collect:
        observer = Collect(block=asyncio.Event())
        observer.push(1)
        await observer.close()
        return observer

    observer = asyncio.run(run())
    assert observer.done == []
    assert all(task.done() for task in observer.tasks)


def test_the_work_waits_for_the_hosts_burst_of_ends() -> None:
    """`after_ends` (the host's rooms due together) comes before each piece of work."""

    async def run() -> tuple[list[int], list[int]]:
        ends = asyncio.Event()
        observer = Collect()

        async def after_ends() -> None:
            await ends.wait()

        observer.after_ends = after_ends
        observer.push(1)
        for _ in range(10):
            await asyncio.sleep(0)
        during = observer.done[:]
        ends.set()
        await observer.settle()
        return during, observer.done

    during, after = asyncio.run(run())
    assert during == []
    assert after == [1]
