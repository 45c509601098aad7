"""The server's side of the texts: a language for each request, codes rendered."""

from __future__ import annotations

from starlette.requests import HTTPConnection

from motamot.text.i18n import LANGUAGES, Language
from motamot.text.web import pick_language, refusal_text, server_error_text

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
