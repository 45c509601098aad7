"""What a duplicate room says of its arbiter (D7) and of the pause between turns (D8), in
French and English: the arbiter's panel, the decisions in the match sheet, the refusals."""

from __future__ import annotations

from motamot.text.i18n import Catalog

ARBITER_PAGE: Catalog = {
    # the home page's form
    "dup_arbiter_choice": {
        "fr": "Je suis l'arbitre : je ne joue pas, je mène la partie (pendule, corrections, "
        "joueurs sur papier)",
        "en": "I am the arbiter: I do not play, I run the game (clock, corrections, players "
        "on paper)",
    },
    "dup_pause_seconds": {
        "fr": "Pause entre deux coups en direct (secondes, 0 : aucune)",
        "en": "Pause between two live turns (seconds, 0: none)",
    },
    # who is who
    "dup_arbiter": {"fr": "arbitre", "en": "arbiter"},
    "dup_paper": {"fr": "sur papier", "en": "on paper"},
    "dup_excluded": {"fr": "exclu", "en": "excluded"},
    "dup_arbiter_hint": {
        "fr": "Vous êtes l'arbitre : vous ne jouez pas, vous menez la partie.",
        "en": "You are the arbiter: you do not play, you run the game.",
    },
    "dup_you_excluded": {
        "fr": "L'arbitre vous a exclu de la partie : vos coups ne comptent plus.",
        "en": "The arbiter excluded you from the game: your moves no longer count.",
    },
    # the clock and the pause between turns
    "dup_paused": {
        "fr": "Pendule arrêtée par l'arbitre : reste {time}",
        "en": "Clock stopped by the arbiter: {time} left",
    },
    "dup_next_in": {"fr": "Coup suivant dans {time}", "en": "Next turn in {time}"},
    # the arbiter's panel
    "dup_arbiter_title": {"fr": "Arbitrage", "en": "Arbitration"},
    "dup_reason": {
        "fr": "Motif (écrit dans la feuille de match)",
        "en": "Reason (written in the score sheet)",
    },
    "dup_pause": {"fr": "Arrêter la pendule", "en": "Stop the clock"},
    "dup_resume": {"fr": "Relancer la pendule", "en": "Restart the clock"},
    "dup_add_time": {"fr": "+{seconds} s", "en": "+{seconds} s"},
    "dup_cancel_turn": {"fr": "Annuler et rejouer le coup", "en": "Cancel and replay the turn"},
    "dup_replay_turn": {
        "fr": "Annuler le coup joué et le rejouer",
        "en": "Cancel the turn just played and replay it",
    },
    "dup_end_game": {"fr": "Terminer la partie", "en": "End the game"},
    "dup_end_confirm": {
        "fr": "Terminer la partie maintenant ? Le coup en cours ne comptera pas.",
        "en": "End the game now? The running turn will not count.",
    },
    "dup_paper_name": {"fr": "Joueur sur papier", "en": "Player on paper"},
    "dup_paper_add": {"fr": "Ajouter", "en": "Add"},
    "dup_slip_title": {"fr": "Saisir un bulletin", "en": "Enter a slip"},
    "dup_slip_player": {"fr": "Joueur", "en": "Player"},
    "dup_slip_move": {"fr": "Coup (notation, ex. 5E MAIN)", "en": "Move (notation, e.g. 5E MAIN)"},
    "dup_slip_enter": {"fr": "Saisir", "en": "Enter"},
    "dup_correct_title": {"fr": "Corriger un score", "en": "Correct a score"},
    "dup_correct_turn": {"fr": "Coup n°", "en": "Turn no."},
    "dup_correct_points": {"fr": "Points", "en": "Points"},
    "dup_correct_do": {"fr": "Corriger", "en": "Correct"},
    "dup_exclude": {"fr": "Exclure", "en": "Exclude"},
    "dup_reinstate": {"fr": "Réintégrer", "en": "Reinstate"},
    "dup_screen_link": {"fr": "Écran de la salle", "en": "The room's screen"},
    # on paper
    "dup_print_link": {
        "fr": "Classement et feuille de match à imprimer",
        "en": "Standings and score sheet to print",
    },
    "dup_print": {"fr": "Imprimer", "en": "Print"},
    "dup_csv": {"fr": "Classement en CSV", "en": "Standings as CSV"},
    "dup_found_count": {"fr": "Trouvé par", "en": "Found by"},
    # a club's series (D12)
    "dup_series": {"fr": "La série « {name} »", "en": "The series “{name}”"},
    "dup_series_field": {
        "fr": "Série du club (facultatif : minuscules, chiffres, tirets)",
        "en": "The club's series (optional: lowercase, digits, hyphens)",
    },
    "dup_evenings": {"fr": "{count:soirée|soirées}", "en": "{count:evening|evenings}"},
    "col.evenings": {"fr": "Soirées", "en": "Evenings"},
    "dup_series_page": {
        "fr": "Toutes les soirées de la série",
        "en": "Every evening of the series",
    },
    "dup_series_players": {"fr": "Les joueurs", "en": "The players"},
    "dup_series_evenings": {"fr": "Les soirées", "en": "The evenings"},
    "dup_series_evening": {
        "fr": "{players:joueur|joueurs}, {turns:coup|coups}",
        "en": "{players:player|players}, {turns:turn|turns}",
    },
    "dup_series_none": {
        "fr": "Aucune soirée de cette série n'est encore terminée.",
        "en": "No evening of this series has ended yet.",
    },
    "dup_series_unknown": {
        "fr": "Pas de telle série : son nom s'écrit en minuscules, chiffres et tirets.",
        "en": "No such series: its name is written in lowercase letters, digits and hyphens.",
    },
    "col.average": {"fr": "Moyenne (% du top)", "en": "Average (% of top)"},
    "col.best_share": {"fr": "Meilleure (% du top)", "en": "Best (% of top)"},
    # numbered games (D10)
    "dup_number": {"fr": "Partie n° {number}", "en": "Game no. {number}"},
    "dup_number_field": {"fr": "Numéro de la partie", "en": "Game number"},
    "dup_export": {
        "fr": "Enregistrer comme partie numérotée (fichier)",
        "en": "Save as a numbered game (file)",
    },
    "dup_import": {
        "fr": "Jouer une partie numérotée (son fichier ; avec arbitre)",
        "en": "Play a numbered game (its file; with an arbiter)",
    },
    "dup_import_bad": {
        "fr": "Ce fichier n'est pas une partie numérotée de motamot.",
        "en": "This file is not a motamot numbered game.",
    },
    # the decisions, in the match sheet
    "dup_decisions": {"fr": "Décisions de l'arbitre", "en": "The arbiter's decisions"},
    "col.decision": {"fr": "Décision", "en": "Decision"},
    "col.reason": {"fr": "Motif", "en": "Reason"},
    "dup_decision.clock_paused": {"fr": "pendule arrêtée", "en": "clock stopped"},
    "dup_decision.clock_resumed": {"fr": "pendule relancée", "en": "clock restarted"},
    "dup_decision.time_added": {
        "fr": "{seconds} s ajoutées",
        "en": "{seconds} s added",
    },
    "dup_decision.turn_cancelled": {
        "fr": "coup annulé et rejoué",
        "en": "turn cancelled, replayed",
    },
    "dup_decision.turn_replayed": {
        "fr": "coup repris et rejoué",
        "en": "turn taken back, replayed",
    },
    "dup_decision.score_corrected": {
        "fr": "{name} : {was} → {points} pt",
        "en": "{name}: {was} → {points} pt",
    },
    "dup_decision.excluded": {"fr": "exclusion de {name}", "en": "{name} excluded"},
    "dup_decision.reinstated": {"fr": "réintégration de {name}", "en": "{name} reinstated"},
    "dup_decision.paper_seated": {"fr": "{name} joue sur papier", "en": "{name} plays on paper"},
    "dup_decision.ended": {"fr": "partie terminée", "en": "game ended"},
    "dup_end.arbiter": {
        "fr": "L'arbitre a terminé la partie.",
        "en": "The arbiter ended the game.",
    },
    "dup_corrected": {"fr": "corrigé : {reason}", "en": "corrected: {reason}"},
    "dup_solo": {"fr": "+ {points} de solo", "en": "+ {points} solo bonus"},
    "dup_solo_bonus": {
        "fr": "Bonus du solo : points de plus pour un joueur seul au top (0 : aucun)",
        "en": "Solo bonus: extra points for a player alone on the top (0: none)",
    },
    "dup_solo_setting": {"fr": "solo : +{points}", "en": "solo: +{points}"},
}

