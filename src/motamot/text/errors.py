"""Engine errors in the player's language.

An engine error (`motamot.errors.CodedError`) carries a code and named fields;
its class's `TEMPLATES` give the English text. This module holds the French
text of every code, class by class, and `error_text` renders an error in
either language (a catalogue may also give its own English, as the refused
moves do, whose texts are the referee's).
"""

from __future__ import annotations

from collections.abc import Mapping

from motamot.boggle.grid import GridError
from motamot.boggle.match import MatchError
from motamot.boggle.record import RecordError as BoggleRecordError
from motamot.boggle.round import RoundError
from motamot.durable import WriteError
from motamot.errors import CodedError
from motamot.lexicon.build import TooManyStates
from motamot.lexicon.dawg import LexiconFormatError
from motamot.lexicon.fold import FoldError, FoldReason
from motamot.lexicon.hunspell import AffixFormatError
from motamot.lexicon.registry import DictionaryNameError, DictionaryNotFound, RegistryError
from motamot.lexicon.wordlist import WordListError
from motamot.names import PlayerNameError
from motamot.text.i18n import LANGUAGES, Catalog, Language, render
from motamot.topword.board import PositionError
from motamot.topword.duplicate_record import DuplicateRecordError
from motamot.topword.game import GameError, IllegalMove
from motamot.topword.move import MoveSyntaxError
from motamot.topword.record import RecordError
from motamot.topword.rules import Reason
from motamot.topword.tiles import RackError


def _french(texts: Mapping[str, str]) -> dict[str, Mapping[Language, str]]:
    return {code: {"fr": text} for code, text in texts.items()}


POSITION_ERRORS = _french(
    {
        "height_after_empty": "rangée {row} : une hauteur {char!r} après une case vide",
        "bad_character": "rangée {row} : {char!r} n'est ni '.', ni une lettre, ni une hauteur 2-5",
        "bad_height": "rangée {row} : hauteur {height} (une pile a de 1 à 5 lettres)",
        "row_length": "la rangée {row} a {count} cases au lieu de {expected} : {text!r}",
        "row_count": "une position a {expected} rangées séparées par '/', celle-ci en a {count}",
    }
)

RACK_ERRORS = _french(
    {
        "not_a_tile": "chevalet {rack!r} : {char!r} n'est pas une lettre (A-Z, Q pour Qu)",
        "too_many": "chevalet {rack!r} : {count:lettre|lettres}, un chevalet en a au plus {limit}",
        "not_enough": "chevalet {rack!r} : {count} × {tile}, le jeu en a {available}",
    }
)

MOVE_ERRORS = _french(
    {
        "not_letters": "{word!r} n'est pas un mot fait de lettres ({reason})",
        "q_without_u": "{word!r} : Q sans U (la seule lettre Q est le Qu)",
        "not_a_move": "coup {move!r} : il faut une case puis un mot, "
        "par exemple '5E MAIN' (horizontal) ou 'E5 MAIN' (vertical)",
        "bad_row": "coup {move!r} : la rangée {row} n'est pas entre 1 et {size}",
        "bad_column": "coup {move!r} : la colonne {column} n'est pas entre A et {last}",
    }
)

GAME_ERRORS = _french(
    {
        "bad_player_name": "joueur refusé : {error}",
        "duplicate_player": "deux joueurs ont le même nom",
        "bad_seed": "graine {seed!r} : il faut un nombre entier",
        "game_over": "la partie est terminée",
        "pile_empty": "la pioche est vide : pas d'échange",
        "not_on_rack": "{tile} n'est pas sur le chevalet",
        "not_playing": "le joueur {player} n'est plus dans la partie",
    }
) | {
    "player_count": {
        "fr": "{count:joueur|joueurs} : {ruleset} se joue de {low} à {high}",
        "en": "{count:player|players}: {ruleset} is for {low} to {high}",
    }
}

