"""The server secret: kept in one file, the same derivations for every process that
reads it, different for another secret; a damaged file is refused, never replaced."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from motamot.service.server_secret import SecretError, ServerSecret


def test_a_secret_is_made_once_and_read_back(tmp_path: Path) -> None:
    path = tmp_path / "data" / "server.secret"
    first = ServerSecret.load(path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    again = ServerSecret.load(path)
    assert again.seed("daily", "2026-12-02") == first.seed("daily", "2026-12-02")
    assert again.room_id("arena", "7") == first.room_id("arena", "7")
    assert "key" not in repr(first) and path.read_text().strip() not in repr(first)


def test_derivations_differ_between_secrets_and_parts(tmp_path: Path) -> None:
    one, other = ServerSecret.load(tmp_path / "a"), ServerSecret.load(tmp_path / "b")
    assert one.seed("daily", "2026-12-02") != other.seed("daily", "2026-12-02")
    assert one.seed("daily", "2026-12-02") != one.seed("daily", "2026-12-03")
    assert one.derive("ab", "c") != one.derive("a", "bc")
    assert one.seed("x") != int.from_bytes(one.derive("room", "x")[:8], "big") >> 1


@given(st.lists(st.text(max_size=20), max_size=4))
def test_seeds_fit_63_bits_and_ids_are_url_safe(parts: list[str]) -> None:
    secret = ServerSecret(bytes(range(32)))
    assert 0 <= secret.seed(*parts) < 2**63
    room = secret.room_id(*parts)
    assert len(room) == 16 and all(c.isalnum() or c in "-_" for c in room)


@pytest.mark.parametrize(
    ("content", "code"),
    [(b"not hex\n", "malformed"), (b"abcd\n", "malformed"), (b"\xff\xfe", "unreadable")],
)
def test_a_damaged_file_is_refused_and_kept(tmp_path: Path, content: bytes, code: str) -> None:
    path = tmp_path / "server.secret"
    path.write_bytes(content)
    with pytest.raises(SecretError) as raised:
        ServerSecret.load(path)
    assert raised.value.code == code and path.read_bytes() == content


def test_a_missing_file_is_not_made_when_asked_not_to(tmp_path: Path) -> None:
    with pytest.raises(SecretError) as raised:
        ServerSecret.load(tmp_path / "server.secret", create=False)
    assert raised.value.code == "missing" and not (tmp_path / "server.secret").exists()
