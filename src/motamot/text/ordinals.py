"""A rank as an ordinal: French ones agree with « place », a feminine noun (« 1re »,
« 2e »), so that nobody is told « 1er » whoever they are; English 1st, 2nd, 3rd, 11th."""

from __future__ import annotations

from motamot.text.i18n import Language


def ordinal(rank: int, lang: Language) -> str:
    """`rank` as an ordinal: « 1re », « 2e » in French; 1st, 2nd, 3rd, 11th in English."""
    if lang == "fr":
        return "1re" if rank == 1 else f"{rank}e"
    teens = 10 <= rank % 100 <= 20
    ending = "th" if teens else {1: "st", 2: "nd", 3: "rd"}.get(rank % 10, "th")
    return f"{rank}{ending}"
