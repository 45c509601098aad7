"""The arena's schedule: a round every `seconds + pause` from a fixed epoch, forever (A2).

Round n of an arena starts at EPOCH + n × period and ends `seconds` later; its results
stay up for `pause`, then round n + 1 starts: no gap and no overlap by construction.
Everything about round n follows from (secret, preset, timing, n): its room's id and its
seed, so every process of a server, and the same process after a restart, opens the
same room for it with the same grid, and a second opening finds the first
(`room_exists`). Pure: time is passed in.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from motamot.boggle.rules import get_preset
from motamot.service.arena.settings import MAX_PAUSE, MAX_ROUND, MIN_ROUND, ArenaSettings
from motamot.service.server_secret import ServerSecret

#: Round 0 of every arena starts here: 2020-01-01T00:00:00Z.
EPOCH = 1_577_836_800.0
#: The results' pause between two rounds, by default (A2: 30 to 40 s).
DEFAULT_PAUSE = 35.0


@dataclass(frozen=True)
class ArenaSchedule:
    """The rounds of one arena: its preset and their timing."""

    preset: str
    #: Seconds a round lasts (None: the preset's own).
    seconds: float | None = None
    pause: float = DEFAULT_PAUSE
    epoch: float = EPOCH
    #: Public lists of every player, not accounts only (F1).
    open_rankings: bool = False

    def __post_init__(self) -> None:
        get_preset(self.preset)  # ValueError for an unknown one
        if not MIN_ROUND <= self.round_seconds <= MAX_ROUND or not 1 <= self.pause <= MAX_PAUSE:
            raise ValueError(
                f"arena {self.preset}: rounds of {self.round_seconds} s, pauses of {self.pause} s"
            )

    @property
    def round_seconds(self) -> float:
        return float(
            get_preset(self.preset).duration_seconds if self.seconds is None else self.seconds
        )

    @property
    def period(self) -> float:
        return self.round_seconds + self.pause

    def number_at(self, now: float) -> int:
        """The round whose time `now` is in: playing, or showing its results."""
        return max(0, math.floor((now - self.epoch) / self.period))

    def start(self, number: int) -> float:
        return self.epoch + number * self.period

    def deadline(self, number: int) -> float:
        return self.start(number) + self.round_seconds

    def to_join(self, now: float) -> int:
        """The round a newcomer joins at `now`: the one running (they get the rest of it),
        else, during results, the next one (they wait for its start)."""
        number = self.number_at(now)
        return number if now <= self.deadline(number) else number + 1

    def key(self) -> tuple[str, ...]:
        """What names this schedule among the server's (another timing, other rounds)."""
        return ("arena", self.preset, f"{self.round_seconds:g}+{self.pause:g}")

    def room_id(self, secret: ServerSecret, number: int) -> str:
        return secret.room_id(*self.key(), str(number))

    def settings(self, secret: ServerSecret, number: int) -> ArenaSettings:
        """Round `number`'s settings: its place, its timing and its secret seed."""
        return ArenaSettings(
            number,
            self.start(number),
            secret.seed(*self.key(), str(number)),
            self.preset,
            seconds=self.round_seconds,
            pause=self.pause,
            open_rankings=self.open_rankings,
        )
