"""The check behind the `slow` marker: an unmarked long test fails the run, a marked one and a
quick one pass, and the limit stretches with the machine's load."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import slow_marker

ROOT = Path(__file__).resolve().parents[1]

pytest_plugins = ["pytester"]

CONFTEST = """
import tests.slow_marker as check
check.LIMIT_SECONDS = 0.2
check.load_per_core = lambda: 0.0
pytest_plugins = ["tests.slow_marker"]
"""

TESTS = """
import time
import pytest

def test_quick():
    pass

def test_long_unmarked():
    time.sleep(0.4)

@pytest.mark.slow
def test_long_marked():
    time.sleep(0.4)
"""


@pytest.mark.slow  # a pytest of its own in a subprocess
def test_an_unmarked_long_test_fails_and_says_why(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PYTHONPATH", str(ROOT))
    pytester.makeconftest(CONFTEST)
    pytester.makepyfile(test_sample=TESTS)
    pytester.makeini("[pytest]\nmarkers = slow: long\n")
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", "-n", "0")
    result.assert_outcomes(passed=2, failed=1)
    result.stdout.fnmatch_lines(["*test_long_unmarked*mark it @pytest.mark.slow*"])


def test_the_limit_is_five_seconds_idle_and_grows_with_the_load() -> None:
    assert slow_marker.limit_for(0.3) == 5.0
    assert slow_marker.limit_for(0.5) == 5.0
    assert slow_marker.limit_for(1.0) == 10.0
    assert slow_marker.limit_for(3.0) == 30.0
    assert slow_marker.verdict(4.9, 0.0) is None
    assert slow_marker.verdict(19.0, 2.0) is None
    assert slow_marker.verdict(21.0, 2.0) is not None
    reason = slow_marker.verdict(5.5, 0.5)
    assert reason is not None and "5.5 s" in reason
