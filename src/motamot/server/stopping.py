"""A stop that takes too long says what it is waiting for.

On SIGTERM uvicorn closes the sockets, waits for open requests (GRACEFUL_SECONDS), then
the rooms are handed over and the stores closed. A process still there well after that
is stuck on something: a task that does not end, a thread that is joined. Left alone,
its rooms would wait for their leases and systemd would kill it without a word. So the
stop is watched: past STOP_REPORT_SECONDS the log gets every task still pending on the
server's loop, with where it waits, and every thread's stack.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import logging
import socket
import sys
import threading
import traceback
from types import FrameType

import uvicorn

log = logging.getLogger(__name__)

#: How long a stop may take before it reports what it waits for.
STOP_REPORT_SECONDS = 12.0


class WatchedServer(uvicorn.Server):
    """uvicorn's server, whose stop is watched from the first exit signal on."""

    def __init__(self, config: uvicorn.Config, report_after: float = STOP_REPORT_SECONDS):
        super().__init__(config)
        self.report_after = report_after
        self.stopped = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._watch: threading.Thread | None = None

    async def serve(self, sockets: list[socket.socket] | None = None) -> None:
        self._loop = asyncio.get_running_loop()
        await super().serve(sockets)

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        if self._watch is None:
            self._watch = threading.Thread(target=self._report_if_late, name="stop-watch")
            self._watch.daemon = True  # it never holds the process up
            self._watch.start()
        super().handle_exit(sig, frame)

    def watch_until_exit(self) -> None:
        """Keep the watch on after `serve` returns, until the interpreter's exit: joining
        the stores' and workers' threads at exit is part of the stop too (atexit runs
        once they are joined)."""
        atexit.register(self.stopped.set)

    def _report_if_late(self) -> None:
        if self.stopped.wait(self.report_after):
            return
        log.error("the stop has taken over %g s; still running:", self.report_after)
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # closed meanwhile
                loop.call_soon_threadsafe(log_pending_tasks, loop)
        log_thread_stacks()


def log_thread_stacks() -> None:
    """Log where each thread of the process is (a join at exit waits on one of them)."""
    names = {thread.ident: thread.name for thread in threading.enumerate()}
    for ident, frame in sys._current_frames().items():
        stack = "".join(traceback.format_stack(frame))
        log.error("thread %s is at:\n%s", names.get(ident, ident), stack)


def log_pending_tasks(loop: asyncio.AbstractEventLoop) -> None:
    """Log each task not yet done on `loop`, with the chain of awaits it is waiting in."""
    for task in asyncio.all_tasks(loop):
        chain = "\n".join(f"  {place}" for place in awaited_in(task.get_coro()))
        log.error("task %s still pending, waiting in:\n%s", task.get_name(), chain)


def awaited_in(coroutine: object) -> list[str]:
    """Where a coroutine is, from its own frame down to the await it sleeps on (a task's
    own stack shows only the first)."""
    places = []
    while coroutine is not None:
        frame = getattr(coroutine, "cr_frame", None) or getattr(coroutine, "gi_frame", None)
        if frame is not None:
            code = frame.f_code
            places.append(f"{code.co_filename}:{frame.f_lineno} in {code.co_name}")
        coroutine = getattr(coroutine, "cr_await", None) or getattr(coroutine, "gi_yieldfrom", None)
    return places
