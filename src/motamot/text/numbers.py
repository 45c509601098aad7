"""Numbers and plurals as each language writes them.

French groups thousands with a narrow no-break space and writes a decimal
comma and a spaced percent sign (12 345, 100,0 %); a count below 2 takes
the singular (0 point, 1 victoire, 1,5 point). English writes 12,345,
100.0% and the singular for exactly 1. The catalogues reach these through
format specs (`motamot.text.i18n.translate`): `{count:mot|mots}` gives
"3 mots", `{count:n}` a grouped number, `{rate:.1%}` a localised percent.
"""

from __future__ import annotations

from motamot.text.language import Language

#: U+202F NARROW NO-BREAK SPACE: French thousands separator and space before %.
FRENCH_SPACE = "\u202f"


def singular(count: float, lang: Language) -> bool:
    """Whether `count` takes the singular: below 2 in French, exactly 1 in English."""
    return abs(count) < 2 if lang == "fr" else count == 1


def localise_number(text: str, lang: Language) -> str:
    """A number written by Python's format (`1,234.5`, `12.5%`) as `lang` writes it."""
    if lang != "fr":
        return text
    text = text.replace(",", FRENCH_SPACE).replace(".", ",")
    return text.replace("%", FRENCH_SPACE + "%")


#: U+2212 MINUS SIGN: a negative number's sign in a text (« −35 »), not the hyphen.
MINUS = "\u2212"


def number_text(value: float, lang: Language, precision: str = "") -> str:
    """`value` with thousands grouped (and a `precision` such as `.1f`), in `lang`; a
    negative one with the minus sign."""
    text = localise_number(format(value, "," + precision), lang)
    return MINUS + text[1:] if text.startswith("-") else text


def count_text(count: float, singular_form: str, plural_form: str, lang: Language) -> str:
    """`count` and its noun, agreed: "0 point", "2 points" (fr), "0 points" (en)."""
    noun = singular_form if singular(count, lang) else plural_form
    return f"{number_text(count, lang)} {noun}"
