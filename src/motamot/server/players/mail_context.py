"""What the account pages show of mail: whether the server offers it (`--smtp`), and the
player's address and its state."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request

from motamot.server.players.visitors import players_of
from motamot.service.mail.addresses import MAX_LENGTH


async def mail_context(
    request: Request, player: str, typed: str | None = None, error: str | None = None
) -> dict[str, Any]:
    """The template's fields for « Me prévenir par e-mail » (`typed`, `error`: a refused
    address shown again with why)."""
    players = players_of(request)
    if players.mailer is None:
        return {"mail_offered": False}
    mail = await players.store.mail_of(player)
    shown = typed if typed is not None else (mail.address if mail is not None else "")
    return {
        "mail_offered": True,
        "mail": mail,
        "mail_typed": shown,
        "mail_error": error,
        "mail_high": MAX_LENGTH,
    }
