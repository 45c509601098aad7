"""The real program in a pseudo-terminal (80×24): a Boggle round against two bots, and
Topword games against the computer (saved on Ctrl-C, resumed, played to the end, hot seat)."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pexpect
import pytest

from motamot.boggle import CLASSIC_FR, Entry, Sheet, bot_sheet, get_level, judge_round, roll, solve
from motamot.boggle import parse_record as parse_boggle_record
from motamot.lexicon import load_lexicon
from motamot.service.boggle.feedback import bot_seed
from motamot.topword.record import parse_record, replay

SRC = Path(__file__).resolve().parents[2] / "src"
CLEAR = "\x1b[H\x1b[2J"


def _spawn(args: list[str], data: Path, colour: bool = False) -> pexpect.spawn:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(SRC), env.get("PYTHONPATH")]))
    env["MOTAMOT_DATA_DIR"] = str(data)
    env["TERM"] = "xterm"
    env.pop("NO_COLOR", None)
    if not colour:
        env["NO_COLOR"] = "1"
    return pexpect.spawn(
        sys.executable,
        ["-m", "motamot", *args],
        env=env,
        encoding="utf-8",
        dimensions=(24, 80),
        timeout=30,  # generous: a loaded machine is slow, never wrong
    )


def _through_pages(child: pexpect.spawn, pattern: str, more: str) -> str:
    """Everything shown until `pattern`, pressing Enter at each full screen."""
    seen = ""
    while child.expect([pattern, more]) == 1:
        seen += child.before
        child.send("\r")
    return seen + str(child.before)


def _bot_sheets(seed: int, duration: float, levels: list[str]) -> list[Sheet]:
    """What the computer players (Ordi 1, 2...) write in round 1, from the engine alone."""
    grid, lexicon = roll(CLASSIC_FR, seed), load_lexicon("fr")
    return [
        bot_sheet(
            f"Ordi {n}", grid, CLASSIC_FR, lexicon, get_level(level), bot_seed(seed, n), duration
        )
        for n, level in enumerate(levels, 1)
    ]


@pytest.mark.slow
def test_b10_b11_b15_boggle_round_against_two_bots(tmp_path: Path) -> None:
    seed, duration = 3, 6.0
    # What the bots will write comes from the seed: the human copies the expert's first word.
    bots = _bot_sheets(seed, duration, ["expert", "advanced"])
    shared = bots[0].entries[0].text
    typed = [shared, "fermete", "fermete", "ab", "maison"]
    written = dict.fromkeys(typed)  # the second "fermete" is refused at once, not written
    mine = Sheet("Vous", tuple(Entry(word, 1.0) for word in written))
    grid = roll(CLASSIC_FR, seed)
    result = judge_round(grid, CLASSIC_FR, load_lexicon("fr"), [mine, *bots], duration)

    child = _spawn(
        ["boggle", "play", "--seed", str(seed), "--duration", "6", "--bots", "expert,advanced"],
        tmp_path,
    )
    child.expect("Entrée pour lancer la manche 1")
    child.send("\r")
    child.expect("⏱ 0:0[56]")
    child.expect(r"\x1b\[K> ")  # the input line, under the grid
    for word in typed:
        child.send(word + "\r")
    child.expect("= FERMETE : déjà écrit")
    child.expect("✗ ab : trop court")
    child.expect("✗ MAISON : pas dans la grille")
    child.expect("Temps écoulé")
    child.expect("Manche 1 — résultats — grille EFSR/OTEM/QuLEA/XLZU")
    results = _through_pages(child, "Mot à montrer dans la grille", "-- suite : Entrée --")
    for player in result.players:
        label = player.player + (" (expert)" if player.player == "Ordi 1" else "")
        label += " (confirmé)" if player.player == "Ordi 2" else ""
        assert f"{label} — {player.total} point" in results
    assert results.count(f"~{shared.upper()}~") == 2  # crossed out on both sheets
    assert "FERMETE 5" in results
    assert "ab (trop court)" in results and "maison (pas dans la grille)" in results
    winners = ", ".join("vous" if name == "Vous" else name for name in result.winners)
    assert f"Manche gagnée par {winners}" in results  # the person in lower case mid-sentence
    assert re.search(r"Mots manqués : \d+ sur \d+ dans la grille", results)
    assert "FOLLETS 5" in results  # a missed word, with its points
    assert re.search(r"\(5 pt\) : \w\(\w\d\)( → \w+\(\w\d\)){6}", results)  # a 7-letter path
    child.send("fermete\r")  # ask for a word's path on the grid
    child.expect(r"FERMETE \(5 pt\) : F\(A2\) → E")
    child.expect("Mot à montrer")
    child.send("\r")
    child.expect("Tableau des scores après 1 manche")
    child.expect("Partie gagnée par")
    child.expect(r"Partie enregistrée dans (\S+)")
    saved = Path(child.match.group(1))
    child.expect(r"Revanche \? \(o/n\)")
    child.send("n\r")
    child.expect(pexpect.EOF)
    assert child.wait() == 0
    assert saved.parent == tmp_path / "boggle"
    assert "grid: EFSR/OTEM/QuLEA/XLZU" in saved.read_text()


def test_b10_b15_boggle_round_stopped_early_counts_and_lists_everything(tmp_path: Path) -> None:
    seed = 3
    bot_words = _bot_sheets(seed, 180.0, ["expert"])[0].entries
    child = _spawn(["boggle", "play", "--seed", str(seed), "--bots", "expert"], tmp_path)
    child.expect("Entrée pour lancer la manche 1")
    child.send("\r")
    child.expect(r"\x1b\[K> ")
    child.send("fermete\r")
    child.expect("Vous : 1 mot\\b")
    child.send("zz\r")  # refused: the count stays
    child.expect("✗ zz : trop court")
    child.expect("Vous : 1 mot\\b")
    child.send("/fin\r")
    child.expect(r"Manche arrêtée, il restait 2:[45]\d\. On pose les crayons\.")
    child.expect("Mots manqués : ")
    shown = _through_pages(child, "Mot à montrer dans la grille, /tous", "-- suite : Entrée --")
    assert re.search(r"… et \d+ de plus : /tous pour la liste entière", shown)
    child.send("/tous\r")
    whole = _through_pages(child, "Mot à montrer dans la grille, /tous", "-- suite : Entrée --")
    missed = solve(roll(CLASSIC_FR, seed), CLASSIC_FR, load_lexicon("fr")).count
    assert len(re.findall(r"\b[A-Z]+ \d+\b", whole)) >= missed - 1  # all but FERMETE
    child.send("\r")
    child.expect(r"Partie enregistrée dans (\S+)")
    saved = Path(child.match.group(1))
    child.expect(r"Revanche \? \(o/n\)")
    child.send("n\r")
    child.expect(pexpect.EOF)
    record = parse_boggle_record(saved.read_text())
    written = record.rounds[0].sheets[1].entries
    assert written == bot_words[: len(written)] and len(written) < len(bot_words)
    assert record.rounds[0].sheets[0].entries[0].text == "fermete"


def test_boggle_ctrl_c_saves_the_round_in_progress(tmp_path: Path) -> None:
    # English messages, French dice and words (a named preset keeps its word list)
    play = ["boggle", "play", "--preset", "classic-fr", "--seed", "3", "--duration", "60"]
    child = _spawn(["--lang", "en", *play], tmp_path)
    child.expect("Press Enter to start round 1")
    child.send("\r")
    child.expect(r"\x1b\[K> ")
    child.send("fermete\r")
    child.expect("✓ FERMETE: accepted, 5 pt")
    child.sendintr()
    child.expect(r"Game saved in (\S+)")
    saved = Path(child.match.group(1))
    child.expect(pexpect.EOF)
    assert child.wait() == 130
    assert re.search(r"\n\d+(\.\d)? You: fermete\n", saved.read_text())


def _turn_prompt(child: pexpect.spawn) -> None:
    child.expect(r"\n> ")


def test_t3_t17_t20_topword_ctrl_c_saves_and_resume_continues(tmp_path: Path) -> None:
    child = _spawn(["topword", "play", "--seed", "5", "--players", "human,greedy"], tmp_path, True)
    _turn_prompt(child)
    assert "\x1b[1m" in child.before  # colour on a terminal
    plain = re.sub(r"\x1b\[[0-9;]*m", "", child.before)
    assert "Chevalet (Vous)" in plain
    assert re.search(r"Tirage : Vous (\w+), Ordi (\w+) → Vous commence", plain)  # T3
    child.send("1A ZZZ\r")
    child.expect("Refusé : ")
    _turn_prompt(child)
    child.send("5E\r")
    child.expect("Coup illisible")
    _turn_prompt(child)
    child.send("indice\r")
    child.expect(r"Indices :\s+(\S+ \S+) \+(\d+) \(")
    move, points = child.match.group(1), child.match.group(2)
    _turn_prompt(child)
    child.send(move + "\r")
    child.expect(rf"Vous : {move} \+{points} \(")  # the itemised score
    _turn_prompt(child)
    child.send("passe\r")
    child.expect("Vous : passe")
    _turn_prompt(child)
    child.sendintr()
    child.expect(r"--resume (\S+)")
    saved = Path(child.match.group(1))
    child.expect(pexpect.EOF)
    assert child.wait() == 130
    assert saved.parent == tmp_path / "topword"
    text = saved.read_text()
    assert "# seats: Vous=human, Ordi=greedy" in text
    assert f"1. Vous: [ARDRXEE] {move} +{points}" in text
    assert "3. Vous: " in text and " pass " in text
    game = replay(parse_record(text), load_lexicon("fr"))
    assert len(game.turns) == 4 and not game.finished

    again = _spawn(["topword", "play", "--resume", str(saved)], tmp_path)
    _turn_prompt(again)
    assert "TOPWORD · tour 5" in again.before
    again.send("quitter\r")
    again.expect(r"Partie enregistrée dans (\S+)")
    assert Path(again.match.group(1)) == saved
    again.expect(pexpect.EOF)
    assert again.wait() == 0


def test_t18_t19_topword_game_to_the_end_and_rematch_offer(tmp_path: Path) -> None:
    child = _spawn(
        ["--lang", "en", "topword", "play", "--seed", "5", "--players", "human,greedy"], tmp_path
    )
    for _ in range(60):
        if child.expect([r"\n> ", r"Rematch\? \(y/n\)"]) == 1:
            break
        child.send("hint\r")
        found = child.expect([r"Hints:\s+(\S+ \S+) \+", "No move possible"])
        move = child.match.group(1) if found == 0 else "pass"
        _turn_prompt(child)
        child.send(move + "\r")
    else:
        pytest.fail("the game did not end")
    end = child.before
    assert re.search(r"Game over: (nobody can form a word|a player has used all|every player)", end)
    found = re.findall(r"  (You|Bot): (−?\d+) − (\d+) \(\d+ tiles? left\) = (−?\d+)", end)
    assert len(found) == 2  # a negative number with the minus sign, not the hyphen
    finals = [(name, *(int(n.replace("−", "-")) for n in nums)) for name, *nums in found]
    for _, score, penalty, final in finals:
        assert score - penalty == final
    best = max(final for *_, final in finals)
    winners = [name for name, *_, final in finals if final == best]
    assert re.search(rf"(Winner|Tie): {', '.join(winners)}!", end)
    child.send("n\r")
    child.expect(pexpect.EOF)
    assert child.wait() == 0


def test_t17_topword_hot_seat_exchange_and_hidden_rack(tmp_path: Path) -> None:
    child = _spawn(["topword", "play", "--seed", "9", "--players", "human:Ana,human:Bob"], tmp_path)
    child.expect(r"Au tour (de Bob|d'Ana)\.")  # « d'Ana »: French elides before a vowel
    first = "Bob" if child.match.group(1) == "de Bob" else "Ana"
    second = "Bob" if first == "Ana" else "Ana"
    child.send("\r")
    _turn_prompt(child)
    rack = re.search(rf"Chevalet \({first}\) : ((?:\w+ ?)+)", child.before)
    assert rack is not None
    tiles = rack.group(1).split()
    tile = tiles[0]
    child.send("échange TE\r")  # T17: one tile at a time
    child.expect("On échange une seule lettre à la fois : «\u00a0échange T\u00a0»")  # no rule id
    _turn_prompt(child)
    absent = next(letter for letter in "ZYXWKJ" if letter not in tiles)
    child.send(f"échange {absent.lower()}\r")
    child.expect(f"Pas de {absent.lower()} sur votre chevalet")
    _turn_prompt(child)
    child.send("5E MAIN\r")
    child.send("aide\r")  # the refusal is gone after the next action
    child.expect("Qu s'écrit QU")
    _turn_prompt(child)
    assert "Refusé" not in child.before.rsplit(CLEAR, 1)[-1]
    child.send(f"échange {tile}\r")  # T17
    child.expect(rf"Vous échangez {tile} : vous tirez \w+")
    child.expect("Entrée pour cacher votre chevalet")
    child.send("\r")
    child.expect("Au tour d'Ana." if second == "Ana" else "Au tour de Bob.")
    shown = child.before.rsplit(CLEAR, 1)[-1]
    assert "Chevalet" not in shown and CLEAR in child.before
    child.send("\r")
    _turn_prompt(child)
    assert f"Chevalet ({second})" in child.before
    child.sendintr()
    child.expect(pexpect.EOF)
    assert child.wait() == 130


def test_t8_t20_topword_move_shown_at_once_and_same_letter_stack_refused(tmp_path: Path) -> None:
    child = _spawn(["topword", "play", "--seed", "5", "--players", "human,greedy"], tmp_path)
    _turn_prompt(child)
    assert "Chevalet (Vous) : A R D R X E E" in child.before
    child.send("5E ZZZ\r")
    child.expect("Refusé : lettre absente du chevalet : ZZZ")
    child.send("E1 REAXER\r")
    # the move is drawn before the computer thinks, without the old refusal
    child.expect(r"Vous : E1 REAXER \+14 \(REAXER 12, lettre X \+2\)")
    child.expect("Ordi réfléchit")
    assert "Refusé" not in child.before.rsplit(CLEAR, 1)[-1]
    _turn_prompt(child)
    child.send("E1 REAXER\r")  # every letter over the same letter: a T8 stack, not a move
    child.expect("Refusé : lettre empilée sur la même lettre en 1E")
    child.expect("on n'empile pas une lettre sur la même\\.")  # no rule id for a player
    child.sendintr()
    child.expect(pexpect.EOF)


def test_b10_boggle_resume_mid_round_with_the_time_left(tmp_path: Path) -> None:
    """Ctrl-C leaves the round running in the store; --resume comes back to it with the
    words already written and the time that is left (the deadline is the referee's)."""
    child = _spawn(
        ["boggle", "play", "--seed", "3", "--duration", "120", "--bots", "expert"], tmp_path
    )
    child.expect("Entrée pour lancer la manche 1")
    child.send("\r")
    child.expect(r"\x1b\[K> ")
    child.send("fermete\r")
    child.expect("FERMETE : accepté")
    child.sendintr()
    child.expect("--resume")
    child.expect(pexpect.EOF)
    assert child.wait() == 130
    assert (tmp_path / "rooms.sqlite3").exists()

    again = _spawn(["boggle", "play", "--resume"], tmp_path)
    again.expect(r"Partie reprise : manche 1, il reste (\d):(\d\d)")
    left = int(again.match.group(1)) * 60 + int(again.match.group(2))
    assert 0 < left <= 120  # at most the round's 2 minutes (shown rounded up)
    again.expect(r"\x1b\[K> ")
    again.send("fermete\r")
    again.expect("= FERMETE : déjà écrit")  # the word written before the interruption
    again.send("/fin\r")
    again.expect("Manche arrêtée")
    _through_pages(again, "Mot à montrer", "-- suite : Entrée --")
    again.send("\r")
    again.expect(r"Revanche \? \(o/n\)")
    again.send("n\r")
    again.expect(pexpect.EOF)
    assert again.wait() == 0
    over = _spawn(["boggle", "play", "--resume"], tmp_path)
    over.expect("aucune partie de Boggle à reprendre")
    over.expect(pexpect.EOF)
    assert over.wait() != 0


def _best_word(seed: int) -> str:
    grid, lexicon = roll(CLASSIC_FR, seed), load_lexicon("fr")
    return max(solve(grid, CLASSIC_FR, lexicon).words, key=lambda w: (w.points, w.word)).word


def test_b10_boggle_resume_shows_the_words_already_written_and_commands_are_not_words(
    tmp_path: Path,
) -> None:
    """After Ctrl-C and --resume the screen lists the words written before (issue 21: it
    said « Vos mots (0) »); `/tous` in a round is a command, never a written word."""
    child = _spawn(
        ["boggle", "play", "--seed", "3", "--duration", "120", "--bots", "expert"], tmp_path
    )
    child.expect("Entrée pour lancer la manche 1")
    child.send("\r")
    child.expect(r"\x1b\[K> ")
    child.send("fermete\r")
    child.expect("FERMETE : accepté")
    child.send("zz\r")
    child.expect("✗ zz : trop court")
    child.send("/tous\r")
    child.expect(r"/tous : pas pendant la manche \(/fin la termine\)")
    child.expect("Vous : 1 mot\\b")
    child.sendintr()
    child.expect(pexpect.EOF)

    again = _spawn(["boggle", "play", "--resume"], tmp_path)
    again.expect("Partie reprise : manche 1")
    again.expect(r"Vos mots \(1\) :\s+fermete ✗zz\s")
    assert "Vous : 1 mot" in again.before
    again.send("/fin\r")
    results = _through_pages(again, "Mot à montrer", "-- suite : Entrée --")
    assert "refusés : zz (trop court)\n" in results.replace("\r", "")
    assert "/tous (" not in results  # not a refused entry
    again.send("\r")
    again.expect(r"Revanche \? \(o/n\)")
    again.send("n\r")
    again.expect(pexpect.EOF)
    newest = max((tmp_path / "boggle").glob("*.txt"), key=lambda path: path.stat().st_mtime)
    record = parse_boggle_record(newest.read_text())
    assert [e.text for e in record.rounds[0].sheets[0].entries] == ["fermete", "zz"]


def test_b14_boggle_round_nobody_scored_has_no_winner_and_you_win_in_lower_case(
    tmp_path: Path,
) -> None:
    """A round everyone ends at 0 is won by nobody; « gagnée par vous », not « Vous »; a
    rematch answer that is neither yes nor no is asked again (issue 21)."""
    seed, duration = 8, 600.0
    for number in (1, 2):  # the computer's first word comes late: the person is first
        first = _bot_sheets(seed + number - 1, duration, ["beginner"])[0].entries[0].at
        assert first > 60
    child = _spawn(
        ["boggle", "play", "--seed", str(seed), "--duration", "600", "--bots", "beginner"],
        tmp_path,
    )
    child.expect("Entrée pour lancer la manche 1")
    child.send("\r")
    child.expect(r"\x1b\[K> ")
    child.send("/fin\r")
    shown = _through_pages(child, "Mot à montrer", "-- suite : Entrée --")
    assert "Personne n'a marqué de point : pas de gagnant pour cette manche" in shown
    assert "gagnée par" not in shown
    child.send("\r")
    child.expect("Égalité en tête : une manche de plus.")
    child.expect("Entrée pour lancer la manche 2")
    child.send("\r")
    child.expect(r"\x1b\[K> ")
    child.send(_best_word(seed + 1).lower() + "\r")
    child.expect("accepté")
    child.send("/fin\r")
    shown = _through_pages(child, "Mot à montrer", "-- suite : Entrée --")
    assert "Manche gagnée par vous\n" in shown.replace("\r", "")
    child.send("\r")
    child.expect("Partie gagnée par vous !")
    child.expect(r"Revanche \? \(o/n\)")
    child.send("peut-être\r")
    child.expect(r"Revanche \? \(o/n\)")  # asked again
    child.send("n\r")
    child.expect(pexpect.EOF)
    assert child.wait() == 0


def test_t18_topword_rematch_asked_again_until_yes_or_no(tmp_path: Path) -> None:
    child = _spawn(["topword", "play", "--seed", "9", "--players", "human:Ana,human:Bob"], tmp_path)
    for _ in range(2):  # T18: every player passes, the game is over
        child.expect(r"Au tour (de Bob|d'Ana)\.")
        child.send("\r")
        _turn_prompt(child)
        child.send("passe\r")
        child.expect("Entrée pour cacher votre chevalet")
        child.send("\r")
    child.expect("Partie terminée : tous les joueurs ont passé")
    child.expect(r"Revanche \? \(o/n\)")
    child.send("peut-être\r")
    child.expect(r"Revanche \? \(o/n\)")
    child.send("non\r")
    child.expect(pexpect.EOF)
    assert child.wait() == 0
