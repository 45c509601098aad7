"""deploy/nginx/motamot.conf as shipped (its certificate, log folder and port the test's
own) in front of one `motamot serve` on SQLite: https answers, plain http is sent to
https, a websocket opens through wss://, and nginx's log line carries the request id the
server logs. (The file for several processes is run by tests/browser/test_behind_nginx.py.)"""

from __future__ import annotations

import asyncio
import http.client
import json
import ssl
import time
import urllib.request
from pathlib import Path

import pytest
from websockets.asyncio.client import connect

from tests.browser.nginx import nginx, shipped_site, site_for
from tests.ports import free_port
from tests.server.live import LiveServer


async def hello_through(url: str, token: str, trusted: ssl.SSLContext) -> str:
    async with connect(url, ssl=trusted) as socket:
        await socket.send(json.dumps({"type": "hello", "token": token, "last_seq": 0}))
        kind: str = json.loads(await socket.recv())["type"]
        return kind


@pytest.mark.slow
def test_one_process_behind_the_shipped_nginx_file(tmp_path: Path) -> None:
    server = LiveServer(tmp_path / "rooms.sqlite3", args=("--log-format", "json")).start()
    try:
        https, http_port = free_port(), free_port()
        folder = tmp_path / "nginx"
        folder.mkdir()
        site = site_for(shipped_site("motamot.conf"), [server.port], https, http_port, folder)
        with nginx(site, folder, https):
            trusted = ssl.create_default_context(cafile=str(folder / "cert.pem"))
            base = f"https://127.0.0.1:{https}"
            with urllib.request.urlopen(f"{base}/readyz", timeout=10, context=trusted) as page:
                assert json.loads(page.read()) == {"status": "ready"}
                request_id = page.headers["x-request-id"]
            plain = http.client.HTTPConnection("127.0.0.1", http_port, timeout=10)
            plain.request("GET", "/grille-du-jour")
            moved = plain.getresponse()
            plain.close()
            assert moved.status == 301
            assert moved.headers["location"] == "https://127.0.0.1/grille-du-jour"
            created = server.post("/api/rooms", {"name": "Ana", "duration": 60})
            wss = f"wss://127.0.0.1:{https}/ws/{created['room']}"
            kind = asyncio.run(hello_through(wss, created["token"], trusted))
            assert kind in ("welcome", "presence")
            give_up = time.monotonic() + 10
            while request_id not in (folder / "motamot.access.log").read_text():
                assert time.monotonic() < give_up, "nginx logged no line with the id"
                time.sleep(0.1)
    finally:
        server.stop()
    assert f'"request_id": "{request_id}"' in server.log()
