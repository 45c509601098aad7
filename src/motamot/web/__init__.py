"""The web side of each room kind: what the generic server (`motamot.server`) serves of it.

A kind here is a `WebKind`: its protocol messages and their commands, its pages and
static module, its HTTP routes. `default_kinds()` is every game this motamot plays.
"""

from __future__ import annotations

from motamot.server.kinds import WebKinds


def default_kinds() -> WebKinds:
    """Boggle rooms, Topword tables and duplicate Topword rooms."""
    from motamot.web.boggle import BOGGLE
    from motamot.web.duplicate import DUPLICATE
    from motamot.web.topword import TOPWORD

    return WebKinds((BOGGLE, TOPWORD, DUPLICATE))
