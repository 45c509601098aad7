"""What the browser shows of a Boggle room (FR/EN): its create form, its round, its
results, its name in the lobby and on the players' pages, its card and guide links, and
the refusals of its routes. `BOGGLE_TEXTS` is what the Boggle kind hands the server
(`text.kinds`); the arena and the daily grid, which play on Boggle's grid and words,
hand these too."""

from __future__ import annotations

from motamot.boggle.referee import WordReason
from motamot.text.boggle import NO_WINNER, REASONS, VERDICTS
from motamot.text.boggle_box import SCORER_PAGE, SCORER_REFUSALS
from motamot.text.i18n import Catalog
from motamot.text.kinds import KindTexts
from motamot.text.players import BOGGLE_LEVELS

BOGGLE_PAGE: Catalog = {
    "box_next": {"fr": "Grille suivante", "en": "Next grid"},
    "box_set": {"fr": "Jouer cette grille", "en": "Play this grid"},
    # « Compter les points » (web/boggle/scorer.py): a round on paper, one scorer
    "scorer.title": {"fr": "Compter les points", "en": "Count the points"},
    "scorer.intro": {
        "fr": "La manche s'est jouée sur papier autour de la boîte\u00a0? Tapez la grille et"
        " la liste de chacun\u00a0: l'arbitre raye les mots trouvés par plusieurs et compte"
        " les points, comme pour toute manche.",
        "en": "The round was played on paper around the box? Type the grid and everyone's"
        " list: the referee crosses out the words found by several players and counts the"
        " points, as for any round.",
    },
    "scorer.player": {"fr": "Joueur {number}", "en": "Player {number}"},
    "scorer.name": {"fr": "Nom", "en": "Name"},
    "scorer.words": {
        "fr": "Ses mots (séparés par des espaces ou à la ligne)",
        "en": "Their words (separated by blanks or new lines)",
    },
    "scorer.go": {"fr": "Compter", "en": "Count"},
    "scorer.winners": {"fr": "En tête\u00a0: {names}", "en": "Ahead: {names}"},
    "scorer.crossed": {"fr": "rayé, aussi chez {names}", "en": "crossed out, also {names}"},
    "scorer.wrong_size": {
        "fr": "Une grille {size}×{size} ne se joue pas avec ces règles.",
        "en": "A {size}×{size} grid is not played with these rules.",
    },
    # « grille de la boîte »: a room whose grid is typed from the real dice
    "box_grid": {"fr": "Grille de la boîte (facultatif)", "en": "The box's grid (optional)"},
    "box_grid_hint": {
        "fr": "Vous jouez avec les vrais dés\u00a0? Tapez la grille ligne par ligne"
        " (ORTE/BEST/INAM/GTED)\u00a0: le sablier part sur tous les téléphones. Jamais classée.",
        "en": "Playing with the real dice? Type the grid row by row (ORTE/BEST/INAM/GTED):"
        " the hourglass starts on every phone. Never rated.",
    },
    "box_grid_note": {
        "fr": "Grille de la boîte\u00a0: {grid}, tapée à la table, jamais classée.",
        "en": "The box's grid: {grid}, typed at the table, never rated.",
    },
    # « Le solveur » (web/boggle/solver.py): a typed grid's words
    "solver.title": {"fr": "Le solveur de grilles", "en": "The grid solver"},
    "solver.intro": {
        "fr": "Tapez la grille de la boîte, ligne par ligne\u00a0: chaque mot qu'elle cache"
        " s'affiche avec son chemin, les plus longs d'abord.",
        "en": "Type the box's grid, row by row: every word it hides is shown with its path,"
        " the longest first.",
    },
    "solver.grid": {"fr": "La grille", "en": "The grid"},
    "solver.grid_hint": {
        "fr": "Les lignes séparées par /, par exemple ORTE/BEST/INAM/GTED (q\u00a0: le dé Qu).",
        "en": "Rows separated by /, for instance ORTE/BEST/INAM/GTED (q: the Qu die).",
    },
    "solver.preset": {"fr": "Les règles", "en": "The rules"},
    "solver.solve": {"fr": "Chercher les mots", "en": "Find the words"},
    "solver.found": {
        "fr": "{count:mot|mots}, {points:point|points}",
        "en": "{count:word|words}, {points:point|points}",
    },
    "solver.traced": {"fr": "{word}, tracé sur la grille.", "en": "{word}, traced on the grid."},
    "solver.length": {
        "fr": "{letters}\u00a0lettres ({count:mot|mots})",
        "en": "{letters} letters ({count:word|words})",
    },
    "solver.picture": {"fr": "La grille {grid}", "en": "The grid {grid}"},
    # « Grilles records » (web/boggle/records.py): the best grids found, to play
    "records.title": {"fr": "Grilles records", "en": "Record grids"},
    "records.intro": {
        "fr": "Les grilles qui rapportent le plus de points que notre recherche a trouvées."
        " Chacune se monte avec les vrais dés de la boîte, un dé par case\u00a0:"
        " à vous d'y trouver le plus de mots.",
        "en": "The highest-scoring grids our search found. Each can be set up with the"
        " real dice of the box, one die a cell: find as many of their words as you can.",
    },
    "records.picture": {"fr": "La grille record {grid}", "en": "The record grid {grid}"},
    "records.score": {"fr": "{points:point|points}", "en": "{points:point|points}"},
    "records.words": {"fr": "{count:mot|mots}", "en": "{count:word|words}"},
    "records.list": {"fr": "liste {name}", "en": "list {name}"},
    "records.play": {"fr": "Jouer cette grille", "en": "Play this grid"},
    "records.again": {"fr": "La retrouver soi-même", "en": "Find it yourself"},
    "records.box": {
        "fr": "Une partie sur une grille record la rejoue à chaque manche, comme une grille de"
        " la boîte\u00a0: elle n'est jamais classée.",
        "en": "A room on a record grid plays it every round, as a box's grid: it is never rated.",
    },
    "records.note": {
        "fr": "Grille record {grid}\u00a0: donnez votre nom et créez la partie (jamais classée).",
        "en": "Record grid {grid}: give your name and create the room (never rated).",
    },
    "create_title": {"fr": "Créer une partie de Boggle", "en": "Create a Boggle room"},
    "preset": {"fr": "Jeu", "en": "Game"},
    "preset.classic-fr": {"fr": "4×4 français (classique)", "en": "4×4 French (classic)"},
    "preset.classic-en": {"fr": "4×4 anglais (classique)", "en": "4×4 English (classic)"},
    "preset.new-en": {"fr": "4×4 anglais (nouveaux dés)", "en": "4×4 English (new dice)"},
    "preset.big": {"fr": "5×5 Big Boggle", "en": "5×5 Big Boggle"},
    "preset.super-big": {"fr": "6×6 Super Big Boggle", "en": "6×6 Super Big Boggle"},
    "duration": {"fr": "Durée d'une manche (secondes)", "en": "Round length (seconds)"},
    "duration_rule": {
        "fr": "De {min} à {max} secondes : 180 pour trois minutes.",
        "en": "From {min} to {max} seconds: 180 for three minutes.",
    },
    "tie": {"fr": "En cas d'égalité en tête", "en": "If the lead is tied"},
    "tie.decider": {"fr": "une manche décisive", "en": "a deciding round"},
    "tie.shared": {"fr": "victoire partagée", "en": "a shared win"},
    "decider_note": {
        "fr": "Égalité en tête de la partie : une manche décisive départagera {names}.",
        "en": "The lead is tied: a deciding round will separate {names}.",
    },
    "decider_round": {"fr": "Jouer la manche décisive", "en": "Play the deciding round"},
    "match": {"fr": "Partie", "en": "Match"},
    "match.rounds": {"fr": "en un nombre de manches", "en": "a number of rounds"},
    "match.target": {"fr": "jusqu'à un score", "en": "up to a score"},
    "rounds": {"fr": "Manches", "en": "Rounds"},
    "target": {"fr": "Score à atteindre", "en": "Target score"},
    "verdict": {"fr": "Verdict du dictionnaire", "en": "Dictionary verdict"},
    "verdict.now": {"fr": "tout de suite", "en": "at once"},
    "verdict.end": {"fr": "à la fin de la manche", "en": "at the end of the round"},
    "penalty": {
        "fr": "Pénalité par mot invalide (points)",
        "en": "Penalty per invalid word (points)",
    },
    "bots": {"fr": "Joueurs ordinateur", "en": "Computer players"},
    "bots_hint": {
        "fr": "Un niveau par joueur ordinateur (vous pourrez en ajouter dans la salle).",
        "en": "One level per computer player (you can add more in the room).",
    },
    "bot_count": {"fr": "Nombre", "en": "How many"},
    "bot_level": {"fr": "Niveau", "en": "Level"},
    "room_title": {"fr": "Salle de Boggle", "en": "Boggle room"},
    "waiting_word": {
        "fr": "{word} : en attente, envoyé dès le retour de la connexion",
        "en": "{word}: waiting, sent when the connection is back",
    },
    "new_match": {
        "fr": "Nouvelle partie : les scores repartent de zéro.",
        "en": "New match: the scores start again from zero.",
    },
    "start_round": {"fr": "Lancer la manche", "en": "Start the round"},
    "next_round": {"fr": "Manche suivante", "en": "Next round"},
    "stop_round": {"fr": "Arrêter la manche", "en": "Stop the round"},
    "rematch": {"fr": "Revanche", "en": "Rematch"},
    "waiting_host": {
        "fr": "En attente de l'hôte, qui lance chaque manche.",
        "en": "Waiting for the host, who starts each round.",
    },
    "round_n": {"fr": "Manche {number}", "en": "Round {number}"},
    "round_decider": {"fr": "Manche {number}, décisive", "en": "Round {number}, the decider"},
    "time_left": {"fr": "Temps restant", "en": "Time left"},
    "word": {"fr": "Mot", "en": "Word"},
    "word_hint": {
        "fr": "Tapez un mot puis Entrée, ou tracez-le sur la grille du doigt ou de la souris.",
        "en": "Type a word and press Enter, or trace it on the grid with finger or mouse.",
    },
    "my_words": {"fr": "Mes mots", "en": "My words"},
    "word_count": {"fr": "{count:mot|mots}", "en": "{count:word|words}"},
    # the dictionary checked at the end: words on the grid, not yet judged
    "written_count": {
        "fr": "{count:mot écrit|mots écrits}",
        "en": "{count:word written|words written}",
    },
    # a word's verdict as the terminal says it too
    **VERDICTS,
    "refused_word": {"fr": "{word} : refusé, {reason}", "en": "{word}: refused, {reason}"},
    "grid": {"fr": "Grille", "en": "Grid"},
    "die": {"fr": "dé {row}-{column} : {face}", "en": "die {row}-{column}: {face}"},
    "results": {"fr": "Résultats de la manche {number}", "en": "Results of round {number}"},
    "penalty_line": {"fr": "Pénalité : −{penalty}", "en": "Penalty: −{penalty}"},
    "crossed_by": {"fr": "rayé (aussi : {names})", "en": "crossed out (also: {names})"},
    "round_winner": {"fr": "Manche gagnée par {names}", "en": "Round won by {names}"},
    "missed": {"fr": "Mots que personne n'a trouvés", "en": "Words nobody found"},
    "missed_more": {"fr": "… et {count:autre|autres}", "en": "… and {count:more|more}"},
    "show_path": {
        "fr": "Cliquez un mot : son chemin s'allume.",
        "en": "Click a word: its path lights up.",
    },
    "scoreboard": {"fr": "Score de la partie", "en": "Match score"},
    "sheets": {"fr": "Les mots de chacun", "en": "Each player's words"},
    "other_sheets": {"fr": "Les mots des autres", "en": "The others' words"},
    "found_you": {
        "fr": "Vous avez trouvé {count:mot|mots} sur {total} ({points:pt|pts} sur {all_points})",
        "en": "You found {count:word|words} of {total} ({points:pt|pts} of {all_points})",
    },
    "found_player": {
        "fr": "{name} a trouvé {count:mot|mots} sur {total} ({points:pt|pts} sur {all_points})",
        "en": "{name} found {count:word|words} of {total} ({points:pt|pts} of {all_points})",
    },
    "found_room": {
        "fr": "Ensemble, vous avez trouvé {count:mot|mots} sur {total}"
        " ({points:pt|pts} sur {all_points})",
        "en": "Together you found {count:word|words} of {total} ({points:pt|pts} of {all_points})",
    },
    "after_rounds": {"fr": "après {count:manche|manches}", "en": "after {count:round|rounds}"},
    "match_won": {"fr": "Partie gagnée par {names}", "en": "Match won by {names}"},
    **NO_WINNER,
    "same_grid": {"fr": "Rejouer cette grille plus tard", "en": "Play this grid later"},
    "same_grid_hint": {
        "fr": "Ce lien ouvre une nouvelle salle sur la même grille et les mêmes réglages.",
        "en": "This link opens a new room on the same grid and settings.",
    },
    "same_grid_note": {
        "fr": "Cette salle jouera d'abord la même grille que la partie d'origine.",
        "en": "This room will first play the same grid as the original game.",
    },
    "chosen_grid_from": {
        "fr": "Même grille que {origin} : elle a déjà été jouée, certains la connaissent "
        "peut-être.",
        "en": "Same grid as {origin}: it was played before, some may know it.",
    },
    "chosen_grid_origin": {"fr": "la partie d'origine", "en": "the original game"},
    "chosen_grid": {
        "fr": "Grilles choisies d'avance, à la création de la salle.",
        "en": "Grids chosen in advance, when the room was made.",
    },
    "late_title": {
        "fr": "Arrivés après la fin de la manche",
        "en": "Arrived after the end of the round",
    },
    "same_bots": {
        "fr": "Les joueurs ordinateur de la partie d'origine :",
        "en": "The original game's computer players:",
    },
    "no_words": {"fr": "aucun mot", "en": "no words"},
    # the levels as the terminal says them too
    **{f"level.{level}": text for level, text in BOGGLE_LEVELS.items()},
    # the home page's card and the guide's links
    "guide_title.boggle": {"fr": "Comment jouer au Boggle", "en": "How to play Boggle"},
    "intro.boggle": {
        "fr": "Trois minutes pour trouver dans la même grille les mots que les autres ne "
        "voient pas.",
        "en": "Three minutes to find on the same grid the words the others do not see.",
    },
    "intro.create.boggle": {"fr": "Créer une partie", "en": "Create a room"},
    "boggle_tagline": {
        "fr": "Une grille pour tous, un sablier au serveur, les mots communs rayés pour vous.",
        "en": "One grid for all, the hourglass on the server, common words crossed out for you.",
    },
    "picture.boggle": {
        "fr": "Une grille de Boggle de 4×4 dés ; le mot DANSE y est tracé de dé en dé.",
        "en": "A Boggle grid of 4×4 dice; the word DANSE is traced on it from die to die.",
    },
    "guide_create.boggle": {"fr": "Créer une partie de Boggle", "en": "Create a Boggle room"},
    # its name in the lobby and on the players' pages, and its rating families
    "kind.boggle": {"fr": "Boggle", "en": "Boggle"},
    "figures_rounds": {"fr": "En manches (Boggle)", "en": "By rounds (Boggle)"},
    "family.boggle-4x4": {"fr": "Boggle 4×4", "en": "Boggle 4×4"},
    "family.boggle-big": {"fr": "Boggle 5×5 et 6×6", "en": "Boggle 5×5 and 6×6"},
}

