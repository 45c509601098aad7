"""Serve from the wheel, as a player's install does (issue 21: a wheel without
`server/static` could not serve at all).

Builds the sdist of the committed tree (`git archive HEAD`) and, from it, the wheel
(`python -m build`: what the wheel holds is what the sdist gave it), installs the
wheel into a fresh venv outside the source tree, starts that venv's `motamot serve` in
an empty folder, and fetches every page (the home page, every page it links to on this
site, a Boggle room, a Topword table and a duplicate room in each of their modes, a page
that does not exist) and every asset those pages reference, the modules' imports and
the style sheets' urls followed. Any answer but 200 (404 for the page that does not exist)
fails, naming the URL.

    python tools/wheel_smoke.py            # build, install, serve, fetch
    python tools/wheel_smoke.py --url URL  # only fetch, from a server already running
"""

from __future__ import annotations

import argparse
import json
import re
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: What a page references: stylesheets, scripts, images, and the links to follow.
HTML_REFS = re.compile(r"""<(?:link|script|img)\b[^>]*?\b(?:href|src)="([^"]+)\"""")
HTML_LINKS = re.compile(r"""<a\b[^>]*?\bhref="(/[^"]*)\"""")
#: A module's static imports and dynamic `import("...")`, a style sheet's `url(...)`.
JS_IMPORTS = re.compile(r"""(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']""")
CSS_URLS = re.compile(r"""url\(\s*["']?([^"')]+)["']?\s*\)""")
#: Pages the header links to before they are served (issue 22's, in the works): said,
#: not failed. Take a path out once its page lands.
PENDING = {"/mes-parties", "/classements"}


def fetch(url: str, body: dict[str, object] | None = None) -> tuple[int, str, str]:
    """(status, content type, text) of a GET, or of a JSON POST when `body` is given."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers={"content-type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, answer.headers.get_content_type(), answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get_content_type(), error.read().decode()


def references(url: str, kind: str, text: str) -> Iterator[str]:
    """The same-site URLs a page, module or style sheet references, absolute."""
    if kind == "text/html":
        found = HTML_REFS.findall(text) + HTML_LINKS.findall(text)
    elif kind in ("text/javascript", "application/javascript"):
        found = [spec for spec in JS_IMPORTS.findall(text) if spec.startswith((".", "/"))]
    elif kind == "text/css":
        found = [ref for ref in CSS_URLS.findall(text) if not ref.startswith("data:")]
    else:
        found = []
    base = urllib.parse.urlsplit(url)
    for ref in found:
        absolute = urllib.parse.urljoin(url, ref.replace("&amp;", "&"))
        if urllib.parse.urlsplit(absolute).netloc == base.netloc:
            yield urllib.parse.urldefrag(absolute)[0]


def rooms(base: str) -> list[str]:
    """The pages of a Boggle room, a Topword table and a duplicate room, made for the check."""
    status, _, text = fetch(base + "/api/rooms", {"name": "Ana"})
    assert status == 200, (status, text)
    boggle = json.loads(text)["room"]
    status, _, text = fetch(base + "/api/tables", {"name": "Ana", "seats": ["person"]})
    assert status == 200, (status, text)
    table = json.loads(text)["room"]
    pages = [f"/r/{boggle}", f"/r/{boggle[:16]}/watch", f"/r/{table}", f"/r/{table[:16]}/watch"]
    pages += [f"/r/{table}/replay", f"/r/{table}/analysis"]
    status, _, text = fetch(base + "/api/duplicate", {"name": "Ana"})
    assert status == 200, (status, text)
    duplicate = json.loads(text)["room"]
    pages += [f"/r/{duplicate}", f"/r/{duplicate[:16]}/watch", f"/r/{duplicate}/replay"]
    return [base + page for page in pages]


def crawl(base: str, limit: int = 200) -> tuple[list[str], list[str]]:
    """Every page and asset reachable from the home page and the rooms' pages: (pages,
    assets) fetched; AssertionError naming each URL that did not answer 200."""
    queue = [base + "/", base + "/?lang=en", *rooms(base)]
    seen = set(queue)
    pages: list[str] = []
    assets: list[str] = []
    failed: list[str] = []
    while queue and len(seen) <= limit:
        url = queue.pop(0)
        status, kind, text = fetch(url)
        if status == 404 and urllib.parse.urlsplit(url).path in PENDING:
            print(f"wheel smoke: {url} is linked but not served yet (issue 22)")
            continue
        if status != 200 or not text:
            failed.append(f"{status} {url}")
            continue
        (pages if kind == "text/html" else assets).append(url)
        for ref in references(url, kind, text):
            path = urllib.parse.urlsplit(ref).path
            if ref not in seen and not path.startswith(("/api/", "/ws/")):
                seen.add(ref)
                queue.append(ref)
    status, kind, _ = fetch(base + "/no-such-page")
    if status != 404 or kind != "text/html":
        failed.append(f"{status} {base}/no-such-page (a 404 page expected)")
    assert not failed, "\n".join(failed)
    assert any("/static/" in url and url.endswith(".css") for url in assets), assets
    assert any("/static/" in url and url.endswith(".js") for url in assets), assets
    return pages, assets


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


def run(command: list[str], **options: object) -> None:
    print("wheel smoke:", " ".join(command), flush=True)
    subprocess.run(command, check=True, **options)  # type: ignore[call-overload]


def serve_from_wheel(work: Path) -> tuple[list[str], list[str]]:
    """Build, install into a fresh venv under `work`, serve from it, crawl it."""
    # from the committed files alone, as a fresh clone has them: an editable install's
    # egg-info in the work tree lists every file, and a build from it hides what the
    # package data leaves out
    source = work / "source"
    source.mkdir()
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "HEAD"], check=True, capture_output=True
    )
    subprocess.run(["tar", "-x", "-C", str(source)], input=archive.stdout, check=True)
    dist = work / "dist"
    run(
        [sys.executable, "-m", "build", "--outdir", str(dist), str(source)],
        stdout=subprocess.DEVNULL,
    )
    wheel = next(dist.glob("motamot-*.whl"))
    assert next(dist.glob("motamot-*.tar.gz"), None) is not None, "no sdist"
    venv = work / "venv"
    run([sys.executable, "-m", "venv", str(venv)])
    run([str(venv / "bin" / "python"), "-m", "pip", "install", "-q", str(wheel)])
    empty = work / "elsewhere"
    empty.mkdir()
    port = free_port()
    command = [str(venv / "bin" / "motamot"), "serve", "--host", "127.0.0.1"]
    command += ["--port", str(port), "--db", str(empty / "rooms.sqlite3")]
    env = {"PATH": "/usr/bin:/bin", "HOME": str(empty), "MOTAMOT_DATA_DIR": str(empty)}
    server = subprocess.Popen(command, cwd=empty, env=env, stdout=subprocess.DEVNULL)
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:
            if server.poll() is not None:
                raise SystemExit(f"wheel smoke: motamot serve stopped ({server.returncode})")
            try:
                fetch(base + "/")
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        return crawl(base)
    finally:
        server.terminate()
        server.wait(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", help="only fetch, from the server at this URL")
    args = parser.parse_args()
    if args.url:
        pages, assets = crawl(args.url.rstrip("/"))
    else:
        with tempfile.TemporaryDirectory(prefix="motamot-wheel-") as work:
            pages, assets = serve_from_wheel(Path(work))
    print(f"wheel smoke: {len(pages)} pages and {len(assets)} assets, each answered 200")


if __name__ == "__main__":
    main()
