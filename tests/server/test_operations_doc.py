"""docs/operations.md, run: every command on the page, in its order, with the test's own
paths, ports and database names (a SQLite server, its checks, a backup and a restore;
three processes over PostgreSQL and Redis, nginx with TLS in front of them, a pg_dump
restored into a new database that a process then serves). Between the steps the test
plays its part: a room made before the backup is there after the restore, one made
after it is not, a room of the cluster is in the restored database."""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import psycopg
import pytest
import redis

from tests.browser.nginx import MAIN, NGINX, self_signed, shipped_site
from tests.mailbox import Mailbox, certificate
from tests.ports import free_port
from tests.service.backends import POSTGRES_URL, REDIS_URL, redis_prefix

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "operations.md"
STEP = re.compile(r"<!-- step: ([\w-]+) -->\n```(sh|nginx)\n(.*?)```", re.S)
PORTS = re.compile(r"\b(8000|8001|8002|8003|8004|9100|9101|9102|9103)\b")
CERTIFICATE = "/etc/letsencrypt/live/jeu.exemple/fullchain.pem"
KEY = "/etc/letsencrypt/live/jeu.exemple/privkey.pem"
#: The page's SMTP server and its password (the test's own server takes them).
SMTP_HOST = "smtp.jeu.exemple:587"
SMTP_LOGIN = ("motamot", "mot-de-passe")


def steps() -> list[tuple[str, str, str]]:
    """(name, language, text) of every block of the page, each one a step."""
    text = DOC.read_text("utf-8")
    found = STEP.findall(text)
    assert len(found) == text.count("```") // 2, "every block of the page is a step"
    return found


@dataclass
class Run:
    """The test's side of the page: its folder, ports, names, and what it started."""

    tmp: Path
    broker: str
    database: str = field(default_factory=lambda: f"t_ops_{uuid.uuid4().hex[:10]}")
    ports: dict[str, int] = field(default_factory=dict)
    exports: list[str] = field(default_factory=list)
    groups: list[subprocess.Popen[bytes]] = field(default_factory=list)
    serving: dict[int, subprocess.Popen[bytes]] = field(default_factory=dict)
    rooms: dict[str, str] = field(default_factory=dict)
    https: int = field(default_factory=free_port)
    http: int = field(default_factory=free_port)
    #: The page's SMTP server: a real one (STARTTLS, a login), its certificate trusted
    #: by the servers through SSL_CERT_FILE.
    mailbox: Mailbox | None = None

    def port(self, number: str) -> int:
        return self.ports.setdefault(number, free_port())

    def local(self, text: str) -> str:
        """`text` with the test's paths, ports and names."""
        text = text.replace("/var/lib/motamot", str(self.tmp / "data"))
        text = text.replace("/srv/backups", str(self.tmp / "backups"))
        text = text.replace(CERTIFICATE, str(self.tmp / "nginx" / "cert.pem"))
        text = text.replace(KEY, str(self.tmp / "nginx" / "key.pem"))
        text = text.replace("/var/log/nginx/", f"{self.tmp / 'nginx'}/")
        restored = "redis://127.0.0.1:6379/0?prefix=motamot-restored"
        text = text.replace(restored, f"{self.broker}-restored")  # the copy's own prefix
        text = text.replace("redis://127.0.0.1:6379/0", self.broker)
        if self.mailbox is not None:
            text = text.replace(SMTP_HOST, f"127.0.0.1:{self.mailbox.port}")
        text = re.sub(r"\bmotamot_restored\b", f"{self.database}_restored", text)
        text = re.sub(r"127\.0\.0\.1/motamot\b", f"127.0.0.1/{self.database}", text)
        text = re.sub(r"(?<= )motamot$", self.database, text, flags=re.M)
        text = text.replace("https://localhost/", f"https://localhost:{self.https}/")
        text = text.replace("listen 443 ssl;", f"listen 127.0.0.1:{self.https} ssl;")
        text = text.replace("listen 80;", f"listen 127.0.0.1:{self.http};")
        nginx = f"{NGINX} -p {self.tmp / 'nginx'} -c {self.tmp / 'nginx' / 'nginx.conf'} "
        text = re.sub(r"^nginx ", nginx, text, flags=re.M)
        return PORTS.sub(lambda m: str(self.port(m[1])), text)

    def shell(self, text: str) -> str:
        """Run a step's commands in bash (a server in the background, as an operator's
        terminal or service would keep it); what they printed."""
        lines = self.local(text).splitlines()
        self.exports += [line for line in lines if line.startswith("export ")]
        script = "\n".join(["set -euo pipefail", *self.exports, *map(self.background, lines)])
        env = {
            **os.environ,
            "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}",
            "MOTAMOT_DATA_DIR": str(self.tmp / "data"),
            "SSL_CERT_FILE": str(self.tmp / "smtp.pem"),
        }
        log_path = self.tmp / f"step-{len(self.groups)}.log"
        log = log_path.open("wb")
        process = subprocess.Popen(
            ["bash", "-c", script], env=env, stdout=subprocess.PIPE, stderr=log,
            start_new_session=True,
        )  # fmt: skip
        self.groups.append(process)
        out, _ = process.communicate(timeout=120)
        log.close()
        assert process.returncode == 0, (
            script,
            (self.tmp / f"step-{len(self.groups) - 1}.log").read_text(),
        )
        for line in lines:
            if line.startswith("motamot serve"):
                found = re.search(r"--port (\d+)", line)
                assert found is not None
                self.ready(int(found[1]))
        return out.decode()

    def background(self, line: str) -> str:
        """A server's line run in the background, its output in `servers.log`, its
        process id in `serve-PORT.pid` (to stop it as an operator would)."""
        if not line.startswith("motamot serve"):
            return line
        found = re.search(r"--port (\d+)", line)
        assert found is not None
        log = self.tmp / "servers.log"
        return f"{line} >>{log} 2>&1 & echo $! > {self.tmp}/serve-{found[1]}.pid"

    def ready(self, port: int) -> None:
        give_up = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=2):
                    return
            except OSError:
                assert time.monotonic() < give_up, f"no server ready on {port}"
                time.sleep(0.2)

    def stop_server(self, port: int) -> None:
        """SIGTERM to the server on `port` (what `kill -TERM` does), and wait for it."""
        pid = int((self.tmp / f"serve-{port}.pid").read_text())
        os.kill(pid, signal.SIGTERM)
        give_up = time.monotonic() + 30
        while Path(f"/proc/{pid}").exists() and "zombie" not in _state(pid):
            assert time.monotonic() < give_up, f"the server on {port} did not stop"
            time.sleep(0.1)

    def close(self) -> None:
        for process in self.groups:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGTERM)
        time.sleep(1)
        for process in self.groups:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/status").read_text().lower()
    except OSError:
        return "zombie"