#: Why the referee refuses a move (`rules.Reason`); `detail` is the word or cell at fault.
MOVE_REFUSALS: Catalog = {
    "no_tile_placed": {"fr": "aucune lettre posée", "en": "no tile placed"},
    "off_board": {"fr": "le mot sort du plateau", "en": "the word runs off the board"},
    "not_on_rack": {
        "fr": "lettre absente du chevalet : {detail}",
        "en": "tile not on the rack: {detail}",
    },
    "duplicate_cell": {"fr": "deux lettres sur la case {detail}", "en": "two tiles on {detail}"},
    "not_in_line": {
        "fr": "les lettres ne sont pas sur une seule ligne",
        "en": "the tiles are not in one line",
    },
    "stack_too_high": {
        "fr": "pile de plus de 5 lettres en {detail}",
        "en": "stack higher than 5 on {detail}",
    },
    "same_letter_stack": {
        "fr": "lettre empilée sur la même lettre en {detail}",
        "en": "tile stacked on the same letter on {detail}",
    },
    "gap_in_line": {"fr": "trou dans le mot en {detail}", "en": "gap in the word at {detail}"},
    "first_move_off_centre": {
        "fr": "le premier mot doit couvrir une case rouge du centre",
        "en": "the first word must cover a red centre square",
    },
    "not_connected": {
        "fr": "le mot {detail} ne touche aucun mot du plateau",
        "en": "the word {detail} does not join any word on the board",
    },
    "not_whole_word": {
        "fr": "écrire le mot entier tel qu'il se lit : {detail}",
        "en": "write the whole word as it reads: {detail}",
    },
    "too_short": {
        "fr": "un mot a au moins 2 lettres : {detail}",
        "en": "a word has 2+ letters: {detail}",
    },
    "covers_whole_word": {
        "fr": "le mot {detail} serait entièrement recouvert",
        "en": "the word {detail} would be covered entirely",
    },
    "plural_s_only": {
        "fr": "seul un S est ajouté, pas de mot nouveau (pluriel seulement) : {detail}",
        "en": "only an S is added, no new word (plural only): {detail}",
    },
    "not_in_dictionary": {
        "fr": "mot absent du dictionnaire : {detail}",
        "en": "word not in the dictionary: {detail}",
    },
}

_AFTER_MOVE = {"fr": "{move} : ", "en": "{move}: "}

#: A refused move (IllegalMove, coded by its reason): the move, then the refusal.
ILLEGAL_MOVES: Catalog = {
    reason.value: {
        lang: _AFTER_MOVE[lang] + MOVE_REFUSALS[reason.value][lang] for lang in LANGUAGES
    }
    for reason in Reason
}


RECORD_ERRORS = _french(
    {
        "bad_turn": "ligne {line} : attendu 'N. JOUEUR: ACTION', lu {text!r}",
        "unclosed_rack": "ligne {line} : chevalet '[' sans ']'",
        "bad_rack": "ligne {line} : le chevalet [{rack}] n'est pas fait de lettres",
        "bad_exchange": "ligne {line} : échange de {tile!r}, qui n'est pas une lettre",
        "bad_move": "ligne {line} : {error}",
        "bad_final": "ligne {line} : les scores finaux s'écrivent 'NOM SCORE, ...'",
        "unknown_line": "ligne {line} : ligne inconnue {text!r}",
        "repeated_key": "ligne {line} : {key} donné deux fois",
        "missing_key": "il manque la ligne '{key}:'",
        "bad_seed": "ligne {line} : la graine {seed!r} n'est pas un nombre entier",
        "unknown_ruleset": "ligne {line} : règles inconnues {name!r} (connues : {known})",
        "turn_number": "ligne {line} : tour {number}, le tour attendu est {expected}",
        "bad_players": "joueurs : {error}",
        "wrong_start": "début : la graine fait commencer {actual}, pas {written}",
        "wrong_end": "fin : la partie rejouée finit par {actual}, l'enregistrement dit {written}",
        "wrong_final": "scores finaux : la partie rejouée donne {actual}",
        "after_end": "ligne {line} : la partie est déjà terminée",
        "wrong_player": "ligne {line} : c'est à {expected} de jouer, pas à {written}",
        "wrong_rack": "ligne {line} : le chevalet de {player} est {actual}, pas [{written}]",
        "refused": "ligne {line} : {error}",
        "wrong_points": "ligne {line} : le coup vaut {actual:point|points}, pas {written}",
        "wrong_total": "ligne {line} : le total est {actual}, pas {written}",
        "bad_number": "ligne {line} : {text!r} est plus long que tout nombre d'une partie",
        "bad_scoreless_limit": "ligne {line} : scoreless_limit {value!r} "
        "n'est pas un nombre entier >= 1",
        "bad_yes_no": "ligne {line} : {key} {value!r} : yes ou no (oui ou non)",
        "too_many_turns": "ligne {line} : plus de {limit} tours, "
        "un enregistrement en contient au plus {limit}",
    }
)

