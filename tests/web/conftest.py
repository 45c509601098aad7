"""The kinds' web tests ask for the same app as the server's own (tests/server/conftest.py):
one definition, found from both folders."""

from __future__ import annotations

from tests.server.conftest import client, clock

__all__ = ["client", "clock"]
