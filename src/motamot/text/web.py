"""What the browser shows: page texts, room refusals and protocol errors (FR/EN).

The pages embed `client_catalog(lang)` as JSON so the client renders codes
(verdicts, refusals) with the same texts as the terminal. Nothing here names a game: each
kind's texts are its own (`text.kinds`, registered with the server's kinds), found after
these.
"""

from __future__ import annotations

import re
from collections import ChainMap
from collections.abc import Mapping

from motamot.names import PlayerNameError
from motamot.text import kinds
from motamot.text.accounts import PLAYER_PAGE
from motamot.text.chat import CHAT_PAGE
from motamot.text.errors import PLAYER_NAME_ERRORS
from motamot.text.guides import GUIDE_PAGE
from motamot.text.i18n import LANGUAGES, Catalog, Language, render, translate
from motamot.text.lobby_web import LOBBY_PAGE
from motamot.text.mail import MAIL_PAGE
from motamot.text.moderation import MODERATION_PAGE, OPERATOR_PAGE
from motamot.text.outage_web import OUTAGE_PAGE
from motamot.text.rooms import ROOM_REFUSALS
from motamot.text.scripts import script_names
from motamot.text.site import SITE
from motamot.text.words import WORD_REFUSALS, WORDS_PAGE

PAGE: Catalog = {
    "language": {"fr": "Langue", "en": "Language"},
    "your_name": {"fr": "Votre nom", "en": "Your name"},
    "dictionary": {"fr": "Dictionnaire", "en": "Dictionary"},
    "dictionary.auto": {"fr": "celui du jeu", "en": "the game's own"},
    "dictionary.fr": {"fr": "français", "en": "French"},
    "dictionary.en": {"fr": "anglais", "en": "English"},
    "create": {"fr": "Créer la salle", "en": "Create the room"},
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
    "away": {"fr": "absent", "en": "away"},
    # neutral in French: a verb says it for everyone, where « prêt » had a gender
    "ready": {"fr": "peut commencer", "en": "ready"},
    "not_ready": {"fr": "se prépare", "en": "not ready"},
    "i_am_ready": {"fr": "Je peux commencer", "en": "I am ready"},
    "bot": {"fr": "ordinateur", "en": "computer"},
    "add_bot": {"fr": "Ajouter un joueur ordinateur", "en": "Add a computer player"},
    "remove": {"fr": "Retirer", "en": "Remove"},
    "settings": {"fr": "Réglages", "en": "Settings"},
    "send": {"fr": "Écrire", "en": "Write"},
    "points": {"fr": "{points} pt", "en": "{points} pt"},
    "total": {"fr": "Total : {total}", "en": "Total: {total}"},
    "wiktionary": {"fr": "{word} sur le Wiktionnaire", "en": "{word} on Wiktionary"},
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
}
#: Every refusal: the rooms', the server's, then the registered kinds' own.
REFUSALS: Catalog = ChainMap({**ROOM_REFUSALS, **SERVER_REFUSALS, **WORD_REFUSALS}, kinds.REFUSALS)

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
    "moderated": {
        "fr": "la modération vous a retiré de cette salle : vous ne pouvez plus y jouer",
        "en": "the moderators removed you from this room: you cannot play in it any more",
    },
    "room_closed": {
        "fr": "la modération a fermé cette salle",
        "en": "the moderators closed this room",
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
    "too_many_contests": {
        "fr": "trop de contestations depuis votre adresse ou ce compte : réessayez dans {wait}",
        "en": "too many contests from your address or this account: try again in {wait}",
    },
    "too_many_sockets": {
        "fr": "trop de parties ouvertes depuis votre adresse : fermez-en une et réessayez",
        "en": "too many games open from your address: close one and try again",
    },
}


def wait_words(seconds: int) -> str:
    """A wait said in minutes from a minute on (rounded up), else in seconds: `2 min`."""
    return f"{-(-seconds // 60)} min" if seconds >= 60 else f"{seconds} s"


def quota_text(code: str, lang: Language, seconds: int) -> str:
    """A quota's refusal, the wait said in words (`wait_words`)."""
    return translate(QUOTA_ERRORS, code, lang, wait=wait_words(seconds))


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
    **SITE,
    **PAGE,
    **LOBBY_PAGE,
    **MODERATION_PAGE,
    **CHAT_PAGE,
    **OUTAGE_PAGE,
    **PLAYER_PAGE,
    **GUIDE_PAGE,
    **MAIL_PAGE,
    **OPERATOR_PAGE,
    **WORDS_PAGE,
}


#: ... then the registered kinds' (`text.kinds`).
_EVERY_PAGE: Catalog = ChainMap(dict(_PAGES), kinds.PAGE)


def page_text(key: str, lang: Language, **fields: object) -> str:
    return translate(_EVERY_PAGE, key, lang, **fields)


def refusal_text(code: str, lang: Language, fields: Mapping[str, object] | None = None) -> str:
    """A refusal in `lang` (the code itself if unknown), the one function that says any:
    a refused name says why in the name check's own words; a refusal whose fields do not
    fit its words (a field missing, of another type) still gets its words, the fields it
    needs shown as « … »."""
    given = dict(fields or {})
    try:
        return translate(REFUSALS, code, lang, **_with_why(code, lang, given))
    except (KeyError, IndexError, ValueError, TypeError, AttributeError):
        return _FIELD.sub(lambda m: str(given.get(m[1], "…")), refusal_template(code, lang))


def _with_why(code: str, lang: Language, fields: dict[str, object]) -> dict[str, object]:
    """A refused name's fields with `why` (and the scripts it mixes) said in `lang`."""
    if code != "bad_name":
        return fields
    reason = str(fields.get("reason", ""))
    why = PlayerNameError.TEMPLATES.get(reason)
    if "codes" in fields:  # the scripts a name mixes, said in `lang`
        fields = {**fields, "scripts": script_names(str(fields["codes"]), lang)}
    if why is not None:
        entry = PLAYER_NAME_ERRORS.get(reason, {})
        fields = {**fields, "why": render(entry.get(lang) or why, lang, **fields)}
    return fields


#: A template's field, its format spec included (`{count:mot|mots}`).
_FIELD = re.compile(r"\{(\w+)[^{}]*\}")


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
                **SITE,
                **PAGE,
                **LOBBY_PAGE,
                **MODERATION_PAGE,
                **CHAT_PAGE,
                **OUTAGE_PAGE,
                **WORDS_PAGE,
                **kinds.PAGE,
            }
        ),
        "errors": pick(SERVER_ERRORS),
        "refusals": pick(REFUSALS),
        **{section: pick(catalog) for section, catalog in kinds.CLIENT.items()},
    }


def pick_language(accept_language: str | None) -> Language:
    """French unless the browser's first known language is English."""
    for part in (accept_language or "").split(","):
        tag = part.split(";")[0].strip().lower()[:2]
        if tag in LANGUAGES:
            return "en" if tag == "en" else "fr"
    return "fr"
