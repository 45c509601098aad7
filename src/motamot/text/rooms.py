"""Why a room refused a command, in French and English (the codes of `Refusal`)."""

from __future__ import annotations

from motamot.text.i18n import Catalog, Language, translate

REFUSALS: Catalog = {
    "already_carried": {
        "fr": "les séries de la manche précédente sont déjà reportées",
        "en": "the previous round's runs are carried already",
    },
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
    "daily_fixed": {
        "fr": "la grille du jour est fixée par le serveur",
        "en": "the daily grid is fixed by the server",
    },
    "daily_needs_player": {
        "fr": "la grille du jour a besoin de savoir qui vous êtes : rechargez la page",
        "en": "the daily grid needs to know who you are: reload the page",
    },
    "daily_no_bots": {
        "fr": "pas de joueurs ordinateur dans la grille du jour",
        "en": "no computer players in the daily grid",
    },
    "daily_not_started": {
        "fr": "commencez d'abord votre partie",
        "en": "start your play first",
    },
    "daily_playing": {
        "fr": "votre partie de cette grille est en cours : elle reprend",
        "en": "your play of this grid is under way: it resumes",
    },
    "daily_played": {
        "fr": "vous avez déjà joué cette grille : une seule partie par jour et par joueur",
        "en": "you have played this grid already: one play a day per player",
    },
    "daily_future": {
        "fr": "cette grille n'existe pas encore : revenez ce jour-là",
        "en": "this grid does not exist yet: come back on that day",
    },
    "daily_too_old": {
        "fr": "pas de grille du jour avant le 1er janvier 2020",
        "en": "no daily grid before January 1, 2020",
    },
    "daily_bad_date": {
        "fr": "date inconnue : les grilles se nomment AAAA-MM-JJ",
        "en": "unknown date: grids are named YYYY-MM-DD",
    },
    "daily_too_fast": {
        "fr": "trop de mots d'un coup : attendez une seconde",
        "en": "too many words at once: wait a second",
    },
    "unknown_daily": {
        "fr": "pas de grille du jour pour ce jeu",
        "en": "no daily grid for that game",
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
    "after_deadline": {
        "fr": "trop tard : la manche est finie",
        "en": "too late: the round is over",
    },
    "already_seated": {"fr": "vous êtes déjà à la table", "en": "you are already seated"},
    "already_removed": {
        "fr": "{name} a déjà été retiré de la salle",
        "en": "{name} was already removed from the room",
    },
    "not_a_person": {
        "fr": "{seat} n'est pas un joueur de la salle",
        "en": "{seat} is not a player of this room",
    },
    "rated_in_play": {
        "fr": "partie classée en cours : personne n'en est retiré avant la fin",
        "en": "a rated game is being played: nobody is removed from it before its end",
    },
    "report_self": {
        "fr": "on ne se signale pas soi-même",
        "en": "you cannot report yourself",
    },
    "remove_self": {
        "fr": "on ne se retire pas soi-même : quittez la salle",
        "en": "you cannot remove yourself: leave the room",
    },
    "removed": {
        "fr": "l'hôte vous a retiré de cette salle : vous ne pouvez plus y jouer",
        "en": "the host removed you from this room: you cannot play in it any more",
    },
    "bad_name": {"fr": "nom refusé : {why}", "en": "name refused: {why}"},
    "bad_reason": {
        "fr": "motif de signalement inconnu : {reason}",
        "en": "unknown reason for a report: {reason}",
    },
    "banned": {
        "fr": "l'exploitant de ce serveur a exclu ce compte ou ce navigateur : vous ne pouvez"
        " plus y jouer",
        "en": "this server's operator banned this account or browser: you cannot play here"
        " any more",
    },
    "bad_command": {
        "fr": "commande illisible pour le serveur de la salle",
        "en": "the room's server cannot read this command",
    },
    "bad_secret": {"fr": "jeton de place invalide", "en": "invalid seat token"},
    "conflict": {
        "fr": "la salle a changé entre-temps : réessayez",
        "en": "the room changed meanwhile: try again",
    },
    "duplicate_entry": {"fr": "déjà écrit : {word}", "en": "already written: {word}"},
    "empty_word": {"fr": "mot vide", "en": "empty word"},
    "match_over": {"fr": "la partie est finie", "en": "the match is over"},
    "match_started": {
        "fr": "la partie est commencée : réglages figés",
        "en": "the match has started: settings are fixed",
    },
    "name_taken": {"fr": "le nom {name} est déjà pris", "en": "the name {name} is taken"},
    "no_players": {"fr": "personne à la table", "en": "nobody is seated"},
    "not_a_bot": {"fr": "{seat} n'est pas un robot", "en": "{seat} is not a computer player"},
    "turn_clock": {
        "fr": "ce coup se termine avec son horloge",
        "en": "this turn ends with its clock",
    },
    "no_move": {"fr": "aucun coup proposé", "en": "no move played"},
    "watch_only": {
        "fr": "ce lien permet de regarder la partie, pas d'y jouer : demandez le lien des joueurs",
        "en": "this link is for watching, not playing: ask for the players' link",
    },
    "not_host": {
        "fr": "seul l'hôte de la salle peut le faire",
        "en": "only the room's host can do that",
    },
    "not_seated": {"fr": "vous n'êtes pas à la table", "en": "you are not seated"},
    "room_full": {"fr": "salle pleine ({max} joueurs)", "en": "the room is full ({max} players)"},
    "room_unavailable": {
        "fr": "le serveur de la salle ne répond pas : réessayez",
        "en": "the room's server does not answer: try again",
    },
    "rated_needs_account": {
        "fr": "partie classée : connectez-vous à votre compte pour y jouer",
        "en": "rated game: sign in to your account to play",
    },
    "rated_fixed": {
        "fr": "une partie est classée ou non dès sa création",
        "en": "a game is rated or not from its creation",
    },
    "room_exists": {
        "fr": "cette salle existe déjà : rejoignez-la",
        "en": "this room exists already: join it",
    },
    "round_not_running": {"fr": "aucune manche en cours", "en": "no round is being played"},
    "round_running": {"fr": "une manche est en cours", "en": "a round is being played"},
    "store_failed": {
        "fr": "enregistrement impossible pour l'instant : réessayez",
        "en": "could not save just now: try again",
    },
    "too_long": {
        "fr": "mot trop long ({max} caractères au plus)",
        "en": "word too long (at most {max} characters)",
    },
    "too_many_bots": {"fr": "{max} robots au plus", "en": "at most {max} computer players"},
    "unknown_command": {"fr": "commande inconnue", "en": "unknown command"},
    "unknown_dictionary": {"fr": "dictionnaire introuvable", "en": "dictionary not found"},
    "unknown_game": {"fr": "jeu inconnu", "en": "unknown game"},
    "unknown_room": {"fr": "salle inconnue", "en": "unknown room"},
    "bad_duration": {
        "fr": "durée de manche invalide (1 s à 1 h)",
        "en": "invalid round duration (1 s to 1 h)",
    },
    "bad_setting": {"fr": "réglage hors limites", "en": "a setting is out of range"},
    "too_many_entries": {
        "fr": "{max} mots au plus par manche",
        "en": "at most {max} words a round",
    },
    "bad_match": {
        "fr": "format de partie invalide (un nombre de manches ou un score à atteindre)",
        "en": "invalid match format (a number of rounds or a target score)",
    },
    "bad_rules": {"fr": "règles invalides", "en": "invalid rules"},
    "unknown_level": {
        "fr": "niveau de robot inconnu : {level}",
        "en": "unknown bot level: {level}",
    },
    "unknown_preset": {"fr": "règles inconnues", "en": "unknown rules preset"},
    "bad_move": {"fr": "coup illisible", "en": "unreadable move"},
    "game_not_started": {"fr": "la partie n'a pas commencé", "en": "the game has not started"},
    "game_over": {"fr": "la partie est finie", "en": "the game is over"},
    "game_started": {"fr": "la partie est commencée", "en": "the game has started"},
    "not_your_turn": {"fr": "ce n'est pas votre tour", "en": "it is not your turn"},
    "players_awaited": {
        "fr": "il manque {count:joueur|joueurs} : envoyez-leur le lien à donner aux joueurs",
        "en": "{count:player|players} missing: send them the link for players",
    },
    "player_count": {
        "fr": "il faut de {low} à {high} joueurs",
        "en": "{low} to {high} players are needed",
    },
    "unknown_ruleset": {"fr": "règles inconnues", "en": "unknown ruleset"},
    "bad_turn_clock": {
        "fr": "temps par tour invalide (5 s à 1 h)",
        "en": "invalid turn clock (5 s to 1 h)",
    },
    "bad_bot_clock": {
        "fr": "temps de réflexion des robots invalide (0 à 60 s)",
        "en": "invalid computer thinking time (0 to 60 s)",
    },
    "bad_scoreless_limit": {
        "fr": "limite de tours sans point invalide (2 au moins)",
        "en": "invalid scoreless-turn limit (at least 2)",
    },
    # the room's chat (docs/rules.md, C1-C5)
    "chat_off": {
        "fr": "la discussion est coupée par l'hôte",
        "en": "the host has turned the chat off",
    },
    "chat_empty": {"fr": "message vide", "en": "empty message"},
    "chat_too_long": {
        "fr": "message trop long ({max} caractères au plus)",
        "en": "message too long (at most {max} characters)",
    },
    "chat_too_fast": {
        "fr": "trop de messages, attendez un peu",
        "en": "too many messages, wait a little",
    },
    "chat_phrases_only": {
        "fr": "salle publique : seulement des phrases toutes faites",
        "en": "public room: quick phrases only",
    },
    "chat_phrases_in_round": {
        "fr": "pendant la manche, seulement des phrases toutes faites (pas de mots soufflés)",
        "en": "during a round, quick phrases only (no words given away)",
    },
    "chat_phrases_in_turn": {
        "fr": "pendant un coup, seulement des phrases toutes faites (pas de coup soufflé)",
        "en": "during a turn, quick phrases only (no move given away)",
    },
    "chat_unknown_phrase": {"fr": "phrase inconnue", "en": "unknown phrase"},
    "chat_none": {"fr": "pas de discussion ici", "en": "no chat here"},
}


def refusal_text(code: str, lang: Language, **fields: object) -> str:
    """A room's refusal in the player's language (the code itself if unknown)."""
    return translate(REFUSALS, code, lang, **fields)
