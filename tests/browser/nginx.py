"""Debian's nginx in front of motamot processes, with a self-signed certificate: the
files deploy/nginx ships, their certificate paths, log folder and ports replaced by the
test's own."""

from __future__ import annotations

import re
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
#: The paths the README's configuration names, replaced by the test's files.
CERTIFICATE = "/etc/letsencrypt/live/jeu.exemple/fullchain.pem"
KEY = "/etc/letsencrypt/live/jeu.exemple/privkey.pem"

MAIN = """
worker_processes 1;
pid {prefix}/nginx.pid;
error_log {prefix}/error.log warn;
events {{ worker_connections 512; }}
http {{
    access_log {prefix}/access.log;
    client_body_temp_path {prefix}/body;
    proxy_temp_path {prefix}/proxy;
    fastcgi_temp_path {prefix}/fastcgi;
    uwsgi_temp_path {prefix}/uwsgi;
    scgi_temp_path {prefix}/scgi;
    include {site};
}}
"""


def shipped_site(name: str = "motamot-cluster.conf") -> str:
    """An nginx file as deploy/nginx ships it."""
    return (ROOT / "deploy" / "nginx" / name).read_text("utf-8")


def self_signed(folder: Path) -> tuple[Path, Path]:
    """A certificate for 127.0.0.1 and localhost and its key (openssl)."""
    certificate, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        [
            "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
            "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
            "-keyout", str(key), "-out", str(certificate),
        ],
        check=True,
        capture_output=True,
    )  # fmt: skip
    return certificate, key


def site_for(text: str, backends: Sequence[int], https: int, http: int, folder: Path) -> str:
    """`text` (an nginx site) with the test's certificate, backends and ports."""
    certificate, key = self_signed(folder)
    text = text.replace(CERTIFICATE, str(certificate)).replace(KEY, str(key))
    text = text.replace("/var/log/nginx/", f"{folder}/")
    text = text.replace("listen 443 ssl;", f"listen 127.0.0.1:{https} ssl;")
    text = text.replace("listen 80;", f"listen 127.0.0.1:{http};")
    servers = "".join(f"    server 127.0.0.1:{port};\n" for port in backends)
    text, count = re.subn(r"(    server 127\.0\.0\.1:800\d;\n)+", servers, text)
    assert count == 1, "one upstream block of 127.0.0.1:800x servers"
    return text


@contextmanager
def nginx(site: str, folder: Path, https: int) -> Iterator[Path]:
    """nginx serving `site` until the block ends; its prefix folder (logs)."""
    if not Path(NGINX).exists():
        pytest.fail(f"{NGINX} is missing: apt-get install nginx (.ci/run does)")
    folder.mkdir(parents=True, exist_ok=True)
    site_path = folder / "motamot.conf"
    site_path.write_text(site)
    main = folder / "nginx.conf"
    main.write_text(MAIN.format(prefix=folder, site=site_path))
    command = [NGINX, "-p", str(folder), "-c", str(main), "-g", "daemon off;"]
    checked = subprocess.run([*command[:5], "-t"], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr
    process = subprocess.Popen(command, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                socket.create_connection(("127.0.0.1", https), timeout=1).close()
                break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError((folder / "error.log").read_text()) from None
                time.sleep(0.1)
        yield folder
    finally:
        process.send_signal(signal.SIGQUIT)
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)
