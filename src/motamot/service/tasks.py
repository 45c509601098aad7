"""Stopping background tasks: cancel them, wait until they have ended.

Written out at each place, the idiom (`cancel()`, then `await` under
`suppress(CancelledError)`) also swallows a cancel aimed at the task that waits. A task
stopped that way runs on after its cancel, and a stop that cancels each task once
(asyncio.run's end, uvicorn's shutdown) can then wait on it for ever. `stopped` lets
that cancel through, once the tasks it stops have ended.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


async def stopped(*tasks: asyncio.Future[Any] | None, errors_too: bool = False) -> None:
    """Cancel every task given (None: nothing there), then wait until each has ended.

    A task that ended by its cancel is what was asked for; one that failed raises its
    error once all have ended, unless `errors_too` (a part going away, whatever became
    of it). A cancel of the task that waits is passed on to the tasks still running, as
    awaiting them would, and raised (the very exception, whose message an anyio scope
    reads) once every task has ended."""
    running = [task for task in tasks if task is not None]
    for task in running:
        task.cancel()
    cancel: asyncio.CancelledError | None = None
    while pending := [task for task in running if not task.done()]:
        try:
            await asyncio.wait(pending)
        except asyncio.CancelledError as error:  # the waiter's own (an anyio scope's
            cancel = error  # comes again at each turn of the loop, until the scope ends)
            for task in pending:
                task.cancel()
    errors = [task.exception() for task in running if not task.cancelled()]
    if cancel is not None:
        raise cancel
    failure = next((error for error in errors if error is not None), None)
    if failure is not None and not errors_too:
        raise failure


async def within(awaitable: Awaitable[T], seconds: float | None) -> T:
    """`asyncio.wait_for` as Python 3.12 has it, on `asyncio.timeout`: 3.11's own loses a
    cancel that comes as the awaited future completes, and the cancelled task runs on (a
    timer's loop then never stops). TimeoutError past `seconds` (None: no limit)."""
    async with asyncio.timeout(seconds):
        return await awaitable


def raise_swallowed_cancel() -> None:
    """Raise the cancel asked of the current task that never reached it.

    Python 3.11's `asyncio.wait_for` loses a cancel that comes as the future it waits on
    completes (fixed in 3.12), and redis-py's reconnection awaits one: a pub/sub reader
    cancelled there reads on for ever, and whoever stops it waits for ever. The count of
    cancels asked stays up (only a timeout's own expiry takes one back), so a loop that
    calls this at its top, where no timeout of its own is pending, still ends."""
    task = asyncio.current_task()
    if task is not None and task.cancelling():
        raise asyncio.CancelledError


#: Ends running apart, after the task that awaited them was cancelled.
_APART: set[asyncio.Task[None]] = set()


async def ended_apart(ending: Coroutine[Any, Any, None]) -> None:
    """Run `ending` to its end in a task of its own, which a cancel of the caller does
    not cut short (the caller's cancel still raises at once). A socket's end must happen
    whole: a seat detached halfway stays present for the others until it expires."""
    task = asyncio.ensure_future(ending)
    _APART.add(task)
    task.add_done_callback(_APART.discard)
    await asyncio.shield(task)
