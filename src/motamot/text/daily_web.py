"""What the browser shows of the daily grid (FR/EN): its page, the home page's block,
the results, and the share text without spoilers (G10), with its French date
(« 1er décembre »)."""

from __future__ import annotations

import datetime

from motamot.text.i18n import Catalog, Language, translate

DAILY_PAGE: Catalog = {
    "daily_title": {"fr": "La grille du jour", "en": "The daily grid"},
    "daily_title_of": {"fr": "La grille du {date}", "en": "The grid of {date}"},
    "daily_title_sized": {"fr": "La grille {size} du jour", "en": "The daily {size} grid"},
    "daily_title_of_sized": {"fr": "La grille {size} du {date}", "en": "The {size} grid of {date}"},
    "daily_home_title": {"fr": "La grille du jour", "en": "The daily grid"},
    "daily_pitch": {
        "fr": "Une grille par jour, la même pour tout le monde : trois minutes, une seule "
        "partie classée, puis votre rang parmi tous les joueurs du jour.",
        "en": "One grid a day, the same for everybody: three minutes, one ranked play, "
        "then your rank among all of the day's players.",
    },
    "daily_play_today": {"fr": "Jouer la grille du jour", "en": "Play today's grid"},
    "daily_rules": {
        "fr": "Vous jouez seul contre la montre : {minutes} min dès que vous commencez. "
        "Une seule partie par jour compte au classement ; recharger la page reprend "
        "la partie là où elle en est. Aucun mot n'est rayé.",
        "en": "You play alone against the clock: {minutes} min from the moment you start. "
        "Only one play a day counts for the ranking; reloading the page resumes the "
        "play where it is. No word is crossed out.",
    },
    "daily_past_note": {
        "fr": "Grille d'un jour passé : elle se joue hors classement.",
        "en": "A past day's grid: it is played unranked.",
    },
    "daily_start": {"fr": "Commencer (3 min)", "en": "Start (3 min)"},
    "daily_start_for": {"fr": "Commencer ({minutes} min)", "en": "Start ({minutes} min)"},
    "daily_finish": {"fr": "J'ai fini", "en": "I am done"},
    "daily_finish_confirm": {
        "fr": "Vraiment fini ? Cliquez encore pour terminer",
        "en": "Really done? Click again to end",
    },
    "daily_previous": {"fr": "La grille de la veille", "en": "The day before's grid"},
    "daily_day_so_far": {
        "fr": "{players:joueur classé|joueurs classés} pour l'instant · {playing} en train "
        "de jouer",
        "en": "{players:ranked player|ranked players} so far · {playing} playing now",
    },
    "daily_already": {
        "fr": "Vous avez déjà joué cette grille : une seule partie par jour et par joueur.",
        "en": "You have played this grid already: one play a day per player.",
    },
    "daily_your_place": {
        "fr": "{rank}e sur {players} · top {top}\u00a0% · {score:pt|pts} · {found:mot|mots}",
        "en": "Number {rank} of {players} · top {top}% · {score:pt|pts} · {found:word|words}",
    },
    "daily_first": {
        "fr": "1er sur {players} · top {top}\u00a0% · {score:pt|pts} · {found:mot|mots}",
        "en": "Number 1 of {players} · top {top}% · {score:pt|pts} · {found:word|words}",
    },
    "daily_unranked": {
        "fr": "Hors classement · {score:pt|pts} · {found:mot|mots} · vous seriez {rank}e "
        "sur {players}",
        "en": "Unranked · {score:pt|pts} · {found:word|words} · you would be number {rank} "
        "of {players}",
    },
    "daily_unranked_first": {
        "fr": "Hors classement · {score:pt|pts} · {found:mot|mots} · vous seriez 1er sur {players}",
        "en": "Unranked · {score:pt|pts} · {found:word|words} · you would be number 1 of {players}",
    },
    "daily_results": {"fr": "Votre résultat", "en": "Your result"},
    "daily_best": {"fr": "Les meilleurs du jour", "en": "The day's best"},
    "daily_nobody_yet": {
        "fr": "Personne n'a encore fini la grille de ce jour.",
        "en": "Nobody has finished this day's grid yet.",
    },
    "daily_missed": {"fr": "Les mots que vous n'avez pas trouvés", "en": "The words you missed"},
    "daily_missed_count": {
        "fr": "{missed:mot manqué|mots manqués} sur les {all} de la grille",
        "en": "{missed:word|words} missed of the grid's {all}",
    },
    "daily_none_missed": {
        "fr": "Vous avez trouvé tous les mots de la grille !",
        "en": "You found every word of the grid!",
    },
    "daily_share": {"fr": "Partager (sans rien dévoiler)", "en": "Share (no spoilers)"},
    "daily_other_days": {"fr": "Les autres jours", "en": "Other days"},
    "daily_yesterday": {"fr": "La grille d'hier", "en": "Yesterday's grid"},
    "daily_today_link": {"fr": "La grille d'aujourd'hui", "en": "Today's grid"},
    "daily_other_grid": {"fr": "La grille 5×5 du jour", "en": "The daily 5×5 grid"},
    "daily_classic_grid": {"fr": "La grille classique du jour", "en": "The daily classic grid"},
    "daily_streak": {
        "fr": "Grille du jour : {days:jour|jours} de suite",
        "en": "Daily grid: {days:day|days} in a row",
    },
    "daily_future": {
        "fr": "Cette grille n'existe pas encore : revenez ce jour-là.",
        "en": "This grid does not exist yet: come back on that day.",
    },
    "daily_bad_date": {
        "fr": "Date inconnue : les grilles se nomment AAAA-MM-JJ.",
        "en": "Unknown date: grids are named YYYY-MM-DD.",
    },
}