ARBITER_REFUSALS: Catalog = {
    "no_arbiter": {"fr": "cette partie n'a pas d'arbitre", "en": "this game has no arbiter"},
    "not_arbiter": {"fr": "seul l'arbitre peut le faire", "en": "only the arbiter may do that"},
    "arbiter_does_not_play": {"fr": "l'arbitre ne joue pas", "en": "the arbiter does not play"},
    "reason_too_long": {
        "fr": "motif trop long (au plus {max} caractères)",
        "en": "reason too long (at most {max} characters)",
    },
    "player_excluded": {
        "fr": "ce joueur est exclu de la partie",
        "en": "this player is excluded from the game",
    },
    "no_such_player": {
        "fr": "aucun joueur de la partie n'a cette place",
        "en": "no player of this game has that seat",
    },
    "already_excluded": {"fr": "ce joueur est déjà exclu", "en": "this player is excluded already"},
    "not_excluded": {"fr": "ce joueur n'est pas exclu", "en": "this player is not excluded"},
    "no_such_turn": {
        "fr": "ce coup n'existe pas ou n'est pas terminé",
        "en": "that turn does not exist or has not ended",
    },
    "bad_points": {"fr": "des points de 0 à {max}", "en": "points from 0 to {max}"},
    "bad_added_time": {
        "fr": "un ajout de 1 à {max} secondes",
        "en": "an addition of 1 to {max} seconds",
    },
    "no_clock": {
        "fr": "pas de pendule : la partie va à son rythme",
        "en": "no clock: the game is self-paced",
    },
    "already_paused": {"fr": "la pendule est déjà arrêtée", "en": "the clock is stopped already"},
    "not_paused": {"fr": "la pendule n'est pas arrêtée", "en": "the clock is not stopped"},
    "no_turn": {"fr": "aucun coup en cours", "en": "no turn is running"},
    "number_without_draw": {
        "fr": "une partie numérotée vient avec son tirage (son fichier)",
        "en": "a numbered game comes with its draw (its file)",
    },
    "numbered_needs_arbiter": {
        "fr": "une partie numérotée se joue avec un arbitre, qui ne joue pas",
        "en": "a numbered game is played with an arbiter, who does not play",
    },
    "number_needed": {
        "fr": "donnez un numéro à la partie (de 1 à 999 999)",
        "en": "give the game a number (1 to 999,999)",
    },
    "bad_number": {"fr": "un numéro de 1 à {max}", "en": "a number from 1 to {max}"},
    "bad_series": {
        "fr": "une série se nomme en minuscules, chiffres et tirets (40 au plus)",
        "en": "a series is named in lowercase letters, digits and hyphens (40 at most)",
    },
}
