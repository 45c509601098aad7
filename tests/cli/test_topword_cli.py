"""`motamot topword show|score|replay`: the JSON of the issue, French/English, no traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from motamot.cli.main import main
from motamot.lexicon import load_lexicon
from motamot.topword import EMPTY_POSITION
from motamot.topword.game import Game
from motamot.topword.record import format_record


def position(rows: dict[int, str]) -> str:
    lines = EMPTY_POSITION.split("/")
    for number, text in rows.items():
        lines[number - 1] = text
    return "/".join(lines)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_t20_score_json_itemises_nain_and_on(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "topword", "score", position({5: "...DO....."}), "6E NAIN", "--json")
    assert code == 0
    assert json.loads(out) == {
        "legal": True,
        "points": 10,
        "words": [
            {
                "word": "NAIN",
                "points": 6,
                "not_counted": [{"cell": "6E", "letter": "N", "counted_in": "ON"}],
            },
            {"word": "ON", "points": 4},
        ],
        "bonuses": [],
    }
    code, out, _ = run(
        capsys,
        "topword",
        "score",
        position({5: "...DO....."}),
        "6E NAIN",
        "--ruleset",
        "upwords-en",
        "--dict",
        "fr",
        "--json",
    )
    assert json.loads(out)["points"] == 12


def test_t20_score_json_refusal(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "topword", "score", position({5: "....FAN..."}), "5E FANS", "--json")
    assert code == 0
    assert json.loads(out) == {"legal": False, "reason": "plural_s_only", "detail": "FANS"}


def test_score_with_rack_and_empty_board(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(
        capsys, "topword", "score", EMPTY_POSITION, "E3 VOTE", "--rack", "voteq", "--json"
    )
    assert json.loads(out) == {
        "legal": True,
        "points": 10,
        "words": [{"word": "VOTE", "points": 8}],
        "bonuses": [{"kind": "letter_v", "points": 2}],
    }
    _, out, _ = run(
        capsys, "topword", "score", EMPTY_POSITION, "E3 VOTE", "--rack", "VOT", "--json"
    )
    assert json.loads(out) == {"legal": False, "reason": "not_on_rack", "detail": "E"}
    _, out, _ = run(capsys, "topword", "score", EMPTY_POSITION, "1A VOTE", "--json")
    assert json.loads(out)["reason"] == "first_move_off_centre"


def test_score_text_french_then_english(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "topword", "score", EMPTY_POSITION, "E3 VOTE")
    assert out.splitlines() == ["E3 VOTE : 10 points", "  VOTE : 8", "  bonus lettre V : +2"]
    _, out, _ = run(capsys, "--lang", "en", "topword", "score", EMPTY_POSITION, "E3 VOTE")
    assert out.splitlines()[0] == "E3 VOTE: 10 points"
    _, out, _ = run(capsys, "topword", "score", position({5: "....FAN..."}), "5E FANS")
    assert "refusé" in out and "FANS" in out and "pluriel" in out
    _, out, _ = run(capsys, "--lang", "en", "topword", "score", EMPTY_POSITION, "5E ZZZ")
    assert out.strip() == "5E ZZZ: refused — word not in the dictionary: ZZZ"


def test_show_draws_heights(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "topword", "show", position({5: "....F2AIM.."}))
    lines = out.splitlines()
    assert code == 0
    assert lines[0].split() == list("ABCDEFGHIJ")
    assert lines[5].split() == ["5", "·", "·", "·", "·", "F2", "A1", "I1", "M1", "·", "·"]
    assert lines[6].split()[5:7] == ["*", "*"]  # empty red centre squares
    assert "hauteur" in out
    _, out, _ = run(capsys, "--lang", "en", "topword", "show", "empty")
    assert "height" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["topword", "show", "nonsense"], "position invalide"),
        (["topword", "score", "x/y", "5E MAIN"], "position invalide"),
        (["topword", "score", EMPTY_POSITION, "MAIN"], "coup illisible"),
        (["topword", "score", EMPTY_POSITION, "5E COQ"], "Q sans U"),
        (["--lang", "en", "topword", "score", EMPTY_POSITION, "5E COQ"], "Q without U"),
        (["topword", "score", EMPTY_POSITION, "5E MAIN", "--rack", "ABCDEFGHI"], "chevalet"),
        (["topword", "score", EMPTY_POSITION, "5E MAIN", "--dict", "/nope/x"], "nope"),
        (["--lang", "en", "topword", "show", "nonsense"], "bad position"),
    ],
)
def test_bad_input_gives_a_message_not_a_traceback(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert message in err and "Traceback" not in err


def test_replay_command(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    game = Game(["Ana", "Bo"], 11, load_lexicon("fr"))
    game.pass_turn()
    game.pass_turn()
    path = tmp_path / "game.txt"
    path.write_text(format_record(game), encoding="utf-8")
    code, out, _ = run(capsys, "topword", "replay", str(path), "--json")
    assert code == 0
    assert json.loads(out) == {
        "turns": 2,
        "end": "all_passed",
        "position": EMPTY_POSITION,
        "scores": {"Ana": -35, "Bo": -35},
        "winners": ["Ana", "Bo"],
    }
    code, out, _ = run(capsys, "topword", "replay", str(path))
    assert "gagnant : Ana, Bo" in out
    path.write_text("seed: 1\nplayers: Ana, Bo\n1. Bo: pass\n2. Bo: pass\n", encoding="utf-8")
    code, _, err = run(capsys, "topword", "replay", str(path))
    assert code == 2 and "partie illisible" in err and "ligne 3 : c'est à Ana" in err
    code, _, err = run(capsys, "--lang", "en", "topword", "replay", str(path))
    assert code == 2 and "line 3: it is Ana's turn" in err
    code, _, err = run(capsys, "topword", "replay", str(tmp_path / "missing.txt"))
    assert code == 2 and "missing.txt" in err
