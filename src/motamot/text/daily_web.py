"""What the browser shows of the daily grid (FR/EN): its page, the home page's block,
the results, and the share text without spoilers (G10), with its French date
(« 1er décembre »)."""

from __future__ import annotations

import datetime

from motamot.text.boggle_web import BOGGLE_TEXTS
from motamot.text.dates import day_text as day_text  # read here by the daily grid too
from motamot.text.i18n import Catalog, Language, translate
from motamot.text.kinds import KindTexts

DAILY_PAGE: Catalog = {
    "daily_title": {"fr": "La grille du jour", "en": "The daily grid"},
    "daily_title_of": {"fr": "La grille du {date}", "en": "The grid of {date}"},
    "daily_title_sized": {"fr": "La grille {size} du jour", "en": "The daily {size} grid"},
    "daily_title_of_sized": {"fr": "La grille {size} du {date}", "en": "The {size} grid of {date}"},
    "daily_home_title": {"fr": "La grille du jour", "en": "The daily grid"},
    "daily_pitch": {
        "fr": "Une grille par jour, la même pour tout le monde\u00a0: trois minutes, une seule "
        "partie classée, puis votre rang parmi tous les joueurs du jour.",
        "en": "One grid a day, the same for everybody: three minutes, one ranked play, "
        "then your rank among all of the day's players.",
    },
    "daily_play_today": {"fr": "Jouer la grille du jour", "en": "Play today's grid"},
    "daily_rules": {
        "fr": "Vous jouez contre la montre, sans adversaire\u00a0: {minutes} min dès que vous "
        "commencez. Une seule partie par jour compte au classement\u00a0; recharger la page "
        "reprend la partie là où elle en est. Aucun mot n'est rayé.",
        "en": "You play alone against the clock: {minutes} min from the moment you start. "
        "Only one play a day counts for the ranking; reloading the page resumes the "
        "play where it is. No word is crossed out.",
    },
    "daily_past_note": {
        "fr": "Grille d'un jour passé\u00a0: elle se joue hors classement.",
        "en": "A past day's grid: it is played unranked.",
    },
    "daily_start": {"fr": "Commencer (3 min)", "en": "Start (3 min)"},
    "daily_start_for": {"fr": "Commencer ({minutes} min)", "en": "Start ({minutes} min)"},
    "daily_finish": {"fr": "J'ai fini", "en": "I am done"},
    "daily_finish_confirm": {
        "fr": "Vraiment fini\u00a0? Cliquez encore pour terminer",
        "en": "Really done? Click again to end",
    },
    "daily_previous": {"fr": "La grille de la veille", "en": "The day before's grid"},
    "daily_day_so_far": {
        "fr": "{players:joueur classé|joueurs classés} pour l'instant · {playing} en train "
        "de jouer",
        "en": "{players:ranked player|ranked players} so far · {playing} playing now",
    },
    "daily_already": {
        "fr": "Vous avez déjà joué cette grille\u00a0: une seule partie par jour et par joueur.",
        "en": "You have played this grid already: one play a day per player.",
    },
    "daily_your_place": {
        "fr": "{rank}e place sur {players} · top {top}\u00a0% · {score:pt|pts} · {found:mot|mots}",
        "en": "Number {rank} of {players} · top {top}% · {score:pt|pts} · {found:word|words}",
    },
    "daily_first": {
        "fr": "1re place sur {players} · {score:pt|pts} · {found:mot|mots}",
        "en": "Number 1 of {players} · {score:pt|pts} · {found:word|words}",
    },
    "daily_unranked": {
        "fr": "Hors classement · {score:pt|pts} · {found:mot|mots} · vous seriez à la "
        "{rank}e place sur {players}",
        "en": "Unranked · {score:pt|pts} · {found:word|words} · you would be number {rank} "
        "of {players}",
    },
    "daily_unranked_first": {
        "fr": "Hors classement · {score:pt|pts} · {found:mot|mots} · vous seriez à la 1re "
        "place sur {players}",
        "en": "Unranked · {score:pt|pts} · {found:word|words} · you would be number 1 of {players}",
    },
    "daily_aside_no_word": {
        "fr": "Hors classement\u00a0: aucun mot trouvé, la partie ne compte pas parmi les joueurs "
        "du jour.",
        "en": "Unranked: no word found, the play does not count among the day's players.",
    },
    "daily_aside_second_play": {
        "fr": "Hors classement\u00a0: votre compte a déjà une partie classée de cette grille "
        "(une seule par personne et par jour).",
        "en": "Unranked: your account already has a ranked play of this grid (one a person "
        "and day).",
    },
    "daily_aside_too_fast": {
        "fr": "Hors classement\u00a0: vos mots sont venus plus vite qu'on ne tape ({words} mots "
        "en {seconds}\u00a0s). La partie ne compte pas parmi les joueurs du jour.",
        "en": "Unranked: your words came faster than people type ({words} words in "
        "{seconds} s). The play does not count among the day's players.",
    },
    "daily_best_accounts": {
        "fr": "Seuls les comptes figurent dans ce classement\u00a0; votre rang compte toutes les "
        "parties du jour.",
        "en": "Only accounts are listed here; your own rank counts every play of the day.",
    },
    "daily_results": {"fr": "Votre résultat", "en": "Your result"},
    "daily_best": {"fr": "Les meilleurs du jour", "en": "The day's best"},
    "daily_nobody_yet": {
        "fr": "Personne n'a encore fini la grille de ce jour.",
        "en": "Nobody has finished this day's grid yet.",
    },
    "daily_no_account_yet": {
        "fr": "Aucun compte n'a encore fini la grille de ce jour\u00a0: le classement public ne "
        "montre que les comptes.",
        "en": "No account has finished this day's grid yet: the public list shows accounts only.",
    },
    "daily_missed": {"fr": "Les mots que vous n'avez pas trouvés", "en": "The words you missed"},
    "daily_missed_count": {
        "fr": "{missed:mot manqué|mots manqués} sur les {all} de la grille",
        "en": "{missed:word|words} missed of the grid's {all}",
    },
    "daily_none_missed": {
        "fr": "Vous avez trouvé tous les mots de la grille\u00a0!",
        "en": "You found every word of the grid!",
    },
    "daily_found": {"fr": "Les mots que vous avez trouvés", "en": "The words you found"},
    "daily_found_count": {
        "fr": "{found:mot trouvé|mots trouvés} sur les {all} de la grille",
        "en": "{found:word|words} found of the grid's {all}",
    },
    "daily_none_found": {
        "fr": "Vous n'avez trouvé aucun mot cette fois.",
        "en": "You found no word this time.",
    },
    "daily_share": {"fr": "Partager (sans rien dévoiler)", "en": "Share (no spoilers)"},
    "daily_other_days": {"fr": "Les autres jours", "en": "Other days"},
    "daily_yesterday": {"fr": "La grille d'hier", "en": "Yesterday's grid"},
    "daily_today_link": {"fr": "La grille d'aujourd'hui", "en": "Today's grid"},
    "daily_other_grid": {"fr": "La grille 5×5 du jour", "en": "The daily 5×5 grid"},
    "daily_classic_grid": {"fr": "La grille classique du jour", "en": "The daily classic grid"},
    "daily_streak": {
        "fr": "Grille du jour\u00a0: {days:jour|jours} de suite",
        "en": "Daily grid: {days:day|days} in a row",
    },
    "daily_future": {
        "fr": "Cette grille n'existe pas encore\u00a0: revenez ce jour-là.",
        "en": "This grid does not exist yet: come back on that day.",
    },
    "daily_bad_date": {
        "fr": "Date inconnue\u00a0: les grilles se nomment AAAA-MM-JJ.",
        "en": "Unknown date: grids are named YYYY-MM-DD.",
    },
    # its name on the players' pages
    "kind.daily": {"fr": "La grille du jour (Boggle)", "en": "The daily grid (Boggle)"},
}

