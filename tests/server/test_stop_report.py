"""A stop that takes too long logs what it waits for; one in time logs nothing."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import subprocess
import sys
import threading
import time
from collections.abc import AsyncIterator

import pytest
import uvicorn
from starlette.applications import Starlette

from motamot.server.stopping import WatchedServer


def server_stuck_for(seconds: float, report_after: float) -> WatchedServer:
    """A server whose app takes `seconds` to shut down."""

    async def stuck_in_its_shutdown() -> None:
        await asyncio.sleep(seconds)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        await asyncio.create_task(stuck_in_its_shutdown(), name="stuck-part")

    config = uvicorn.Config(Starlette(lifespan=lifespan), host="127.0.0.1", port=0, log_config=None)
    return WatchedServer(config, report_after=report_after)


def run_and_stop(server: WatchedServer) -> None:
    """Serve in a thread, stop it as SIGTERM would, wait until it has stopped."""
    thread = threading.Thread(target=lambda: asyncio.run(server.serve()))
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.01)
    assert server.started
    server.handle_exit(signal.SIGTERM, None)
    thread.join(10)
    server.stopped.set()


def test_a_stop_stuck_past_its_time_logs_the_tasks_and_threads_it_waits_on(
    caplog: pytest.LogCaptureFixture,
) -> None:
    server = server_stuck_for(1.0, report_after=0.3)
    with caplog.at_level(logging.ERROR, logger="motamot.server.stopping"):
        run_and_stop(server)
    text = caplog.text
    assert "the stop has taken over" in text
    assert "task stuck-part still pending" in text
    assert "in stuck_in_its_shutdown\n" in text and "in sleep" in text  # down to its await
    assert "thread MainThread is at" in text


def test_a_stop_in_time_logs_nothing(caplog: pytest.LogCaptureFixture) -> None:
    # a stop with nothing to wait for ends well within 3 s, even on a loaded machine
    server = server_stuck_for(0.0, report_after=3.0)
    with caplog.at_level(logging.ERROR, logger="motamot.server.stopping"):
        stopping = time.monotonic()
        run_and_stop(server)
        # past the report's time: the watch was told the stop is over
        time.sleep(max(0.0, stopping + 3.3 - time.monotonic()))
    assert caplog.text == ""


HELD_AT_EXIT = """
import asyncio, logging, signal, threading, time
import uvicorn
from starlette.applications import Starlette
from motamot.server.stopping import WatchedServer

logging.basicConfig(level=logging.ERROR)
config = uvicorn.Config(Starlette(), host="127.0.0.1", port=0, log_config=None)
server = WatchedServer(config, report_after=0.5)

def interrupt_soon():
    while not server.started:
        time.sleep(0.01)
    signal.raise_signal(signal.SIGINT)  # Ctrl-C: uvicorn raises it again once stopped

threading.Thread(target=interrupt_soon, daemon=True).start()
try:
    asyncio.run(server.serve())
finally:  # as in `serve()`
    server.watch_until_exit()
    # a pool's worker the interpreter joins at exit, still busy
    threading.Thread(target=lambda: time.sleep(1.5), name="busy-worker").start()
"""


def test_a_thread_joined_at_exit_past_the_stop_s_time_is_reported_too() -> None:
    """Ctrl-C ends `serve` with a KeyboardInterrupt, and the interpreter then joins every
    thread still running: the watch stays on until the very exit. (On SIGTERM uvicorn
    raises the signal again once stopped, whose default ends the process at once.)"""
    done = subprocess.run(
        [sys.executable, "-c", HELD_AT_EXIT], capture_output=True, text=True, timeout=60
    )
    assert "KeyboardInterrupt" in done.stderr, done.stderr
    assert "the stop has taken over 0.5 s" in done.stderr
    assert "thread busy-worker is at" in done.stderr
