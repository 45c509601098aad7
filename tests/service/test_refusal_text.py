"""Every refusal code a room, the host or the server can answer has a French and an English
text."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import motamot
from motamot.text.web import REFUSALS
from motamot.web import default_kinds

default_kinds()  # every kind's texts join the catalogues (text.kinds)

#: Where refusals are made: the rooms, the server and each kind's web side.
LAYERS = [Path(motamot.__file__).parent / name for name in ("service", "server", "web")]


def _code(node: ast.Call, position: int) -> str | None:
    if len(node.args) > position:
        argument = node.args[position]
        if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
            return argument.value
    return None


def refusal_codes() -> set[str]:
    """The code of every `Refusal(...)`, settings error and settings bound."""
    codes: set[str] = set()
    for layer in LAYERS:
        for path in layer.rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text("utf-8"))):
                if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                    continue
                position = {"Refusal": 0, "SettingsError": 0, "Bound": 2}.get(node.func.id)
                code = _code(node, position) if position is not None else None
                if code is not None:
                    codes.add(code)
    return codes


def test_the_service_has_refusal_codes() -> None:
    assert {"after_deadline", "not_host", "round_not_running", "conflict"} <= refusal_codes()


@pytest.mark.parametrize("code", sorted(refusal_codes()))
def test_every_refusal_code_has_both_languages(code: str) -> None:
    assert set(REFUSALS[code]) == {"fr", "en"}
