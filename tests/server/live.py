"""A real `motamot serve` process on 127.0.0.1 (restart and browser tests)."""

from __future__ import annotations

import json
import os
import resource
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tests.ports import free_port

#: How long a server may take to answer its first request: generous, since a loaded machine
#: (a test run on every core, browsers) takes far longer than the second it takes idle.
START_SECONDS = 120


class LiveServer:
    """`motamot serve` in its own process, on a database file that outlives it."""

    def __init__(
        self,
        db: Path,
        port: int | None = None,
        program: str = "motamot",
        args: Sequence[str] = (),
        open_files: tuple[int, int] | None = None,
    ) -> None:
        """`program`: the module run with `python -m` (`motamot`, or a test's own server
        taking `--port` and `--db`); `args`: more of its options; `open_files`: the soft
        and hard limits of open files the process starts with (`ulimit -n`)."""
        self.db = db
        self.port = port or free_port()
        self.program = program
        self.args = tuple(args)
        self.open_files = open_files
        self.process: subprocess.Popen[bytes] | None = None
        #: The server's standard output and error (what it prints, its logs), kept in a
        #: file: a pipe nobody reads would fill and stop the server.
        self.log_path = db.parent / f"serve-{self.port}.log"

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> LiveServer:
        env = {**os.environ, "MOTAMOT_DATA_DIR": str(self.db.parent)}
        command = [sys.executable, "-m", self.program]
        if self.program == "motamot":
            command += ["serve", "--host", "127.0.0.1", "--chosen-grids"]
        command += ["--port", str(self.port), "--db", str(self.db), *self.args]
        with self.log_path.open("ab") as log:
            self.process = subprocess.Popen(
                command,
                env=env,
                stdout=log,
                stderr=log,
                preexec_fn=self._limit_open_files if self.open_files else None,
            )
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server died: {self.log()!r}")
            try:
                with urllib.request.urlopen(self.url + "/favicon.ico", timeout=1):
                    return self
            except OSError:
                time.sleep(0.1)
        self.stop()  # never leave a server behind: the caller gets no object to stop
        raise RuntimeError(f"server did not start in {START_SECONDS} s: {self.log()!r}")

    def log(self) -> str:
        """What the server printed and logged so far (every run on this port)."""
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def _limit_open_files(self) -> None:
        assert self.open_files is not None
        resource.setrlimit(resource.RLIMIT_NOFILE, self.open_files)

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs (what a crash or a power cut leaves)."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)

    def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        request = urllib.request.Request(
            self.url + path,
            data=json.dumps(body).encode(),
            headers={"content-type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=10) as answer:
            data: dict[str, Any] = json.loads(answer.read())
        return data
