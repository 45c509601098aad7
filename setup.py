"""Optional C extension (motamot._speedups); everything else is in pyproject.toml.

`optional=True`: without a compiler the install still succeeds and motamot
falls back to its pure-Python code. Add further C kernels to the same module.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension("motamot._speedups", ["src/motamot/_speedups.c"], optional=True),
    ]
)
