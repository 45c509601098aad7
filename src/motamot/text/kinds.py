"""The texts each room kind hands the server (`WebKind.texts`), and the catalogues they
join.

The generic catalogues (`text.web`, `text.rooms`, `text.accounts`, `text.lobby_web`) name
no game: a kind's pages, refusals, lines on the players' pages and sections of the
browser's catalogue are its own (`text.<kind>_web`), registered when a server's kinds are
(`server.kinds.WebKinds`). `page_text`, `refusal_text` and `client_catalog` then find
them after the generic texts. A process registers the texts of every kind it serves: a
key two kinds say differently is refused, so a key means one thing in a process.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from motamot.text.i18n import Catalog, Language


@dataclass(frozen=True)
class KindTexts:
    """What a kind says: its pages' texts (sent to the browser too, and its name
    `kind.<name>` in the lobby and the players' pages), its refusals, and sections of
    the browser's catalogue besides `page` (a kind's word reasons, its score lines)."""

    page: Catalog = field(default_factory=dict)
    refusals: Catalog = field(default_factory=dict)
    client: Mapping[str, Catalog] = field(default_factory=dict)


#: Every registered kind's page texts, refusals and browser sections.
PAGE: dict[str, Mapping[Language, str]] = {}
REFUSALS: dict[str, Mapping[Language, str]] = {}
CLIENT: dict[str, dict[str, Mapping[Language, str]]] = {}


def register(texts: KindTexts) -> None:
    """Add a kind's texts (again: nothing changes); a ValueError for a key another kind
    says differently, before anything is added."""
    pairs = [(PAGE, texts.page), (REFUSALS, texts.refusals)]
    pairs += [(CLIENT.get(section, {}), catalog) for section, catalog in texts.client.items()]
    for registered, given in pairs:
        for key, entry in given.items():
            if registered.get(key, entry) != entry:
                raise ValueError(f"the text {key!r} is said two ways by two kinds")
    PAGE.update(texts.page)
    REFUSALS.update(texts.refusals)
    for section, catalog in texts.client.items():
        CLIENT.setdefault(section, {}).update(catalog)
