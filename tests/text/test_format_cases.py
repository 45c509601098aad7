"""The message formatter's two halves fill every case of one table alike: the server's
(`text.i18n.render`) here, the pages' (`server/static/format.js`) in
tests/js/format.test.js. The JS half wrote counts without grouping their thousands
(« 1402 pts », « 12345 joueurs »); the server's grouping is the right one (French
typography: « 1 402 pts »)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from motamot.text.i18n import elides, render, translate
from motamot.text.topword_web import TOPWORD_PAGE
from tests.js.node import ROOT, node_test

CASES: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "format_cases.json").read_text("utf-8")
)


def test_the_table_covers_both_languages_plurals_numbers_and_braces() -> None:
    templates = " ".join(case["template"] for case in CASES)
    assert {case["lang"] for case in CASES} == {"fr", "en"}
    for part in ("|", ":n}", "{{", "}}"):
        assert part in templates
    assert any("\u202f" in case["text"] for case in CASES)


@pytest.mark.parametrize("case", CASES, ids=lambda case: f"{case['lang']}:{case['template']}")
def test_the_server_fills_each_case_of_the_table(case: dict[str, Any]) -> None:
    assert render(case["template"], case["lang"], **case["fields"]) == case["text"]


def test_the_pages_fill_each_case_of_the_table_too() -> None:
    ran = node_test(ROOT / "tests" / "js" / "format.test.js")
    assert ran.returncode == 0, ran.stdout[-3000:] + ran.stderr[-2000:]
    passed = [line for line in ran.stdout.splitlines() if line.startswith("ok ")]
    assert len(passed) >= len(CASES) and "# fail 0" in ran.stdout


def test_french_elides_before_a_vowel_or_an_h_as_the_pages_do() -> None:
    """« au tour d'Anne », « au tour de Bob »: the cases the pages' `elides` passes too
    (tests/js/format.test.js)."""
    cases = json.loads((Path(__file__).parent / "elision_cases.json").read_text("utf-8"))
    assert len(cases) > 10
    for name, elided in cases:
        assert elides(name) is elided, name
    assert translate(TOPWORD_PAGE, "turn_of_elided", "fr", name="Anne") == "au tour d'Anne"
