"""Parts of the test's own, to stop and start again: a redis-server, a PostgreSQL cluster
(initdb + pg_ctl on a free port in a temporary folder), a small tmpfs.

The machine's PostgreSQL and Redis serve other people: a fault test never stops them.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.ports import free_port


class OwnRedis:
    """A redis-server on a free port, nothing saved: started again, it is empty."""

    def __init__(self) -> None:
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    def url(self, prefix: str = "outage") -> str:
        return f"redis://127.0.0.1:{self.port}/0?prefix={prefix}"

    def start(self) -> None:
        command = ["redis-server", "--port", str(self.port), "--save", "", "--appendonly", "no"]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
        give_up = time.monotonic() + 10
        while True:  # back when it takes connections (it listens once it is ready)
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                if time.monotonic() > give_up:
                    raise
                time.sleep(0.01)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)


@contextmanager
def own_redis() -> Iterator[OwnRedis]:
    server = OwnRedis()
    server.start()
    try:
        yield server
    finally:
        server.stop()


def _as_postgres(command: list[str]) -> list[str]:
    """initdb and pg_ctl refuse to run as root: as the `postgres` user then."""
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else command


class OwnPostgres:
    """A PostgreSQL cluster of its own: trust on 127.0.0.1, no fsync (a test's data)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.data = folder / "data"
        self.port = free_port()

    @property
    def url(self) -> str:
        return f"postgresql://motamot@127.0.0.1:{self.port}/postgres"

    def init(self) -> None:
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres")
        command = ["initdb", "-D", str(self.data), "-A", "trust", "-U", "motamot", "--no-sync"]
        subprocess.run(_as_postgres(command), check=True, capture_output=True)

    def start(self) -> None:
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off"
        command = ["pg_ctl", "-D", str(self.data), "-o", options, "-l", str(self.folder / "log")]
        subprocess.run(_as_postgres([*command, "-w", "start"]), check=True, capture_output=True)

    def stop(self) -> None:
        command = ["pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop"]
        subprocess.run(_as_postgres(command), check=False, capture_output=True)


@contextmanager
def own_postgres() -> Iterator[OwnPostgres]:
    with tempfile.TemporaryDirectory(prefix="motamot-pg-") as folder:
        server = OwnPostgres(Path(folder))
        server.init()
        server.start()
        try:
            yield server
        finally:
            server.stop()


@contextmanager
def small_disk(megabytes: int) -> Iterator[tuple[Path, str]]:
    """A tmpfs of `megabytes` (root only), else a plain folder: (folder, what it is)."""
    with tempfile.TemporaryDirectory(prefix="motamot-disk-") as folder:
        mounted = subprocess.run(
            ["mount", "-t", "tmpfs", "-o", f"size={megabytes}m", "tmpfs", folder],
            capture_output=True,
            check=False,
        )
        if mounted.returncode != 0:
            yield Path(folder), "no tmpfs (not root): a folder whose filler never fills"
            return
        try:
            yield Path(folder), f"tmpfs of {megabytes} MB"
        finally:
            subprocess.run(["umount", "-l", folder], capture_output=True, check=False)


def fill(folder: Path, leave: int = 0) -> Path:
    """Fill the disk under `folder` but `leave` bytes; the filler's path (remove it to
    free the disk)."""
    filler = folder / "filler"
    with filler.open("wb") as file:
        chunk = bytes(64 * 1024)
        try:
            while True:
                stat = os.statvfs(folder)
                free = stat.f_bavail * stat.f_frsize
                if free <= leave:
                    break
                file.write(chunk[: min(len(chunk), free - leave)] or chunk[:1])
                file.flush()
        except OSError:
            pass
    return filler
