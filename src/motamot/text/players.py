"""What the terminal and the browser both call the players: the person, the computer
players, their levels. One wording, read by both (issue 21: the terminal said « Ordi 1
(moyen) » where the page said « intermédiaire »).

Levels: « débutant, intermédiaire, confirmé, expert », the usual French ladder of levels
(« moyen » reads as « mediocre », « avancé » is the English word translated).
"""

from __future__ import annotations

from collections.abc import Sequence

from motamot.text.i18n import Catalog, Language, translate

PLAYERS: Catalog = {
    #: The person at the terminal, as a name (a seat, a record line).
    "you": {"fr": "Vous", "en": "You"},
    #: The same person inside a sentence (« Manche gagnée par vous »).
    "you_in_sentence": {"fr": "vous", "en": "you"},
    #: People sharing one keyboard (Topword's hot seat).
    "player_n": {"fr": "Joueur {number}", "en": "Player {number}"},
    #: A computer player alone at the table, or one of several.
    "bot": {"fr": "Ordi", "en": "Bot"},
    "bot_n": {"fr": "Ordi {number}", "en": "Bot {number}"},
}

#: The levels of Boggle's computer players (`motamot.boggle.bots.BOT_LEVELS`).
BOGGLE_LEVELS: Catalog = {
    "beginner": {"fr": "débutant", "en": "beginner"},
    "intermediate": {"fr": "intermédiaire", "en": "intermediate"},
    "advanced": {"fr": "confirmé", "en": "advanced"},
    "expert": {"fr": "expert", "en": "expert"},
}


def player_text(key: str, lang: Language, /, **fields: object) -> str:
    return translate(PLAYERS, key, lang, **fields)


def level_text(level: str, lang: Language) -> str:
    """A Boggle computer level as players read it (`intermediate` → « intermédiaire »)."""
    return translate(BOGGLE_LEVELS, level, lang)


def names_in_sentence(names: Sequence[str], you: str | None, lang: Language) -> str:
    """Names inside a sentence: `you` (the person's own seat name) as « vous »."""
    return ", ".join(player_text("you_in_sentence", lang) if n == you else n for n in names)
