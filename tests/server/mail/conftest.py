"""What the mail tests share: a real SMTP server of the test's own."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.mailbox import Mailbox


@pytest.fixture
def box() -> Iterator[Mailbox]:
    mailbox = Mailbox().start()
    yield mailbox
    mailbox.stop()