PLAYER_NAME_ERRORS = _french(
    {
        "empty": "le nom de joueur est vide",
        "surrounding_blanks": "nom de joueur {name!r} : pas de blanc au début ni à la fin",
        "too_long": "nom de joueur {name!r} : {length} caractères, au plus {limit}",
        "control_character": "nom de joueur {name!r} : caractère de contrôle {char} interdit",
        "format_character": "nom de joueur {name!r} : caractère de mise en forme invisible "
        "{char} interdit (contrôle bidirectionnel, largeur nulle)",
        "line_separator": "nom de joueur {name!r} : séparateur de lignes {char} interdit",
        "not_text": "nom de joueur {name!r} : {char} n'est pas un caractère de texte",
        "reserved_character": "nom de joueur {name!r} : {char!r} est réservé (aucun de {reserved})",
        "mixed_scripts": "nom de joueur {name!r} : il mêle plusieurs écritures ({scripts}), "
        "comme un nom qui en imite un autre",
    }
)

WORD_LIST_ERRORS = _french(
    {
        "no_such_file": "{path} : fichier introuvable",
        "is_directory": "{path} : c'est un dossier, pas une liste de mots",
        "unreadable": "{path} : lecture impossible ({reason})",
        "bad_gzip": "{path} : fichier gzip abîmé ({reason})",
        "empty": "{path} : le fichier est vide",
        "binary": "{path} : données binaires, pas une liste de mots en texte",
        "not_utf8": "{path} : texte qui n'est pas en UTF-8 (ligne {line})",
        "no_usable_word": "{path} : aucun mot utilisable "
        "({dropped:ligne écartée|lignes écartées} : {reasons})",
        "too_large": "{path} : plus de {megabytes} Mo (une fois décompressé), "
        "trop gros pour une liste de mots",
        "line_too_long": "{path} : la ligne {line} a plus de {limit} octets, "
        "ce n'est pas un mot par ligne",
        "too_many_lines": "{path} : plus de {limit} lignes",
        "too_many_words": "{path} : plus de {limit} mots différents",
        "too_many_states": "{path} : la liste compilée aurait plus de {limit} états "
        "(trop de mots sans rapport entre eux)",
    }
)

TOO_MANY_STATES = _french(
    {"too_many_states": "la liste compilée aurait plus de {limit} états"},
)

REGISTRY_ERRORS = _french(
    {
        "damaged": "{path} : le registre des noms de dictionnaires est abîmé ({reason}) ; "
        "réparez-le ou supprimez-le (les listes compilées sont gardées)",
        "unreadable": "{path} : lecture impossible ({reason})",
    }
)

WRITE_ERRORS = _french(
    {
        "no_space": "{path} : non écrit, le disque est plein (la version précédente est intacte)",
        "cannot_write": "{path} : écriture impossible ({reason})",
    }
)

DICTIONARY_ERRORS = _french(
    {
        "unreadable": "{path} : lecture impossible ({reason})",
        "builtin_missing": "le dictionnaire intégré {name!r} manque au paquet",
        "unknown": "aucun dictionnaire {name!r} (connus : {known} ; ou un chemin de fichier)",
        "no_version": "pas de version {name!r} : ce serveur a {count} changements de {base!r}",
    }
)

