"""Shared fixtures: every test gets its own empty user cache."""

from __future__ import annotations

from pathlib import Path

import pytest

from motamot.lexicon.registry import CACHE_ENV


@pytest.fixture(autouse=True)
def _private_cache(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    cache = tmp_path_factory.mktemp("cache")
    monkeypatch.setenv(CACHE_ENV, str(cache))
    return cache
