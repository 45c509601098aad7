"""A malformed affix file is a coded error naming its file and line, never a crash.

Issue 26 item 14: `SFX A 0 s []` made `tools/build_dictionaries.py` die with
`re.error` (an empty class compiled as a regex). The fuzz below builds .aff and
.dic files from the pieces that have a meaning to the parser and checks that
reading and expanding them either works or says what is wrong.
"""

from __future__ import annotations

import gzip
import hashlib
import importlib.util
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from motamot.lexicon.hunspell import AffixFormatError, expand_all, parse_aff, parse_dic
from motamot.text.errors import error_text

ROOT = Path(__file__).resolve().parents[2]


def _error(text: str) -> AffixFormatError:
    with pytest.raises(AffixFormatError) as caught:
        parse_aff(text, "fr.aff")
    return caught.value


@pytest.mark.parametrize("condition", ["[]", "[^]", "a[]", "[^]b"])
def test_w3_an_empty_class_in_a_condition_names_the_file_and_line(condition: str) -> None:
    error = _error(f"# suffixes\nSFX A Y 1\nSFX A 0 s {condition}\n")
    assert (error.code, error.fields["path"], error.fields["line"]) == ("in_file", "fr.aff", 3)
    inner = error.fields["error"]
    assert isinstance(inner, AffixFormatError) and inner.code == "empty_class"
    assert str(error) == f"fr.aff, line 3: empty '[]' in condition {condition!r}"
    assert error_text(error, "fr") == f"fr.aff, ligne 3 : '[]' vide dans la condition {condition!r}"


def test_w3_every_affix_fault_names_its_line() -> None:
    cases = {
        "SFX A Y 2\nSFX A 0 s .\n": (2, "missing_rules"),
        "\nSFX A Y x\n": (2, "bad_count"),
        "SFX A Y 1\nSFX A 0 s [ab\n": (2, "unclosed_class"),
        "SFX A Y 1\nSFX B 0 s .\n": (2, "bad_rule"),
        "FLAG long\nKEEPCASE abc\n": (2, "odd_long_flags"),
        "SFX A\n": (1, "short_header"),
    }
    for text, (line, code) in cases.items():
        error = _error(text)
        inner = error.fields["error"]
        assert (error.fields["line"], getattr(inner, "code", None)) == (line, code), text


def test_w3_a_dic_line_with_bad_flags_names_its_line() -> None:
    affix = parse_aff("FLAG long\n")
    with pytest.raises(AffixFormatError) as caught:
        list(parse_dic("2\nchat/AB\nchien/ABC\n", affix, "fr.dic"))
    assert str(caught.value) == "fr.dic, line 3: odd number of characters in long flags 'ABC'"


_CONDITION = st.text(alphabet="[]^.abs", max_size=6)
_FLAG = st.sampled_from(["A", "B", "AB", ",", "1", "12,3", "", "L'"])
_RULE_LINE = st.builds(
    lambda kind, flag, strip, add, cont, cond: f"{kind} {flag} {strip} {add}{cont} {cond}",
    st.sampled_from(["SFX", "PFX"]),
    _FLAG,
    st.sampled_from(["0", "s", "a", "[", "."]),
    st.sampled_from(["0", "s", "es", "[]", "'"]),
    st.sampled_from(["", "/A", "/B", "/AB", "/ABC", "/"]),
    _CONDITION,
)
_HEADER_LINE = st.builds(
    lambda kind, flag, cross, count: f"{kind} {flag} {cross} {count}",
    st.sampled_from(["SFX", "PFX"]),
    _FLAG,
    st.sampled_from(["Y", "N"]),
    st.sampled_from(["0", "1", "2", "3", "-1", "x", "99999999999"]),
)
_OTHER_LINE = st.sampled_from(
    ["FLAG long", "FLAG num", "FLAG UTF-8", "NEEDAFFIX A", "CIRCUMFIX B", "FORBIDDENWORD AB",
     "KEEPCASE", "ONLYINCOMPOUND ,", "# comment", "", "SFX", "PFX A"]
)  # fmt: skip
_AFF = st.lists(st.one_of(_HEADER_LINE, _RULE_LINE, _OTHER_LINE), max_size=12).map("\n".join)
_DIC = st.lists(
    st.builds(lambda w, f: w + f, st.sampled_from(["chat", "a", "abs", "sa", "\\/x"]),
              st.sampled_from(["", "/A", "/B", "/AB", "/1,12", "/ABC"])),
    max_size=5,
).map(lambda lines: "\n".join(["5", *lines]))  # fmt: skip


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_AFF, _DIC)
def test_w3_fuzz_affix_and_dic_files_read_or_say_why(aff: str, dic: str) -> None:
    try:
        affix = parse_aff(aff)
        words = expand_all(parse_dic(dic, affix), affix, lambda entry: True)
    except AffixFormatError as error:
        assert error.code == "in_file" and isinstance(error.fields["line"], int)
        return
    assert all(isinstance(word, str) for word in words)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_w3_fuzz_any_text_as_an_affix_file(text: str) -> None:
    try:
        parse_aff(text)
    except AffixFormatError as error:
        assert error.code == "in_file"


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "build_dictionaries", ROOT / "tools/build_dictionaries.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_w3_build_dictionaries_says_which_affix_line_is_wrong(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    tool = _tool()
    sources = tmp_path / "fr"
    sources.mkdir()
    files = {"fr.aff": b"SET UTF-8\nSFX A Y 1\nSFX A 0 s []\n", "fr.dic": b"1\nchat/A\n"}
    sums = []
    for name, data in files.items():
        (sources / f"{name}.gz").write_bytes(gzip.compress(data))
        sums.append(f"{hashlib.sha256(data).hexdigest()}  {name}\n")
    (sources / "SHA256SUMS").write_text("".join(sums))
    monkeypatch.setattr(tool, "SOURCES", tmp_path)
    assert tool.main(["fr", "--check"]) == 1
    err = capsys.readouterr().err
    assert f"{sources / 'fr.aff'}, line 3: empty '[]' in condition '[]'" in err
    assert "Traceback" not in err
