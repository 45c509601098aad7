"""Dice sets as data (rule B2): every edition's dice, six faces each.

A face is written as printed: one upper-case letter, a multi-letter face
such as `Qu` or `Th` (capital then lower case), or `_` for a blank face
that carries no letter (rule B1 variants, docs/dice.md).
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass

BLANK = "_"
Die = tuple[str, ...]

_FACE = re.compile(r"\(([A-Z][a-z]*)\)|\[([^\]]*)\]|([A-Z_])")


def face_letters(face: str) -> str:
    """The folded letters a face stands for: `Qu` → `QU`, `_` → `` (none); interned, as
    every grid's letters are the same few."""
    return "" if face == BLANK else sys.intern(face.upper())


def parse_dice(text: str) -> tuple[Die, ...]:
    """Dice written as in docs/dice.md: `ETUKNO BMA(Qu)JO [An Er He In Qu Th]`."""
    dice: list[Die] = []
    for token in re.findall(r"\[[^\]]*\]|\S+", text):
        if token.startswith("["):
            faces = tuple(token[1:-1].split())
        else:
            faces = tuple(m[0] or m[2] for m in _FACE.findall(token))
            if "".join(f"({f})" if len(f) > 1 else f for f in faces) != token:
                raise ValueError(f"malformed die {token!r}")
        if len(faces) != 6:
            raise ValueError(f"die {token!r} has {len(faces)} faces, not 6")
        dice.append(faces)
    return tuple(dice)


@dataclass(frozen=True)
class DiceSet:
    """A named set of dice and where it comes from."""

    name: str
    dice: tuple[Die, ...]
    source: str

    def __post_init__(self) -> None:
        for die in self.dice:
            if len(die) != 6:
                raise ValueError(f"{self.name}: die {die} does not have 6 faces")

    def __len__(self) -> int:
        return len(self.dice)


FRENCH = DiceSet(
    "french",
    parse_dice(
        "ETUKNO EVGTIN DECAMP IELRUW EHIFSE RECALS ENTDOS OFXRIA NAVEDZ EIOATA "
        "GLENYU BMA(Qu)JO TLIBRA SPULTE AIMSOR ENHRIS"
    ),
    "the 16 French dice documented by the French open-source game B@ggle; Q face is Qu",
)

ENGLISH_CLASSIC = DiceSet(
    "english-classic",
    parse_dice(
        "AACIOT ABILTY ABJMO(Qu) ACDEMP ACELRS ADENVZ AHMORS BIFORX DENOSW DKNOTU "
        "EEFHIY EGKLUY EGINTV EHINPS ELPSTU GILRUW"
    ),
    "English classic Boggle, 1976-1986",
)

ENGLISH_NEW = DiceSet(
    "english-new",
    parse_dice(
        "AAEEGN ABBJOO ACHOPS AFFKPS AOOTTW CIMOTU DEILRX DELRVY DISTTY EEGHNW "
        "EEINSU EHRTVW EIOSST ELRTTY HIMN(Qu)U HLNNRZ"
    ),
    "English Boggle, 1987 onward",
)

BIG = DiceSet(
    "big",
    parse_dice(
        "AAAFRS AAEEEE AAFIRS ADENNN AEEEEM AEEGMU AEGMNN AFIRSY BJK(Qu)XZ CCENST "
        "CEIILT CEILPT CEIPST DDHNOT DHHLOR DHHLOR DHLNOR EIIITT EMOTTT ENSSSU "
        "FIPRSY GORRVW IPRRRY NOOTUW OOOTTU"
    ),
    "Big Boggle 5x5",
)

SUPER_BIG = DiceSet(
    "super-big",
    parse_dice(
        "AAAFRS AAEEEE AAEEOO AAFIRS ABDEIO ADENNN AEEEEM AEEGMU AEGMNN AEILMN AEINOU "
        "AFIRSY [An Er He In Qu Th] BBJKXZ CCENST CDDLNN CEIITT CEIPST CFGNUY DDHNOT "
        "DHHLOR DHHNOW DHLNOR EHILRS EIILST EILPST [E I O _ _ _] EMTTTO ENSSSU GORRVW "
        "HIRSTV HOPRST IPRSYY JK(Qu)WXZ NOOTUW OOOTTU"
    ),
    "Super Big Boggle 6x6, with multi-letter and blank faces",
)

DICE_SETS: dict[str, DiceSet] = {
    dice.name: dice for dice in (FRENCH, ENGLISH_CLASSIC, ENGLISH_NEW, BIG, SUPER_BIG)
}
