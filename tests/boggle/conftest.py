"""Shared fixtures for the Boggle tests: the French dictionary and the rulebook grid."""

from __future__ import annotations

import pytest

from motamot.boggle import Grid, parse_grid

RULEBOOK_GRID = "ORTE/BEST/INAM/GTED"


@pytest.fixture
def rulebook() -> Grid:
    return parse_grid(RULEBOOK_GRID)
