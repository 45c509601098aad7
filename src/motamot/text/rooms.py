"""Why a room refused a command, in French and English (the codes of `Refusal`); said
with the others by `text.web.refusal_text`."""

from __future__ import annotations

from motamot.text.i18n import Catalog

ROOM_REFUSALS: Catalog = {
    "already_carried": {
        "fr": "les séries de la manche précédente sont déjà reportées",
        "en": "the previous round's runs are carried already",
    },
    "after_deadline": {
        "fr": "trop tard : la manche est finie",
        "en": "too late: the round is over",
    },
    "turn_over": {
        "fr": "trop tard : le tour {turn} est fini",
        "en": "too late: turn {turn} is over",
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
    "room_closed": {
        "fr": "la modération a fermé cette salle",
        "en": "the moderators closed this room",
    },
    "failed": {
        "fr": "le serveur n'a pas pu le faire (voir son journal)",
        "en": "the server could not do it (see its log)",
    },
    "not_closable": {
        "fr": "le serveur tient cette salle ouverte pour tout le monde : elle ne se ferme pas",
        "en": "the server keeps this room open for everybody: it is not closed",
    },
    "no_such_message": {
        "fr": "ce message n'est plus parmi les derniers de la salle",
        "en": "this message is no longer among the room's last ones",
    },
    "message_removed_already": {
        "fr": "ce message a déjà été retiré",
        "en": "this message was removed already",
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
    "name_taken": {
        "fr": "le nom {name} est déjà pris, ou un nom qui lui ressemble",
        "en": "the name {name} is taken, or a name that looks like it",
    },
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
