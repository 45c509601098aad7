"""What the browser shows of the arena (FR/EN): the home page's block, the round, the
results and the session."""

from __future__ import annotations

from motamot.text.i18n import Catalog

ARENA_PAGE: Catalog = {
    "arena_title": {"fr": "L'arène", "en": "The arena"},
    "arena_home_title": {"fr": "L'arène : jouer maintenant", "en": "The arena: play now"},
    "arena_pitch": {
        "fr": "Une grille pour tout le monde, une manche de {minutes} min toutes les "
        "{period}, à toute heure. Entrez quand vous voulez, même en pleine manche.",
        "en": "One grid for everybody, a {minutes} min round every {period}, at any hour. "
        "Come in whenever you like, even in the middle of a round.",
    },
    "arena_play_now": {"fr": "Jouer maintenant", "en": "Play now"},
    "arena_no_crossing": {
        "fr": "Dans l'arène, aucun mot n'est rayé : chaque mot trouvé compte, même si "
        "d'autres l'ont trouvé aussi.",
        "en": "In the arena no word is crossed out: every word found counts, even when "
        "others found it too.",
    },
    "arena_enter": {"fr": "Entrer dans l'arène", "en": "Enter the arena"},
    "arena_round": {"fr": "Manche de {time}", "en": "Round of {time}"},
    "arena_game": {
        "fr": "{game} · dictionnaire {dictionary}",
        "en": "{game} · {dictionary} dictionary",
    },
    "arena_waiting": {"fr": "La prochaine manche commence dans", "en": "The next round starts in"},
    "arena_activity": {
        "fr": "{seated:joueur|joueurs} dans la manche · {rate} mots par seconde",
        "en": "{seated:player|players} in the round · {rate} words a second",
    },
    "arena_results_of": {
        "fr": "Résultats de la manche de {time}",
        "en": "Results of the round of {time}",
    },
    "arena_your_place": {
        "fr": "Vous êtes {rank}e sur {players} · top {top}\u00a0% · {score:pt|pts}, "
        "{words:mot|mots}",
        "en": "You are number {rank} of {players} · top {top}% · {score:pt|pts}, "
        "{words:word|words}",
    },
    "arena_first": {
        "fr": "Vous êtes 1er sur {players} · top {top}\u00a0% · {score:pt|pts}, {words:mot|mots}",
        "en": "You are number 1 of {players} · top {top}% · {score:pt|pts}, {words:word|words}",
    },
    "arena_no_place": {
        "fr": "Vous n'avez pas joué cette manche.",
        "en": "You did not play this round.",
    },
    "arena_session": {
        "fr": "Votre série : {total:pt|pts} en {rounds:manche|manches} de suite",
        "en": "Your run: {total:pt|pts} over {rounds:round|rounds} in a row",
    },
    "arena_best_players": {"fr": "Les meilleurs joueurs", "en": "The best players"},
    "arena_best_words": {"fr": "Les plus beaux mots de la grille", "en": "The grid's best words"},
    "arena_found_by_none": {"fr": "trouvé par personne", "en": "found by nobody"},
    "arena_found_by": {
        "fr": "trouvé par {count:joueur|joueurs}",
        "en": "found by {count:player|players}",
    },
    "arena_found": {
        "fr": "{players:joueur|joueurs} ont trouvé {found} des {all} mots de la grille.",
        "en": "{players:player|players} found {found} of the grid's {all} words.",
    },
    "arena_rank": {"fr": "Rang", "en": "Rank"},
    "arena_name": {"fr": "Joueur", "en": "Player"},
    "arena_score": {"fr": "Points", "en": "Points"},
    "arena_words": {"fr": "Mots", "en": "Words"},
    "arena_next": {"fr": "Manche suivante dans", "en": "Next round in"},
    "arena_watch": {
        "fr": "Vous regardez une manche de l'arène.",
        "en": "You are watching a round of the arena.",
    },
    "arena_join_link": {"fr": "Jouer dans l'arène", "en": "Play in the arena"},
}
