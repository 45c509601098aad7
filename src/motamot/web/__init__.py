"""The web side of each room kind: what the generic server (`motamot.server`) serves of it.

A kind here is a `WebKind`: its rooms (`WebKind.room`, the service's `RoomKind`), its
protocol messages and their commands, its pages and static module, its HTTP routes.
`default_kinds()` is every game this motamot plays, and the one registry of them: the
terminal, the admin commands and the service's tests take its `.rooms`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from motamot.server.kinds import WebKinds

if TYPE_CHECKING:
    from motamot.service.arena.schedule import ArenaSchedule
    from motamot.service.daily.schedule import DailyGrids


def default_kinds(
    arenas: Sequence[ArenaSchedule] | None = None, daily: Sequence[DailyGrids] | None = None
) -> WebKinds:
    """The arena (`arenas`: its schedules, by default the classic French game's; none: no
    arena), the daily grids (`daily`: by default the classic French game's and the 5×5
    one's; none: no daily grid), Boggle rooms, Topword tables, duplicate Topword rooms and
    tournaments."""
    from motamot.web.arena import DEFAULT_ARENAS, ArenaWeb
    from motamot.web.boggle import BOGGLE
    from motamot.web.daily import DEFAULT_DAILY, DailyWeb
    from motamot.web.duplicate import DUPLICATE
    from motamot.web.topword import TOPWORD
    from motamot.web.tournament import TOURNAMENT

    arena = ArenaWeb(DEFAULT_ARENAS if arenas is None else arenas)
    grids = DailyWeb(DEFAULT_DAILY if daily is None else daily)
    return WebKinds((arena, grids, BOGGLE, TOPWORD, DUPLICATE, TOURNAMENT))
