"""Which grid each day plays: everything about one day's room follows from (secret,
preset, day), so every player, every request and every process of a server plays the
same grid that day, and nobody without the secret can know it in advance (G1); from
`CHOSEN_FROM` on, the grid is chosen from the day's seed by the solver (G11-G13).

Days are UTC dates (G2). Pure: time is passed in, dates are parsed strictly.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass

from motamot.boggle.grid import Grid, roll
from motamot.boggle.rules import get_preset
from motamot.service.boggle.settings import preset_dictionary
from motamot.service.daily.choose import CHOSEN_FROM, choose
from motamot.service.daily.settings import MAX_PLAY, MIN_PLAY, DailySettings
from motamot.service.rooms.base import Lexicons
from motamot.service.server_secret import ServerSecret

#: The first day a daily grid exists (G6: no day before it is playable).
FIRST_DAY = datetime.date(2020, 1, 1)
#: Seconds a play lasts (G3).
PLAY_SECONDS = 180.0
_ISO_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")


def day_at(now: float) -> datetime.date:
    """The UTC date of referee time `now` (G2)."""
    return datetime.datetime.fromtimestamp(now, datetime.UTC).date()


def parse_day(text: str) -> datetime.date | None:
    """`text` as a day, only in the form YYYY-MM-DD (None for anything else, a 30th of
    February included)."""
    if len(text) != 10 or not _ISO_DAY.fullmatch(text):
        return None
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        return None


@dataclass(frozen=True)
class DailyGrids:
    """The daily grids of one preset, each play `seconds` long."""

    preset: str
    seconds: float = PLAY_SECONDS
    #: Public lists of every play, not accounts only (F1).
    open_rankings: bool = False

    def __post_init__(self) -> None:
        get_preset(self.preset)  # ValueError for an unknown one
        if not MIN_PLAY <= self.seconds <= MAX_PLAY:
            raise ValueError(f"daily grid {self.preset}: plays of {self.seconds} s")

    def key(self, day: datetime.date) -> tuple[str, ...]:
        """What names the day's grid among everything derived from the secret."""
        return ("daily", self.preset, day.isoformat())

    def seed(self, secret: ServerSecret, day: datetime.date) -> int:
        """HMAC(secret, "daily", preset, ISO date): the day's seed (G1)."""
        return secret.seed(*self.key(day))

    def grid_seed(self, secret: ServerSecret, day: datetime.date, lexicons: Lexicons) -> int:
        """The seed the day's grid is rolled from: the day's seed before `CHOSEN_FROM`
        (G13), the one the solver chooses from it since (G11, G12)."""
        seed = self.seed(secret, day)
        if day < CHOSEN_FROM:
            return seed
        lexicon = lexicons(preset_dictionary(self.preset, None))
        return choose(get_preset(self.preset), lexicon, seed, day.weekday())

    def room_id(self, secret: ServerSecret, day: datetime.date) -> str:
        return secret.room_id(*self.key(day))

    def settings(
        self, secret: ServerSecret, day: datetime.date, lexicons: Lexicons
    ) -> DailySettings:
        """The day's room's settings, with the seed of its grid (stored with the room: a
        room opened keeps its grid whatever the chooser becomes)."""
        return DailySettings(
            day.isoformat(),
            self.grid_seed(secret, day, lexicons),
            self.preset,
            seconds=self.seconds,
            open_rankings=self.open_rankings,
        )

    def grid(self, secret: ServerSecret, day: datetime.date, lexicons: Lexicons) -> Grid:
        """The day's grid, as its room rolls it (and `motamot boggle daily` prints it)."""
        return roll(get_preset(self.preset), self.grid_seed(secret, day, lexicons))

    def playable(self, day: datetime.date, now: float) -> str | None:
        """Why `day` cannot be played at `now` (`daily_future`, `daily_too_old`), or None."""
        if day > day_at(now):
            return "daily_future"
        if day < FIRST_DAY:
            return "daily_too_old"
        return None
