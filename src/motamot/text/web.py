"""What the browser shows: page texts, room refusals and protocol errors (FR/EN).

The pages embed `client_catalog(lang)` as JSON so the client renders codes
(verdicts, refusals) with the same texts as the terminal (`text.boggle`).
"""

from __future__ import annotations

from motamot.boggle.referee import WordReason
from motamot.names import PlayerNameError
from motamot.text.accounts import PLAYER_PAGE
from motamot.text.arena_web import ARENA_PAGE
from motamot.text.boggle import NO_WINNER, REASONS, VERDICTS
from motamot.text.chat import CHAT_PAGE
from motamot.text.daily_web import DAILY_PAGE
from motamot.text.duplicate_web import DUPLICATE_PAGE
from motamot.text.errors import GAME_ERRORS, PLAYER_NAME_ERRORS
from motamot.text.errors import REFUSALS as MOVE_REFUSALS
from motamot.text.guides import GUIDE_PAGE
from motamot.text.i18n import LANGUAGES, Catalog, Language, render, translate
from motamot.text.lobby_web import LOBBY_PAGE, QUICK_REFUSALS
from motamot.text.mail import MAIL_PAGE
from motamot.text.moderation import MODERATION_PAGE
from motamot.text.players import BOGGLE_LEVELS
from motamot.text.rooms import REFUSALS as ROOM_REFUSALS
from motamot.text.topword import SCORE_TEXTS
from motamot.text.topword_web import TOPWORD_PAGE

