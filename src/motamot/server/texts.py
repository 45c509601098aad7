"""The server's side of the texts: a language for each request, codes rendered."""

from __future__ import annotations

import re
from collections.abc import Mapping

from starlette.requests import HTTPConnection

from motamot.text.i18n import LANGUAGES, Language
from motamot.text.web import pick_language, refusal_template, server_error_text
from motamot.text.web import refusal_text as _refusal

LANG_COOKIE = "motamot_lang"

__all__ = ["client_language", "refusal_text", "request_language", "server_error_text"]


def client_language(value: str) -> Language:
    return "en" if value == "en" else "fr"


def request_language(request: HTTPConnection) -> Language:
    """`?lang=` (the switch), then the cookie it sets, then Accept-Language; French."""
    for value in (request.query_params.get("lang"), request.cookies.get(LANG_COOKIE)):
        if value in LANGUAGES:
            return client_language(value)
    return pick_language(request.headers.get("accept-language"))


def refusal_text(code: str, lang: Language, fields: Mapping[str, object]) -> str:
    """The refusal's text; one whose fields do not fit its words (a field missing, of
    another type) still gets its words, the fields it needs shown as « … »."""
    try:
        return _refusal(code, lang, **fields)
    except (KeyError, IndexError, ValueError, TypeError, AttributeError):
        return _FIELD.sub(lambda m: str(fields.get(m[1], "…")), refusal_template(code, lang))


#: A template's field, its format spec included (`{count:mot|mots}`).
_FIELD = re.compile(r"\{(\w+)[^{}]*\}")
