"""The best grids `motamot boggle best` found for each preset (docs/records.md): data,
with what reproduces each. The tests check every one against the solver and the dice.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Record:
    """One published grid: its preset and word list, its figures, its search."""

    preset: str
    dictionary: str
    grid: str
    points: int
    words: int
    seed: int
    iterations: int

    @property
    def command(self) -> str:
        """The command that finds this grid again, exactly."""
        return (
            f"motamot boggle best --preset {self.preset} --seed {self.seed}"
            f" --iterations {self.iterations}"
        )


RECORDS: tuple[Record, ...] = (
    Record("classic-fr", "fr", "SNTR/EIAE/RMLS/PAIL", 8898, 1740, 1, 1670981),
    Record("big", "fr", "ZENAI/CIRTS/LATES/PERIN/MADOT", 33419, 4533, 2, 3381752),
    Record("classic-en", "en", "SEGS/RNTR/EIAE/DCLP", 2662, 807, 1, 2642414),
)