PAGE: Catalog = {
    "site_title": {"fr": "motamot — Boggle entre amis", "en": "motamot — Boggle with friends"},
    "tagline": {
        "fr": "Une grille pour tous, un sablier au serveur, les mots communs rayés pour vous.",
        "en": "One grid for all, the hourglass on the server, common words crossed out for you.",
    },
    "language": {"fr": "Langue", "en": "Language"},
    "create_title": {"fr": "Créer une partie de Boggle", "en": "Create a Boggle room"},
    "your_name": {"fr": "Votre nom", "en": "Your name"},
    "preset": {"fr": "Jeu", "en": "Game"},
    "preset.classic-fr": {"fr": "4×4 français (classique)", "en": "4×4 French (classic)"},
    "preset.classic-en": {"fr": "4×4 anglais (classique)", "en": "4×4 English (classic)"},
    "preset.new-en": {"fr": "4×4 anglais (nouveaux dés)", "en": "4×4 English (new dice)"},
    "preset.big": {"fr": "5×5 Big Boggle", "en": "5×5 Big Boggle"},
    "preset.super-big": {"fr": "6×6 Super Big Boggle", "en": "6×6 Super Big Boggle"},
    "dictionary": {"fr": "Dictionnaire", "en": "Dictionary"},
    "dictionary.auto": {"fr": "celui du jeu", "en": "the game's own"},
    "dictionary.fr": {"fr": "français", "en": "French"},
    "dictionary.en": {"fr": "anglais", "en": "English"},
    "duration": {"fr": "Durée d'une manche (secondes)", "en": "Round length (seconds)"},
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
    # the levels as the terminal says them too
    **{f"level.{level}": text for level, text in BOGGLE_LEVELS.items()},
    "create": {"fr": "Créer la salle", "en": "Create the room"},
    "room_title": {"fr": "Salle de Boggle", "en": "Boggle room"},
    "home": {"fr": "Accueil", "en": "Home"},
    "invite_link": {"fr": "Lien à donner aux joueurs", "en": "Link for players"},
    "watch_link": {"fr": "Lien pour regarder", "en": "Link to watch"},
    "copy": {"fr": "Copier", "en": "Copy"},
    "copied": {"fr": "Copié", "en": "Copied"},
    "join_title": {"fr": "Rejoindre la partie", "en": "Join the game"},
    "join": {"fr": "Rejoindre", "en": "Join"},
    "watching": {
        "fr": "Vous regardez la partie sans y jouer.",
        "en": "You are watching without playing.",
    },
    "players": {"fr": "Joueurs", "en": "Players"},
    "host": {"fr": "hôte", "en": "host"},
    "you": {"fr": "vous", "en": "you"},
    "connected": {"fr": "connecté", "en": "connected"},
    # the mute switch (a toggle button: pressed, the sounds are on)
    "sound_on": {"fr": "Son : activé", "en": "Sound: on"},
    "sound_off": {"fr": "Son : coupé", "en": "Sound: off"},
    # this page's own connection is down: nobody's presence is known
    "unknown_presence": {"fr": "connexion à vérifier", "en": "connection unknown"},
    "waiting_word": {
        "fr": "{word} : en attente, envoyé dès le retour de la connexion",
        "en": "{word}: waiting, sent when the connection is back",
    },
    "new_match": {
        "fr": "Nouvelle partie : les scores repartent de zéro.",
        "en": "New match: the scores start again from zero.",
    },
    "away": {"fr": "absent", "en": "away"},
    # neutral in French: a verb says it for everyone, where « prêt » had a gender
    "ready": {"fr": "peut commencer", "en": "ready"},
    "not_ready": {"fr": "se prépare", "en": "not ready"},
    "i_am_ready": {"fr": "Je peux commencer", "en": "I am ready"},
    "bot": {"fr": "ordinateur", "en": "computer"},
    "add_bot": {"fr": "Ajouter un joueur ordinateur", "en": "Add a computer player"},
    "remove": {"fr": "Retirer", "en": "Remove"},
    "settings": {"fr": "Réglages", "en": "Settings"},
    "start_round": {"fr": "Lancer la manche", "en": "Start the round"},
    "next_round": {"fr": "Manche suivante", "en": "Next round"},
    "stop_round": {"fr": "Arrêter la manche", "en": "Stop the round"},
    "rematch": {"fr": "Revanche", "en": "Rematch"},
    "waiting_host": {
        "fr": "En attente de l'hôte, qui lance chaque manche.",
        "en": "Waiting for the host, who starts each round.",
    },
    "round_n": {"fr": "Manche {number}", "en": "Round {number}"},
    "time_left": {"fr": "Temps restant", "en": "Time left"},
    "word": {"fr": "Mot", "en": "Word"},
    "send": {"fr": "Écrire", "en": "Write"},
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
    "points": {"fr": "{points} pt", "en": "{points} pt"},
    "total": {"fr": "Total : {total}", "en": "Total: {total}"},
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
    "wiktionary": {"fr": "{word} sur le Wiktionnaire", "en": "{word} on Wiktionary"},
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
    "seat_elsewhere": {
        "fr": "Votre place est ouverte dans une autre fenêtre : c'est là que vous jouez.",
        "en": "Your seat is open in another window: you play there.",
    },
    "reconnecting": {
        "fr": "Connexion perdue, reconnexion…",
        "en": "Connection lost, reconnecting…",
    },
    "no_room": {"fr": "Cette salle n'existe pas.", "en": "This room does not exist."},
    "not_found": {"fr": "Page introuvable.", "en": "Page not found."},
    "name_rule": {"fr": "1 à {limit} caractères.", "en": "1 to {limit} characters."},
    "no_words": {"fr": "aucun mot", "en": "no words"},
    "lan_hint": {
        "fr": "Sur le même réseau, vos amis ouvrent le lien de la salle.",
        "en": "On the same network, your friends open the room's link.",
    },
}

#: Refusals the server adds to the rooms' own (`text.rooms`).
SERVER_REFUSALS: Catalog = {
    "no_seat": {"fr": "il faut rejoindre la partie pour jouer", "en": "join the game to play"},
    "no_room": {"fr": "cette salle n'existe pas", "en": "this room does not exist"},
    "retry": {"fr": "réessayez", "en": "try again"},
    "seed_without_origin": {
        "fr": "une grille choisie doit venir d'une salle qui l'a jouée",
        "en": "a chosen grid must come from a room that played it",
    },
    "unknown_origin": {
        "fr": "aucune salle n'a fini de jouer cette grille",
        "en": "no room has finished playing this grid",
    },
    "draw_without_origin": {
        "fr": "un tirage choisi doit venir d'une partie qui l'a joué",
        "en": "a chosen draw must come from a game that played it",
    },
    "origin_without_draw": {
        "fr": "une partie d'origine ne se donne qu'avec son tirage",
        "en": "an original game comes only with its draw",
    },
    "unknown_draw_origin": {
        "fr": "aucune partie n'a fini de jouer ce tirage avec ces règles",
        "en": "no game has finished playing this draw with these rules",
    },
    "hints_off": {
        "fr": "pas de conseils à cette table (l'hôte ne les a pas permis)",
        "en": "no hints at this table (the host did not allow them)",
    },
}
#: A Topword table's refusals: the referee's (T20, `detail` the word or cell at fault)
#: and the pile's (T17).
TOPWORD_REFUSALS: Catalog = {**MOVE_REFUSALS, "pile_empty": GAME_ERRORS["pile_empty"]}
REFUSALS: Catalog = {**ROOM_REFUSALS, **TOPWORD_REFUSALS, **SERVER_REFUSALS, **QUICK_REFUSALS}