DICTIONARY_NAME_ERRORS = _french(
    {
        "bad_name": "nom de dictionnaire invalide {name!r} : "
        "lettres minuscules, chiffres, '_' ou '.'",
        "builtin_name": "{name!r} est le nom d'un dictionnaire intégré",
    }
)

LEXICON_FORMAT_ERRORS = _french(
    {
        "too_short": "fichier trop court pour un dictionnaire compilé",
        "too_large": "fichier de plus de {megabytes} Mo, trop gros pour un dictionnaire compilé",
        "bad_magic": "ce n'est pas un dictionnaire compilé motamot",
        "bad_length": "le dictionnaire compilé a {size} octets au lieu de {expected}",
        "bad_root": "dictionnaire compilé abîmé (racine hors de ses arcs)",
        "bad_arc": "dictionnaire compilé abîmé : un état pointe hors des arcs (en {index})",
        "shared_arcs": "dictionnaire compilé abîmé : deux états partagent des arcs (en {index})",
        "cycle": "dictionnaire compilé abîmé : ses arcs forment un cycle (en {index})",
        "dead_end": "dictionnaire compilé abîmé : un chemin finit sans mot (en {index})",
        "too_long": "le dictionnaire compilé contient un mot de plus de {limit} lettres",
        "unreachable_arcs": "dictionnaire compilé abîmé : {index} arcs inaccessibles",
        "too_many_words": "le dictionnaire compilé contient plus de {limit} mots",
        "bad_word_count": "dictionnaire compilé abîmé : l'en-tête annonce {expected} mots, "
        "les arcs en contiennent {actual}",
    }
)

GRID_ERRORS = _french(
    {
        "empty": "grille vide",
        "not_utf8": "texte qui n'est pas en UTF-8",
        "bad_size": "une grille fait de 1x1 à 10x10, pas {size}x{size}",
        "face_count": "{count} faces pour une grille {size}x{size}",
        "invalid_face": "face invalide {face!r}",
        "outside": "la case {cell} est hors d'une grille {size}x{size}",
        "not_square": "{count} faces : il en faut un carré (16, 25, 36) "
        "ou des rangées séparées par '/'",
        "row_length": "la rangée {row} a {found} faces au lieu de {expected}",
        "empty_row": "la rangée {row} est vide",
        "invalid_character": "caractère invalide {char!r}",
        "lower_case_start": "la rangée {row} commence par une minuscule",
        "lower_case_alone": "rangée {row} : {char!r} ne suit aucune majuscule "
        "(une face s'écrit Qu, Th… ; q = Qu)",
        "dice_count": "{count} dés ne remplissent pas une grille {size}x{size}",
    }
)

