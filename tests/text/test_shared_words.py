"""The terminal and the browser name the same things with the same words (issue 21): a
computer player's level, why a word is refused, what a word taken is told; and the page's
« ready » texts are neutral in French."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from motamot.boggle.referee import Feedback, Verdict
from motamot.cli.boggle_screen import BoggleScreen
from motamot.cli.term import LineReader, strip_ansi
from motamot.service.boggle.local import LocalMatch, LocalRound
from motamot.service.boggle.settings import BoggleSettings
from motamot.service.local import LocalRooms
from motamot.service.ports import ManualClock
from motamot.text.i18n import Language, render
from motamot.text.web import client_catalog
from motamot.web import default_kinds

default_kinds()  # every kind's texts join the catalogues (text.kinds)


def _reader() -> LineReader:
    read, write = os.pipe()
    os.close(write)
    return LineReader(read)


@pytest.fixture
def match(tmp_path: Path) -> LocalMatch:
    local = LocalRooms(default_kinds().rooms, tmp_path / "rooms.sqlite3", ManualClock())
    bots = [("Ordi 1", "intermediate"), ("Ordi 2", "advanced")]
    return LocalMatch.new(local, BoggleSettings(duration=30.0), "Vous", bots, 3)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_computer_players_level_reads_the_same_in_the_terminal_and_the_page(
    match: LocalMatch, lang: Language
) -> None:
    out = io.StringIO()
    BoggleScreen(out, _reader(), lang, match.local.clock.now).intro(match)
    page = client_catalog(lang)["page"]
    assert f"Ordi 1 ({page['level.intermediate']})" in out.getvalue()
    assert f"Ordi 2 ({page['level.advanced']})" in out.getvalue()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_b12_a_refused_word_reads_the_same_in_the_terminal_and_the_page(
    match: LocalMatch, lang: Language
) -> None:
    live: LocalRound = match.new_round()
    screen = BoggleScreen(io.StringIO(), _reader(), lang, match.local.clock.now)
    texts = client_catalog(lang)
    for feedback in Feedback:
        shown = strip_ansi(screen.feedback_text(Verdict.told("mot", "MOT", feedback, 2), live))
        if feedback in (Feedback.ACCEPTED, Feedback.WRITTEN):
            assert render(texts["page"][feedback], lang, word="MOT", points=2) in shown
        else:
            assert texts["reasons"][feedback] in shown, feedback


def test_the_pages_ready_texts_have_no_gender_in_french() -> None:
    page = client_catalog("fr")["page"]
    for key in ("i_am_ready", "ready", "not_ready"):
        assert "prêt" not in page[key].lower(), page[key]