#: Why a word is refused (B12), for verdicts and results.
WORD_REASONS: Catalog = {reason.value: REASONS[reason] for reason in WordReason}

#: What is wrong with a message or a connection (the protocol, not the game).
SERVER_ERRORS: Catalog = {
    "malformed": {"fr": "message illisible", "en": "unreadable message"},
    "too_big": {"fr": "message trop long", "en": "message too long"},
    "flood": {
        "fr": "trop de messages : connexion fermée",
        "en": "too many messages: connection closed",
    },
    "bad_token": {
        "fr": "ce jeton n'est celui d'aucun joueur de la salle",
        "en": "this token belongs to no player of the room",
    },
    "hello_first": {"fr": "il faut d'abord dire bonjour", "en": "say hello first"},
    "removed": {
        "fr": "l'hôte vous a retiré de cette salle : vous ne pouvez plus y jouer",
        "en": "the host removed you from this room: you cannot play in it any more",
    },
    "banned": {
        "fr": "l'exploitant de ce serveur a exclu ce compte ou ce navigateur : vous ne pouvez"
        " plus y jouer",
        "en": "this server's operator banned this account or browser: you cannot play here"
        " any more",
    },
    "hello_twice": {"fr": "déjà connecté", "en": "already connected"},
    "slow_request": {
        "fr": "requête trop lente : connexion fermée",
        "en": "request too slow: connection closed",
    },
    "head_too_big": {
        "fr": "en-têtes de la requête trop longs",
        "en": "request headers too long",
    },
    "too_many_headers": {"fr": "trop d'en-têtes dans la requête", "en": "too many request headers"},
    "not_json": {
        "fr": "la requête doit être du JSON (application/json)",
        "en": "the request must be JSON (application/json)",
    },
    "bad_origin": {
        "fr": "refusé : la demande vient d'une page d'un autre site",
        "en": "refused: the request comes from another site's page",
    },
    "too_many_connections": {
        "fr": "trop de connexions depuis votre adresse : réessayez dans un moment",
        "en": "too many connections from your address: try again in a moment",
    },
}


#: What one address may do in a while (`server.quotas`), and how long to wait (`{wait}`:
#: « 12 min », « 30 s »).
QUOTA_ERRORS: Catalog = {
    "too_many_rooms": {
        "fr": "trop de salles créées depuis votre adresse : réessayez dans {wait}",
        "en": "too many rooms created from your address: try again in {wait}",
    },
    "too_many_joins": {
        "fr": "trop de salles rejointes depuis votre adresse : réessayez dans {wait}",
        "en": "too many rooms joined from your address: try again in {wait}",
    },
    "too_many_reports": {
        "fr": "trop de signalements depuis votre adresse ou ce navigateur : réessayez dans {wait}",
        "en": "too many reports from your address or this browser: try again in {wait}",
    },
    "too_many_sockets": {
        "fr": "trop de parties ouvertes depuis votre adresse : fermez-en une et réessayez",
        "en": "too many games open from your address: close one and try again",
    },
}


def quota_text(code: str, lang: Language, seconds: int) -> str:
    """A quota's refusal, the wait said in minutes from a minute on, else in seconds."""
    wait = f"{-(-seconds // 60)} min" if seconds >= 60 else f"{seconds} s"
    return translate(QUOTA_ERRORS, code, lang, wait=wait)