_MONTHS_FR = (
    "janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août",
    "septembre", "octobre", "novembre", "décembre",
)  # fmt: skip
_MONTHS_EN = (
    "January", "February", "March", "April", "May", "June", "July", "August",
    "September", "October", "November", "December",
)  # fmt: skip

SHARE: Catalog = {
    "ranked": {
        "fr": "motamot · {grid} du {date} · {score:pt|pts} · {found:mot|mots} · top {top}\u00a0%",
        "en": "motamot · {grid} of {date} · {score:pt|pts} · {found:word|words} · top {top}%",
    },
    "unranked": {
        "fr": "motamot · {grid} du {date} · {score:pt|pts} · {found:mot|mots}",
        "en": "motamot · {grid} of {date} · {score:pt|pts} · {found:word|words}",
    },
    "grid": {"fr": "grille", "en": "grid"},
    "grid_5": {"fr": "grille 5×5", "en": "5×5 grid"},
    "grid_6": {"fr": "grille 6×6", "en": "6×6 grid"},
}


def day_text(day: datetime.date, lang: Language) -> str:
    """A day as a sentence says it: « 1er décembre », « 2 décembre », "December 1"."""
    if lang == "en":
        return f"{_MONTHS_EN[day.month - 1]} {day.day}"
    first = "1er" if day.day == 1 else str(day.day)
    return f"{first} {_MONTHS_FR[day.month - 1]}"


def share_text(
    day: datetime.date,
    size: int,
    score: int,
    found: int,
    top: int | None,
    link: str,
    lang: Language,
) -> str:
    """What a player shares of their play (G10): the day, their points, their words and
    (ranked) their top percent, then the link; never a word or a letter of the grid."""
    grid = translate(SHARE, "grid" if size == 4 else f"grid_{size}", lang)
    fields = {"grid": grid, "date": day_text(day, lang), "score": score, "found": found}
    if top is None:
        line = translate(SHARE, "unranked", lang, **fields)
    else:
        line = translate(SHARE, "ranked", lang, top=top, **fields)
    return f"{line}\n{link}"
