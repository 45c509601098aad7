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
    "quick_link": {
        "fr": "Partie rapide de Topword : trouver un adversaire",
        "en": "Quick Topword game: find an opponent",
    },
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
    "kind.boggle": {"fr": "Boggle", "en": "Boggle"},
    "kind.topword": {"fr": "Topword", "en": "Topword"},
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
    # « Partie rapide » (`/partie-rapide`)
    "quick_title": {"fr": "Partie rapide de Topword", "en": "Quick Topword game"},
    "quick_intro": {
        "fr": "Choisissez les règles et le rythme : vous êtes mis face au premier joueur qui"
        " cherche la même partie (de force proche quand vous êtes classés tous les deux), et"
        " la table s'ouvre pour vous deux.",
        "en": "Choose the rules and the pace: you meet the first player looking for the same"
        " game (of a close strength when both of you are rated), and the table opens for"
        " you both.",
    },
    "quick_pace": {"fr": "Rythme", "en": "Pace"},
    "quick_pace.1m": {"fr": "1 min par coup (en direct)", "en": "1 min a move (live)"},
    "quick_pace.2m": {"fr": "2 min par coup (en direct)", "en": "2 min a move (live)"},
    "quick_pace.1d": {
        "fr": "1 jour par coup (par correspondance)",
        "en": "1 day a move (by correspondence)",
    },
    "quick_pace.3d": {
        "fr": "3 jours par coup (par correspondance)",
        "en": "3 days a move (by correspondence)",
    },
    "quick_rated_hint": {
        "fr": "Classée : seulement contre un autre compte qui la veut classée aussi.",
        "en": "Rated: only against another account that wants it rated too.",
    },
    "quick_rated_account": {
        "fr": "Une partie classée demande un compte (Compte, en haut de la page).",
        "en": "A rated game needs an account (Account, at the top of the page).",
    },
    "quick_seek": {"fr": "Chercher un adversaire", "en": "Find an opponent"},
    "quick_seeking_title": {"fr": "Recherche en cours", "en": "Looking"},
    "quick_seeking": {
        "fr": "On cherche un adversaire : {rules}, {pace}…",
        "en": "Looking for an opponent: {rules}, {pace}…",
    },
    "quick_live_note": {
        "fr": "Gardez cette page ouverte : la partie commence dès qu'un adversaire arrive.",
        "en": "Keep this page open: the game starts as soon as an opponent comes.",
    },
    "quick_correspondence_note": {
        "fr": "Vous pouvez fermer cette page : la partie vous attendra dans « Mes parties ».",
        "en": "You may close this page: the game will wait for you in « My games ».",
    },
    "quick_cancel": {"fr": "Annuler la recherche", "en": "Stop looking"},
    "quick_found": {
        "fr": "Adversaire trouvé : à la table !",
        "en": "Opponent found: to the table!",
    },
    "quick_last_table": {
        "fr": "Votre dernière partie rapide vous attend.",
        "en": "Your last quick game is waiting for you.",
    },
    "quick_go_table": {"fr": "Aller à la table", "en": "Go to the table"},
    "quick_no_identity": {
        "fr": "Rechargez la page : ce navigateur n'a pas encore d'identité ici.",
        "en": "Reload the page: this browser has no identity here yet.",
    },
    "quick_ended.cancelled": {"fr": "Recherche annulée.", "en": "Search stopped."},
    "quick_ended.replaced": {
        "fr": "Une autre page a lancé une recherche à votre nom : c'est elle qui attend.",
        "en": "Another page started a search in your name: that one waits.",
    },
    "quick_ended.expired": {
        "fr": "Personne n'est venu à temps : la recherche s'est arrêtée.",
        "en": "Nobody came in time: the search stopped.",
    },
    "quick_ended.failed": {
        "fr": "La table n'a pas pu être ouverte : relancez la recherche.",
        "en": "The table could not be opened: search again.",
    },
}

#: Why a seek was refused (besides the rooms' own words: a name, a rated game).
QUICK_REFUSALS: Catalog = {
    "unknown_pace": {"fr": "rythme inconnu", "en": "unknown pace"},
    "pairing_full": {
        "fr": "trop de joueurs cherchent en ce moment : réessayez dans un instant",
        "en": "too many players are looking just now: try again in a moment",
    },
}
