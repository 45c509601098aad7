"""A Topword computer player's turn, handed to the host to decide in a worker thread."""

from __future__ import annotations

import random
from dataclasses import dataclass

from motamot.service.topword.commands import Exchange, Pass, Play, Resign, turn_command
from motamot.topword.bots import BotView, Decision, make_bot
from motamot.topword.bots.players import Stop
from motamot.topword.bots.view import as_action


@dataclass(frozen=True)
class PendingBot:
    """A computer player's turn to compute outside the actor (in a worker thread)."""

    seat: str
    level: str
    view: BotView
    #: Seeds the bot's choices for this turn (the same turn decides the same way).
    seed: str
    #: The referee time before which the move is not played (its thinking time).
    not_before: float

    def decide(self, stop: Stop | None = None) -> Play | Exchange | Pass | Resign:
        """The bot's decision, as the command its seat submits."""
        bot = make_bot(self.level, random.Random(self.seed))
        decision: Decision = bot.choose(self.view, stop)
        return turn_command(as_action(decision))
