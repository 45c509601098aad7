"""`--db` (`serve`, `admin`): a URL no store reads, or a database that does not answer,
is said in one line of the operator's language (exit 2), never a traceback, and never
with the URL's password."""

from __future__ import annotations

import pytest

from motamot.cli.main import main
from tests.ports import free_port


@pytest.mark.parametrize(
    ("db", "lang", "said"),
    [
        ("mysql://h/db", "fr", "--db : un fichier SQLite"),
        ("http://h", "en", "--db: a SQLite file"),
        ("postgresql://ana:secret@h/db?schema=Club", "en", "postgresql://ana:***@h/db"),
        ("postgresql://h/db?schema=x;drop", "fr", "un nom de minuscules, chiffres et _"),
    ],
)
def test_a_url_no_store_reads_is_an_option_error(
    db: str, lang: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--lang", lang, "serve", "--port", str(free_port()), "--db", db]) == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err and "secret" not in err


def test_a_database_that_does_not_answer_is_said_in_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    db = "postgresql://ana:secret@127.0.0.1:1/test"  # nothing listens on port 1
    command = ["--lang", "en", "serve", "--host", "127.0.0.1", "--port", str(free_port())]
    assert main([*command, "--db", db]) == 2
    err = capsys.readouterr().err
    line = next(line for line in err.splitlines() if "does not answer" in line)
    assert "The database (--db) or Redis (--broker) does not answer: OperationalError" in line
    assert line.endswith("Nothing was changed; start again once they answer")
    assert "Traceback" not in err and "secret" not in err


@pytest.mark.parametrize("command", [["reports"], ["bans"], ["fairplay"], ["rebuild-ratings"]])
def test_the_admin_commands_say_the_same(
    command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["admin", *command, "--db", "mysql://ana:secret@h/db"]) == 2
    err = capsys.readouterr().err
    assert "--db : un fichier SQLite" in err and "mysql://ana:***@h/db" in err
    assert main(["admin", *command, "--db", "postgresql://127.0.0.1:1/test"]) == 2
    err = capsys.readouterr().err
    assert "La base (--db) ou Redis (--broker) ne répond pas : OperationalError" in err
    assert "Traceback" not in err and "secret" not in err
