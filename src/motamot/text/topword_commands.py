"""What `motamot topword show|score|replay` (the referee) and `moves|hint|analyse|selfplay`
(the move generator and the computer players) print."""

from __future__ import annotations

from motamot.text.errors import MOVE_REFUSALS
from motamot.text.i18n import Catalog, Language, translate
from motamot.text.topword import not_counted_text
from motamot.topword.game import Action
from motamot.topword.score import WordScore

TOPWORD_COMMANDS: Catalog = {
    "bad_position": {"fr": "position invalide : {error}", "en": "bad position: {error}"},
    "bad_move": {"fr": "coup illisible : {error}", "en": "unreadable move: {error}"},
    "bad_rack": {"fr": "chevalet invalide : {error}", "en": "bad rack: {error}"},
    "bad_record": {"fr": "partie illisible : {error}", "en": "bad game record: {error}"},
    "no_file": {
        "fr": "{path} : lecture impossible ({error})",
        "en": "{path}: cannot read ({error})",
    },
    "legend": {
        "fr": "lettre et hauteur de la pile ; * = case rouge centrale vide",
        "en": "letter and stack height; * = empty red centre square",
    },
    "legal": {"fr": "{move} : {points:point|points}", "en": "{move}: {points:point|points}"},
    "word": {"fr": "  {word} : {points}", "en": "  {word}: {points}"},
    "word_note": {"fr": "  {word} : {points} ({note})", "en": "  {word}: {points} ({note})"},
    "bonus": {"fr": "  bonus {kind} : +{points}", "en": "  bonus {kind}: +{points}"},
    "refused": {"fr": "{move} : refusé — {reason}", "en": "{move}: refused — {reason}"},
    "replayed": {
        "fr": "{turns:tour rejoué|tours rejoués}, fin : {end}",
        "en": "{turns:turn|turns} replayed, end: {end}",
    },
    "score_line": {"fr": "  {name} : {score}", "en": "  {name}: {score}"},
    "winner": {"fr": "gagnant : {names}", "en": "winner: {names}"},
    "not_over": {"fr": "partie en cours", "en": "game in progress"},
    **MOVE_REFUSALS,
}

TOPWORD_AI_COMMANDS: Catalog = {
    "count": {"fr": "{count:coup légal|coups légaux}", "en": "{count:legal move|legal moves}"},
    "move_line": {"fr": "{move} : {points:point|points}", "en": "{move}: {points:point|points}"},
    "no_move": {"fr": "aucun coup possible", "en": "no legal move"},
    "bad_top": {"fr": "--top doit être positif ou nul", "en": "--top must be 0 or more"},
    "bad_players": {
        "fr": "--players : {count:joueur|joueurs}, il en faut {low} à {high} (niveaux : {levels})",
        "en": "--players: {count:player|players}, {low} to {high} needed (levels: {levels})",
    },
    "bad_level": {
        "fr": "--players : niveau inconnu {level!r} (niveaux : {levels})",
        "en": "--players: unknown level {level!r} (levels: {levels})",
    },
    "review": {
        "fr": "{number}. {player} [{rack}] {played} +{points}{best}",
        "en": "{number}. {player} [{rack}] {played} +{points}{best}",
    },
    "review_best": {
        "fr": " — meilleur : {move} +{points} (−{given_up})",
        "en": " — best: {move} +{points} (−{given_up})",
    },
    Action.PASS: {"fr": "passe", "en": "pass"},
    Action.EXCHANGE: {"fr": "échange {tile}", "en": "exchange {tile}"},
    Action.RESIGN: {"fr": "abandonne", "en": "resigns"},
    "given_up": {
        "fr": "  {player} : {points:point laissé|points laissés}",
        "en": "  {player}: {points:point|points} given up",
    },
    "stats": {
        "fr": "{player} : {wins:victoire|victoires}, {draws:nul|nuls} sur {games:partie|parties} "
        "({rate:.1%}, intervalle à 95\u202f% {low:.1%} – {high:.1%}), score moyen {average:.1f}",
        "en": "{player}: {wins:win|wins}, {draws:draw|draws} of {games:game|games} ({rate:.1%}, "
        "95% interval {low:.1%} – {high:.1%}), average score {average:.1f}",
    },
}


def word_line(word: WordScore, lang: Language) -> str:
    """One word of an itemised score, saying which of its tiles count in another (T14)."""
    note = not_counted_text(word, lang)
    key = "word_note" if note else "word"
    return translate(TOPWORD_COMMANDS, key, lang, word=word.word, points=word.points, note=note)