BOGGLE_RECORD_ERRORS = _french(
    {
        "bad_player_name": "ligne {line} : {error}",
        "unrecordable_name": "ce joueur ne peut pas être enregistré : {error}",
        "too_many_players": "ligne {line} : {count} joueurs, "
        "un enregistrement en nomme au plus {limit}",
        "too_many_rounds": "ligne {line} : plus de {limit} manches, "
        "un enregistrement en contient au plus {limit}",
        "too_many_entries": "ligne {line} : plus de {limit} mots pour {player!r} en une manche",
        "too_many_words": "ligne {line} : plus de {limit} mots, "
        "un enregistrement en contient au plus {limit}",
        "not_a_player": "ligne {line} : {player!r} n'est pas parmi les joueurs",
        "sheet_not_a_player": "manche {round} : {player!r} n'est pas parmi les joueurs",
        "word_before_grid": "ligne {line} : un mot avant toute grille",
        "bad_grid": "ligne {line} : {error}",
        "key_before_round": "ligne {line} : {key!r} avant toute manche",
        "header_after_round": "ligne {line} : {key!r} doit venir avant la première manche",
        "unknown_line": "ligne {line} : ligne inconnue {text!r}",
        "no_round": "aucune manche (il manque une ligne 'grid:')",
        "no_player": "aucun joueur",
        "duplicate_player": "deux joueurs ont le même nom",
        "unknown_preset": "préréglage inconnu {name!r} (connus : {known})",
        "round_without_grid": "ligne {line} : manche sans grille",
        "grid_size": "ligne {line} : une grille {size}x{size} dans un enregistrement {preset}",
        "not_key_value": "ligne {line} : illisible : {text!r} "
        "(attendu 'clé: valeur' ou 'TEMPS JOUEUR: MOT')",
        "not_whole_number": "ligne {line} : {what} {value!r} n'est pas un nombre entier",
        "bad_time": "ligne {line} : temps {value!r} : il faut un nombre de secondes fini, >= 0",
        "bad_entry": "ligne {line} : illisible : {text!r} (attendu 'TEMPS JOUEUR: MOT')",
        "bad_quote": "ligne {line} : mot mal entre guillemets {text!r}",
        "tie_without_match": "'tie' sans ligne 'match'",
        "bad_tie": "tie {value!r} : 'shared' ou 'extra round'",
        "bad_match": "match {value!r} : attendu 'rounds N' (N au plus {limit}) ou 'target N'",
        "match_error": "partie : {error}",
        "bad_min_length": "ligne {line} : longueur minimale {value!r} : "
        "un nombre entier de 1 à {limit}",
        "bad_duration": "ligne {line} : durée {value!r} : "
        "un nombre de secondes > 0 et d'au plus {limit}",
        "bad_penalty": "ligne {line} : pénalité {value!r} : "
        "un nombre entier de points de 0 à {limit}",
        "bad_yes_no": "ligne {line} : {key} {value!r} : yes ou no (oui ou non)",
    }
)

MATCH_ERRORS = _french(
    {
        "no_format": "une partie se joue en un nombre de manches ou jusqu'à un score",
        "no_round": "une partie a au moins une manche",
        "too_many_rounds": "une partie a au plus {limit} manches",
        "bad_target": "un score à atteindre vaut au moins 1 point",
        "bad_players": "une partie a des joueurs aux noms tous différents",
        "after_end": "manche {round} jouée après la fin de la partie",
        "not_in_match": "manche {round} : {player!r} n'est pas de la partie",
    }
)

ROUND_ERRORS = _french(
    {
        "no_player": "une manche a au moins un joueur",
        "unnamed_player": "un joueur a un nom",
        "duplicate_player": "deux joueurs ont le même nom",
    }
)

FOLD_ERRORS = _french(
    {
        FoldReason.EMPTY: "{text!r} est vide",
        FoldReason.DIGIT: "{text!r} contient un chiffre ({character!r})",
        FoldReason.HYPHEN: "{text!r} contient un trait d'union ({character!r})",
        FoldReason.APOSTROPHE: "{text!r} contient une apostrophe ({character!r})",
        FoldReason.SPACE: "{text!r} contient un blanc ({character!r})",
        FoldReason.INVALID_CHARACTER: "{text!r} : {character!r} n'est pas une lettre",
    }
)

AFFIX_ERRORS = _french(
    {
        "in_file": "{path}, ligne {line} : {error}",
        "unclosed_class": "'[' sans ']' dans la condition {condition!r}",
        "empty_class": "'[]' vide dans la condition {condition!r}",
        "odd_long_flags": "nombre impair de caractères dans les drapeaux longs {text!r}",
        "not_one_flag": "un seul drapeau attendu, lu {text!r}",
        "short_header": "en-tête {kind} trop court (attendu '{kind} DRAPEAU Y|N NOMBRE')",
        "bad_count": "nombre de règles {kind} invalide {count!r}",
        "missing_rules": "{kind} {flag} : moins de règles qu'annoncé",
        "bad_rule": "pas une règle {kind} {flag} ('{kind} DRAPEAU RETRAIT AJOUT [CONDITION]')",
    }
)

