"""The arena's pages: its round (drawn by `arena.js` from the socket) and the home page's
block, each a template of `templates/`; here is only what they read."""

from __future__ import annotations

from motamot.names import MAX_NAME_LENGTH
from motamot.server.kinds import Page
from motamot.service.arena.schedule import ArenaSchedule
from motamot.text.i18n import Language


def arena(lang: Language, schedule: ArenaSchedule, name: str) -> Page:
    """The arena of `schedule`'s preset: joined at once under `name` if the player has one."""
    del lang
    context = {"arena": schedule.preset, "remembered": name, "max_name": MAX_NAME_LENGTH}
    return Page("arena/page.html", "arena_title", "arena/arena.js", context)


def watch(lang: Language, room_id: str) -> Page:
    """One round of the arena, watched by its id (`/r/{room}`)."""
    del lang, room_id
    return Page("arena/page.html", "arena_title", "arena/arena.js", {"arena": None})


def home(lang: Language, schedule: ArenaSchedule) -> Page:
    """« Jouer maintenant »: the home page's block, with the arena's pace."""
    del lang
    minutes = f"{schedule.round_seconds / 60:g}"
    period = schedule.period
    pace = f"{int(period // 60)} min {int(period % 60):02d}" if period >= 60 else f"{period:g} s"
    context = {"arena": schedule.preset, "minutes": minutes, "period": pace}
    return Page("arena/home.html", context=context)
