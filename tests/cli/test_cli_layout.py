"""The terminal stays thin (issue 20): its modules import each other without a circle,
none is over 600 lines and no function over 60; its texts live in `motamot.text`."""

from __future__ import annotations

import ast
from pathlib import Path

import grimp

import motamot

PACKAGE = Path(motamot.__file__).parent
CLI = PACKAGE / "cli"


def test_no_import_circle_in_the_terminal() -> None:
    graph = grimp.build_graph("motamot")
    modules = sorted(m for m in graph.modules if m.startswith("motamot.cli"))
    circles = [
        (a, b)
        for a in modules
        for b in modules
        if a < b and graph.chain_exists(a, b) and graph.chain_exists(b, a)
    ]
    assert circles == []


def test_terminal_and_text_modules_are_small() -> None:
    for path in [*CLI.glob("*.py"), *(PACKAGE / "text").glob("*.py")]:
        assert len(path.read_text("utf-8").splitlines()) <= 600, path.name


def test_terminal_functions_are_short() -> None:
    for path in CLI.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                assert node.end_lineno is not None
                length = node.end_lineno - node.lineno + 1
                assert length <= 60, f"{path.name}: {node.name} has {length} lines"


def test_terminal_modules_hold_no_catalogue() -> None:
    """Player texts are `motamot.text`'s: no cli/ module defines a Catalog."""
    for path in CLI.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.AnnAssign) and isinstance(node.annotation, ast.Name):
                assert node.annotation.id != "Catalog", path.name
