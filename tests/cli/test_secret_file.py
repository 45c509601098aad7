"""`motamot serve --secret-file`: a file that cannot serve stops the server before it
takes a port, with the reason in the player's language; a good one is read as is."""

from __future__ import annotations

from pathlib import Path

import pytest

from motamot.cli.main import main
from motamot.cli.secret import load_secret
from motamot.service.server_secret import ServerSecret


def test_serve_refuses_a_damaged_secret_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "server.secret"
    bad.write_text("pas un secret\n")
    db = tmp_path / "rooms.sqlite3"
    code = main(["serve", "--db", str(db), "--port", "1", "--secret-file", str(bad)])
    err = capsys.readouterr().err
    assert code == 2 and "ne contient pas un secret de serveur" in err and str(bad) in err
    assert not db.exists()  # nothing was opened
    code = main(["--lang", "en", "serve", "--port", "1", "--secret-file", str(bad)])
    assert code == 2 and "does not hold a server secret" in capsys.readouterr().err


def test_the_secret_file_given_is_the_one_read(tmp_path: Path) -> None:
    path = tmp_path / "shared.secret"
    made = ServerSecret.load(path)
    assert load_secret(str(path), "fr").seed("daily") == made.seed("daily")
