"""Finding the optional compiled kernels.

The C extensions are built by the package's own build when a compiler is
there; without one the pure-Python code runs instead, with the same results.
Setting MOTAMOT_NO_SPEEDUPS=1 turns every kernel off (to compare or debug).
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

DISABLE_ENV = "MOTAMOT_NO_SPEEDUPS"


def load_kernel(module: str) -> ModuleType | None:
    """The compiled module `module`, or None when it is absent or turned off."""
    if os.environ.get(DISABLE_ENV, "") not in ("", "0"):
        return None
    try:
        return importlib.import_module(module)
    except ImportError:
        return None
