"""The systemd units deploy/systemd ships: `systemd-analyze verify` finds nothing to say
of them (their motamot's path replaced by this one's: verify checks the program exists),
they run as their own user with the secret where the docs say, and the one-process
unit's command, run as it is written (its paths in a folder of the test's), serves and
stops on SIGTERM."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests.ports import free_port

ROOT = Path(__file__).resolve().parents[2]
UNITS = ROOT / "deploy" / "systemd"
MOTAMOT = "/opt/motamot/venv/bin/motamot"
SYSTEMD_ANALYZE = shutil.which("systemd-analyze") or "/usr/bin/systemd-analyze"


def verify(folder: Path, *names: str) -> subprocess.CompletedProcess[str]:
    if not Path(SYSTEMD_ANALYZE).exists():
        pytest.fail("systemd-analyze is missing: apt-get install systemd (.ci/run does)")
    command = [SYSTEMD_ANALYZE, "verify", *names]
    return subprocess.run(command, cwd=folder, capture_output=True, text=True, timeout=60)


def installed(tmp_path: Path) -> Path:
    """The units as shipped, their motamot this test's."""
    here = str(Path(sys.executable).parent / "motamot")
    for unit in UNITS.iterdir():
        (tmp_path / unit.name).write_text(unit.read_text().replace(MOTAMOT, here))
    return tmp_path


def test_systemd_analyze_verify_finds_nothing_to_say(tmp_path: Path) -> None:
    folder = installed(tmp_path)
    names = ("motamot.service", "motamot@1.service", "motamot-backup.service")
    checked = verify(folder, *names, "motamot-backup.timer")
    assert checked.returncode == 0 and checked.stdout + checked.stderr == "", checked.stderr
    broken = (folder / "motamot.service").read_text().replace("=on-failure", "=sometimes")
    (folder / "broken.service").write_text(broken)
    assert "sometimes" in verify(folder, "broken.service").stderr  # it would have said


def test_the_units_run_as_their_own_user_with_the_secret_in_their_folder() -> None:
    for name in ("motamot.service", "motamot@.service", "motamot-backup.service"):
        text = (UNITS / name).read_text()
        assert "User=motamot" in text and "StateDirectoryMode=0700" in text, name
        assert "--secret-file /var/lib/motamot/server.secret" in text, name
        assert re.search(r"^SyslogIdentifier=motamot", text, re.M), name
    for name in ("motamot.service", "motamot@.service"):
        text = (UNITS / name).read_text()
        assert "Restart=on-failure" in text and "RestartPreventExitStatus=2" in text


@pytest.mark.slow
def test_the_service_command_serves_and_stops_on_sigterm(tmp_path: Path) -> None:
    text = (UNITS / "motamot.service").read_text()
    found = re.search(r"^ExecStart=(.*)$", text, re.M)
    assert found is not None
    port, metrics = free_port(), free_port()
    line = found[1].replace("/var/lib/motamot", str(tmp_path / "data"))
    line = line.replace("--port 8000", f"--port {port}").replace("9100", str(metrics))
    words = shlex.split(line)
    assert words[0] == MOTAMOT
    command = [sys.executable, "-m", "motamot", *words[1:]]
    env = {**os.environ, "MOTAMOT_DATA_DIR": str(tmp_path / "data")}
    log = (tmp_path / "journal").open("wb")
    server = subprocess.Popen(command, env=env, stdout=log, stderr=log)
    try:
        give_up = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=2):
                    break
            except OSError:
                assert server.poll() is None, (tmp_path / "journal").read_text()
                assert time.monotonic() < give_up
                time.sleep(0.2)
        with urllib.request.urlopen(f"http://127.0.0.1:{metrics}/metrics", timeout=5) as page:
            assert b"motamot_build_info" in page.read()
        server.send_signal(signal.SIGTERM)
        # uvicorn stops gracefully, then ends by the signal it got: systemd counts a
        # death by its KillSignal as a clean stop
        assert server.wait(30) in (0, -signal.SIGTERM)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
        log.close()
    assert (tmp_path / "data" / "server.secret").stat().st_mode & 0o077 == 0
    assert (tmp_path / "data" / "rooms.players.sqlite3").exists()
