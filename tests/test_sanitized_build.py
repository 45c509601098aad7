"""In the sanitizer step of .ci/run, the kernels under test are the instrumented ones.

`.ci/run` sets MOTAMOT_SANITIZED_BUILD to the folder of the AddressSanitizer
build; this checks that every kernel was imported from there (so a clean run
means something). Outside that step there is no such build to check.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.conftest import compiled_kernel

SANITIZED = os.environ.get("MOTAMOT_SANITIZED_BUILD")


@pytest.mark.skipif(not SANITIZED, reason="only in the sanitizer step of .ci/run")
@pytest.mark.parametrize(
    "module", ["motamot._speedups", "motamot.boggle._kernel", "motamot.topword._kernel"]
)
def test_kernels_come_from_the_sanitized_build(module: str) -> None:
    kernel = compiled_kernel(module)
    assert kernel.__file__ is not None
    assert Path(kernel.__file__).is_relative_to(Path(str(SANITIZED)))
    with open("/proc/self/maps", encoding="ascii", errors="replace") as maps:
        assert "libasan" in maps.read()
