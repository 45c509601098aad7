"""A mail names a game as its kind registered it (`kind.<name>`, `text.kinds`): the mail
catalogue names no game of its own."""

from __future__ import annotations

from motamot.text.kinds import register
from motamot.text.mail import MAIL, game_name
from tests.toy.game import TOY


def test_a_mail_names_a_game_by_the_name_its_kind_registered() -> None:
    register(TOY.texts)
    assert game_name("toy", "fr") == "Le jeu de dix"
    assert game_name("toy", "en") == "The game of ten"
    assert game_name("unheard", "fr") == "Unheard"  # a kind this process does not serve
    assert not [key for key in MAIL if key.startswith(("game.", "kind."))]
