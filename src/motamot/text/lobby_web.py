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
}
