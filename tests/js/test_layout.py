"""Every import of the pages' modules names a file the server serves, and tsc finds that
same file: the modules import each other by URL (`../common.js` from a kind's is the
server's), and tsconfig.json's `rootDirs` stand in for the server's URL layout, so a
kind whose module imports another's needs its entry there (a missing one is an error of
tsc's; a wrong match, this test's)."""

from __future__ import annotations

import json
import posixpath
import re
from pathlib import Path

from motamot.server.app import STATIC
from motamot.server.players.routes import PLAYER_STATIC
from motamot.web import default_kinds

ROOT = Path(__file__).resolve().parents[2]
#: The static trees as the server mounts them (server/app.py): URL prefix, folder.
MOUNTS = [("", STATIC), ("players", PLAYER_STATIC)]
MOUNTS += [(kind.name, kind.static) for kind in default_kinds() if kind.static]
#: `import ... from "x"` (what the browser loads) and JSDoc's `import("x")` (types only).
IMPORTS = re.compile(r'^import [^;]*? from "([^"]+)";|import\("([^"]+)"\)', re.M)


def url_of(module: Path) -> str:
    """The module's path under /static/<version>/."""
    for prefix, folder in MOUNTS:
        if module.is_relative_to(folder):
            return posixpath.join(prefix, module.relative_to(folder).as_posix())
    raise AssertionError(f"{module} is not served")


def served(url: str) -> Path:
    """The file the server answers `url` (under /static/<version>/) with: the kinds' mounts
    first, as Starlette routes them."""
    for prefix, folder in sorted(MOUNTS, key=lambda mount: mount[0] == ""):
        if not prefix:
            return folder / url
        if url.startswith(prefix + "/"):
            return folder / url[len(prefix) + 1 :]
    raise AssertionError(url)


def by_tsc(module: Path, specifier: str, root_dirs: list[Path]) -> Path | None:
    """Where tsc finds a relative import: the path itself, else through `rootDirs` (the
    longest that holds the path, its rest tried under each of the others in order)."""
    candidate = Path(posixpath.normpath((module.parent / specifier).as_posix()))
    if candidate.is_file():
        return candidate
    holding = [root for root in root_dirs if candidate.is_relative_to(root)]
    if not holding:
        return None
    matched = max(holding, key=lambda root: len(root.parts))
    rest = candidate.relative_to(matched)
    return next((root / rest for root in root_dirs if (root / rest).is_file()), None)


def modules() -> list[Path]:
    return sorted(module for _, folder in MOUNTS for module in folder.glob("*.js"))


def test_every_import_is_a_served_file_and_tsc_finds_the_same() -> None:
    config = json.loads((ROOT / "tsconfig.json").read_text("utf-8"))
    root_dirs = [ROOT / folder for folder in config["compilerOptions"]["rootDirs"]]
    checked = 0
    for module in modules():
        for loaded, typed in IMPORTS.findall(module.read_text("utf-8")):
            specifier = loaded or typed
            url = posixpath.normpath(posixpath.join(posixpath.dirname(url_of(module)), specifier))
            assert not url.startswith(".."), (module, specifier)
            browser = served(url)
            assert browser.is_file(), f"{module.name}: {specifier} is not served ({url})"
            assert by_tsc(module, specifier, root_dirs) == browser, (module, specifier)
            checked += 1
    assert checked >= 60


def test_every_module_is_checked() -> None:
    config = json.loads((ROOT / "tsconfig.json").read_text("utf-8"))
    assert config["compilerOptions"]["checkJs"] and config["compilerOptions"]["strict"]
    unchecked = [m.name for m in modules() if not m.read_text("utf-8").startswith("// @ts-check")]
    assert not unchecked
