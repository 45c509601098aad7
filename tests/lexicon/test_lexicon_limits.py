"""Every word-list input is bounded, and every way a file can fail gives a clear error.

Before: `dict build` of a 10 MB single word took 4.5 GB, a 1-2 MB gzip
expanding to 1 GB went past 6 GB, and a 5,000-character `--dict`,
`--dict /proc/self/mem`, an unreadable `--dict PATH`, an unwritable cache
or a full disk ended in a traceback. The figures for the full-size inputs
are printed by `python benchmarks/bench_hostile_inputs.py`.
"""

from __future__ import annotations

import errno
import gzip
import os
import zlib
from pathlib import Path

import pytest

# `dict build --help` states the limits as they are when its module is imported: imported
# here, before a test of this file patches one (the help would say 50 lines ever after)
import motamot.cli.dict_cmd  # noqa: F401
from motamot.cli.main import main
from motamot.durable import WriteError, write_atomic
from motamot.lexicon import registry, wordlist
from motamot.lexicon.dawg import MAX_WORD_LETTERS
from motamot.lexicon.registry import cache_dir, compile_user_list, load_lexicon
from motamot.lexicon.wordlist import MAX_LINE_BYTES, MAX_LIST_BYTES, WordListError
from motamot.service.storage import save_text
from tests.fuzz.measure import run_motamot

#: Peak memory allowed to any refusal (issue 16: < 500 MB).
MAX_RSS_MB = 500


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _no_temporaries(folder: Path) -> bool:
    return not list(folder.rglob(".tmp-*")) if folder.exists() else True


def test_build_of_a_10mb_single_word_is_refused_in_bounded_memory(tmp_path: Path) -> None:
    source = tmp_path / "one-word.txt"
    source.write_bytes(b"a" * 10_000_000 + b"\n")
    result = run_motamot("--lang", "en", "dict", "build", str(source), "--name", "big")
    assert result.returncode == 2
    assert f"line 1 has more than {MAX_LINE_BYTES} bytes" in result.stderr
    assert "Traceback" not in result.stderr
    assert result.max_rss_mb < MAX_RSS_MB


