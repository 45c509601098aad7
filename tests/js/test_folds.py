"""Each page's fold folds the rooms' own event sequences into the views the rooms send
(tests/js/fold.test.js, run by node on sequences written here by tests/js/folds.py), and
that test fails when a page's fold is broken on purpose. Node must be installed: without
it these tests fail, they never skip."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from functools import cache
from pathlib import Path

import pytest

from tests.js.folds import SCENARIOS, fixture
from tests.js.node import ROOT, node_test

TEST = ROOT / "tests" / "js" / "fold.test.js"

#: One mistake a page's fold could make, in each fold: (module, as written, broken).
BREAKS = {
    "shared": (
        "server/static/fold.js",
        "bot: event.level, present: true }",
        "bot: event.level, present: false }",
    ),
    "boggle": ("web/boggle/static/fold.js", "players: [...event.players],", "players: [],"),
    "topword": (
        "web/topword/static/fold.js",
        "g.turn = g.turns.length + 1;",
        "g.turn = g.turns.length;",
    ),
    "duplicate": ("web/duplicate/static/fold.js", "rack: [...g.rack]", "rack: [...event.rack]"),
    "arena": ("web/arena/static/fold.js", "next_start: event.next_start", "next_start: event.at"),
}


@cache
def sequences() -> Path:
    """The rooms' sequences, written once per test process."""
    folder = Path(tempfile.mkdtemp(prefix="motamot-folds-"))
    for kind in SCENARIOS:
        (folder / f"{kind}.json").write_text(fixture(kind), "utf-8")
    return folder


def run_fold_test(src: Path) -> subprocess.CompletedProcess[str]:
    return node_test(TEST, MOTAMOT_FOLDS=str(sequences()), MOTAMOT_SRC=str(src))


@pytest.mark.slow
def test_each_page_folds_the_rooms_event_sequences_into_the_views_they_send() -> None:
    ran = run_fold_test(ROOT / "src" / "motamot")
    assert ran.returncode == 0, ran.stdout[-4000:] + ran.stderr[-2000:]
    assert "# fail 0" in ran.stdout
    passed = [line for line in ran.stdout.splitlines() if line.startswith("ok ")]
    for kind in SCENARIOS:  # each follower of each scenario is a test of its own
        assert sum(f"- {kind}: " in line for line in passed) >= 2 * len(SCENARIOS[kind]) + 2


@pytest.mark.slow
@pytest.mark.parametrize("broken", sorted(BREAKS))
def test_a_fold_broken_on_purpose_fails_its_test(broken: str, tmp_path: Path) -> None:
    module, written, mistake = BREAKS[broken]
    src = tmp_path / "motamot"
    for part in ("server", "web"):
        shutil.copytree(ROOT / "src" / "motamot" / part, src / part)
    text = (src / module).read_text("utf-8")
    assert text.count(written) == 1, f"{module} no longer says {written!r}: choose another break"
    (src / module).write_text(text.replace(written, mistake), "utf-8")
    ran = run_fold_test(src)
    assert ran.returncode != 0
    failed = [line for line in ran.stdout.splitlines() if line.startswith("not ok")]
    assert failed, ran.stdout[-2000:]
    kinds = {kind for kind in SCENARIOS if any(f"- {kind}: " in line for line in failed)}
    shared = {kind for kind in SCENARIOS if kind != "arena"}  # the arena's page folds alone
    assert kinds == (shared if broken == "shared" else {broken}), failed