DUPLICATE_RECORD_ERRORS = _french(
    {
        "missing_key": "il manque la ligne '{key}:'",
        "repeated_key": "ligne {line} : {key} donné deux fois",
        "unknown_line": "ligne {line} : ligne inconnue {text!r}",
        "bad_seed": "ligne {line} : la graine {seed!r} n'est pas un nombre entier",
        "unknown_ruleset": "ligne {line} : règles inconnues {name!r} (connues : {known})",
        "bad_players": "ligne {line} : les joueurs s'écrivent 'NOM, NOM, ...', chacun une fois",
        "too_many_players": "ligne {line} : plus de {limit} joueurs",
        "bad_turn": "ligne {line} : attendu 'N. [TIRAGE] TOP +POINTS = TOTAL', lu {text!r}",
        "turn_number": "ligne {line} : coup {number}, le coup {expected} était attendu",
        "too_many_turns": "ligne {line} : plus de {limit} coups",
        "bad_rack": "ligne {line} : le tirage [{rack}] n'est pas fait de lettres",
        "bad_number": "ligne {line} : {text!r} n'est pas un nombre d'une partie",
        "bad_move": "ligne {line} : {error}",
        "move_before_turn": "ligne {line} : un coup avant le premier tirage",
        "bad_move_line": "ligne {line} : attendu 'NOM: COUP +POINTS = TOTAL', lu {text!r}",
        "unknown_player": "ligne {line} : {name!r} n'est pas un des joueurs",
        "moved_twice": "ligne {line} : {name} a déjà un coup à ce tirage",
        "bad_final": "ligne {line} : les totaux finaux s'écrivent 'NOM TOTAL, ...'",
        "after_end": "ligne {line} : la partie est déjà finie",
        "wrong_rack": "ligne {line} : la graine donne le tirage [{actual}], pas [{written}]",
        "wrong_top": "ligne {line} : le top est {actual}, pas {written}",
        "wrong_top_points": "ligne {line} : le top vaut {actual}, pas {written}",
        "wrong_move_points": "ligne {line} : le coup de {name} vaut {actual}, pas {written}",
        "wrong_total": "ligne {line} : le total est {actual}, pas {written}",
        "wrong_end": "fin : la partie rejouée finit par {actual}, le relevé dit {written}",
        "wrong_final": "final : la partie rejouée donne {actual}",
    }
)

#: Each engine error class and its catalogue (a subclass before its base).
CATALOGS: dict[type[CodedError], Catalog] = {
    GridError: GRID_ERRORS,
    BoggleRecordError: BOGGLE_RECORD_ERRORS,
    MatchError: MATCH_ERRORS,
    RoundError: ROUND_ERRORS,
    FoldError: FOLD_ERRORS,
    AffixFormatError: AFFIX_ERRORS,
    PositionError: POSITION_ERRORS,
    RackError: RACK_ERRORS,
    MoveSyntaxError: MOVE_ERRORS,
    IllegalMove: ILLEGAL_MOVES,
    GameError: GAME_ERRORS,
    RecordError: RECORD_ERRORS,
    DuplicateRecordError: DUPLICATE_RECORD_ERRORS,
    PlayerNameError: PLAYER_NAME_ERRORS,
    WordListError: WORD_LIST_ERRORS,
    DictionaryNotFound: DICTIONARY_ERRORS,
    DictionaryNameError: DICTIONARY_NAME_ERRORS,
    LexiconFormatError: LEXICON_FORMAT_ERRORS,
    RegistryError: REGISTRY_ERRORS,
    TooManyStates: TOO_MANY_STATES,
    WriteError: WRITE_ERRORS,
}


def catalog_for(error: CodedError) -> Catalog:
    """The catalogue of the nearest class of `error` that has one."""
    for cls in type(error).__mro__:
        if cls in CATALOGS:
            return CATALOGS[cls]
    return {}


def error_text(error: CodedError, lang: Language) -> str:
    """`error` in `lang`; fields that are engine errors are rendered in `lang` too."""
    fields = {
        name: error_text(value, lang) if isinstance(value, CodedError) else value
        for name, value in error.fields.items()
    }
    entry = catalog_for(error).get(error.code, {})
    template = entry.get(lang) or type(error).TEMPLATES[error.code]
    return render(template, lang, **fields)
