"""The `slow` marker is kept honest: a test over 5 s without it fails the run.

`python -m pytest -m "not slow"` is the quick loop a developer runs between edits; it only
stays quick if every long test says it is long. The limit is 5 s on an idle machine. A loaded
machine stretches every test, and a test must never fail because the machine is slow, so the
limit grows with the load per core seen during the test (the 1-minute load average, read at
its start and its end). The check guards the normal path only: the pure-Python fallback and
the sanitized build are slower by design and are not what the marker describes.
"""

from __future__ import annotations

import os
from collections.abc import Generator

import pytest

LIMIT_SECONDS = 5.0
# The 1-minute load average trails a burst (several browsers starting at once) by tens of
# seconds: the load it reports is counted twice, so a burst it has not caught up with yet
# does not fail a test for the machine's slowness.
LOAD_LAG_MARGIN = 2.0
EXEMPT_ENV = ("MOTAMOT_NO_SPEEDUPS", "MOTAMOT_SANITIZED_BUILD")
_LOAD_AT_START = pytest.StashKey[float]()


def load_per_core() -> float:
    """The 1-minute load average per core (1.0: every core busy)."""
    return os.getloadavg()[0] / (os.cpu_count() or 1)


def limit_for(load: float) -> float:
    """The limit at this load: 5 s idle, stretched by the load (with its lag margin)."""
    return LIMIT_SECONDS * max(1.0, LOAD_LAG_MARGIN * load)


def verdict(seconds: float, load: float) -> str | None:
    """Why an unmarked test of this duration fails the run, or None when it is quick enough."""
    limit = limit_for(load)
    if seconds <= limit:
        return None
    return (
        f"took {seconds:.1f} s, over the {limit:.1f} s allowed at load {load:.2f} a core "
        f"({LIMIT_SECONDS:g} s idle): mark it @pytest.mark.slow or make it quicker"
    )


def _checked(item: pytest.Item) -> bool:
    return item.get_closest_marker("slow") is None and not any(
        os.environ.get(name) for name in EXEMPT_ENV
    )


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, None, None]:
    item.stash[_LOAD_AT_START] = load_per_core()
    yield


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, None]:
    outcome = yield
    report = outcome.get_result()
    if report.when != "call" or not report.passed or not _checked(item):
        return
    load = max(item.stash.get(_LOAD_AT_START, 0.0), load_per_core())
    reason = verdict(report.duration, load)
    if reason is not None:
        report.outcome = "failed"
        report.longrepr = f"{item.nodeid} {reason}"
