"""W4, W5: `motamot admin words`: the proposals grouped by word, a change made with its
reason (never one that changes nothing), a refusal the askers are shown, the changes."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from motamot.cli.main import main
from motamot.service.players.store import PlayerStore
from motamot.service.players.words import Proposal


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def proposed(db: str, *proposals: Proposal) -> None:
    async def body() -> None:
        store = await PlayerStore.open(db)
        try:
            for proposal in proposals:
                await store.propose_word(proposal)
        finally:
            await store.close()

    asyncio.run(body())


def answers(db: str, player: str) -> list[str]:
    async def body() -> list[str]:
        store = await PlayerStore.open(db)
        try:
            return [proposal.answer for proposal in await store.word_answers(player)]
        finally:
            await store.close()

    return asyncio.run(body())


def test_w5_admin_words_lists_accepts_and_refuses(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = str(tmp_path / "server.db")
    proposed(
        db,
        Proposal("fr", "KIP", True, "p1", "o1", "room1", "dans l'ODS", 10.0),
        Proposal("fr", "KIP", True, "p2", "o1", "room2", "", 11.0),
        Proposal("fr", "ZEF", True, "p3", "o2", "room2", "vent", 12.0),
    )
    code, out, _ = run(capsys, "admin", "words", "--db", db)
    assert code == 0
    assert out.splitlines()[0].startswith(
        "KIP (fr, à ajouter)\u00a0: 2 demandes, 1 adresse\u00a0; depuis"
    )
    assert (
        "  «\u00a0dans l'ODS\u00a0»" in out
        and "ZEF (fr, à ajouter)\u00a0: 1 demande, 1 adresse" in out
    )
    code, out, _ = run(capsys, "admin", "words", "add", "kip", "--reason", "ODS 8", "--db", db)
    assert code == 0 and out == "KIP ajouté à fr\u00a0: les nouvelles parties jouent avec fr+1\n"
    assert answers(db, "p1") == answers(db, "p2") == ["accepted"]
    code, out, _ = run(
        capsys, "admin", "words", "refuse", "Zef", "--reason", "régional", "--db", db
    )
    assert code == 0 and out == "Zef\u00a0: 1 demande refusée\n"
    assert answers(db, "p3") == ["régional"]
    code, out, _ = run(capsys, "admin", "words", "proposals", "--json", "--db", db)
    assert json.loads(out) == []
    code, out, _ = run(capsys, "--lang", "en", "admin", "words", "remove", "chat", "--reason",
                       "test", "--db", db)  # fmt: skip
    assert out == "CHAT removed from fr: new games play with fr+2\n"
    code, out, _ = run(capsys, "admin", "words", "changes", "--json", "--db", db)
    rows = json.loads(out)
    assert [(r["number"], r["word"], r["added"], r["reason"]) for r in rows] == [
        (1, "KIP", True, "ODS 8"),
        (2, "CHAT", False, "test"),
    ]


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["add", "kip"], "donnez une raison (--reason)"),
        (
            ["add", "chat", "--reason", "r"],
            "CHAT\u00a0: rien ne change, la liste fr le contient déjà",
        ),
        (
            ["remove", "kip", "--reason", "r"],
            "KIP\u00a0: rien ne change, la liste fr l'ignore déjà",
        ),
        (["add", "k1p", "--reason", "r"], "n'est pas un mot de 2 à 30 lettres"),
        (["add", "kip", "--dict", "xx", "--reason", "r"], "aucune liste 'xx' sur ce serveur"),
    ],
)
def test_w4_admin_words_refuses_a_change_that_changes_nothing_or_is_not_one(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], said: str
) -> None:
    db = str(tmp_path / "server.db")
    code, out, err = run(capsys, "admin", "words", *argv, "--db", db)
    assert code == 2 and out == "" and said in err and "Traceback" not in err
    code, out, _ = run(capsys, "admin", "words", "changes", "--db", db)
    assert out == "Aucun changement\u00a0: les listes sont celles livrées avec motamot.\n"
