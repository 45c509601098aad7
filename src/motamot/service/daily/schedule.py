"""Which grid each day plays: everything about one day's room follows from (secret,
preset, day), so every player, every request and every process of a server plays the
same grid that day, and nobody without the secret can know it in advance (G1).

Days are UTC dates (G2). Pure: time is passed in, dates are parsed strictly.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass

from motamot.boggle.grid import Grid, roll
from motamot.boggle.rules import get_preset
from motamot.service.daily.settings import MAX_PLAY, MIN_PLAY, DailySettings
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

    def __post_init__(self) -> None:
        get_preset(self.preset)  # ValueError for an unknown one
        if not MIN_PLAY <= self.seconds <= MAX_PLAY:
            raise ValueError(f"daily grid {self.preset}: plays of {self.seconds} s")

    def key(self, day: datetime.date) -> tuple[str, ...]:
        """What names the day's grid among everything derived from the secret."""
        return ("daily", self.preset, day.isoformat())

    def seed(self, secret: ServerSecret, day: datetime.date) -> int:
        """HMAC(secret, "daily", preset, ISO date): the seed of the day's grid (G1)."""
        return secret.seed(*self.key(day))

    def room_id(self, secret: ServerSecret, day: datetime.date) -> str:
        return secret.room_id(*self.key(day))

    def settings(self, secret: ServerSecret, day: datetime.date) -> DailySettings:
        return DailySettings(
            day.isoformat(), self.seed(secret, day), self.preset, seconds=self.seconds
        )

    def grid(self, secret: ServerSecret, day: datetime.date) -> Grid:
        """The day's grid, as its room rolls it (and `motamot boggle daily` prints it)."""
        return roll(self.settings(secret, day).rules(), self.seed(secret, day))

    def playable(self, day: datetime.date, now: float) -> str | None:
        """Why `day` cannot be played at `now` (`daily_future`, `daily_too_old`), or None."""
        if day > day_at(now):
            return "daily_future"
        if day < FIRST_DAY:
            return "daily_too_old"
        return None
