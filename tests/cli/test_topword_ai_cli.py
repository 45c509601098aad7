"""`motamot topword moves|hint|analyse|selfplay`: the issue's JSON, bad input without traceback."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from motamot.cli.main import main
from motamot.lexicon import load_lexicon
from motamot.topword import EMPTY_POSITION, TOPWORD_FR, UPWORDS_EN, parse_position
from motamot.topword.game import Game
from motamot.topword.movegen import count_legal_moves
from motamot.topword.record import format_record
from motamot.topword.selfplay import selfplay_game

FAN = "/".join(["." * 10] * 4 + ["....FAN...", *["." * 10] * 5])


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_moves_json_counts_all_and_sorts_by_points_then_notation(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "topword", "moves", FAN, "--rack", "EIPLUSQ", "--json")
    assert code == 0
    data = json.loads(out)
    fr = load_lexicon("fr")
    assert data["count"] == count_legal_moves(parse_position(FAN), "EIPLUSQ", TOPWORD_FR, fr)
    assert data["count"] == len(data["moves"]) == 1024
    keys = [(-move["points"], move["move"]) for move in data["moves"]]
    assert keys == sorted(keys)
    assert set(data["moves"][0]) == {"move", "points"}
    code, out, _ = run(capsys, "topword", "moves", FAN, "--rack", "EIPLUSQ", "--top", "3", "--json")
    top = json.loads(out)
    assert top == {"count": 1024, "moves": data["moves"][:3]}


def test_moves_json_on_the_empty_board_and_the_english_ruleset(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, out, _ = run(capsys, "topword", "moves", EMPTY_POSITION, "--rack", "MAIN", "--json")
    moves = {move["move"]: move["points"] for move in json.loads(out)["moves"]}
    assert moves["5E MAIN"] == 8
    _, out, _ = run(
        capsys, "topword", "moves", FAN, "--rack", "EIPLUSQ", "--ruleset", "upwords-en", "--json"
    )
    en = load_lexicon("en")
    count = count_legal_moves(parse_position(FAN), "EIPLUSQ", UPWORDS_EN, en)
    assert json.loads(out)["count"] == count == 527


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["moves", "A/B", "--rack", "ABC"], "position"),
        (["moves", FAN, "--rack", "AB1"], "chevalet"),
        (["moves", FAN, "--rack", "ABCDEFGH"], "chevalet"),
        (["moves", FAN, "--rack", "AB", "--top", "-1"], "--top"),
        (["moves", FAN, "--rack", "AB", "--dict", "/no/such/list.txt"], "motamot:"),
        (["selfplay", "--games", "0"], "--games"),
        (["selfplay", "--players", "greedy,wizard"], "wizard"),
        (["selfplay", "--players", "greedy"], "--players"),
        (["analyse", "/no/such/record.txt"], "/no/such/record.txt"),
    ],
)
def test_bad_input_is_a_clear_error_without_traceback(
    capsys: pytest.CaptureFixture[str], argv: list[str], fragment: str
) -> None:
    code, out, err = run(capsys, "topword", *argv)
    assert code == 2 and out == ""
    assert fragment in err and "Traceback" not in err


def test_hint_json_itemises_each_move(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "topword", "hint", FAN, "--rack", "EIPLUSQ", "--top", "2", "--json")
    assert code == 0
    found = json.loads(out)["hints"]
    assert len(found) == 2
    for hint in found:
        assert hint["legal"] is True
        total = sum(w["points"] for w in hint["words"]) + sum(b["points"] for b in hint["bonuses"])
        assert total == hint["points"]
    code, out, _ = run(capsys, "--lang", "en", "topword", "hint", FAN, "--rack", "EIPLUSQ")
    assert code == 0 and "points" in out


def test_selfplay_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "topword", "selfplay", "--games", "3", "--players", "greedy,beginner", "--json"
    )
    assert code == 0
    data = json.loads(out)
    assert set(data) == {
        "games",
        "seed",
        "ruleset",
        "dictionary",
        "draws",
        "average_turns",
        "end_reasons",
        "players",
    }
    assert data["games"] == 3 and data["seed"] == 0 and data["ruleset"] == "topword-fr"
    assert [entry["player"] for entry in data["players"]] == ["greedy", "beginner"]
    for entry in data["players"]:
        assert set(entry) == {
            "player",
            "level",
            "games",
            "wins",
            "draws",
            "losses",
            "win_rate",
            "interval",
            "average_score",
        }
        assert entry["wins"] + entry["draws"] + entry["losses"] == 3
    _, again, _ = run(
        capsys, "topword", "selfplay", "--games", "3", "--players", "greedy,beginner", "--json"
    )
    assert again == out
    code, text, _ = run(capsys, "topword", "selfplay", "--games", "1", "--players", "greedy,greedy")
    assert code == 0 and "greedy-1" in text and "greedy-2" in text


def test_analyse_a_record_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    game, _ = selfplay_game(["beginner", "greedy"], 9, load_lexicon("fr"))
    path = tmp_path / "game.txt"
    path.write_text(format_record(game), encoding="utf-8")
    code, out, _ = run(capsys, "topword", "analyse", str(path), "--json")
    assert code == 0
    data = json.loads(out)
    assert len(data["turns"]) == len(game.turns)
    for turn in data["turns"]:
        assert turn["given_up"] == max(0, turn["best_points"] - turn["points"]) >= 0
    assert set(data["given_up"]) == set(game.players)
    assert data["given_up"]["greedy"] == 0 < data["given_up"]["beginner"]
    code, text, _ = run(capsys, "topword", "analyse", str(path))
    assert code == 0 and "beginner" in text
    path.write_text("players: a, b\nseed: x\n", encoding="utf-8")
    code, _, err = run(capsys, "topword", "analyse", str(path))
    assert code == 2 and "graine" in err
    code, _, err = run(capsys, "--lang", "en", "topword", "analyse", str(path))
    assert code == 2 and "seed" in err


def test_w2_a_rack_with_accents_is_folded_like_words(capsys: pytest.CaptureFixture[str]) -> None:
    code, accented, _ = run(capsys, "topword", "moves", FAN, "--rack", "ÉïP ", "--json")
    _, plain, _ = run(capsys, "topword", "moves", FAN, "--rack", "EIP", "--json")
    assert code == 0 and json.loads(accented) == json.loads(plain)
    assert json.loads(plain)["count"] > 0
    code, _, err = run(capsys, "topword", "moves", FAN, "--rack", "ﬆ")
    assert code == 2 and "chevalet" in err


def test_analyse_text_says_pass_and_exchange_in_the_players_language(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    game = Game(["ana", "bob"], 4, load_lexicon("fr"), TOPWORD_FR, dictionary="fr")
    first = game.players[game.current]
    game.pass_turn()
    tile = game.rack()[0]
    game.exchange(tile)
    path = tmp_path / "game.txt"
    path.write_text(format_record(game), encoding="utf-8")
    label = "Qu" if tile == "Q" else tile
    code, text, _ = run(capsys, "topword", "analyse", str(path))
    assert code == 0
    assert re.search(rf"^1\. {first} \[\w+\] passe \+0", text, re.M)
    assert re.search(rf"^2\. \w+ \[\w+\] échange {label} \+0", text, re.M)
    code, text, _ = run(capsys, "--lang", "en", "topword", "analyse", str(path))
    assert re.search(r"^1\. \w+ \[\w+\] pass \+0", text, re.M)
    assert re.search(rf"^2\. \w+ \[\w+\] exchange {label} \+0", text, re.M)
