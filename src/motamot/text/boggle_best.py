"""What `motamot boggle best` prints (its JSON keeps plain numbers and codes)."""

from __future__ import annotations

from motamot.text.i18n import Catalog

BOGGLE_BEST: Catalog = {
    "found": {
        "fr": "{grid} : {points:point|points}, {words:mot|mots} ({preset}, liste {dictionary})",
        "en": "{grid}: {points:point|points}, {words:word|words} ({preset}, list {dictionary})",
    },
    "dice": {
        "fr": "Dés (ligne par ligne) : {dice}",
        "en": "Dice (row by row): {dice}",
    },
    "start": {
        "fr": "Départ : {grid}, {points:point|points}",
        "en": "Start: {grid}, {points:point|points}",
    },
    "effort": {
        "fr": "{iterations:grille évaluée|grilles évaluées} en {seconds} s "
        "({rate:n} par seconde), {restarts:départ|départs}, la meilleure atteinte à la "
        "{found_at:n}e grille ; "
        "la meilleure trouvée {hits} fois ({distinct:grille|grilles} à symétrie près) "
        "sur {ends:départ achevé|départs achevés}",
        "en": "{iterations:grid scored|grids scored} in {seconds} s ({rate:n} a second), "
        "{restarts:restart|restarts}, the best reached at grid {found_at:n}; "
        "the best found {hits} times ({distinct:grid|grids} "
        "up to symmetry) in {ends:finished restart|finished restarts}",
    },
    "effort_cut": {
        "fr": "{iterations:grille évaluée|grilles évaluées} en {seconds} s "
        "({rate:n} par seconde), {restarts:départ|départs}, la meilleure atteinte à la "
        "{found_at:n}e grille, par un départ que la fin de la recherche a interrompu "
        "({ends:départ achevé|départs achevés} avant lui)",
        "en": "{iterations:grid scored|grids scored} in {seconds} s ({rate:n} a second), "
        "{restarts:restart|restarts}, the best reached at grid {found_at:n}, by a restart "
        "the search's end cut short ({ends:finished restart|finished restarts} before it)",
    },
    "again": {
        "fr": "Pour la retrouver : {command}",
        "en": "To find it again: {command}",
    },
    "bad_seconds": {
        "fr": "--seconds : une durée en secondes, plus de 0 et au plus {most}",
        "en": "--seconds: a duration in seconds, more than 0 and at most {most}",
    },
    "bad_start": {
        "fr": "--start : {error}",
        "en": "--start: {error}",
    },
    "not_the_dice": {
        "fr": "les dés {dice} ne peuvent pas montrer {grid}",
        "en": "the {dice} dice cannot show {grid}",
    },
}
