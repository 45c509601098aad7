"""Every refusal code a room or the host can answer has a French and an English text."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import motamot.service
from motamot.text.rooms import REFUSALS

SERVICE = Path(motamot.service.__file__).parent


def refusal_codes() -> set[str]:
    """The first argument of every `Refusal(...)` and settings error in service/."""
    codes: set[str] = set()
    for path in SERVICE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("Refusal", "SettingsError", "TableSettingsError")
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                codes.add(node.args[0].value)
    return codes


def test_the_service_has_refusal_codes() -> None:
    assert {"after_deadline", "not_host", "round_not_running", "conflict"} <= refusal_codes()


@pytest.mark.parametrize("code", sorted(refusal_codes()))
def test_every_refusal_code_has_both_languages(code: str) -> None:
    assert set(REFUSALS[code]) == {"fr", "en"}
