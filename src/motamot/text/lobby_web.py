"""What the browser shows of public rooms, the lobby (`/salon`) and quick pairing (FR/EN)."""

from __future__ import annotations

from motamot.text.i18n import Catalog

LOBBY_PAGE: Catalog = {
    # durations as every page writes them (`durationText`, `remainingText` in common.js)
    "dur.s": {"fr": "{count} s", "en": "{count} s"},
    "dur.min": {"fr": "{count} min", "en": "{count} min"},
    "dur.h": {"fr": "{count} h", "en": "{count} h"},
    "dur.days": {"fr": "{count:jour|jours}", "en": "{count:day|days}"},
    "dur.left_days": {"fr": "{days} j {hours} h", "en": "{days} d {hours} h"},
    "dur.left_hours": {"fr": "{hours} h {minutes} min", "en": "{hours} h {minutes} min"},
    "dur.left_minutes": {"fr": "{minutes} min {seconds} s", "en": "{minutes} min {seconds} s"},
    # a room's creator lists it in the lobby; its page says so, its host may change it
    "public": {
        "fr": "Partie publique (listée dans le salon)",
        "en": "Public game (listed in the lobby)",
    },
    "public_hint": {
        "fr": "N'importe qui la voit dans le salon et peut s'y asseoir.",
        "en": "Anybody sees it in the lobby and may sit down.",
    },
    "public_note": {
        "fr": "Partie publique : listée dans le salon.",
        "en": "Public game: listed in the lobby.",
    },
    "private_note": {
        "fr": "Partie privée : seuls ceux qui ont le lien des joueurs s'y assoient.",
        "en": "Private game: only those with the players' link sit down.",
    },
    "open_public": {"fr": "Lister dans le salon", "en": "List in the lobby"},
    "close_public": {"fr": "Retirer du salon", "en": "Take out of the lobby"},
    "lobby_link": {"fr": "voir le salon", "en": "see the lobby"},
    # « À vous de jouer »: the games waiting for this player's move
    "your_turn_title": {"fr": "À vous de jouer", "en": "Your move"},
    "your_turn_badge": {"fr": "à vous de jouer", "en": "your move"},
    "against": {"fr": "contre {names}", "en": "against {names}"},
    "turn_since": {"fr": "votre tour depuis le {date}", "en": "your turn since {date}"},
    "anyone_title": {"fr": "Jouer avec n'importe qui", "en": "Play with anyone"},
    # the lobby (`/salon`)
    "nav.lobby": {"fr": "Salon", "en": "Lobby"},
    "lobby_title": {"fr": "Salon : les tables ouvertes", "en": "Lobby: the open tables"},
    "lobby_intro": {
        "fr": "Les parties publiques qui attendent des joueurs. Choisissez-en une et"
        " asseyez-vous : la liste se tient à jour toute seule.",
        "en": "The public games waiting for players. Pick one and sit down: the list keeps"
        " itself up to date.",
    },
    "lobby_create": {
        "fr": "Créer une partie publique (page d'accueil)",
        "en": "Create a public game (home page)",
    },
    "open_tables": {"fr": "Tables ouvertes", "en": "Open tables"},
    "open_count": {
        "fr": "{count:table ouverte|tables ouvertes}",
        "en": "{count:open table|open tables}",
    },
    "no_open_tables": {
        "fr": "Aucune table ouverte pour l'instant. Créez-en une, ou essayez la partie rapide.",
        "en": "No open table for now. Create one, or try a quick game.",
    },
    "lobby_live": {"fr": "Liste en direct.", "en": "Live list."},
    "col.game": {"fr": "Jeu", "en": "Game"},
    "col.dictionary": {"fr": "Dictionnaire", "en": "Dictionary"},
    "col.clock": {"fr": "Temps", "en": "Clock"},
    "col.players": {"fr": "Joueurs", "en": "Players"},
    "col.free": {"fr": "Places libres", "en": "Free seats"},
    "col.rating": {"fr": "Classement", "en": "Rating"},
    "col.join": {"fr": "S'asseoir", "en": "Sit down"},
    "clock.round": {"fr": "{duration} par manche", "en": "{duration} a round"},
    "clock.move": {"fr": "{duration} par coup", "en": "{duration} a move"},
    "clock.none": {"fr": "sans limite", "en": "no limit"},
    "by_correspondence": {"fr": "par correspondance", "en": "by correspondence"},
    "rating_range": {"fr": "{low}–{high}", "en": "{low}–{high}"},
    "no_rating": {"fr": "—", "en": "—"},
    "rated_table": {"fr": "classée", "en": "rated"},
    "table_of": {"fr": "la table de {names}", "en": "the table of {names}"},
    "lobby_link_long": {
        "fr": "Voir les tables ouvertes du salon",
        "en": "See the lobby's open tables",
    },
}
