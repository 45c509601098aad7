"""What a round's results show of its grid whoever found what, built while it is played.

A round's end shows every word of the grid nobody wrote, with its points, one path and
how it is written (B15). None of that depends on the players' words but which words are
left out, so it is solved and encoded while the round runs (`RoomHost` hands the work
to its worker thread once the round has started): when hundreds of rooms end together,
each end only picks the words nobody found and joins their encoded texts.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

import msgspec

from motamot.boggle.grid import Grid
from motamot.boggle.rules import BoggleRules
from motamot.boggle.solve import solve
from motamot.lexicon import Lexicon
from motamot.lexicon.accents import written_forms, written_map
from motamot.wire.boggle import missed_shape

_ENCODER = msgspec.json.Encoder()


@dataclass(frozen=True)
class GridWords:
    """Every word of a round's grid (the solver's order), its points and its encoded
    `MissedJson`, and how the words are written where not as folded."""

    words: tuple[str, ...]
    points: dict[str, int]
    encoded: tuple[bytes, ...]
    written: dict[str, list[str]]
    language: str

    def missed(self, found: Collection[str]) -> msgspec.Raw:
        """The JSON list of the grid's words not in `found`, as `missed_shape` gives."""
        pairs = zip(self.words, self.encoded, strict=True)
        kept = [text for word, text in pairs if word not in found]
        return msgspec.Raw(b"[" + b",".join(kept) + b"]")

    def written_of(self, words: Collection[str]) -> dict[str, list[str]]:
        """`written_map(words)` for words mostly of the grid (the others are looked up)."""
        shown = {word: forms for word, forms in self.written.items() if word in words}
        for word in words:
            if word not in self.points and (forms := written_forms(word, self.language)):
                shown[word] = list(forms)
        return dict(sorted(shown.items()))


def grid_words(grid: Grid, rules: BoggleRules, lexicon: Lexicon, language: str) -> GridWords:
    """Solve a round's grid and encode what its results will show of each word."""
    solution = solve(grid, rules, lexicon)
    words = tuple(word.word for word in solution.words)
    return GridWords(
        words,
        {word.word: word.points for word in solution.words},
        tuple(_ENCODER.encode(missed_shape(word)) for word in solution.words),
        written_map(set(words), language),
        language,
    )
