"""The links a mail carries: signed with a key of the server's (`players_keys`, shared by
every process of the database), so that nobody makes one for an address or a player
they do not hold.

- Confirming an address: (player, address, version), good for `confirm_seconds`; the
  version grows whenever the address changes, so the link of an address replaced or
  removed since confirms nothing.
- Unsubscribing: (player, address), never expiring (it is in every mail, and an old
  mail's link must still work); it removes the address only while it is that player's.

Each has a salt of its own: one kind of link is never taken for the other. Times are the
referee's clock (`Clock`), like everything else on the server.
"""

from __future__ import annotations

from typing import Any

from itsdangerous import BadData, TimestampSigner, URLSafeTimedSerializer

from motamot.service.ports import Clock

#: Longest token read (a real one is about 120 characters).
MAX_TOKEN = 400


class _ClockSigner(TimestampSigner):
    """A timestamp signer whose time is the server's clock."""

    def __init__(self, *args: Any, clock: Clock, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.clock = clock

    def get_timestamp(self) -> int:
        return int(self.clock.now())


class MailTokens:
    def __init__(self, key: str, clock: Clock, confirm_seconds: float) -> None:
        self.confirm_seconds = confirm_seconds
        self._confirm = _serializer(key, "mail-confirm", clock)
        self._unsubscribe = _serializer(key, "mail-unsubscribe", clock)

    def confirm(self, player: str, address: str, version: int) -> str:
        return str(self._confirm.dumps([player, address, version]))

    def unsubscribe(self, player: str, address: str) -> str:
        return str(self._unsubscribe.dumps([player, address]))

    def read_confirm(self, token: str) -> tuple[str, str, int] | None:
        """(player, address, version) of a good, unexpired confirmation token; None."""
        found = _load(self._confirm, token, self.confirm_seconds)
        if found is None or len(found) != 3:
            return None
        player, address, version = found
        if not (isinstance(player, str) and isinstance(address, str)):
            return None
        if not isinstance(version, int) or isinstance(version, bool):
            return None
        return player, address, version

    def read_unsubscribe(self, token: str) -> tuple[str, str] | None:
        """(player, address) of a good unsubscribe token; None."""
        found = _load(self._unsubscribe, token, None)
        if found is None or len(found) != 2:
            return None
        player, address = found
        if not (isinstance(player, str) and isinstance(address, str)):
            return None
        return player, address


def _serializer(key: str, salt: str, clock: Clock) -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(key, salt, signer=_ClockSigner, signer_kwargs={"clock": clock})


def _load(
    serializer: URLSafeTimedSerializer, token: str, max_age: float | None
) -> list[Any] | None:
    if not token or len(token) > MAX_TOKEN:
        return None
    try:
        found = serializer.loads(token, max_age=None if max_age is None else int(max_age))
    except (BadData, ValueError, TypeError, UnicodeError):
        return None
    return found if isinstance(found, list) else None
