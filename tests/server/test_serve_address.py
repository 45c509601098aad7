"""What `motamot serve` prints for friends: the address found by the route out (the host
name's address is 127.0.1.1 on stock Debian and Ubuntu, 127.0.0.1 here), or why none."""

from __future__ import annotations

import functools
import ipaddress
import json
import subprocess
import sys

from motamot.server.serve import address_lines, lan_address, route_source
from tests.ports import free_port


def no_route() -> str:
    raise OSError(101, "Network is unreachable")


def test_the_address_is_the_route_outs_not_the_host_names() -> None:
    found, why = lan_address(lambda: "192.168.1.20")
    assert (found, why) == ("192.168.1.20", "")
    assert address_lines("0.0.0.0", 8000, "fr", lambda: "192.168.1.20")[1] == (
        "motamot : à donner à vos amis sur le même réseau : http://192.168.1.20:8000/"
    )


def test_no_network_says_why_and_what_to_do() -> None:
    assert lan_address(no_route) == (None, "no_network")
    line = address_lines("0.0.0.0", 8000, "fr", no_route)[1]
    assert "aucun réseau" in line and "Reliez-la" in line
    english = address_lines("0.0.0.0", 8000, "en", no_route)[1]
    assert "no network" in english and "Connect it" in english


def test_a_route_that_leads_only_here_says_so() -> None:
    for here in ("127.0.1.1", "0.0.0.0", "169.254.3.4"):
        assert lan_address(functools.partial(str, here)) == (None, "loopback")
    line = address_lines("0.0.0.0", 8123, "fr", lambda: "127.0.1.1")[1]
    assert "http://ADRESSE:8123/" in line


def test_listening_on_one_address_says_it_is_this_machine_only() -> None:
    lines = address_lines("127.0.0.1", 8000, "fr", no_route)
    assert lines[0] == "motamot : ouvrez http://127.0.0.1:8000/"
    assert "--host 0.0.0.0" in lines[1]


def started_lines(tmp_path: object) -> tuple[int, list[str]]:
    """The first two lines a real `motamot serve` logs, and its port. A free port may be
    taken by another test's server before this one binds it: the server then says so in
    one plain line, and another port is tried."""
    for _ in range(5):
        port = free_port()
        command = [sys.executable, "-m", "motamot", "serve", "--port", str(port)]
        command += ["--db", f"{tmp_path}/rooms.sqlite3", "--secret-file", f"{tmp_path}/secret"]
        server = subprocess.Popen(command, stderr=subprocess.PIPE, text=True)
        try:
            assert server.stderr is not None
            first = server.stderr.readline()
            if "Address already in use" in first:
                continue
            lines = [json.loads(line)["message"] for line in (first, server.stderr.readline())]
        finally:
            server.terminate()
            server.wait(timeout=30)
        return port, lines
    raise AssertionError("five free ports were all taken before the server could bind them")


def test_motamot_serve_prints_the_address_friends_can_open(tmp_path: object) -> None:
    """On this machine the host name resolves to a loopback address: the old look-up
    printed nothing for friends. The line logged is the route's own address (start-up
    lines are in the log format: JSON when standard error is no terminal)."""
    port, lines = started_lines(tmp_path)
    assert lines[0] == f"motamot : ouvrez http://127.0.0.1:{port}/"
    try:
        expected = route_source()
    except OSError:
        assert "aucun réseau" in lines[1]
        return
    assert not ipaddress.ip_address(expected).is_loopback
    assert (
        lines[1] == f"motamot : à donner à vos amis sur le même réseau : http://{expected}:{port}/"
    )
