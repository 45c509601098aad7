"""Tiles, racks and the two rulesets (T1, T11, T13-T15, the Rulesets table) as data.

A tile is a one-character code: an upper-case letter, with ``"Q"`` standing
for the Qu tile (the game has no plain Q). `tile_letters` gives the letters a
tile reads as (``"QU"`` for the Qu tile); `tile_label` how a player sees it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from motamot.errors import CodedError
from motamot.lexicon import try_fold

#: The code of the Qu tile: one tile that reads as the two letters Q, U.
QU = "Q"
TILE_CODES = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_CODE_OF_CHAR = {char: char for char in TILE_CODES} | {char.lower(): char for char in TILE_CODES}


def tile_code(char: str) -> str | None:
    """The tile code a typed character names (`a` or `A` → `A`), None for anything else.

    A lookup, never `upper()` and a substring test: `'ﬆ'.upper()` is `ST`, and
    `'ST' in TILE_CODES` holds.
    """
    return _CODE_OF_CHAR.get(char)


def tile_letters(tile: str) -> str:
    """The letters a tile reads as in a word: "QU" for the Qu tile."""
    return "QU" if tile == QU else tile


def tile_label(tile: str) -> str:
    """How a tile is written for a player: "Qu" for the Qu tile."""
    return "Qu" if tile == QU else tile


def tiles_word(tiles: Iterable[str]) -> str:
    """The folded word a row of tiles reads as."""
    return "".join(tile_letters(tile) for tile in tiles)


class RackError(CodedError, ValueError):
    """A rack text that is not letters, too long, or asks for tiles the game lacks."""

    TEMPLATES: ClassVar[dict[str, str]] = {
        "not_a_tile": "rack {rack!r}: {char!r} is not a tile letter (A-Z, Q for Qu)",
        "too_many": "rack {rack!r}: {count} tiles, a rack holds at most {limit}",
        "not_enough": "rack {rack!r}: {count} × {tile}, the game has {available}",
    }


class SharedTile(StrEnum):
    """T14: how a tile common to two words of one move is counted."""

    ONCE = "once"  # in the word where it is worth the most; on a tie in the cross word
    EACH = "each"  # in every word (Upwords English)


class SharedTie(StrEnum):
    """T14 [choice]: where a common tile counted once goes when it is worth as much in both
    words. The total is the same either way; only the itemised score differs."""

    CROSS_WORD = "cross_word"  # in the word across the move's line (the rulebook's NAIN + ON)
    LINE_WORD = "line_word"  # in the word along the move's line


class LetterBonus(StrEnum):
    """T13: which letter bonus the ruleset pays."""

    PLACED_TILES = "placed_tiles"  # +points per bonus tile placed by the move
    QU_FLAT_WORD = "qu_flat_word"  # +points per word formed with the Qu tile, all at level 1


@dataclass(frozen=True)
class Ruleset:
    """Everything that differs between Topword editions; behaviour reads these fields."""

    name: str
    tiles: tuple[tuple[str, int], ...]
    dictionary: str
    rack_size: int = 7
    max_height: int = 5
    letter_bonus: LetterBonus = LetterBonus.PLACED_TILES
    bonus_tiles: frozenset[str] = frozenset("JQVXZ")
    bonus_points: int = 2
    all_tiles_bonus: int = 10
    shared_tile: SharedTile = SharedTile.ONCE
    #: T14 [choice]: with `SharedTile.ONCE`, the word that counts a common tile worth the same.
    shared_tie: SharedTie = SharedTie.CROSS_WORD
    full_cover_forbidden: bool = False
    #: T18 (3) [choice]: whether an exchange counts as a pass (False: it breaks a run of passes).
    exchange_is_pass: bool = False
    end_penalty: int = 5
    min_players: int = 2
    max_players: int = 4

    @property
    def distribution(self) -> Mapping[str, int]:
        return dict(self.tiles)

    @property
    def tile_total(self) -> int:
        return sum(count for _, count in self.tiles)

    def all_tiles(self) -> list[str]:
        """Every tile of the game, in code order (the unshuffled pile)."""
        return [tile for tile, count in self.tiles for _ in range(count)]


def _counts(text: str) -> tuple[tuple[str, int], ...]:
    pairs = []
    for item in text.split():
        letter, count = item.split(":")
        pairs.append((QU if letter == "Qu" else letter, int(count)))
    return tuple(sorted(pairs))


#: The French rulebook (docs/rules.md), the default.
TOPWORD_FR = Ruleset(
    name="topword-fr",
    tiles=_counts(
        "A:9 B:2 C:2 D:3 E:15 F:2 G:2 H:2 I:8 J:1 K:1 L:5 M:3 N:6 O:6 P:2 Qu:1 "
        "R:6 S:6 T:6 U:6 V:2 W:1 X:1 Y:1 Z:1"
    ),
    dictionary="fr",
)

#: The Hasbro English sheet: other tiles, Qu bonus, +20, shared tile in each word, no full cover.
UPWORDS_EN = Ruleset(
    name="upwords-en",
    tiles=_counts(
        "A:7 B:3 C:4 D:5 E:8 F:3 G:3 H:3 I:7 J:1 K:2 L:5 M:5 N:5 O:7 P:3 Qu:1 "
        "R:5 S:6 T:5 U:5 V:1 W:2 X:1 Y:2 Z:1"
    ),
    dictionary="en",
    letter_bonus=LetterBonus.QU_FLAT_WORD,
    bonus_tiles=frozenset(QU),
    all_tiles_bonus=20,
    shared_tile=SharedTile.EACH,
    full_cover_forbidden=True,
)

RULESETS: dict[str, Ruleset] = {rules.name: rules for rules in (TOPWORD_FR, UPWORDS_EN)}
DEFAULT_RULESET = TOPWORD_FR


def get_ruleset(name: str) -> Ruleset:
    """The ruleset registered under `name` (KeyError with the known names otherwise)."""
    try:
        return RULESETS[name.strip().lower()]
    except KeyError:
        known = ", ".join(RULESETS)
        raise KeyError(f"no ruleset {name!r} (known: {known})") from None


def parse_rack(text: str, ruleset: Ruleset = TOPWORD_FR) -> tuple[str, ...]:
    """Tiles from rack text: letters, any case, accents folded as in words (W2:
    `é` is E, `œ` is O and E), `Q` meaning the Qu tile.

    Spaces are ignored; more tiles than a rack holds, or more of a letter
    than the game has, is an error (RackError).
    """
    written = "".join(text.split())
    if len(written) > 4 * ruleset.rack_size:  # far too long: say so without folding it all
        raise RackError("too_many", rack=text, count=len(written), limit=ruleset.rack_size)
    tiles: list[str] = []
    for char in written:
        codes = [tile_code(letter) for letter in try_fold(char) or "?"]
        if None in codes:
            raise RackError("not_a_tile", rack=text, char=char)
        tiles.extend(code for code in codes if code is not None)
    if len(tiles) > ruleset.rack_size:
        raise RackError("too_many", rack=text, count=len(tiles), limit=ruleset.rack_size)
    available = ruleset.distribution
    for tile, count in Counter(tiles).items():
        if count > available.get(tile, 0):
            raise RackError(
                "not_enough",
                rack=text,
                count=count,
                tile=tile_label(tile),
                available=available.get(tile, 0),
            )
    return tuple(tiles)


def format_rack(tiles: Iterable[str]) -> str:
    """Rack text (the inverse of `parse_rack`): codes in order, `Q` for Qu."""
    return "".join(tiles)
