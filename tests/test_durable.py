"""Durable writes: fsync'd, atomic, unique temporary names, stale ones cleaned; a locked,
checked registry of dictionary names; kill -9 at any point never leaves a bad file.

Before: saves and `dict build` renamed a temporary file into place without
fsync, the Topword save used a fixed temporary name, orphan `.tmp-*` files
stayed forever, two `dict build` at once lost a registration 1 time in 20,
and a truncated `names.json` silently forgot every registered list.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

from motamot.cli.main import main
from motamot.durable import STALE_SECONDS, clean_stale_temporaries, write_atomic
from motamot.lexicon import Lexicon, load_lexicon
from motamot.lexicon.registry import RegistryError, _load_path, cache_dir, registered_names
from motamot.service.storage import save_text
from motamot.topword.record import format_record, parse_record
from motamot.topword.selfplay import selfplay_game
from tests.fuzz.crash import dict_build_loop, save_loop, temporaries


def _dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_save_uses_a_unique_temporary_name_and_leaves_none(tmp_path: Path) -> None:
    target = tmp_path / "game.txt"
    fixed = tmp_path / "game.txt.tmp"  # the old fixed name: another writer's file
    fixed.write_text("someone else's", "utf-8")
    save_text(target, "one\n")
    save_text(target, "two\n")
    assert target.read_text("utf-8") == "two\n"
    assert fixed.read_text("utf-8") == "someone else's"
    assert temporaries(tmp_path) == []


def test_stale_temporaries_from_dead_writers_or_old_are_cleaned_on_the_next_run(
    tmp_path: Path,
) -> None:
    dead = tmp_path / f".tmp-{_dead_pid()}-abc-game.txt"
    alive_recent = tmp_path / f".tmp-{os.getppid()}-def-game.txt"
    alive_old = tmp_path / f".tmp-{os.getppid()}-ghi-game.txt"
    unnamed_old = tmp_path / ".tmp-jkl"
    for path in (dead, alive_recent, alive_old, unnamed_old):
        path.write_text("partial", "utf-8")
    old = time.time() - STALE_SECONDS - 60
    for path in (alive_old, unnamed_old):
        os.utime(path, (old, old))
    save_text(tmp_path / "game.txt", "saved\n")
    assert temporaries(tmp_path) == [alive_recent]
    assert clean_stale_temporaries(tmp_path) == 0


def test_registry_damaged_names_json_refused_never_reset(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "words.txt"
    source.write_text("chat\nchien\n", "utf-8")
    assert main(["dict", "build", str(source), "--name", "pets"]) == 0
    names = cache_dir() / "dictionaries" / "names.json"
    whole = names.read_bytes()
    for damaged in (whole[: len(whole) // 2], b"", b"[1, 2]", b'{"pets": "not-a-sha"}'):
        names.write_bytes(damaged)
        capsys.readouterr()
        assert main(["--lang", "en", "dict", "build", str(source), "--name", "other"]) == 2
        err = capsys.readouterr().err
        assert "the registry of dictionary names is damaged" in err
        assert "Traceback" not in err
        assert names.read_bytes() == damaged  # refused, not rewritten
        with pytest.raises(RegistryError):
            registered_names()
    names.write_bytes(whole)
    assert list(load_lexicon("pets")) == ["CHAT", "CHIEN"]


def test_registry_concurrent_dict_builds_never_lose_a_registration(tmp_path: Path) -> None:
    sources = []
    for number in range(6):
        source = tmp_path / f"list{number}.txt"
        source.write_text(f"chat\nchien\n{'ab' * (number + 1)}\n", "utf-8")
        sources.append(source)
    build = [sys.executable, "-m", "motamot", "dict", "build"]
    for round_number in range(2):
        children = [
            subprocess.Popen(
                [*build, str(source), "--name", f"r{round_number}n{number}"],
                stdout=subprocess.DEVNULL,
            )
            for number, source in enumerate(sources)
        ]
        assert [child.wait() for child in children] == [0] * len(sources)
    names = registered_names()
    assert sorted(names) == sorted(f"r{r}n{n}" for r in range(2) for n in range(6))
    _load_path.cache_clear()
    for name in names:
        assert "CHAT" in load_lexicon(name)


def _french_word_lists(folder: Path, count: int) -> tuple[list[Path], list[set[str]]]:
    """Word lists of a few thousand French words each (a build lasts a fraction of a second)."""
    words = list(load_lexicon("fr").completions("MA"))
    rng = random.Random(16)
    sources, expected = [], []
    for number in range(count):
        chosen = set(rng.sample(words, 4000))
        source = folder / f"list{number}.txt"
        source.write_text("".join(f"{word.lower()}\n" for word in chosen), "utf-8")
        sources.append(source)
        expected.append(chosen)
    return sources, expected


@pytest.mark.slow
def test_kill9_dict_build_never_leaves_a_list_that_loads_wrong(tmp_path: Path) -> None:
    sources, expected = _french_word_lists(tmp_path, 3)
    cache = cache_dir()
    folder = cache / "dictionaries"

    def check() -> None:
        _load_path.cache_clear()
        names = registered_names()  # never damaged
        for name, sha in names.items():
            assert set(load_lexicon(name)) == expected[int(name.removeprefix("list"))]
            assert (folder / f"{sha}.dawg").exists()
        for compiled in folder.glob("*.dawg"):
            assert len(Lexicon.from_bytes(compiled.read_bytes())) in {len(e) for e in expected}

    report = dict_build_loop(12, sources, cache, check, random.Random(1))
    assert report.rounds == 12
    assert report.killed_while_running >= 1
    assert report.orphans_left_after_next_run == 0
    assert json.loads((folder / "names.json").read_text("utf-8"))


def test_kill9_game_save_never_leaves_a_game_that_loads_wrong(tmp_path: Path) -> None:
    fr = load_lexicon("fr")
    versions = [
        format_record(selfplay_game(["greedy", "greedy"], seed, fr)[0]) for seed in (1, 2, 3)
    ]
    report, targets = save_loop(12, versions, tmp_path / "topword", random.Random(2))
    assert report.killed_while_running >= 1
    for target in targets:
        if target.exists():
            parse_record(target.read_text("utf-8"))
    save_text(targets[0], versions[0])  # the next run
    assert temporaries(tmp_path) == []


def test_write_atomic_replaces_whole(tmp_path: Path) -> None:
    target = tmp_path / "deep" / "file.bin"
    write_atomic(target, b"x" * 100_000)
    write_atomic(target, b"y")
    assert target.read_bytes() == b"y"


_CRASH_AT = r"""
import os, sys
from pathlib import Path
from motamot import durable
setattr(os, sys.argv[1], lambda *args: os._exit(9))  # the process dies right there
durable.write_atomic(Path(sys.argv[2]), b"new" * 100_000)
"""


@pytest.mark.parametrize("point", ["fsync", "replace"])
def test_kill9_between_write_and_rename_leaves_the_old_file_and_no_lookalike(
    point: str, tmp_path: Path
) -> None:
    """The crash points inside write_atomic, made exact: before the fsync, before the rename."""
    target = tmp_path / "0123abcd.dawg"
    target.write_bytes(b"old")
    crashed = subprocess.run([sys.executable, "-c", _CRASH_AT, point, str(target)], check=False)
    assert crashed.returncode == 9
    assert target.read_bytes() == b"old"
    left = temporaries(tmp_path)
    assert len(left) == 1
    assert sorted(tmp_path.glob("*.dawg")) == [target]  # a temporary never looks like a list
    save_text(tmp_path / "next-run.txt", "x")  # the next run
    assert temporaries(tmp_path) == []