SHARE: Catalog = {
    "ranked": {
        "fr": "motamot · {grid} du {date} · {score:pt|pts} · {found:mot|mots} · top {top}\u00a0%",
        "en": "motamot · {grid} of {date} · {score:pt|pts} · {found:word|words} · top {top}%",
    },
    "first": {
        "fr": "motamot · {grid} du {date} · {score:pt|pts} · {found:mot|mots} · 1re place "
        "sur {players}",
        "en": "motamot · {grid} of {date} · {score:pt|pts} · {found:word|words} · number 1 "
        "of {players}",
    },
    "unranked": {
        "fr": "motamot · {grid} du {date} · {score:pt|pts} · {found:mot|mots}",
        "en": "motamot · {grid} of {date} · {score:pt|pts} · {found:word|words}",
    },
    "grid": {"fr": "grille", "en": "grid"},
    "grid_5": {"fr": "grille 5×5", "en": "5×5 grid"},
    "grid_6": {"fr": "grille 6×6", "en": "6×6 grid"},
}


#: The share picture's squares: a row of five, a fifth of a length's words each.
FOUND_SQUARE, LEFT_SQUARE, SQUARES = "\U0001f7e9", "\u2b1c", 5


def squares(found: int, held: int) -> int:
    """How many of a row's squares are lit for `found` words of `held`: in fifths,
    rounded, but none only for none found and all only for all (G14)."""
    if held <= 0 or found <= 0:
        return 0
    if found >= held:
        return SQUARES
    nearest = (2 * SQUARES * found + held) // (2 * held)  # halves up
    return min(SQUARES - 1, max(1, nearest))


