"""The nginx file deploy/nginx/motamot-cluster.conf as shipped (its certificate, log
folder and ports the test's own), TLS with a self-signed certificate, in front of two
`motamot serve` processes (PostgreSQL and Redis): plain http is sent to https, answers
carry HSTS and Secure cookies, each player's address reaches the logs, nginx's log line
and the process's carry one request id (and no invitation), a flood from one address is
refused with 429, and two people play a round in Chromium through https:// and wss://
with no Content-Security-Policy refusal."""

from __future__ import annotations

import http.client
import json
import re
import ssl
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, ConsoleMessage, expect

from motamot.boggle import get_preset, parse_grid, solve
from motamot.lexicon import load_lexicon
from tests.browser.nginx import nginx, shipped_site, site_for
from tests.browser.test_play_in_browser import PHONE, as_written, grid_of, write
from tests.ports import free_port
from tests.scale.processes import ServerProcess, servers
from tests.service.backends import postgres_schema, redis_prefix


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None


@pytest.fixture
def behind_nginx(tmp_path: Path) -> Iterator[tuple[str, int, Path, Path]]:
    """(https base URL, the plain http port, the servers' log, the certificate)."""
    log_path = tmp_path / "servers.log"
    with (
        postgres_schema() as db,
        redis_prefix() as broker,
        log_path.open("wb") as log,
        servers(2, db, broker, log=log) as processes,
    ):
        https, http = free_port(), free_port()
        folder = tmp_path / "nginx"
        folder.mkdir()
        site = site_for(shipped_site(), ports(processes), https, http, folder)
        with nginx(site, folder, https):
            yield f"https://127.0.0.1:{https}", http, log_path, folder / "cert.pem"


def ports(processes: list[ServerProcess]) -> list[int]:
    return [process.port for process in processes]


def test_https_headers_cookies_and_the_real_address(
    behind_nginx: tuple[str, int, Path, Path],
) -> None:
    base, http, log_path, certificate = behind_nginx
    trusted = ssl.create_default_context(cafile=str(certificate))
    plain = urllib.request.build_opener(NoRedirect)
    with pytest.raises(urllib.error.HTTPError) as moved:
        plain.open(f"http://127.0.0.1:{http}/r/whatever", timeout=10)
    assert moved.value.code == 301
    assert moved.value.headers["location"].startswith("https://127.0.0.1")
    request = urllib.request.Request(f"{base}/?lang=en", headers={"x-forwarded-for": "203.0.113.9"})
    with urllib.request.urlopen(request, timeout=10, context=trusted) as answer:
        assert answer.headers["strict-transport-security"] == "max-age=31536000"
        cookies = answer.headers.get_all("set-cookie")
        request_id = answer.headers["x-request-id"]
    assert cookies and all("Secure" in cookie for cookie in cookies), cookies
    line = logged(log_path, request_id)  # nginx's $request_id, the same in both logs
    assert line["path"] == "/" and line["status"] == 200
    assert line["client"] == "203.0.113.9"  # nginx added this machine's address after it
    access = certificate.parent / "motamot.access.log"
    proxied = proxy_logged(access, request_id)
    assert proxied["path"] == "/" and proxied["status"] == 200 and proxied["method"] == "GET"
    link = "/r/AbCdEfGhIjKlMnOpInvitation1"
    with pytest.raises(urllib.error.HTTPError) as missing:
        urllib.request.urlopen(f"{base}{link}", timeout=10, context=trusted)
    proxied = proxy_logged(access, missing.value.headers["x-request-id"])
    assert proxied["path"] == link[:19]  # the room's id, never its invitation


def test_a_flood_from_one_address_is_refused_at_the_proxy(
    behind_nginx: tuple[str, int, Path, Path],
) -> None:
    """`limit_req`: a burst of 300, then 30 a second; past it nginx answers 429 itself."""
    base, _, _, certificate = behind_nginx
    trusted = ssl.create_default_context(cafile=str(certificate))
    host, port = base.removeprefix("https://").split(":")
    connection = http.client.HTTPSConnection(host, int(port), context=trusted, timeout=10)
    statuses = []
    try:
        for _ in range(600):  # one kept-alive connection: far faster than 30 a second
            connection.request("GET", "/healthz")
            answer = connection.getresponse()
            answer.read()
            statuses.append(answer.status)
    finally:
        connection.close()
    assert statuses[:300] == [200] * 300  # the burst a class opening its pages needs
    assert statuses.count(429) >= 100, statuses.count(429)


def proxy_logged(path: Path, request_id: str) -> dict[str, object]:
    """nginx's log line of a request (written once it is answered)."""
    give_up = time.monotonic() + 10
    while True:
        for text in path.read_text().splitlines():
            line: dict[str, object] = json.loads(text)
            if line["request_id"] == request_id:
                return line
        assert time.monotonic() < give_up, f"no nginx line for request {request_id}"
        time.sleep(0.1)


def logged(log_path: Path, request_id: str) -> dict[str, object]:
    """The servers' log line of a request (written once it is answered: soon after)."""
    give_up = time.monotonic() + 10
    while True:
        for text in log_path.read_text().splitlines():
            if text.startswith("{"):
                line: dict[str, object] = json.loads(text)
                if line.get("request_id") == request_id and line["message"] == "request":
                    return line
        assert time.monotonic() < give_up, f"no log line for request {request_id}"
        time.sleep(0.1)


@pytest.mark.slow
def test_a_round_through_https_and_wss(
    browser: Browser, behind_nginx: tuple[str, int, Path, Path]
) -> None:
    base = behind_nginx[0]
    refused: list[str] = []
    sockets: list[str] = []

    def console(message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text or message.type == "error":
            refused.append(message.text)

    pages = []
    for _ in range(2):
        context = browser.new_context(viewport=PHONE, locale="fr-FR", ignore_https_errors=True)
        page = context.new_page()
        page.on("console", console)
        page.on("pageerror", lambda error: refused.append(str(error)))
        page.on("websocket", lambda socket: sockets.append(socket.url))
        pages.append(page)
    ana, bob = pages
    ana.goto(base + "/#boggle")  # the game chosen: its form opens
    ana.fill("#name", "Ana")
    ana.fill("#duration", "120")
    ana.click("#create button[type=submit]")
    ana.wait_for_url(re.compile(r"/r/[\w-]{12,}$"))
    assert ana.url.startswith("https://")
    bob.goto(ana.url)
    bob.fill("#join-name", "Bob")
    bob.click(".join button[type=submit]")
    expect(ana.locator(".players")).to_contain_text("Bob")
    ana.click("#start")
    for page in pages:
        expect(page.locator(".grid")).to_be_visible()
    grid = grid_of(ana)
    assert grid_of(bob) == grid
    size = ana.evaluate(
        "getComputedStyle(document.querySelector('.dice')).getPropertyValue('--size')"
    )
    assert size.strip() == "4"  # set through the CSSOM: the policy allows no style attribute
    word = solve(parse_grid(grid), get_preset("classic-fr"), load_lexicon("fr")).words[0].word
    for page in pages:
        write(page, word)
    for page in pages:
        expect(page.locator("#my-words")).to_contain_text(f"{word} : accepté")
    ana.get_by_role("button", name="Arrêter la manche").click()
    for page in pages:
        sheet = page.locator(".sheet").filter(has=page.locator("h3", has_text="Bob"))
        expect(sheet.locator("li.crossed").filter(has_text=as_written(word))).to_contain_text(
            "aussi : Ana"
        )
    assert sockets and all(url.startswith("wss://127.0.0.1") for url in sockets), sockets
    assert refused == []
