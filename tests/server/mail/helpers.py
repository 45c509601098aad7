"""The app with mail on, its SMTP server a real one of the test's (`tests.mailbox`)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

from starlette.testclient import TestClient

from motamot.server.operations import Operations
from motamot.server.serve import build_app
from motamot.service.mail.settings import Mailing
from motamot.service.mail.smtp import parse_smtp_url
from motamot.service.ports import Clock
from motamot.service.stores import open_store
from motamot.web import default_kinds
from tests.mailbox import Mailbox, Received

SITE = "https://jeu.example"


def fast_mailing(box: Mailbox, **changes: Any) -> Mailing:
    """Mail through `box`, its delays short enough for a test."""
    settings = Mailing(
        parse_smtp_url(box.url),
        "motamot@jeu.example",
        SITE,
        turn_delay=0,
        retry_first=0.2,
        retry_most=0.5,
        poll_seconds=0.2,
    )
    return replace(settings, **changes)


@contextmanager
def mail_server(box: Mailbox | None, clock: Clock, **changes: Any) -> Iterator[TestClient]:
    """The whole app over a memory store, mail through `box` (None: no --smtp)."""
    ops = Operations(mail=None if box is None else fast_mailing(box, **changes))

    async def memory() -> Any:
        return await open_store("memory")

    with TestClient(build_app(memory, clock, default_kinds(), ops=ops)) as client:
        yield client


def link_in(mail: Received, path: str) -> str:
    """The local path of the link to `path` the mail's text holds (`/e-mail/confirmer?t=...`)."""
    found = re.search(re.escape(SITE + path) + r"[^\s]*", mail.text)
    assert found is not None, mail.text
    return found[0].removeprefix(SITE)


def unsubscribe_header(mail: Received) -> str:
    value = str(mail.message["List-Unsubscribe"])
    assert value.startswith(f"<{SITE}/e-mail/desabonner?t=") and value.endswith(">"), value
    return value[1:-1].removeprefix(SITE)
