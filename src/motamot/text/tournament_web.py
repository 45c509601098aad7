"""What the browser shows of a tournament (FR/EN): the home page's form, registration and
check-in, the rounds and their tables, the standings and the podium, the director's
controls, « votre partie commence », and its refusals (docs/rules.md, K1-K10)."""

from __future__ import annotations

from motamot.text.i18n import Catalog
from motamot.text.kinds import KindTexts

TOURNAMENT_PAGE: Catalog = {
    "kind.tournament": {"fr": "Tournoi", "en": "Tournament"},
    "tournament_title": {"fr": "Tournoi", "en": "Tournament"},
    "tn_format.swiss": {"fr": "Système suisse, Topword", "en": "Swiss, Topword"},
    "tn_format.robin": {"fr": "Toutes rondes, Topword", "en": "Round robin, Topword"},
    "tn_format.arena": {"fr": "Arène Boggle chronométrée", "en": "Timed Boggle arena"},
    # the home page's form
    "tn_create_title": {"fr": "Organiser un tournoi", "en": "Run a tournament"},
    "tn_tagline": {
        "fr": "Des inscrits, plusieurs rondes, un classement avec départages et un podium. "
        "Il faut un compte pour organiser et pour jouer.",
        "en": "Registered players, several rounds, standings with tie-breaks and a podium. "
        "Organising and playing take an account.",
    },
    "tn_name": {"fr": "Nom du tournoi", "en": "Tournament name"},
    "tn_format": {"fr": "Formule", "en": "Format"},
    "tn_starts_in": {"fr": "Début dans (minutes)", "en": "Starts in (minutes)"},
    "tn_rounds": {"fr": "Rondes (suisse, arène)", "en": "Rounds (Swiss, arena)"},
    "tn_cap": {"fr": "Joueurs au plus", "en": "Players at most"},
    "tn_check_in": {
        "fr": "Pointage avant le début (minutes, 0 : aucun)",
        "en": "Check-in before the start (minutes, 0: none)",
    },
    "tn_turn_seconds": {
        "fr": "Topword : secondes par coup",
        "en": "Topword: seconds per move",
    },
    "tn_round_seconds": {
        "fr": "Boggle : secondes par ronde",
        "en": "Boggle: seconds per round",
    },
    "tn_rated": {"fr": "Parties classées", "en": "Rated games"},
    "tn_create": {"fr": "Créer le tournoi", "en": "Create the tournament"},
    # the page
    "tn_phase.registration": {"fr": "Inscriptions ouvertes", "en": "Registration open"},
    "tn_phase.running": {"fr": "En cours", "en": "Under way"},
    "tn_phase.paused": {"fr": "En pause", "en": "Paused"},
    "tn_phase.finished": {"fr": "Terminé", "en": "Finished"},
    "tn_phase.cancelled": {
        "fr": "Annulé : moins de deux joueurs",
        "en": "Cancelled: fewer than two players",
    },
    "tn_starts_at": {"fr": "Début : {time}", "en": "Starts: {time}"},
    "tn_director": {"fr": "Organisé par {name}", "en": "Run by {name}"},
    "tn_register": {"fr": "S'inscrire", "en": "Register"},
    "tn_withdraw": {"fr": "Se désinscrire", "en": "Withdraw"},
    "tn_check_in_button": {"fr": "Pointer", "en": "Check in"},
    "tn_checked_in": {"fr": "pointé", "en": "checked in"},
    "tn_your_name": {"fr": "Votre nom dans le tournoi", "en": "Your name in the tournament"},
    "tn_registered": {"fr": "Inscrits ({count})", "en": "Registered ({count})"},
    "tn_nobody": {"fr": "Personne pour l'instant.", "en": "Nobody yet."},
    "tn_your_game": {
        "fr": "Votre partie commence : ronde {round}",
        "en": "Your game starts: round {round}",
    },
    "tn_go_to_table": {"fr": "Aller à la table", "en": "Go to the table"},
    "tn_round": {"fr": "Ronde {number}", "en": "Round {number}"},
    "tn_round_of": {"fr": "Ronde {number} sur {total}", "en": "Round {number} of {total}"},
    "tn_round_starts": {"fr": "commence à {time}", "en": "starts at {time}"},
    "tn_board": {"fr": "Table {number}", "en": "Board {number}"},
    "tn_bye": {"fr": "Exempt : {name}", "en": "Bye: {name}"},
    "tn_bye_label": {"fr": "Exempt", "en": "Bye"},
    "tn_table": {"fr": "voir la table", "en": "see the table"},
    "tn_arena_table": {"fr": "la grille de la ronde", "en": "the round's grid"},
    "tn_pending": {"fr": "en cours", "en": "playing"},
    "tn_upcoming_game": {"fr": "à venir", "en": "to come"},
    "tn_forfeit": {"fr": "forfait de {name}", "en": "{name} forfeited"},
    # before a vowel or an h (a first name's is mute): « abandon d'Ana »
    "tn_forfeit_elided": {"fr": "forfait d'{name}", "en": "{name} forfeited"},
    "tn_resigned": {"fr": "abandon de {name}", "en": "{name} resigned"},
    "tn_resigned_elided": {"fr": "abandon d'{name}", "en": "{name} resigned"},
    "tn_absent": {"fr": "double forfait", "en": "both absent"},
    "tn_adjudicated": {
        "fr": "décision de l'organisateur : {reason}",
        "en": "director's decision: {reason}",
    },
    "tn_standings": {"fr": "Classement", "en": "Standings"},
    "tn_final_standings": {"fr": "Classement final", "en": "Final standings"},
    "tn_podium": {"fr": "Podium", "en": "Podium"},
    "tn_place": {"fr": "Place", "en": "Place"},
    "tn_player": {"fr": "Joueur", "en": "Player"},
    "tn_wins": {"fr": "Victoires", "en": "Wins"},
    "tn_spread": {"fr": "Écart", "en": "Spread"},
    "tn_buchholz": {"fr": "Buchholz", "en": "Buchholz"},
    "tn_points": {"fr": "Points", "en": "Points"},
    "tn_round_best": {"fr": "Meilleurs de la ronde :", "en": "The round's best:"},
    "tn_points_count": {"fr": "{count:pt|pts}", "en": "{count:pt|pts}"},
    "tn_words": {"fr": "Mots", "en": "Words"},
    # the director
    "tn_director_controls": {"fr": "Organisation", "en": "Director"},
    "tn_start_now": {"fr": "Commencer maintenant", "en": "Start now"},
    "tn_pause": {"fr": "Pause après cette ronde", "en": "Pause after this round"},
    "tn_resume": {"fr": "Reprendre", "en": "Resume"},
    "tn_add_bot": {"fr": "Ajouter un joueur ordinateur", "en": "Add a computer player"},
    "tn_remove": {"fr": "Retirer {name}", "en": "Remove {name}"},
    "tn_adjudicate": {"fr": "Trancher", "en": "Adjudicate"},
    "tn_adjudicate_board": {"fr": "Table à trancher", "en": "Board to adjudicate"},
    "tn_result": {"fr": "Résultat", "en": "Result"},
    "tn_result.first": {"fr": "victoire du premier nommé", "en": "the first named wins"},
    "tn_result.second": {"fr": "victoire du second nommé", "en": "the second named wins"},
    "tn_result.draw": {"fr": "nulle", "en": "draw"},
    "tn_result.none": {"fr": "défaite des deux", "en": "both lose"},
    "tn_reason": {"fr": "Motif", "en": "Reason"},
    "tn_repair": {"fr": "Apparier à nouveau", "en": "Pair again"},
    "tn_repair_hint": {
        "fr": "Une table par ligne : « s2 s5 » ; l'exempt seul sur sa ligne.",
        "en": "One board a line: “s2 s5”; the bye alone on its line.",
    },
    # the lobby
    "tn_lobby_title": {"fr": "Tournois", "en": "Tournaments"},
    "tn_upcoming": {"fr": "À venir", "en": "Upcoming"},
    "tn_running": {"fr": "En cours", "en": "Under way"},
    "tn_finished": {"fr": "Terminés", "en": "Finished"},
    "tn_none": {"fr": "Aucun tournoi.", "en": "No tournament."},
    "tn_winner": {"fr": "vainqueur : {name}", "en": "winner: {name}"},
    "tn_rated_note": {"fr": "classé", "en": "rated"},
    "tn_unrated_note": {"fr": "non classé", "en": "unrated"},
    "tn_all": {"fr": "Tous les tournois", "en": "All the tournaments"},
    "tn_players_count": {"fr": "{count} inscrits", "en": "{count} registered"},
}