def _gzip_of_lines(megabytes: int) -> bytes:
    block = b"abcdefghij\n" * (1 << 20 // 11)
    packer = zlib.compressobj(9, zlib.DEFLATED, 31)
    parts = [packer.compress(block) for _ in range(megabytes * (1 << 20) // len(block) + 1)]
    return b"".join([*parts, packer.flush()])


def test_build_of_a_gzip_bomb_is_refused_in_bounded_memory(tmp_path: Path) -> None:
    source = tmp_path / "bomb.txt.gz"
    source.write_bytes(_gzip_of_lines(MAX_LIST_BYTES // (1 << 20) * 4))
    assert source.stat().st_size < 1 << 20
    result = run_motamot("dict", "build", str(source), "--name", "bomb")
    assert result.returncode == 2
    assert "plus de 32 Mo (une fois décompressé)" in result.stderr
    assert "Traceback" not in result.stderr
    assert result.max_rss_mb < MAX_RSS_MB


def test_build_of_a_list_just_under_the_size_limit_is_read(tmp_path: Path) -> None:
    data = gzip.compress(b"chat\n" * (MAX_LIST_BYTES // 5))
    source = tmp_path / "ok.txt.gz"
    source.write_bytes(data)
    assert len(wordlist.read_word_list_bytes(source)) == MAX_LIST_BYTES // 5 * 5


def test_build_refuses_too_many_lines_and_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    source = tmp_path / "many.txt"
    source.write_text("".join(f"{a}{b}\n" for a in "abcdefgh" for b in "abcdefgh"), "utf-8")
    monkeypatch.setattr(wordlist, "MAX_LINES", 50)
    code, _, err = run(capsys, "--lang", "en", "dict", "build", str(source), "--name", "many")
    assert (code, err.strip()) == (2, f"motamot: {source}: more than 50 lines")
    monkeypatch.setattr(wordlist, "MAX_LINES", 100)
    monkeypatch.setattr(wordlist, "MAX_WORDS", 20)
    code, _, err = run(capsys, "dict", "build", str(source), "--name", "many")
    assert (code, err.strip()) == (2, f"motamot: {source} : plus de 20 mots différents")
    assert _no_temporaries(cache_dir())


def test_build_refuses_a_list_whose_compiled_form_is_too_large(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    source = tmp_path / "unrelated.txt"
    source.write_text("".join(f"{a}{b}{c}\n" for a in "abc" for b in "def" for c in "ghi"), "utf-8")
    monkeypatch.setattr(registry, "MAX_STATES", 2)  # this list has 3 (and a root)
    code, _, err = run(capsys, "--lang", "en", "dict", "build", str(source), "--name", "u")
    assert code == 2
    assert "would have more than 2 states (too many unrelated words)" in err
    monkeypatch.setattr(registry, "MAX_STATES", 50)
    code, _, _ = run(capsys, "dict", "build", str(source), "--name", "u")
    assert code == 0 and len(load_lexicon("u")) == 27


def test_build_drops_words_longer_than_the_compiled_format_allows(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "long.txt"
    source.write_text("chat\n" + "a" * (MAX_WORD_LETTERS + 1) + "\n", "utf-8")
    code, out, _ = run(capsys, "--lang", "en", "dict", "build", str(source), "--name", "long")
    assert code == 0
    assert "1 × too_long (more than 64 letters)" in out
    assert list(load_lexicon("long")) == ["CHAT"]


def test_build_limits_are_stated_in_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["dict", "build", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "32 Mo une fois décompressé, 2 000 000 lignes, 256 octets par ligne" in out
    assert "32 MB once gunzipped, 2 000 000 lines, 256 bytes a line, 1 000 000" in out


def test_dict_of_5000_characters_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "--lang", "en", "dict", "info", "--dict", "x" * 5000)
    assert code == 2
    assert "no dictionary 'xxxx" in err
    assert "…'" in err
    assert len(err) < 300


def test_dict_proc_self_mem_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "--lang", "en", "dict", "info", "--dict", "/proc/self/mem")
    assert code == 2
    assert err.startswith("motamot: /proc/self/mem: cannot be read (")


def test_dict_unreadable_path_is_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    source = tmp_path / "secret.txt"
    source.write_text("chat\n", "utf-8")
    real_open = Path.open

    def refusing_open(self: Path, *args: object, **kwargs: object) -> object:
        if self == source:
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(self))
        return real_open(self, *args, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr(Path, "open", refusing_open)
    code, _, err = run(capsys, "dict", "info", "--dict", str(source))
    assert (code, err.strip()) == (2, f"motamot: {source} : lecture impossible (Permission denied)")
    code, _, err = run(capsys, "--lang", "en", "dict", "build", str(source), "--name", "secret")
    assert (code, err.strip()) == (2, f"motamot: {source}: cannot be read (Permission denied)")


def test_unwritable_cache_is_a_clear_error_and_a_path_still_loads(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    not_a_folder = tmp_path / "cache-is-a-file"
    not_a_folder.write_text("", "utf-8")
    monkeypatch.setenv("MOTAMOT_CACHE_DIR", str(not_a_folder))
    source = tmp_path / "words.txt"
    source.write_text("chat\nchien\n", "utf-8")
    code, out, err = run(capsys, "--lang", "en", "dict", "build", str(source), "--name", "pets")
    assert code == 2 and out == ""
    assert "cannot be written (Not a directory)" in err
    # Without a cache a list given by path is compiled for this run only.
    code, out, err = run(capsys, "dict", "check", "chat", "--dict", str(source), "--json")
    assert code == 0 and '"valid": true' in out


def test_unwritable_data_dir_is_a_clear_error(tmp_path: Path) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("", "utf-8")
    with pytest.raises(WriteError) as caught:
        save_text(blocker / "boggle" / "game.txt", "round\n")
    assert caught.value.code == "cannot_write"


def test_full_disk_keeps_the_previous_file_and_leaves_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "saves" / "game.txt"
    save_text(target, "first version\n")

    def disk_full(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(WriteError) as caught:
        save_text(target, "second version\n")
    assert caught.value.code == "no_space"
    assert target.read_text("utf-8") == "first version\n"
    assert _no_temporaries(tmp_path)


def test_full_disk_during_dict_build_is_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    source = tmp_path / "words.txt"
    source.write_text("chat\nchien\n", "utf-8")
    assert compile_user_list(source, "pets").lexicon.word_count == 2
    source.write_text("chat\nchien\nloup\n", "utf-8")

    def disk_full(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    with monkeypatch.context() as patched:
        patched.setattr(os, "fsync", disk_full)
        code, _, err = run(capsys, "dict", "build", str(source), "--name", "pets")
    assert code == 2
    assert "le disque est plein (la version précédente est intacte)" in err
    assert list(load_lexicon("pets")) == ["CHAT", "CHIEN"]
    assert _no_temporaries(cache_dir())


def test_write_atomic_refuses_cleanly_in_a_missing_read_only_place() -> None:
    with pytest.raises(WriteError):
        write_atomic(Path("/proc/motamot-cannot-be-here/file"), b"x")


def test_word_list_error_is_coded_for_a_directory(tmp_path: Path) -> None:
    with pytest.raises(WordListError) as caught:
        wordlist.read_word_list_bytes(tmp_path)
    assert caught.value.code == "is_directory"