#: Refusals of the create route (a grid chosen in advance) and of the room's settings.
BOGGLE_REFUSALS: Catalog = {
    "not_a_box": {
        "fr": "cette salle ne joue pas la grille de la boîte",
        "en": "this room does not play the box's grid",
    },
    "round_too_short": {
        "fr": "une manche dure au moins {min} secondes (trois minutes : 180)",
        "en": "a round lasts at least {min} seconds (three minutes: 180)",
    },
    "round_too_long": {
        "fr": "une manche dure au plus {max} secondes (une heure)",
        "en": "a round lasts at most {max} seconds (one hour)",
    },
    "seed_without_origin": {
        "fr": "une grille choisie doit venir d'une salle qui l'a jouée",
        "en": "a chosen grid must come from a room that played it",
    },
    "unknown_origin": {
        "fr": "aucune salle n'a fini de jouer cette grille",
        "en": "no room has finished playing this grid",
    },
    "bad_grid": {  # B16: the box's grid, as typed
        "fr": "grille de la boîte illisible : une lettre (ou Qu) par dé, les lignes séparées par /",
        "en": "unreadable box grid: one letter (or Qu) a die, the rows split by /",
    },
}

#: Why a word is refused (B12), for verdicts and results.
WORD_REASONS: Catalog = {reason.value: REASONS[reason] for reason in WordReason}

BOGGLE_TEXTS = KindTexts(
    {**BOGGLE_PAGE, **SCORER_PAGE},
    {**BOGGLE_REFUSALS, **SCORER_REFUSALS},
    {"reasons": WORD_REASONS},
)
