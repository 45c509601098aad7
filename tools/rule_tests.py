"""Rewrite the `**Tests:**` line of each rule in docs/rules.md from the tests that name it.

A test about rule B7 has `b7` in its name (`test_b7_qu_counts_for_minimum_length`);
this lists, under each rule heading, every such test by module. Run it after adding or
renaming rule tests; `--check` only says whether the page is up to date (exit 1 if not).

    python tools/rule_tests.py [--check]
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "docs" / "rules.md"
_HEADING = re.compile(r"^#{2,6}\s+([WBTDARCPLQGFKM]\d+)\b")
_TEST_DEF = re.compile(r"^\s*(?:async\s+)?def (test_\w+)", re.M)


def _tests() -> list[tuple[str, str]]:
    """(module under tests/, test name) of every test, in path order."""
    found: list[tuple[str, str]] = []
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        module = path.relative_to(ROOT / "tests").as_posix()
        found.extend((module, name) for name in _TEST_DEF.findall(path.read_text("utf-8")))
    return found


def _line(rule: str, tests: list[tuple[str, str]]) -> str:
    """The `**Tests:**` line of `rule`: each module, then its tests naming the rule."""
    names = re.compile(rf"(^|[^a-z0-9]){rule.lower()}([^0-9]|$)", re.I)
    by_module: dict[str, list[str]] = {}
    for module, name in tests:
        if names.search(name):
            by_module.setdefault(module, []).append(name)
    parts = [f"`{module}`: " + ", ".join(f"`{n}`" for n in ns) for module, ns in by_module.items()]
    return "**Tests:** " + "; ".join(parts) + "."


def rewritten(text: str) -> str:
    """docs/rules.md with each rule's `**Tests:**` line made from the tests as they are."""
    tests = _tests()
    lines: list[str] = []
    rule: str | None = None
    for line in text.splitlines():
        heading = _HEADING.match(line)
        if heading or line.startswith("#"):
            rule = heading[1] if heading else None
        if line.startswith("**Tests:**") and rule is not None:
            line = _line(rule, tests)
        lines.append(line)
    return "\n".join(lines) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only say whether it is up to date")
    args = parser.parse_args()
    text = RULES.read_text("utf-8")
    new = rewritten(text)
    if args.check:
        print("up to date" if new == text else "docs/rules.md lists other tests than tests/ has")
        return 0 if new == text else 1
    RULES.write_text(new, "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
