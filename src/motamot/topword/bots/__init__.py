"""Computer players for Topword: levels, the leave model, the view they decide from."""

from motamot.topword.bots.expert import ExpertBot, ExpertBudget
from motamot.topword.bots.leave import ZERO_LEAVES, LeaveModel, shipped_leaves
from motamot.topword.bots.players import LEVELS, BeginnerBot, Bot, GreedyBot, make_bot
from motamot.topword.bots.view import (
    BotView,
    Decision,
    Exchange,
    Pass,
    Play,
    apply_decision,
    describe,
    view_of,
)

__all__ = [
    "LEVELS",
    "ZERO_LEAVES",
    "BeginnerBot",
    "Bot",
    "BotView",
    "Decision",
    "Exchange",
    "ExpertBot",
    "ExpertBudget",
    "GreedyBot",
    "LeaveModel",
    "Pass",
    "Play",
    "apply_decision",
    "describe",
    "make_bot",
    "shipped_leaves",
    "view_of",
]