def create(port: int) -> str:
    """A new room's players' link (its first 16 characters are the room's id)."""
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/rooms",
        data=json.dumps({"name": "Ana", "duration": 60}).encode(),
        headers={"content-type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        link: str = json.loads(answer.read())["room"]
    return link


def report(port: int, room: str, seat: str) -> None:
    """A visitor of `room` reports the name at `seat`, as its page does."""
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/rooms/{room}/report",
        data=json.dumps({"seat": seat, "reason": "offensive_name"}).encode(),
        headers={"content-type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        assert json.loads(answer.read())["reported"] is True


def _moderated(out: str) -> None:
    """The report listed, the ban made and listed among the bans, then lifted."""
    named = [line for line in out.splitlines() if "Ana" in line]
    assert len(named) >= 4, out


def status(port: int, path: str) -> int:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as answer:
            code: int = answer.status
            return code
    except urllib.error.HTTPError as error:
        return error.code


def start_nginx(run: Run, text: str) -> None:
    """The page's configuration saved where it says, and nginx started on it."""
    folder = run.tmp / "nginx"
    folder.mkdir(exist_ok=True)
    self_signed(folder)
    site = folder / "motamot.conf"
    site.write_text(run.local(text))
    (folder / "nginx.conf").write_text(MAIN.format(prefix=folder, site=site))
    command = [NGINX, "-p", str(folder), "-c", str(folder / "nginx.conf")]
    subprocess.run(command, check=True)  # daemonised: its master writes nginx.pid
    run.groups.append(subprocess.Popen(["sleep", "0"], start_new_session=True))


def stop_nginx(run: Run) -> None:
    folder = run.tmp / "nginx"
    if (folder / "nginx.pid").exists():
        subprocess.run([NGINX, "-p", str(folder), "-c", str(folder / "nginx.conf"), "-s", "quit"])


@pytest.fixture
def run(tmp_path: Path) -> Iterator[Run]:
    with redis_prefix() as broker:
        (tmp_path / "backups").mkdir()
        cert = certificate(tmp_path)
        mailbox = Mailbox(tls="starttls", cert=cert, login=SMTP_LOGIN).start()
        each = Run(tmp_path, broker, mailbox=mailbox)
        try:
            yield each
        finally:
            stop_nginx(each)
            each.close()
            mailbox.stop()
            with psycopg.connect(POSTGRES_URL, autocommit=True) as conn:
                for name in (each.database, f"{each.database}_restored"):
                    conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            _forget_keys(broker.split("prefix=")[1] + "-restored")


def _forget_keys(prefix: str) -> None:
    """The keys the restored copy's process left under its own prefix."""
    client = redis.Redis.from_url(REDIS_URL)
    try:
        keys = list(client.scan_iter(match=f"{prefix}:*"))
        if keys:
            client.delete(*keys)
    finally:
        client.close()


def test_the_nginx_configuration_is_the_shipped_file() -> None:
    page = next(text for name, kind, text in steps() if kind == "nginx")
    assert page == shipped_site("motamot-cluster.conf")


@pytest.mark.slow
def test_every_command_of_the_page_runs(run: Run) -> None:
    before: dict[str, Callable[[], None]] = {
        "one-restore": lambda: run.stop_server(run.port("8000")),
        "one-mail": lambda: run.stop_server(run.port("8000")),
        "one-moderation": lambda: report(run.port("8000"), run.rooms["kept"][:16], "s1"),
    }
    after: dict[str, Callable[[str], None]] = {
        "one-start": lambda out: run.rooms.update(kept=create(run.port("8000"))),
        "one-check": lambda out: _check_metrics(out),
        "one-backup": lambda out: run.rooms.update(later=create(run.port("8000"))),
        "one-restore": lambda out: _restored(run),
        "one-moderation": lambda out: _moderated(out),
        "one-mail": lambda out: _mailed(run),
        "many-start": lambda out: run.rooms.update(cluster=create(run.port("8001"))),
        "many-reload": lambda out: _through_nginx(out),
        "many-backup": lambda out: _dumped(run),
    }
    done = []
    for name, kind, text in steps():
        if name in before:
            before[name]()
        if kind == "nginx":
            start_nginx(run, text)
            out = ""
        else:
            out = run.shell(text)
        if name in after:
            after[name](out)
        done.append(name)
    assert done == [
        "one-start", "one-check", "one-backup", "one-restore", "one-moderation", "one-mail",
        "many-start", "many-nginx", "many-reload", "many-backup",
    ]  # fmt: skip


def _check_metrics(out: str) -> None:
    assert '{"status":"ok"}' in out and '{"status":"ready"}' in out
    assert "motamot_open_sockets 0.0" in out


def _restored(run: Run) -> None:
    port = run.port("8000")
    assert status(port, f"/r/{run.rooms['kept'][:16]}/watch") == 200  # made before the backup
    assert status(port, f"/r/{run.rooms['later'][:16]}/watch") == 404  # made after it


def _mailed(run: Run) -> None:
    """A player leaves an address on the server the page started: the confirmation mail
    reaches the SMTP server (STARTTLS, the page's login), its link is the public
    address's, and the logs name the SMTP server without its password."""
    assert run.mailbox is not None
    base = f"http://127.0.0.1:{run.port('8000')}"
    browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
    created = urllib.request.Request(
        f"{base}/api/rooms",
        data=json.dumps({"name": "Ana", "duration": 60}).encode(),
        headers={"content-type": "application/json"},
    )
    browser.open(created, timeout=10).read()  # a seat: the browser is a player now
    page = browser.open(f"{base}/compte", timeout=10).read().decode()
    found = re.search(r'name="csrf" value="([^"]+)"', page)
    assert found is not None and "Me prévenir par e-mail" in page
    form = urllib.parse.urlencode({"csrf": found[1], "address": "ana@example.org"}).encode()
    browser.open(urllib.request.Request(f"{base}/compte/e-mail", data=form), timeout=10)
    (mail,) = run.mailbox.wait_for(1)
    assert mail.rcpt == ["ana@example.org"]
    assert "https://jeu.exemple/e-mail/confirmer?t=" in mail.text
    logs = (run.tmp / "servers.log").read_text()
    assert SMTP_LOGIN[1] not in logs and "smtp://motamot:***@127.0.0.1:" in logs


def _through_nginx(out: str) -> None:
    assert '{"status":"ready"}' in out


def _dumped(run: Run) -> None:
    """The cluster's room is in the copy, and while a live process owns it, a player
    joining it through the copy's process sits in the copy only (its own Redis prefix:
    nothing sent to the cluster's owner)."""
    link = run.rooms["cluster"]
    room = link[:16]
    assert status(run.port("8001"), f"/r/{room}/watch") == 200  # a live process owns it
    assert status(run.port("8004"), f"/r/{room}/watch") == 200
    live = f"{POSTGRES_URL.rsplit('/', 1)[0]}/{run.database}"
    copy = f"{live}_restored"
    before = {url: _events(url, room) for url in (live, copy)}
    request = urllib.request.Request(
        f"http://127.0.0.1:{run.port('8004')}/api/rooms/{link}/join",
        data=json.dumps({"name": "Bea"}).encode(),
        headers={"content-type": "application/json"},
    )
    try:
        urllib.request.urlopen(request, timeout=10).close()
    except urllib.error.HTTPError as error:
        raise AssertionError(error.read()) from None
    assert _events(live, room) == before[live]
    assert _events(copy, room) == before[copy] + 1


def _events(url: str, room: str) -> int:
    with psycopg.connect(url) as conn:
        row = conn.execute("SELECT count(*) FROM motamot.events WHERE room = %s", (room,))
        found = row.fetchone()
    assert found is not None
    return int(found[0])
