"""The terminal games when their input ends or their saves fail (issue 26 item 12): the end
of input ends the game (saved, resumable), and a data folder that cannot be written is said
in words, never a traceback, the game stopping cleanly with what was stored kept."""

from __future__ import annotations

import os
import re
import resource
import signal
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

SRC = Path(__file__).resolve().parents[2] / "src"


def _env(data: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(SRC), env.get("PYTHONPATH")]))
    env["MOTAMOT_DATA_DIR"] = str(data)
    env["NO_COLOR"] = "1"
    return env


def _run(data: Path, args: list[str], given: str = "") -> subprocess.CompletedProcess[str]:
    """The real program with `given` on its standard input, then the end of input."""
    return subprocess.run(
        [sys.executable, "-m", "motamot", *args],
        input=given,
        env=_env(data),
        capture_output=True,
        text=True,
        timeout=120,  # a game that never stops fails here
    )


def test_boggle_end_of_input_ends_the_game_saved_and_resumable(tmp_path: Path) -> None:
    play = ["boggle", "play", "--seed", "5", "--bots", "beginner,expert", "--rounds", "1"]
    done = _run(tmp_path, play, "MOT\n")  # "MOT" starts round 1, then the input ends
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert "Fin de l'entrée : partie arrêtée." in done.stdout
    assert done.stdout.count("Manche 1 — résultats") == 0  # the round was left running
    assert "Pour la reprendre : motamot boggle play --resume" in done.stdout
    again = _run(tmp_path, ["boggle", "play", "--resume"])
    assert again.returncode == 0, again.stderr
    assert "Partie reprise : manche 1, il reste" in again.stdout


@pytest.mark.slow
def test_topword_end_of_input_ends_the_game_saved_and_resumable(tmp_path: Path) -> None:
    done = _run(
        tmp_path, ["topword", "play", "--seed", "5", "--players", "human,greedy"], "passe\n"
    )
    assert done.returncode == 0, done.stderr
    assert "Fin de l'entrée : partie arrêtée." in done.stdout
    saved = next((tmp_path / "topword").glob("*.txt"))
    assert "Vous: [ARDRXEE] pass" in saved.read_text()
    again = _run(tmp_path, ["topword", "play", "--resume", str(saved)])
    assert again.returncode == 0, again.stderr
    assert "TOPWORD · tour 3" in again.stdout  # Vous passed, the computer played


@pytest.mark.parametrize("game", [["boggle", "play"], ["topword", "play"]])
def test_a_data_folder_that_cannot_be_made_is_said_in_words(
    tmp_path: Path, game: list[str]
) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("a file where the data folder should be\n")
    done = _run(blocked / "data", game, "\n")
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert f"motamot: Enregistrement impossible dans {blocked}" in done.stderr
    assert "jouez dans un autre dossier (MOTAMOT_DATA_DIR=DOSSIER)" in done.stderr
    assert blocked.read_text() == "a file where the data folder should be\n"


def _small_files() -> None:
    """In the child: files may not grow past 96 KiB, a write past it fails with EFBIG (as
    on a full disk) instead of killing the process."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (96 * 1024, 96 * 1024))


@pytest.mark.slow
def test_boggle_a_save_failing_mid_round_stops_cleanly_keeping_what_was_stored(
    tmp_path: Path,
) -> None:
    env = _env(tmp_path)
    env["TERM"] = "xterm"
    child = pexpect.spawn(
        sys.executable,
        ["-m", "motamot", "boggle", "play", "--seed", "3", "--duration", "600"],
        env=env,
        encoding="utf-8",
        dimensions=(24, 80),
        timeout=30,
        preexec_fn=_small_files,
    )
    child.expect("Entrée pour lancer la manche 1")
    child.send("\r")
    child.expect(r"\x1b\[K> ")
    child.send("fermete\r")
    child.expect("FERMETE : accepté")
    store = re.escape(str(tmp_path / "rooms.sqlite3"))
    for number in range(2000):  # each word is a commit: the store's file grows to its limit
        child.send(f"zz{number}\r")
        if child.expect([r"\x1b\[K> ", f"Enregistrement impossible dans {store} \\("]) == 1:
            break
    else:
        pytest.fail("the store never filled up")
    child.expect("Partie arrêtée pour ne rien perdre")
    child.expect(pexpect.EOF)
    assert "Traceback" not in child.before
    assert child.wait() == 1
    # Without the limit, the match resumes mid-round with what was stored.
    again = _run(tmp_path, ["boggle", "play", "--resume"])
    assert "Partie reprise : manche 1" in again.stdout
    saved = max((tmp_path / "boggle").glob("*.txt"), key=lambda path: path.stat().st_mtime)
    assert "Vous: fermete" in saved.read_text()


@pytest.mark.slow
def test_topword_a_save_failing_mid_game_stops_cleanly(tmp_path: Path) -> None:
    env = _env(tmp_path)
    env["TERM"] = "xterm"
    play = ["-m", "motamot", "topword", "play", "--seed", "5", "--players", "human,greedy"]
    child = pexpect.spawn(
        sys.executable,
        play,
        env=env,
        encoding="utf-8",
        dimensions=(24, 80),
        timeout=60,
        preexec_fn=_small_files,
    )
    store = re.escape(str(tmp_path / "rooms.sqlite3"))
    for _ in range(300):  # each turn is a commit or two: the store grows to its limit
        if child.expect([r"\n> ", f"Enregistrement impossible dans {store} \\("]) == 1:
            break
        child.send("passe\r")
    else:
        pytest.fail("the store never filled up")
    child.expect("Partie arrêtée pour ne rien perdre")
    child.expect(pexpect.EOF)
    assert "Traceback" not in child.before
    assert child.wait() == 1
