"""Small modules and short functions everywhere (issue 20's bar for the whole package,
not only the terminal): no module over 600 lines, no function over 60."""

from __future__ import annotations

import ast
from pathlib import Path

import motamot

PACKAGE = Path(motamot.__file__).parent
SOURCES = sorted(PACKAGE.rglob("*.py"))


def test_no_module_is_over_600_lines() -> None:
    assert len(SOURCES) > 100
    long = [
        f"{path.relative_to(PACKAGE)}: {count}"
        for path in SOURCES
        if (count := len(path.read_text("utf-8").splitlines())) > 600
    ]
    assert long == []


def test_no_function_is_over_60_lines() -> None:
    long = []
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                assert node.end_lineno is not None
                length = node.end_lineno - node.lineno + 1
                if length > 60:
                    long.append(f"{path.relative_to(PACKAGE)}: {node.name} has {length} lines")
    assert long == []
