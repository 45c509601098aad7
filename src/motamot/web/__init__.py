"""The web side of each room kind: what the generic server (`motamot.server`) serves of it.

A kind here is a `WebKind`: its protocol messages and their commands, its pages and
static module, its HTTP routes. `default_kinds()` is every game this motamot plays.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from motamot.server.kinds import WebKinds

if TYPE_CHECKING:
    from motamot.service.arena.schedule import ArenaSchedule


def default_kinds(arenas: Sequence[ArenaSchedule] | None = None) -> WebKinds:
    """The arena (`arenas`: its schedules, by default the classic French game's; none: no
    arena), the daily grid, Boggle rooms, Topword tables and duplicate Topword rooms."""
    from motamot.web.arena import DEFAULT_ARENAS, ArenaWeb
    from motamot.web.boggle import BOGGLE
    from motamot.web.daily import DailyWeb
    from motamot.web.duplicate import DUPLICATE
    from motamot.web.topword import TOPWORD

    arena = ArenaWeb(DEFAULT_ARENAS if arenas is None else arenas)
    return WebKinds((arena, DailyWeb(), BOGGLE, TOPWORD, DUPLICATE))