TOURNAMENT_REFUSALS: Catalog = {
    "account_required": {
        "fr": "Il faut un compte pour suivre un tournoi et y jouer.",
        "en": "Following a tournament and playing in it take an account.",
    },
    "already_registered": {"fr": "Vous êtes déjà inscrit.", "en": "You are registered already."},
    "not_registered": {"fr": "Vous n'êtes pas inscrit.", "en": "You are not registered."},
    "tournament_no_bots": {
        "fr": "Les manches d'une arène Boggle se jouent entre personnes : pas d'ordinateur.",
        "en": "A Boggle arena's rounds are played by people: no computer players.",
    },
    "tournament_full": {
        "fr": "Le tournoi est complet ({max} joueurs).",
        "en": "The tournament is full ({max} players).",
    },
    "same_person": {
        "fr": "Une autre inscription vient déjà de ce navigateur ou de cette adresse.",
        "en": "Another registration already comes from this browser or address.",
    },
    "check_in_closed": {"fr": "Le pointage n'est pas ouvert.", "en": "Check-in is not open."},
    "tournament_started": {"fr": "Le tournoi a commencé.", "en": "The tournament has started."},
    "tournament_not_started": {
        "fr": "Le tournoi n'a pas commencé.",
        "en": "The tournament has not started.",
    },
    "tournament_over": {"fr": "Le tournoi est terminé.", "en": "The tournament is over."},
    "round_begun": {
        "fr": "La ronde a commencé : elle ne s'apparie plus.",
        "en": "The round has begun: it cannot be paired again.",
    },
    "bad_pairing": {
        "fr": "Chaque joueur de la ronde doit figurer une fois, l'exempt seulement en "
        "nombre impair.",
        "en": "Each player of the round must appear once, a bye only with an odd count.",
    },
    "bad_result": {"fr": "Ce résultat n'est pas possible.", "en": "That result is not possible."},
    "reason_required": {"fr": "Donnez un motif.", "en": "Give a reason."},
    "no_such_round": {"fr": "Cette ronde n'a pas commencé.", "en": "That round has not begun."},
    "no_such_board": {"fr": "Cette table n'existe pas.", "en": "That board does not exist."},
    "table_open": {"fr": "Cette table est déjà ouverte.", "en": "That table is open already."},
}

TOURNAMENT_TEXTS = KindTexts(page=TOURNAMENT_PAGE, refusals=TOURNAMENT_REFUSALS)
