"""The static files under one content hash: every asset a page names is served and kept
for good, a changed file changes every URL, modules never leave their version; the
templates and the static files are in the package data (so a wheel can serve)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from starlette.testclient import TestClient

from motamot.server.assets import IMMUTABLE, Assets, version_of
from motamot.web import default_kinds
from tests.server.helpers import create

SRC = Path(__file__).resolve().parents[2] / "src" / "motamot"
ASSET = re.compile(r'(?:src|href)="(/static/[^"]+)"')
IMPORT = re.compile(r'\b(?:from|import)\s*\(?\s*"([^"]+)"')


def test_every_asset_a_page_names_is_served_under_the_version(client: TestClient) -> None:
    room, _ = create(client)
    table = client.post("/api/tables", json={"name": "Ana"}).json()["room"]
    pages = ["/", f"/r/{room}", f"/r/{room}/watch", f"/r/{table}", f"/r/{table}/replay", "/r/none"]
    pages += ["/grille-du-jour", "/duplicate/serie/club-de-caen"]
    named = {url for page in pages for url in ASSET.findall(client.get(page).text)}
    # app.css, home.js, room.js, table.js, review.js, daily.js; every kind's styles (linked
    # by every page) and every create form's module (on the home page)
    names = {url.split("/", 3)[3] for url in named}
    kinds = default_kinds()
    styles = {sheet for kind in kinds for sheet in kind.styles}
    forms = {
        f"{kind.name}/create.js"
        for kind in kinds
        if kind.static and (kind.static / "create.js").exists()
    }
    pages_own = {"app.css", "home.js", "boggle/room.js", "topword/table.js", "topword/review.js"}
    daily = {"daily/daily.js", "daily/daily.css", "arena/arena.css"}  # the daily page's
    series = {"duplicate/series.js"}  # a club's series (D12)
    assert names == styles | forms | pages_own | daily | series
    versions = {url.split("/")[2] for url in named}
    assert len(versions) == 1
    version = versions.pop()
    for url in named:
        answer = client.get(url)
        assert answer.status_code == 200 and answer.headers["cache-control"] == IMMUTABLE
        other = url.replace(f"/static/{version}/", "/static/0123456789ab/")
        assert client.get(other).status_code == 404  # another version: never fed as this one


def test_modules_import_each_other_by_relative_url_so_they_keep_their_version(
    client: TestClient,
) -> None:
    page = client.get("/").text
    version = ASSET.findall(page)[0].split("/")[2]
    modules = sorted((SRC / "server" / "static").glob("*.js"))
    modules += sorted((SRC / "web").glob("*/static/*.js"))
    assert len(modules) >= 8
    checked = 0
    for module in modules:
        base = "" if module.parent.parent.name == "server" else f"{module.parent.parent.name}/"
        for specifier in IMPORT.findall(module.read_text()):
            assert specifier.startswith(("./", "../")), (module, specifier)
            target = (Path("/", base) / specifier).resolve().as_posix().lstrip("/")
            assert client.get(f"/static/{version}/{target}").status_code == 200, target
            checked += 1
    assert checked >= 10


def test_a_changed_file_changes_the_version(tmp_path: Path) -> None:
    own, kind = tmp_path / "own", tmp_path / "kind"
    own.mkdir()
    kind.mkdir()
    (own / "common.js").write_text("export const A = 1;\n")
    (kind / "room.js").write_text('import { A } from "../common.js";\n')
    roots = [("", own), ("toy", kind)]
    first = Assets(roots)
    assert first.url("toy/room.js") == f"/static/{first.version}/toy/room.js"
    assert version_of(roots) == first.version  # the same files: the same version
    (own / "common.js").write_text("export const A = 2;\n")
    assert version_of(roots) != first.version
    (own / "common.js").write_text("export const A = 1;\n")
    (kind / "common.js").write_text("export const A = 1;\n")  # a new file counts too
    assert version_of(roots) != first.version


def test_templates_and_static_files_are_package_data() -> None:
    """Every file of the server's and the kinds' web side that is not Python is shipped."""
    config = tomllib.loads((SRC.parents[1] / "pyproject.toml").read_text())
    globs = config["tool"]["setuptools"]["package-data"]["motamot"]
    shipped = [
        path
        for folder in (SRC / "server", SRC / "web")
        for path in folder.rglob("*")
        if path.is_file() and path.suffix not in (".py", ".pyc")
    ]
    assert any(path.suffix == ".html" for path in shipped)
    # setuptools' globs: `*` stays within one folder
    patterns = [re.compile(re.escape(glob).replace(r"\*", "[^/]*")) for glob in globs]
    for path in shipped:
        name = path.relative_to(SRC).as_posix()
        assert any(pattern.fullmatch(name) for pattern in patterns), name


def test_no_module_of_the_web_side_writes_html_itself() -> None:
    """HTML comes from the autoescaped templates only: no hand-written escaping."""
    for folder in (SRC / "server", SRC / "web"):
        for module in folder.rglob("*.py"):
            text = module.read_text()
            assert not re.search(r"^import html$|^from html import", text, re.M), module
            assert "<option" not in text and "<form" not in text, module
