"""Optional C kernels; everything else is in pyproject.toml.

`optional=True`: without a compiler the install still succeeds and motamot
falls back to its pure-Python code, which gives the same results.
C rather than Cython: the kernels walk the DAWG's flat uint64 array with
bit tricks, which plain C says directly, and the build needs nothing but a
compiler (no build-time dependency to fetch).
"""

from setuptools import Extension, setup

#: The complete check of a compiled word list, shared by the lexicon and Boggle kernels.
DAWG_CHECK = "src/motamot/dawg_check.h"


def kernel(name: str, source: str) -> Extension:
    return Extension(
        name, [source], depends=[DAWG_CHECK], extra_compile_args=["-O3"], optional=True
    )


setup(
    ext_modules=[
        kernel("motamot._speedups", "src/motamot/_speedups.c"),
        kernel("motamot.boggle._kernel", "src/motamot/boggle/_kernel.c"),
        kernel("motamot.topword._kernel", "src/motamot/topword/_kernel.c"),
    ]
)
