"""Creating a duplicate room over HTTP, the whole request checked before anything is stored."""

from __future__ import annotations

from typing import Annotated

import msgspec
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from motamot.names import MAX_NAME_LENGTH
from motamot.server.http import decode_body, refused
from motamot.server.kinds import Rooms
from motamot.server.texts import request_language
from motamot.service.duplicate.settings import DEFAULT_TURN_SECONDS, DuplicateSettings
from motamot.service.rooms.outcomes import Refusal
from motamot.service.rooms.settings import bounded

Name = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_NAME_LENGTH)]


class DuplicateRequest(msgspec.Struct, forbid_unknown_fields=True):
    """The home page's duplicate form: rules, word list, the pace (null: self-paced)."""

    name: Name
    ruleset: Annotated[str, msgspec.Meta(max_length=32)] = "topword-fr"
    dictionary: Annotated[str, msgspec.Meta(max_length=40)] | None = None
    turn_seconds: bounded(DuplicateSettings, "turn_seconds", float) | None = DEFAULT_TURN_SECONDS  # type: ignore[valid-type]

    def settings(self) -> DuplicateSettings:
        return DuplicateSettings(self.ruleset, self.dictionary or None, self.turn_seconds)


def routes(rooms: Rooms) -> list[Route]:
    async def create(request: Request) -> Response:
        lang = request_language(request)
        form = await decode_body(request, DuplicateRequest)
        if isinstance(form, Response):
            return form
        opened = await rooms.open(form.settings(), form.name.strip())
        if isinstance(opened, Refusal):
            return refused(opened, lang, 503 if opened.retryable else 409)
        body = {"room": opened.room, "seat": opened.seat, "token": opened.token}
        return JSONResponse({**body, "kind": "duplicate"})

    return [Route("/api/duplicate", create, methods=["POST"])]
