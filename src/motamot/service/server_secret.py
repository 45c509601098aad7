"""The server's secret: what makes the daily grid and the arena's rounds unknowable in
advance, and the same on every process and every restart of one server.

A grid drawn from the date alone could be solved the day before; one drawn from a random
seed would differ between processes. So the seeds and room ids of scheduled rooms are
derived (HMAC-SHA256) from 32 random bytes kept in a file beside the store (hex, mode
0600), created on the first start; every process of a deployment reads the same file
(`--secret-file`). Anyone who holds the file can print the day's grid (`motamot boggle
daily`); nobody else can.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from motamot.durable import WriteError, locked, write_atomic
from motamot.errors import CodedError
from motamot.service.storage import data_dir

SECRET_BYTES = 32
SECRET_FILE = "server.secret"


class SecretError(CodedError):
    """The secret file cannot be read or does not hold a secret (codes: `unreadable`,
    `malformed`, `missing`, `unwritable`; `path` says which file)."""

    TEMPLATES: ClassVar[dict[str, str]] = {
        "unreadable": "cannot read the server secret {path}",
        "malformed": "{path} does not hold a server secret (64 hexadecimal digits)",
        "missing": "there is no server secret at {path}",
        "unwritable": "cannot write the server secret {path}",
    }

    def __init__(self, code: str, path: Path) -> None:
        super().__init__(code, path=str(path))
        self.path = path


@dataclass(frozen=True)
class ServerSecret:
    """32 secret bytes and what is derived from them (never the bytes themselves)."""

    key: bytes

    def __post_init__(self) -> None:
        if len(self.key) != SECRET_BYTES:
            raise ValueError(f"a server secret is {SECRET_BYTES} bytes")

    def __repr__(self) -> str:
        return "ServerSecret(…)"  # never printed, logged or shown

    @classmethod
    def random(cls) -> ServerSecret:
        """A fresh secret (a server with no file: tests, an in-memory store)."""
        return cls(secrets.token_bytes(SECRET_BYTES))

    @classmethod
    def load(cls, path: Path | None = None, create: bool = True) -> ServerSecret:
        """The secret in `path` (default: the data folder's `server.secret`), written
        there first when the file does not exist and `create` is true (under a lock:
        processes starting together agree on one)."""
        path = path if path is not None else data_dir() / SECRET_FILE
        try:
            with locked(path.with_name(path.name + ".lock")):
                if not path.exists():
                    if not create:
                        raise SecretError("missing", path)
                    # mkstemp's file is 0600: nobody else on the machine reads it
                    write_atomic(path, secrets.token_bytes(SECRET_BYTES).hex().encode() + b"\n")
                text = path.read_text(encoding="ascii").strip()
        except WriteError:
            raise SecretError("unwritable", path) from None
        except (OSError, UnicodeDecodeError):
            raise SecretError("unreadable", path) from None
        try:
            key = bytes.fromhex(text)
        except ValueError:
            raise SecretError("malformed", path) from None
        if len(key) != SECRET_BYTES:
            raise SecretError("malformed", path)
        return cls(key)

    def derive(self, *parts: str) -> bytes:
        """32 bytes that only this secret gives for `parts` (each part length-prefixed:
        ("ab", "c") and ("a", "bc") differ)."""
        encoded = [part.encode() for part in parts]
        message = b"".join(len(part).to_bytes(4, "big") + part for part in encoded)
        return hmac.new(self.key, message, hashlib.sha256).digest()

    def seed(self, *parts: str) -> int:
        """A 63-bit seed for `parts` (a grid's, a draw's)."""
        return int.from_bytes(self.derive("seed", *parts)[:8], "big") >> 1

    def room_id(self, *parts: str) -> str:
        """A room id for `parts`, 16 URL-safe characters nobody can guess."""
        digest = self.derive("room", *parts)[:12]
        return base64.urlsafe_b64encode(digest).decode()
