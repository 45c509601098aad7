"""What every HTTP route shares: reading a JSON body, answering a refusal (pages: `pages`)."""

from __future__ import annotations

from typing import Any, TypeVar

import msgspec
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from motamot.server.texts import refusal_text, request_language, server_error_text
from motamot.service.rooms.outcomes import Refusal

T = TypeVar("T")


#: The one media type a JSON route reads: any other (a cross-site form's `text/plain`)
#: is refused before the body is read, so no page of another site can post one without
#: the browser asking this server first (a CORS preflight, which it never allows).
JSON_TYPE = "application/json"


def is_json(request: Request) -> bool:
    """Whether the request says its body is JSON (`application/json`, any parameters)."""
    media = request.headers.get("content-type", "").partition(";")[0]
    return media.strip().lower() == JSON_TYPE


async def decode_body(request: Request, kind: type[T]) -> T | Response:
    """The request's JSON body as `kind` (its schema checked), or the error to answer.
    The body's size and time are bounded before it gets here (`server.limits`)."""
    if not is_json(request):
        text = server_error_text("not_json", request_language(request))
        return JSONResponse({"error": "not_json", "text": text}, 415)
    body = await request.body()
    try:
        return msgspec.json.decode(body, type=kind)
    except (msgspec.DecodeError, UnicodeDecodeError) as error:  # msgspec: bytes not UTF-8
        text = server_error_text("malformed", request_language(request))
        return JSONResponse({"error": "malformed", "detail": str(error), "text": text}, 400)


#: Retryable refusals that say a part of the server is away: 503 (with Retry-After), not
#: a 409 about the request (`server.outage` answers the same for what raises).
UNAVAILABLE = frozenset({"store_failed", "room_unavailable"})


def refused(refusal: Refusal, lang: Any, status: int = 409) -> Response:
    """A refusal as JSON: its code, its fields and the text for the player."""
    fields = dict(refusal.fields)
    headers = None
    if refusal.retryable and refusal.code in UNAVAILABLE:
        status, headers = 503, {"retry-after": "5"}
    return JSONResponse(
        {
            "refused": refusal.code,
            "fields": fields,
            "text": refusal_text(refusal.code, lang, fields),
        },
        status,
        headers,
    )
