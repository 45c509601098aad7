"""What `motamot boggle play` shows: the live round, the results, the scoreboard."""

from __future__ import annotations

from motamot.text.boggle import NO_WINNER
from motamot.text.i18n import Catalog

BOGGLE_SCREEN: Catalog = {
    "title": {
        "fr": "BOGGLE · manche {number}{of} · {preset}",
        "en": "BOGGLE · round {number}{of} · {preset}",
    },
    "intro": {
        "fr": "Boggle : {preset}, {size}×{size}, {duration}, mots de {min} lettres et plus",
        "en": "Boggle: {preset}, {size}×{size}, {duration}, words of {min}+ letters",
    },
    "intro_players": {"fr": "Joueurs : {names}", "en": "Players: {names}"},
    "intro_rounds": {
        "fr": "Partie en {rounds:manche|manches}",
        "en": "Match of {rounds:round|rounds}",
    },
    "intro_target": {
        "fr": "Partie en {target:point|points}",
        "en": "Match to {target:point|points}",
    },
    "intro_penalty_one": {
        "fr": "Pénalité : 1 point de moins par mot invalide (jamais sous 0 par manche).",
        "en": "Penalty: 1 point off per invalid word (never below 0 in a round).",
    },
    "intro_penalty": {
        "fr": "Pénalité : {points} points de moins par mot invalide (jamais sous 0 par manche).",
        "en": "Penalty: {points} points off per invalid word (never below 0 in a round).",
    },
    "intro_verify": {
        "fr": "Le dictionnaire ne sera vérifié qu'à la fin de la manche.",
        "en": "The dictionary is checked only at the end of the round.",
    },
    "how": {
        "fr": "Tapez un mot puis Entrée · /fin termine la manche · Ctrl-C quitte et sauvegarde",
        "en": "Type a word then Enter · /end ends the round · Ctrl-C quits and saves",
    },
    "press_start": {
        "fr": "Entrée pour lancer la manche {number}… ",
        "en": "Press Enter to start round {number}… ",
    },
    "level": {
        "fr": "{name} ({level})",
        "en": "{name} ({level})",
    },
    "count": {"fr": "{name} : {count:mot|mots}", "en": "{name}: {count:word|words}"},
    "your_words": {"fr": "Vos mots ({count}) :", "en": "Your words ({count}):"},
    "time_left": {"fr": "temps restant {time}", "en": "time left {time}"},
    "time_up": {"fr": "Temps écoulé ! On pose les crayons.", "en": "Time is up! Pens down."},
    "stopped": {
        "fr": "Manche arrêtée, il restait {time}. On pose les crayons.",
        "en": "Round stopped with {time} left. Pens down.",
    },
    # instant feedback: the verdicts and reasons are `text.boggle`'s, shared with the web
    "taken": {"fr": "✓ {verdict}", "en": "✓ {verdict}"},
    "duplicate": {"fr": "= {word} : {reason}", "en": "= {word}: {reason}"},
    "refused_word": {"fr": "✗ {word} : {reason}", "en": "✗ {word}: {reason}"},
    "minimum": {
        "fr": "{reason} ({min} lettres minimum)",
        "en": "{reason} ({min} letters at least)",
    },
    "not_in_round": {
        "fr": "{text} : pas pendant la manche (/fin la termine)",
        "en": "{text}: not during the round (/end ends it)",
    },
    # results
    "results": {
        "fr": "Manche {number} — résultats — grille {grid}",
        "en": "Round {number} — results — grid {grid}",
    },
    "player_total": {
        "fr": "{name} — {total:point|points}",
        "en": "{name} — {total:point|points}",
    },
    "legend": {
        "fr": "MOT n = points · ~MOT~ = rayé (trouvé par plusieurs joueurs)",
        "en": "WORD n = points · ~WORD~ = crossed out (found by several players)",
    },
    "no_word": {"fr": "  (aucun mot)", "en": "  (no word)"},
    "refused": {"fr": "  refusés : {items}", "en": "  refused: {items}"},
    "more": {"fr": "… (+{count})", "en": "… (+{count})"},
    "more_missed": {
        "fr": "… et {count:n} de plus : /tous pour la liste entière",
        "en": "… and {count:n} more: /all for the whole list",
    },
    "penalty": {"fr": "  pénalité : -{penalty}", "en": "  penalty: -{penalty}"},
    "round_winner": {"fr": "Manche gagnée par {names}", "en": "Round won by {names}"},
    **NO_WINNER,
    "missed_title": {
        "fr": "Mots manqués : {count:n} sur {total:n} dans la grille",
        "en": "Missed words: {count:n} of {total:n} on the grid",
    },
    "all_found": {
        "fr": "Vous avez trouvé tous les mots de la grille !",
        "en": "You found every word on the grid!",
    },
    "path_of": {"fr": "{word} ({points} pt) : {path}", "en": "{word} ({points} pt): {path}"},
    "show_word": {
        "fr": "Mot à montrer dans la grille, /tous pour la liste (Entrée pour continuer) : ",
        "en": "Word to show on the grid, /all for the list (Enter to go on): ",
    },
    "not_on_grid": {"fr": "{word} n'est pas dans la grille", "en": "{word} is not on the grid"},
    "scoreboard": {
        "fr": "Tableau des scores après {played:manche|manches}",
        "en": "Scoreboard after {played:round|rounds}",
    },
    "total": {"fr": "Total", "en": "Total"},
    "round_short": {"fr": "M{number}", "en": "R{number}"},
    "target": {"fr": "objectif {target:point|points}", "en": "target {target:point|points}"},
    "rounds_of": {
        "fr": "{rounds:manche prévue|manches prévues}",
        "en": "{rounds:round|rounds} planned",
    },
    "tie_extra": {
        "fr": "Égalité en tête : une manche de plus.",
        "en": "Tie at the top: one more round.",
    },
    "next_round": {
        "fr": "Entrée pour la manche suivante (Ctrl-C pour quitter)… ",
        "en": "Press Enter for the next round (Ctrl-C to quit)… ",
    },
    "match_winner": {"fr": "Partie gagnée par {names} !", "en": "Match won by {names}!"},
    "saved": {"fr": "Partie enregistrée dans {path}", "en": "Game saved in {path}"},
    "nothing_saved": {
        "fr": "Aucune manche commencée : rien à enregistrer.",
        "en": "No round started: nothing to save.",
    },
    "more_page": {"fr": "-- suite : Entrée --", "en": "-- more: Enter --"},
    "interrupted": {
        "fr": "Partie interrompue. Pour la revoir : motamot boggle replay {path}",
        "en": "Game interrupted. To look back at it: motamot boggle replay {path}",
    },
    "resume_with": {
        "fr": "Pour la reprendre : motamot boggle play --resume",
        "en": "To resume it: motamot boggle play --resume",
    },
    "nothing_to_resume": {
        "fr": "aucune partie de Boggle à reprendre",
        "en": "no Boggle match to resume",
    },
    "resumed": {
        "fr": "Partie reprise : manche {number}, il reste {time}.",
        "en": "Match resumed: round {number}, {time} left.",
    },
    "bad_level": {
        "fr": "niveau d'ordinateur inconnu {name!r} (connus : {known})",
        "en": "unknown computer level {name!r} (known: {known})",
    },
    "bad_preset": {
        "fr": "préréglage inconnu {name!r} (connus : {known})",
        "en": "unknown preset {name!r} (known: {known})",
    },
    "bad_duration": {
        "fr": "--duration doit être un nombre de secondes > 0",
        "en": "--duration must be a number of seconds > 0",
    },
    "bad_match": {
        "fr": "--rounds et --target valent au moins 1",
        "en": "--rounds and --target are at least 1",
    },
    "bad_penalty": {
        "fr": "--penalty : un nombre entier de points de 0 à {limit}",
        "en": "--penalty: a whole number of points from 0 to {limit}",
    },
    "too_many_bots": {
        "fr": "au plus 9 ordinateurs",
        "en": "at most 9 computer players",
    },
}
