"""The static files (the server's and each kind's) under one content hash, computed at start-up.

Every asset URL is `/static/<version>/<path>`, `<version>` a hash of every static file
served (their paths and bytes). The pages' modules import each other by relative URL
(`../common.js`), so they stay under the same version: a page never mixes an updated
module with a stale one, and any change to any file gives every URL a new version.
A hashed URL never changes content, so browsers may keep it for a year; a URL of any
other version is not found (a stale page is reloaded, never fed newer files as old).
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable
from pathlib import Path

from starlette.responses import Response
from starlette.routing import BaseRoute, Mount
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

#: How long a browser keeps a versioned asset (its content never changes).
IMMUTABLE = "public, max-age=31536000, immutable"
#: Characters of the hash in the URLs (48 bits: no two versions meet by chance).
VERSION_LENGTH = 12


class ImmutableFiles(StaticFiles):
    """Static files whose URL carries their version: cached for good."""

    def file_response(
        self,
        full_path: str | os.PathLike[str],
        stat_result: os.stat_result,
        scope: Scope,
        status_code: int = 200,
    ) -> Response:
        response = super().file_response(full_path, stat_result, scope, status_code)
        response.headers["cache-control"] = IMMUTABLE
        return response


class Assets:
    """The static trees served: `roots` are (URL prefix, folder), the server's own first
    with the prefix ""."""

    def __init__(self, roots: Iterable[tuple[str, Path]]) -> None:
        self.roots = list(roots)
        self.version = version_of(self.roots)

    def url(self, path: str) -> str:
        """The URL of a static file (`app.css`, `boggle/room.js`)."""
        return f"/static/{self.version}/{path}"

    def routes(self) -> list[BaseRoute]:
        """One mount per tree, the kinds' before the server's (theirs are deeper)."""
        mounts: list[BaseRoute] = []
        for prefix, folder in sorted(self.roots, key=lambda root: root[0] == ""):
            path = f"/static/{self.version}" + (f"/{prefix}" if prefix else "")
            mounts.append(Mount(path, ImmutableFiles(directory=folder), name=prefix or "static"))
        return mounts


def version_of(roots: Iterable[tuple[str, Path]]) -> str:
    """A hash of every file under `roots`, with its path in the URLs."""
    digest = hashlib.sha256()
    for prefix, folder in sorted(roots):
        for file in sorted(folder.rglob("*")):
            if not file.is_file():
                continue
            name = f"{prefix}/{file.relative_to(folder).as_posix()}"
            digest.update(name.encode("utf-8") + b"\0")
            digest.update(hashlib.sha256(file.read_bytes()).digest())
    return digest.hexdigest()[:VERSION_LENGTH]
