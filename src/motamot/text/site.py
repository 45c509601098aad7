"""The site's own words: its name in the title bar (FR/EN).

The brand of this motamot, naming no game (each kind's texts are its own, `text.kinds`):
an operator changes it here."""

from __future__ import annotations

from motamot.text.i18n import Catalog

SITE: Catalog = {
    "site_title": {
        "fr": "motamot — jeux de lettres entre amis",
        "en": "motamot — word games with friends",
    },
}
