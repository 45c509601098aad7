"""Shared fixtures: each test gets its own empty user cache; the word lists load once."""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from motamot.kernels import load_kernel
from motamot.lexicon import Lexicon, load_lexicon
from motamot.lexicon.registry import CACHE_ENV

pytest_plugins = ["tests.slow_marker"]

# Most of the suite's time is spent waiting (round deadlines, outages, browsers, sockets):
# the whole run used a core for about 45 % of its time with one worker per core, so
# `-n auto` starts two workers a core (pyproject's --maxprocesses caps them at 4).
WORKERS_PER_CORE = 2


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    return WORKERS_PER_CORE * (os.cpu_count() or 1)


@pytest.fixture(autouse=True)
def _private_cache(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    cache = tmp_path_factory.mktemp("cache")
    monkeypatch.setenv(CACHE_ENV, str(cache))
    return cache


@pytest.fixture(autouse=True)
def _root_logging_restored() -> Iterator[None]:
    """A test that runs `motamot serve` in this process points the root logger at the
    standard error it captured; put the logger back, so later tests do not write to that
    closed stream (« --- Logging error --- »)."""
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    yield
    root.handlers[:] = handlers
    root.setLevel(level)


def compiled_kernel(module: str) -> ModuleType:
    """The compiled module `module`; CI (MOTAMOT_REQUIRE_SPEEDUPS=1) fails when it is missing.

    Elsewhere a machine without a C compiler skips the comparison: there is
    nothing compiled to compare.
    """
    kernel = load_kernel(module)
    if kernel is None:
        if os.environ.get("MOTAMOT_REQUIRE_SPEEDUPS"):
            pytest.fail(f"{module} is not built (MOTAMOT_REQUIRE_SPEEDUPS is set)")
        pytest.skip(f"{module} not built (optional C extension)")
    return kernel


@pytest.fixture(scope="session")
def fr() -> Lexicon:
    """The French word list (the default)."""
    return load_lexicon("fr")


@pytest.fixture(scope="session")
def en() -> Lexicon:
    """The English word list."""
    return load_lexicon("en")
