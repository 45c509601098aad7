"""What the players' tests share."""

from __future__ import annotations

import pytest
from argon2 import PasswordHasher

from motamot.service.players import passwords


@pytest.fixture
def quick_passwords(monkeypatch: pytest.MonkeyPatch) -> None:
    """argon2id still, at its lightest: a test that counts tries makes dozens, on a
    shared machine (the real cost is what every other test hashes with)."""
    hasher = PasswordHasher(1, 8, 1)
    monkeypatch.setattr(passwords, "_HASHER", hasher)
    monkeypatch.setattr(passwords, "_NOBODY", hasher.hash("no account has this password"))