def share_picture(rows: tuple[tuple[str, int, int], ...]) -> str:
    """The share text's picture (G14): a row per length (its label, words found, words
    the grid holds), « 5 🟩🟩⬜⬜⬜ 4/11 »; lengths and counts, never a word or a letter."""
    lines = []
    for label, found, held in rows:
        lit = squares(found, held)
        lines.append(f"{label} {FOUND_SQUARE * lit}{LEFT_SQUARE * (SQUARES - lit)} {found}/{held}")
    return "\n".join(lines)


def share_text(
    day: datetime.date,
    size: int,
    score: int,
    found: int,
    top: int | None,
    link: str,
    lang: Language,
    rows: tuple[tuple[str, int, int], ...] = (),
    first_of: int | None = None,
) -> str:
    """What a player shares of their play (G10): the day, their points, their words and
    (ranked) their top percent, or their first place among `first_of`, the picture of
    their words by length (G14), then the link; never a word or a letter of the grid."""
    grid = translate(SHARE, "grid" if size == 4 else f"grid_{size}", lang)
    fields = {"grid": grid, "date": day_text(day, lang), "score": score, "found": found}
    if top is None:
        line = translate(SHARE, "unranked", lang, **fields)
    elif first_of is not None:  # the first of three is « 1re place sur 3 », not top 34 %
        line = translate(SHARE, "first", lang, players=first_of, **fields)
    else:
        line = translate(SHARE, "ranked", lang, top=top, **fields)
    picture = share_picture(rows)
    return f"{line}\n{picture}\n{link}" if picture else f"{line}\n{link}"


#: The daily grid's options of `motamot serve` (`web/daily/options.py`): help and errors.
DAILY_OPTIONS: Catalog = {
    "daily": {
        "fr": "une grille du jour pour ce jeu, répétable. Défaut\u00a0: {default}",
        "en": "a daily grid for this game, repeatable. Default: {default}",
    },
    "no_daily": {"fr": "pas de grille du jour", "en": "no daily grid"},
    "unknown_daily": {
        "fr": "--daily\u00a0: pas de jeu {preset} (les jeux\u00a0: {known})",
        "en": "--daily: no game {preset} (the games: {known})",
    },
}

#: The daily grid's refusals (its rooms' and its routes').
DAILY_REFUSALS: Catalog = {
    "daily_fixed": {
        "fr": "la grille du jour est fixée par le serveur",
        "en": "the daily grid is fixed by the server",
    },
    "daily_needs_player": {
        "fr": "la grille du jour a besoin de savoir qui vous êtes\u00a0: rechargez la page",
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
        "fr": "votre partie de cette grille est en cours\u00a0: elle reprend",
        "en": "your play of this grid is under way: it resumes",
    },
    "daily_played": {
        "fr": "vous avez déjà joué cette grille\u00a0: une seule partie par jour et par joueur",
        "en": "you have played this grid already: one play a day per player",
    },
    "daily_future": {
        "fr": "cette grille n'existe pas encore\u00a0: revenez ce jour-là",
        "en": "this grid does not exist yet: come back on that day",
    },
    "daily_too_old": {
        "fr": "pas de grille du jour avant le 1er janvier 2020",
        "en": "no daily grid before January 1, 2020",
    },
    "daily_bad_date": {
        "fr": "date inconnue\u00a0: les grilles se nomment AAAA-MM-JJ",
        "en": "unknown date: grids are named YYYY-MM-DD",
    },
    "daily_too_fast": {
        "fr": "trop de mots d'un coup\u00a0: attendez une seconde",
        "en": "too many words at once: wait a second",
    },
    "unknown_daily": {
        "fr": "pas de grille du jour pour ce jeu",
        "en": "no daily grid for that game",
    },
}

#: It plays on Boggle's grid and words: it says Boggle's texts too.
DAILY_TEXTS = KindTexts(
    {**BOGGLE_TEXTS.page, **DAILY_PAGE},
    {**BOGGLE_TEXTS.refusals, **DAILY_REFUSALS},
    BOGGLE_TEXTS.client,
)