#: What `motamot serve` prints when it starts.
SERVE: Catalog = {
    "open": {"fr": "motamot : ouvrez {url}", "en": "motamot: open {url}"},
    "friends": {
        "fr": "motamot : à donner à vos amis sur le même réseau : {url}",
        "en": "motamot: for friends on the same network: {url}",
    },
    "no_lan.no_network": {
        "fr": "motamot : pas d'adresse pour vos amis : cette machine n'est reliée à aucun réseau"
        " (ni câble ni Wi-Fi). Reliez-la au réseau de vos amis, puis relancez motamot serve.",
        "en": "motamot: no address for friends: this machine is on no network (no cable,"
        " no Wi-Fi). Connect it to your friends' network, then start motamot serve again.",
    },
    "no_lan.loopback": {
        "fr": "motamot : pas d'adresse pour vos amis : le réseau ne mène qu'à cette machine."
        " Reliez-la au réseau de vos amis, ou donnez-leur http://ADRESSE:{port}/ avec"
        " l'adresse de la machine sur ce réseau (ip addr ou ipconfig la donne).",
        "en": "motamot: no address for friends: the network leads only to this machine."
        " Connect it to your friends' network, or give them http://ADDRESS:{port}/ with"
        " the machine's address on that network (ip addr or ipconfig shows it).",
    },
    "local_only": {
        "fr": "motamot : cette machine seulement (--host 0.0.0.0 pour le réseau local)",
        "en": "motamot: this machine only (--host 0.0.0.0 for the local network)",
    },
    "saved": {
        "fr": "motamot : salles enregistrées dans {db}",
        "en": "motamot: rooms saved in {db}",
    },
}


def serve_text(key: str, lang: Language, **fields: object) -> str:
    return translate(SERVE, key, lang, **fields)


#: The pages' texts: the rooms' (also sent to the browser) and the player pages'.
_PAGES: Catalog = {
    **PAGE,
    **TOPWORD_PAGE,
    **DUPLICATE_PAGE,
    **LOBBY_PAGE,
    **ARENA_PAGE,
    **DAILY_PAGE,
    **MODERATION_PAGE,
    **CHAT_PAGE,
    **PLAYER_PAGE,
    **GUIDE_PAGE,
    **MAIL_PAGE,
}


def page_text(key: str, lang: Language, **fields: object) -> str:
    return translate(_PAGES, key, lang, **fields)


def refusal_text(code: str, lang: Language, **fields: object) -> str:
    """A refusal in `lang`; a refused name says why in the name check's own words."""
    if code == "bad_name":
        reason = str(fields.get("reason", ""))
        why = PlayerNameError.TEMPLATES.get(reason)
        if why is not None:
            entry = PLAYER_NAME_ERRORS.get(reason, {})
            fields = {**fields, "why": render(entry.get(lang) or why, lang, **fields)}
    return translate(REFUSALS, code, lang, **fields)


def refusal_template(code: str, lang: Language) -> str:
    """A refusal's words with their `{fields}` unfilled (the code itself if unknown)."""
    entry = REFUSALS.get(code)
    return code if entry is None else entry.get(lang) or entry["fr"]


def server_error_text(code: str, lang: Language) -> str:
    return translate(SERVER_ERRORS, code, lang)


def client_catalog(lang: Language) -> dict[str, dict[str, str]]:
    """Every text the browser needs, in `lang` (templates keep their `{fields}`)."""

    def pick(catalog: Catalog) -> dict[str, str]:
        return {key: entry.get(lang) or entry["fr"] for key, entry in catalog.items()}

    return {
        "page": pick(
            {
                **PAGE,
                **TOPWORD_PAGE,
                **DUPLICATE_PAGE,
                **LOBBY_PAGE,
                **ARENA_PAGE,
                **DAILY_PAGE,
                **MODERATION_PAGE,
                **CHAT_PAGE,
            }
        ),
        "reasons": pick(WORD_REASONS),
        "errors": pick(SERVER_ERRORS),
        "refusals": pick(REFUSALS),
        "score": pick(SCORE_TEXTS),
    }


def pick_language(accept_language: str | None) -> Language:
    """French unless the browser's first known language is English."""
    for part in (accept_language or "").split(","):
        tag = part.split(";")[0].strip().lower()[:2]
        if tag in LANGUAGES:
            return "en" if tag == "en" else "fr"
    return "fr"
