"""What the browser shows of the arena (FR/EN): the home page's block, the round, the
results and the session."""

from __future__ import annotations

from motamot.text.boggle_web import BOGGLE_TEXTS
from motamot.text.i18n import Catalog
from motamot.text.kinds import KindTexts

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
    "arena_show_missed": {
        "fr": "Voir les mots que j'ai manqués",
        "en": "Show the words I missed",
    },
    "arena_missed": {
        "fr": "{count:mot manqué|mots manqués}",
        "en": "{count:word missed|words missed}",
    },
    "arena_words_unavailable": {
        "fr": "Les mots de la grille ne sont pas arrivés : réessayez.",
        "en": "The grid's words did not come: try again.",
    },
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
    "arena_now_running": {
        "fr": "Une manche est en cours, il reste {left} : entrez, vous jouez tout de suite.",
        "en": "A round is on, {left} left: come in and play at once.",
    },
    "arena_now_results": {
        "fr": "Résultats de la manche : la suivante commence dans {left}.",
        "en": "The round's results: the next one starts in {left}.",
    },
    "arena_now_playing": {
        "fr": "{seated:joueur|joueurs} dans cette manche.",
        "en": "{seated:player|players} in this round.",
    },
    "arena_now_waiting": {
        "fr": "{seated:joueur l'attend|joueurs l'attendent} déjà.",
        "en": "{seated:player waits|players wait} for it already.",
    },
    "arena_activity": {
        "fr": "{seated:joueur|joueurs} dans la manche · {rate} mots par seconde",
        "en": "{seated:player|players} in the round · {rate} words a second",
    },
    "arena_results_of": {
        "fr": "Résultats de la manche de {time}",
        "en": "Results of the round of {time}",
    },
    "arena_your_place": {
        "fr": "Vous êtes à la {rank}e place sur {players} · top {top}\u00a0% · "
        "{score:pt|pts}, {words:mot|mots}",
        "en": "You are number {rank} of {players} · top {top}% · {score:pt|pts}, "
        "{words:word|words}",
    },
    "arena_first": {
        "fr": "Vous êtes à la 1re place sur {players} · {score:pt|pts}, {words:mot|mots}",
        "en": "You are number 1 of {players} · {score:pt|pts}, {words:word|words}",
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
    "arena_aside_too_fast": {
        "fr": "Hors classement : vos mots sont venus plus vite qu'on ne tape ({count} mots "
        "en {seconds}\u00a0s) · vous seriez {rank}e sur {players} · {score:pt|pts}",
        "en": "Unranked: your words came faster than people type ({count} words in "
        "{seconds} s) · you would be number {rank} of {players} · {score:pt|pts}",
    },
    "arena_best_accounts": {
        "fr": "Seuls les comptes figurent dans ce classement ; votre place compte tous les "
        "joueurs de la manche.",
        "en": "Only accounts are listed here; your own place counts every player of the round.",
    },
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
    "arena_back_to_tournament": {"fr": "Retour au tournoi", "en": "Back to the tournament"},
    "arena_tournament_round": {"fr": "Tournoi, ronde {round}", "en": "Tournament, round {round}"},
    "arena_tournament_results": {
        "fr": "Résultats de la ronde {round}",
        "en": "Results of round {round}",
    },
    "arena_watch": {
        "fr": "Vous regardez une manche de l'arène.",
        "en": "You are watching a round of the arena.",
    },
    "arena_join_link": {"fr": "Jouer dans l'arène", "en": "Play in the arena"},
    # its name on the players' pages
    "kind.arena": {"fr": "L'arène (Boggle)", "en": "The arena (Boggle)"},
}

#: The arena's options of `motamot serve` (`web/arena/options.py`): their help and errors.
ARENA_OPTIONS: Catalog = {
    "arena": {
        "fr": "une arène ouverte à tous pour ce jeu (classic-fr, big...), répétable. "
        "Défaut : {default}",
        "en": "an arena open to all for this game (classic-fr, big...), repeatable. "
        "Default: {default}",
    },
    "no_arena": {"fr": "aucune arène", "en": "no arena"},
    "arena_seconds": {
        "fr": "durée d'une manche de l'arène en secondes (défaut : celle du jeu, 180 pour "
        "le classique)",
        "en": "length of an arena round in seconds (default: the game's, 180 for the classic one)",
    },
    "arena_pause": {
        "fr": "secondes de résultats entre deux manches de l'arène. Défaut : {default}",
        "en": "seconds of results between two rounds of the arena. Default: {default}",
    },
    "unknown_arena": {
        "fr": "--arena : pas de jeu {preset} (les jeux : {known})",
        "en": "--arena: no game {preset} (the games: {known})",
    },
}

#: The arena's refusals (its rooms' and its routes').
ARENA_REFUSALS: Catalog = {
    "arena_fixed": {
        "fr": "les réglages de l'arène sont fixés par le serveur",
        "en": "the arena's settings are fixed by the server",
    },
    "arena_needs_player": {
        "fr": "l'arène a besoin de savoir qui vous êtes : rechargez la page",
        "en": "the arena needs to know who you are: reload the page",
    },
    "arena_no_bots": {
        "fr": "pas de joueurs ordinateur dans l'arène",
        "en": "no computer players in the arena",
    },
    "round_not_started": {
        "fr": "la manche n'a pas encore commencé",
        "en": "the round has not started yet",
    },
    "round_over": {
        "fr": "cette manche est finie : la suivante arrive",
        "en": "this round is over: the next one is coming",
    },
    "unknown_arena": {"fr": "pas d'arène de ce nom", "en": "no arena of that name"},
}

#: It plays on Boggle's grid and words: it says Boggle's texts too.
ARENA_TEXTS = KindTexts(
    {**BOGGLE_TEXTS.page, **ARENA_PAGE},
    {**BOGGLE_TEXTS.refusals, **ARENA_REFUSALS},
    BOGGLE_TEXTS.client,
)
