"""The room kinds this version of motamot plays: every game and mode, by name."""

from __future__ import annotations

from motamot.service.arena import ARENA
from motamot.service.boggle import BOGGLE
from motamot.service.daily import DAILY
from motamot.service.duplicate import DUPLICATE
from motamot.service.rooms.kinds import Kinds
from motamot.service.topword import TOPWORD


def default_kinds() -> Kinds:
    return Kinds((BOGGLE, TOPWORD, DUPLICATE, ARENA, DAILY))
