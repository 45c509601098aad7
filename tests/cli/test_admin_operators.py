"""`motamot admin operators add|remove|list`: only an account may be named (by its name in
any case or accents), naming twice or removing a stranger says so, a deleted account
stops being an operator, hostile names are bounded, and every change is logged."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from motamot.cli.main import main
from motamot.service.players.names import account_keys
from motamot.service.players.store import PlayerStore

T0 = 1_700_000_000.0


def make_accounts(db: Path, *names: str) -> dict[str, str]:
    """Accounts called `names` in the players' store of `db`: their players' ids."""

    async def body() -> dict[str, str]:
        store = await PlayerStore.open(str(db))
        try:
            made = {}
            for n, name in enumerate(names):
                player = await store.player_of_identity(f"{n:064d}", T0)
                assert await store.claim(player, name, account_keys(name), "hash")
                made[name] = player
            return made
        finally:
            await store.close()

    return asyncio.run(body())


def on_store(db: Path, work: str, player: str = "") -> object:
    async def body() -> object:
        store = await PlayerStore.open(str(db))
        try:
            if work == "delete":
                await store.delete_account(player)
                return None
            if work == "is":
                return await store.is_operator(player)
            return [(a.operator, a.action, a.target) for a in await store.actions(10)]
        finally:
            await store.close()

    return asyncio.run(body())


def test_operators_are_accounts_named_listed_and_removed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "rooms.sqlite3"
    made = make_accounts(db, "Élodie", "Marc")
    assert main(["admin", "operators", "list", "--db", str(db)]) == 0
    assert "aucun opérateur" in capsys.readouterr().out
    assert main(["admin", "operators", "add", "ELODIE", "--db", str(db)]) == 0
    assert "Élodie est opérateur" in capsys.readouterr().out
    assert main(["admin", "operators", "add", "élodie", "--db", str(db)]) == 0
    assert "déjà" in capsys.readouterr().out
    assert main(["--lang", "en", "admin", "operators", "list", "--db", str(db), "--json"]) == 0
    (listed,) = json.loads(capsys.readouterr().out)
    assert listed["name"] == "Élodie" and listed["player"] == made["Élodie"]
    assert on_store(db, "is", made["Élodie"]) is True
    assert on_store(db, "is", made["Marc"]) is False
    assert main(["admin", "operators", "remove", "Marc", "--db", str(db)]) != 0
    assert "'Marc' n'est pas opérateur" in capsys.readouterr().err
    assert main(["admin", "operators", "remove", "Elodie", "--db", str(db)]) == 0
    assert "Élodie n'est plus opérateur" in capsys.readouterr().out
    assert on_store(db, "is", made["Élodie"]) is False
    assert on_store(db, "log") == [
        ("cli", "operator.remove", "Élodie"),
        ("cli", "operator.add", "Élodie"),
    ]


def test_only_accounts_and_no_deleted_one_hostile_names_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "rooms.sqlite3"
    made = make_accounts(db, "Zoé")
    for hostile in ("Personne", "", " ", "x" * 10_000, "Zoé\x00", "' OR 1=1 --"):
        assert main(["admin", "operators", "add", hostile, "--db", str(db)]) != 0
        assert "aucun compte" in capsys.readouterr().err
    assert main(["admin", "operators", "add", made["Zoé"], "--db", str(db)]) != 0  # an id
    capsys.readouterr()
    assert main(["admin", "operators", "add", "Zoé", "--db", str(db)]) == 0
    capsys.readouterr()
    on_store(db, "delete", made["Zoé"])
    assert on_store(db, "is", made["Zoé"]) is False  # a deleted account moderates no more
    assert main(["admin", "operators", "remove", "Zoé", "--db", str(db)]) == 0  # by its old name
    assert "Zoé n'est plus opérateur" in capsys.readouterr().out


def test_bans_from_the_command_line_are_logged_as_its_own(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "rooms.sqlite3"
    make_accounts(db, "Zoé")
    assert main(["admin", "ban", "zoe", "--db", str(db)]) == 0
    assert main(["admin", "ban", "192.0.2.7", "--db", str(db)]) == 0
    assert main(["admin", "unban", "Zoé", "--db", str(db)]) == 0
    assert main(["admin", "ban", "Personne", "--db", str(db)]) != 0  # nothing done: no line
    capsys.readouterr()
    assert on_store(db, "log") == [
        ("cli", "unban", "Zoé Zoé"),
        ("cli", "ban", "192.0.2.7"),
        ("cli", "ban", "Zoé"),
    ]
