"""Every page text a browser module names is in the page's catalogue, in French and in
English: a key missing there would be shown to a player as the key itself."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import motamot
from motamot.text.i18n import LANGUAGES, Language
from motamot.text.web import client_catalog
from motamot.topword.duplicate import DuplicateEnd
from motamot.web import default_kinds

default_kinds()  # every kind's texts join the catalogues (text.kinds)

PACKAGE = Path(motamot.__file__).parent
MODULES = sorted([*PACKAGE.glob("server/static/*.js"), *PACKAGE.glob("web/*/static/*.js")])
#: `t("key"` with a literal key (keys built from data are checked below by their data).
LITERAL = re.compile(r"\bt\(\s*\"([^\"]+)\"")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_literal_key_of_every_module_has_its_text(lang: Language) -> None:
    page = client_catalog(lang)["page"]
    missing = [
        f"{module.relative_to(PACKAGE)}: {key}"
        for module in MODULES
        for key in LITERAL.findall(module.read_text("utf-8"))
        if key not in page
    ]
    assert missing == []
    assert len(MODULES) >= 10


@pytest.mark.parametrize("lang", LANGUAGES)
def test_d2_d5_every_end_of_a_duplicate_game_is_said(lang: Language) -> None:
    page = client_catalog(lang)["page"]
    assert all(f"dup_end.{end.value}" in page for end in DuplicateEnd)
