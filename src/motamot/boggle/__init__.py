"""The Boggle engine: dice, grids, referee, solver, rounds, matches, bots, records.

Pure: no I/O, no clock, no global random. See docs/rules.md, B1-B15.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from motamot.boggle.dice import DICE_SETS, DiceSet
from motamot.boggle.grid import Grid, GridError, parse_grid, roll, roll_dice
from motamot.boggle.rules import (
    BIG_BOGGLE,
    CLASSIC_EN,
    CLASSIC_FR,
    DEFAULT_PRESET,
    NEW_EN,
    PRESETS,
    SUPER_BIG_BOGGLE,
    BoggleRules,
    get_preset,
    preset_for_size,
)
from motamot.boggle.solve import Solution, SolvedWord, find_words, solve, solve_many

if TYPE_CHECKING:
    from motamot.boggle.bots import BOT_LEVELS, BotLevel, bot_sheet, get_level
    from motamot.boggle.match import MatchError, MatchFormat, Standing, standing
    from motamot.boggle.record import (
        GameRecord,
        RecordError,
        Replay,
        RoundRecord,
        format_record,
        parse_record,
        replay,
    )
    from motamot.boggle.referee import Verdict, WordReason, check_word, find_path
    from motamot.boggle.round import (
        Entry,
        JudgedEntry,
        PlayerResult,
        RoundError,
        RoundResult,
        Sheet,
        Status,
        judge_round,
    )

#: The names of the modules above the solver, loaded on first use: a command that
#: only solves (`boggle solve --batch`) does not pay for bots, rounds and records.
_LAZY = {
    "bots": ("BOT_LEVELS", "BotLevel", "bot_sheet", "get_level"),
    "match": ("MatchError", "MatchFormat", "Standing", "standing"),
    "record": (
        "GameRecord",
        "RecordError",
        "Replay",
        "RoundRecord",
        "format_record",
        "parse_record",
        "replay",
    ),
    "referee": ("WordReason", "Verdict", "check_word", "find_path"),
    "round": (
        "Entry",
        "JudgedEntry",
        "PlayerResult",
        "RoundError",
        "RoundResult",
        "Sheet",
        "Status",
        "judge_round",
    ),
}
_HOME = {name: module for module, names in _LAZY.items() for name in names}


def __getattr__(name: str) -> Any:
    if name not in _HOME:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{_HOME[name]}"), name)
    globals()[name] = value
    return value


__all__ = [
    "BIG_BOGGLE",
    "BOT_LEVELS",
    "CLASSIC_EN",
    "CLASSIC_FR",
    "DEFAULT_PRESET",
    "DICE_SETS",
    "NEW_EN",
    "PRESETS",
    "SUPER_BIG_BOGGLE",
    "BoggleRules",
    "BotLevel",
    "DiceSet",
    "Entry",
    "GameRecord",
    "Grid",
    "GridError",
    "JudgedEntry",
    "MatchError",
    "MatchFormat",
    "PlayerResult",
    "RecordError",
    "Replay",
    "RoundError",
    "RoundRecord",
    "RoundResult",
    "Sheet",
    "Solution",
    "SolvedWord",
    "Standing",
    "Status",
    "Verdict",
    "WordReason",
    "bot_sheet",
    "check_word",
    "find_path",
    "find_words",
    "format_record",
    "get_level",
    "get_preset",
    "judge_round",
    "parse_grid",
    "parse_record",
    "preset_for_size",
    "replay",
    "roll",
    "roll_dice",
    "solve",
    "solve_many",
    "standing",
]
