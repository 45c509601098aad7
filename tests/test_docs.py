"""The documentation in docs/ is there and true to the tests: every page the code or the
README cites exists, docs/rules.md names every rule of the project's rule list, and each
rule it gives a heading is checked by tests that name it."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
RULES = DOCS / "rules.md"

#: The ids of the project's rule list (RULES.md, kept outside the repository): the rules
#: docs/rules.md documents as played, each under a heading of its own.
PLAYED = (
    [f"W{n}" for n in range(1, 4)]
    # W4-W5, a server's own word list and contesting a verdict: ours (issue 40)
    + ["W4", "W5"]
    + [f"B{n}" for n in range(1, 16)]
    # B16, the box's grid typed in, and B17, the scorer's round: ours (issue 40)
    + ["B16", "B17"]
    + [f"T{n}" for n in range(1, 21)]
    # T21, resigning: ours, not the rule list's (issue 21; docs/rules.md says so)
    + ["T21"]
    # T22, a turn whose clock runs out, and T23, a table's seats: ours (issue 37)
    + ["T22", "T23"]
    # the duplicate variant (issue 24)
    + [f"D{n}" for n in range(1, 7)]
    # D7-D12, the arbiter, the pause, the solo bonus, numbered games, the simultaneous, a series:
    # ours, the clubs' conventions (issue 38)
    + [f"D{n}" for n in range(7, 13)]
    # the arena's rules: ours (issue 23)
    + [f"A{n}" for n in range(1, 6)]
)

_HEADING = re.compile(r"^#{2,6}\s+([WBTDA]\d+)\b", re.M)
#: Rules of motamot's own, outside the rule list: ratings (R), talking (C), public rooms
#: (P), the lobby (L), quick pairing (Q), the daily grid (G), tournaments (K), Boggle rooms'
#: settings (M).
_OURS = re.compile(r"^#{2,6}\s+([RCPLQGKM]\d+)\b", re.M)
_DOC_CITATION = re.compile(r"\bdocs/[\w.-]+\.md\b")
_OUTSIDE = re.compile(r"\b(?:RULES|DICE|STANDARDS|ROOMS|DESIGN)\.md\b|\bseeds?/?\s*00\d\b")
_TEST_DEF = re.compile(r"^\s*(?:async\s+)?def (test_\w+)", re.M)
_LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


def _source_files() -> list[Path]:
    """The files whose docstrings and comments may cite a document."""
    found = [ROOT / "README.md"]
    for folder, patterns in (("src", ("*.py", "*.pyi", "*.c", "*.js")), ("tools", ("*.py",))):
        for pattern in patterns:
            found.extend(sorted((ROOT / folder).rglob(pattern)))
    found.extend(sorted((ROOT / "benchmarks").rglob("*.py")))
    return found


@cache
def _test_names() -> dict[str, set[str]]:
    """Each test module (its path under tests/) and the names of the tests it defines."""
    names: dict[str, set[str]] = {}
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        rel = path.relative_to(ROOT / "tests").as_posix()
        names[rel] = set(_TEST_DEF.findall(path.read_text("utf-8")))
    return names


def _names_rule(test: str, rule: str) -> bool:
    """Whether a test's name carries the rule id, as the before-stop hook reads it."""
    return re.search(rf"(^|[^a-z0-9]){rule.lower()}([^0-9]|$)", test, re.I) is not None


def _sections(heading: re.Pattern[str] = _HEADING) -> dict[str, str]:
    """The text under each rule heading of docs/rules.md, by rule id."""
    text = RULES.read_text("utf-8")
    sections: dict[str, str] = {}
    for match in heading.finditer(text):
        end = re.compile(r"^#", re.M).search(text, match.end())
        sections[match[1]] = text[match.end() : end.start() if end else None]
    return sections


def _listed_tests(section: str) -> list[tuple[str, str]]:
    """(module, test) for each test its `**Tests:**` line lists: a module path, then its
    tests, each in backquotes."""
    line = next(line for line in section.splitlines() if line.startswith("**Tests:**"))
    listed: list[tuple[str, str]] = []
    module = ""
    for token in re.findall(r"`([^`]+)`", line):
        if token.endswith(".py"):
            module = token
        else:
            listed.append((module, token))
    return listed


def test_the_documents_cited_by_the_readme_exist() -> None:
    cited = set(_DOC_CITATION.findall((ROOT / "README.md").read_text("utf-8")))
    assert {"docs/rules.md", "docs/dice.md"} <= cited
    assert sorted(doc for doc in cited if not (ROOT / doc).is_file()) == []


def test_the_links_of_the_docs_lead_to_files() -> None:
    for page in sorted(DOCS.glob("*.md")):
        for target in _LINK.findall(page.read_text("utf-8")):
            if "://" not in target:
                assert (page.parent / target).is_file(), f"{page.name} links {target}"


def test_no_source_cites_a_document_kept_outside_the_repository() -> None:
    citing = [
        f"{path.relative_to(ROOT)}: {match[0]}"
        for path in _source_files()
        for match in _OUTSIDE.finditer(path.read_text("utf-8", errors="replace"))
    ]
    assert citing == []


def test_rules_md_heads_every_played_rule_once() -> None:
    assert _HEADING.findall(RULES.read_text("utf-8")) == PLAYED


def test_every_rule_with_a_heading_is_named_by_a_test() -> None:
    unnamed = [
        rule
        for rule in _sections()
        if not any(_names_rule(test, rule) for tests in _test_names().values() for test in tests)
    ]
    assert unnamed == []


@pytest.mark.parametrize("heading", [_HEADING, _OURS], ids=["rule list", "ours"])
def test_the_tests_each_rule_lists_exist_and_name_the_rule(heading: re.Pattern[str]) -> None:
    names = _test_names()
    sections = _sections(heading)
    assert sections
    for rule, section in sections.items():
        listed = _listed_tests(section)
        assert listed, f"{rule} lists no test"
        for module, test in listed:
            assert test in names.get(module, set()), (
                f"{rule}: no {module}::{test} (python tools/rule_tests.py lists them anew)"
            )
            assert _names_rule(test, rule), f"{rule}: {test} does not name it"


def test_every_document_a_docstring_cites_exists() -> None:
    missing = sorted(
        {
            f"{doc} (cited by {path.relative_to(ROOT)})"
            for path in _source_files()
            for doc in _DOC_CITATION.findall(path.read_text("utf-8", errors="replace"))
            if not (ROOT / doc).is_file()
        }
    )
    assert missing == []
