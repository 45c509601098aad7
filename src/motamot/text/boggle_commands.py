"""What `motamot boggle roll|solve|check|replay` print (the JSON keeps the codes)."""

from __future__ import annotations

from motamot.text.i18n import Catalog

BOGGLE_COMMANDS: Catalog = {
    "summary": {
        "fr": "{grid} : {count:mot|mots}, {points:point|points}",
        "en": "{grid}: {count:word|words}, {points:point|points}",
    },
    "longest": {"fr": "Mots les plus longs : {words}", "en": "Longest words: {words}"},
    "by_length": {
        "fr": "{letters} lettres ({points} pt) : {words}",
        "en": "{letters} letters ({points} pt): {words}",
    },
    "valid": {
        "fr": "{word} : valide, {points} pt, chemin {path}",
        "en": "{word}: valid, {points} pt, path {path}",
    },
    "refused": {"fr": "{input} : refusé ({reason})", "en": "{input}: refused ({reason})"},
    "bad_grid": {
        "fr": "grille illisible {grid!r} : {error}",
        "en": "unreadable grid {grid!r}: {error}",
    },
    "bad_batch_line": {
        "fr": "{file}, ligne {line} : grille illisible : {error}",
        "en": "{file}, line {line}: unreadable grid: {error}",
    },
    "size_mismatch": {
        "fr": "la grille est {size}x{size}, le préréglage {preset} veut {want}x{want}",
        "en": "the grid is {size}x{size}, preset {preset} wants {want}x{want}",
    },
    "no_preset": {
        "fr": "aucun préréglage pour une grille {size}x{size} : indiquez --preset",
        "en": "no preset for a {size}x{size} grid: give --preset",
    },
    "bad_date": {
        "fr": "--date : {date!r} n'est pas un jour AAAA-MM-JJ",
        "en": "--date: {date!r} is not a day YYYY-MM-DD",
    },
    "unknown_preset": {
        "fr": "préréglage inconnu {name!r} (connus : {known})",
        "en": "unknown preset {name!r} (known: {known})",
    },
    "grid_or_batch": {
        "fr": "donnez une grille ou --batch FICHIER (pas les deux)",
        "en": "give a grid or --batch FILE (not both)",
    },
    "unreadable_file": {
        "fr": "{file} : lecture impossible ({error})",
        "en": "{file}: cannot be read ({error})",
    },
    "round": {"fr": "Manche {number} : {grid}", "en": "Round {number}: {grid}"},
    "player_total": {
        "fr": "  {player} : {total:point|points}",
        "en": "  {player}: {total:point|points}",
    },
    "scored": {"fr": "    + {word} ({points} pt)", "en": "    + {word} ({points} pt)"},
    "crossed": {
        "fr": "    = {word} rayé (aussi trouvé par {by})",
        "en": "    = {word} crossed out (also found by {by})",
    },
    "refused_entry": {"fr": "    - {input} : {reason}", "en": "    - {input}: {reason}"},
    "penalty": {"fr": "    pénalité : -{penalty}", "en": "    penalty: -{penalty}"},
    "round_winners": {"fr": "  Manche gagnée par {names}", "en": "  Round won by {names}"},
    "no_round_winner": {
        "fr": "  Personne n'a marqué de point : pas de gagnant pour cette manche",
        "en": "  Nobody scored: no winner this round",
    },
    "missed": {
        "fr": "  Mots manqués : {count:n} sur {total:n} : {words}",
        "en": "  Missed words: {count:n} of {total:n}: {words}",
    },
    "match_over": {
        "fr": "Partie terminée, gagnée par {names} ({totals})",
        "en": "Match over, won by {names} ({totals})",
    },
    "match_on": {"fr": "Partie en cours ({totals})", "en": "Match in progress ({totals})"},
    "bad_record": {
        "fr": "{file} : enregistrement illisible : {error}",
        "en": "{file}: unreadable record: {error}",
    },
    "min_length": {
        "fr": "--min-length doit valoir de 1 à {most:n}",
        "en": "--min-length must be 1 to {most:n}",
    },
    "bad_batch_entry": {
        "fr": "{file}, ligne {line} : {error}",
        "en": "{file}, line {line}: {error}",
    },
    "line_too_long": {
        "fr": "ligne de plus de {most:n} octets, ignorée",
        "en": "line longer than {most:n} bytes, skipped",
    },
    "batch_entry": {"fr": "{error}", "en": "{error}"},
}
