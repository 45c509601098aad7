"""The player pages' routes: accounts, « Mes parties », profiles, leaderboards."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from starlette.routing import BaseRoute

PLAYER_STATIC = Path(__file__).parent / "static"


def player_routes(pages: Any, kinds: Any) -> list[BaseRoute]:
    return []
