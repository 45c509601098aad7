"""The built-in word lists (W1, W3), user lists and the `motamot dict` commands."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest

from motamot.cli.main import main
from motamot.lexicon import Lexicon, load_lexicon
from motamot.lexicon.registry import cache_dir


def _words(text: str) -> list[str]:
    return text.split()


SEED_VALID = _words(
    "MANIES ORBITE TESTAMENT DANSE SANTE ROBES TESTER TIENS AIRE PAIRE AIR DANS ANS FAIM MAIN"
    " VOTE NAIN ON FAN FIN FANS PLUS MANGEAMES AIMASSIONS LONDRES NAPOLEON"
)
SEED_INVALID = ["ETC", "KM", "MARSEILLE", "BRUXELLES"]
SEED_UNFOLDABLE = {"PORTE-MONNAIE": "contains_hyphen", "AUJOURD'HUI": "contains_apostrophe"}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# -- W1: seed words -----------------------------------------------------------


@pytest.mark.parametrize("word", SEED_VALID)
def test_w1_seed_word_is_valid_in_fr(word: str) -> None:
    assert word in load_lexicon("fr")


@pytest.mark.parametrize("word", SEED_INVALID)
def test_w1_seed_non_word_is_invalid_in_fr(word: str) -> None:
    assert word not in load_lexicon("fr")


def test_w1_seed_words_through_cli_check_json(capsys: pytest.CaptureFixture[str]) -> None:
    inputs = [*SEED_VALID, *SEED_INVALID, *SEED_UNFOLDABLE]
    code, out, _ = run(capsys, "dict", "check", *inputs, "--json")
    assert code == 0
    results = json.loads(out)
    assert [entry["input"] for entry in results] == inputs
    for entry in results:
        if entry["input"] in SEED_UNFOLDABLE:
            assert entry == {
                "input": entry["input"],
                "valid": False,
                "reason": SEED_UNFOLDABLE[entry["input"]],
            }
        elif entry["input"] in SEED_VALID:
            assert entry == {"input": entry["input"], "word": entry["input"], "valid": True}
        else:
            assert entry == {
                "input": entry["input"],
                "word": entry["input"],
                "valid": False,
                "reason": "not_in_dictionary",
            }


def test_w1_check_folds_accents_and_case(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "dict", "check", "santé", " Œuvre ", "--json")
    assert json.loads(out) == [
        {"input": "santé", "word": "SANTE", "valid": True},
        {"input": " Œuvre ", "word": "OEUVRE", "valid": True},
    ]


@pytest.mark.parametrize(
    "word",
    # proper nouns, abbreviations, acronyms, unit symbols, lone prefixes, fragments
    ["FRANCE", "DUPONT", "ADN", "SNCF", "KG", "CM", "MME", "XIV", "ANTI",
     "MULTI", "CF", "FACTO", "EXTREMIS", "ETHEKWINI", "QPCR", "JANV", "DPI", "HZ", "IBID", "CHAP"],
)  # fmt: skip
def test_w1_proper_nouns_abbreviations_and_fragments_are_not_words(word: str) -> None:
    assert word not in load_lexicon("fr")


@pytest.mark.parametrize(
    "word",
    # rare Hunspell-only forms, symbols and halves of foreign locutions (deny.txt)
    ["OAI", "OAIS", "THARI", "THALIANA", "WEYR", "SIN", "COS", "LITT", "REF", "AE", "OE",
     "NEC", "DEI", "ECCE", "VOX", "FENG", "SHUI", "LOW", "NEW", "HIGH", "GOOD", "MADE"],
)  # fmt: skip
def test_w1_words_a_player_could_not_defend_are_denied(word: str) -> None:
    assert word not in load_lexicon("fr")


@pytest.mark.parametrize(
    "word",
    # rare but in French dictionaries: the deny-list leaves them (and their neighbours)
    ["TELL", "NEWS", "OLLE", "TET", "REAXER", "HAVIR", "IDO", "LUPIQUE", "COSSE", "SINUS"],
)  # fmt: skip
def test_w1_rare_dictionary_words_stay(word: str) -> None:
    assert word in load_lexicon("fr")


# -- W1: the short words (tools/sources/fr/short-words.txt, issue 24) --------------

#: The two-letter words of French club play (ODS 8: 81 words; see short-words.txt's sources).
FR_TWO_LETTERS = _words(
    "AA AH AI AN AS AU AY BA BE BI BO BU CA CE CI DA DE DO DU EH EN ES ET EU EX FA FI GO HA"
    " HE HI HO IF IL IN JA JE JO KA LA LE LI LU MA ME MI MU NA NE NI NO NU OC OH OM ON OR OS"
    " OU PI PU QI RA RE RI RU SA SE SI SU TA TE TU UN US UT VA VE VU WU XI"
)
#: Added by the review: words Grammalecte lacks that the sources name.
FR_SHORT_ADDED = _words(
    "AA AY BA BE BI BO DA IN JA JO KA OM DEM ZUP DZO BOG DAW GOS LEM LOS MAO NIF OYE PEC RIO"
    " ROS ASA CIF CUT FOG HUN IBN IBO ISO JAB KOP KWA MEO MOS OLA RAC UTE YAM AAS ADA DIN IXA"
    " IXE MOA MOX NAY"
)
FR_SHORT_REMOVED = ["UD"]
SHORT_WORDS_NOTES = Path(__file__).resolve().parents[2] / "tools/sources/fr/short-words.txt"


@pytest.mark.parametrize("word", FR_SHORT_ADDED)
def test_w1_short_words_the_review_added_are_valid(word: str) -> None:
    assert word in load_lexicon("fr")


@pytest.mark.parametrize("word", FR_SHORT_REMOVED)
def test_w1_short_words_the_review_removed_are_invalid(word: str) -> None:
    assert word not in load_lexicon("fr")


@pytest.mark.slow
def test_w1_fr_has_exactly_the_two_letter_words_of_club_play() -> None:
    assert len(FR_TWO_LETTERS) == 81
    assert sorted(w for w in load_lexicon("fr") if len(w) == 2) == FR_TWO_LETTERS


def test_w1_each_short_word_change_has_its_reason_and_source_in_the_notes() -> None:
    """The notes the build reads list exactly these changes, each with a [source]."""
    added: list[str] = []
    removed: list[str] = []
    for line in SHORT_WORDS_NOTES.read_text("utf-8").splitlines():
        if line[:1] in "+-" and line.strip():
            word, _, why = line[1:].partition("#")
            assert "[" in why and "]" in why, line
            (added if line[0] == "+" else removed).append(word.strip())
    assert added == FR_SHORT_ADDED and removed == FR_SHORT_REMOVED


# -- W3: full inflected lists -----------------------------------------------------

FR_INFLECTED = _words(
    # regular verbs, every mood and tense
    "MANGEAMES AIMASSIONS FINISSIONS MANGEONS JETTE APPELLE ACHETE CEDERA HAISSONS"
    # irregular verbs
    " VAIS VONT IRONS AILLE SOMMES FUMES FUSSIONS SOYONS EUMES AYONS FAITES FIMES FASSE"
    " DITES PRENNENT VINMES PEUX PUISSE VEUILLEZ SACHE ASSIEDS ASSOIS MOULUMES RESOLVONS"
    " VAINQUIMES NAQUIMES ASSOYONS FALLUT OUIRAI SIED COUSIMES DUSSIONS ALLAI FAISIONS"
    # nouns and adjectives: plurals, feminines
    " CHEVAUX TRAVAUX YEUX OEUFS BIJOUX CIEUX BELLES BEAUX VIEILLE NOUVELLES FOLLES"
    " BLANCHE GRECQUE AIGUE MALIGNE GENTILLE BAUX EMAUX PNEUS LANDAUS CHACALS BALS"
    # prefixed units (Hunspell prefix + suffix) and words kept by the allow-list
    " KILOMETRES CENTIMETRE CATIMINI AUPRES"
)


def test_w3_fr_is_a_full_list() -> None:
    french = load_lexicon("fr")
    assert len(french) > 350_000
    assert french.name == "fr"
    missing = [word for word in FR_INFLECTED if word not in french]
    assert missing == []


@pytest.mark.parametrize(
    "word", ["PNEUX", "CHEVALS", "BIJOUS", "PRENDUS", "METTU", "MOURIS", "FAISONT", "ALLERONS"]
)
def test_w3_fr_does_not_invent_inflections(word: str) -> None:
    assert word not in load_lexicon("fr")


def test_w3_fr_is_the_default() -> None:
    assert load_lexicon() is load_lexicon("fr")


def test_w3_en_works() -> None:
    english = load_lexicon("en")
    assert len(english) > 80_000
    for word in ["COLOR", "RUNNING", "RAN", "QUIZZES", "CAFE", "THE"]:
        assert word in english
    for word in ["PARIS", "COLOUR", "NASA", "KB", "DONT"]:
        assert word not in english


def test_w3_user_list_compiles_and_is_usable_by_name_and_path(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "liste.txt"
    source.write_text("Santé\nchat\nchat\nporte-monnaie\n  Œuf \n", "utf-8")
    code, out, _ = run(capsys, "dict", "build", str(source), "--name", "maliste", "--json")
    assert code == 0
    assert json.loads(out)["words"] == 3
    assert json.loads(out)["dropped"] == {"contains_hyphen": 1}
    for spec in ["maliste", str(source)]:
        code, out, _ = run(
            capsys, "dict", "check", "sante", "oeuf", "main", "--dict", spec, "--json"
        )
        assert code == 0
        assert [entry["valid"] for entry in json.loads(out)] == [True, True, False]
    assert list(load_lexicon("maliste")) == ["CHAT", "OEUF", "SANTE"]


def test_w3_user_list_gzip_accepted(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "liste.txt.gz"
    source.write_bytes(gzip.compress("zèbre\nZÉBU\n".encode()))
    code, out, _ = run(capsys, "dict", "build", str(source), "--name", "zoo")
    assert code == 0
    assert "2" in out
    assert list(load_lexicon("zoo")) == ["ZEBRE", "ZEBU"]
    assert list(load_lexicon(str(source))) == ["ZEBRE", "ZEBU"]


def test_w3_build_reports_dropped_lines_by_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "mixed.txt"
    source.write_text("chat\nabc1\nl'eau\nx\nvingt-deux\nchien\n€uro\n", "utf-8")
    code, out, _ = run(capsys, "--lang", "en", "dict", "build", str(source), "--name", "mixed")
    assert code == 0
    assert "mixed: 2 words kept, 5 lines dropped" in out
    for reason in ["contains_digit", "contains_apostrophe", "contains_hyphen", "single_letter"]:
        assert re.search(rf"1 × {reason}", out)


# -- bad input for `dict build`: clear message, exit != 0, nothing in the cache -----


def _cache_files() -> list[Path]:
    root = cache_dir()
    return sorted(root.rglob("*")) if root.exists() else []


@pytest.mark.parametrize(
    ("content", "message", "french"),
    [
        (None, "no such file", "fichier introuvable"),
        (b"", "empty", "fichier est vide"),
        (b"   \n\n", "empty", "fichier est vide"),
        (b"\x00\x01\x02binary\xff", "binary", "données binaires"),
        ("chat\nchâteau\n".encode("latin-1"), "not UTF-8", "pas en UTF-8 (ligne 2)"),
        (
            b"123\n4-5\n...\n",
            "no usable word (3 lines dropped: 2 contains_digit, 1 invalid_character)",
            "aucun mot utilisable (3 lignes écartées : 2 contains_digit, 1 invalid_character)",
        ),
    ],
    ids=["missing", "empty", "blank", "binary", "latin1", "nothing_usable"],
)
def test_w3_build_bad_input_is_refused_cleanly(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    content: bytes | None,
    message: str,
    french: str,
) -> None:
    source = tmp_path / "bad.txt"
    if content is not None:
        source.write_bytes(content)
    for lang, expected in (("en", message), ("fr", french)):
        code, out, err = run(capsys, "--lang", lang, "dict", "build", str(source), "--name", "bad")
        assert code != 0
        assert expected in err
        assert "Traceback" not in err
        assert out == ""
        assert _cache_files() == []


def test_w3_build_refuses_a_builtin_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "ok.txt"
    source.write_text("chat\n", "utf-8")
    code, _, err = run(capsys, "--lang", "en", "dict", "build", str(source), "--name", "fr")
    assert code != 0
    assert "built-in" in err
    code, _, err = run(capsys, "dict", "build", str(source), "--name", "fr")
    assert code != 0
    assert "'fr' est le nom d'un dictionnaire intégré" in err
    assert _cache_files() == []


def test_w3_unknown_dictionary_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "--lang", "en", "dict", "info", "--dict", "nosuchlist")
    assert code != 0
    assert "no dictionary 'nosuchlist'" in err
    code, _, err = run(capsys, "dict", "info", "--dict", "nosuchlist")
    assert code != 0
    assert "aucun dictionnaire 'nosuchlist'" in err


# -- JSON shapes of info / export ----------------------------------------------------


@pytest.mark.parametrize("name", ["fr", "en"])
def test_w3_dict_info_json_shape(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "dict", "info", "--dict", name, "--json")
    assert code == 0
    info = json.loads(out)
    lexicon = load_lexicon(name)
    assert info == {"name": name, "words": len(lexicon), "sha256": lexicon.sha256}
    assert re.fullmatch(r"[0-9a-f]{64}", info["sha256"])


def test_w3_dict_export_is_sorted_folded_and_matches_info(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "small.txt"
    source.write_text("zoo\nÉté\nabri\n", "utf-8")
    code, out, _ = run(capsys, "dict", "export", "--dict", str(source))
    assert code == 0
    assert out == "ABRI\nETE\nZOO\n"
    lexicon = Lexicon.from_words(["ABRI", "ETE", "ZOO"])
    _, info, _ = run(capsys, "dict", "info", "--dict", str(source), "--json")
    assert json.loads(info)["sha256"] == lexicon.sha256


@pytest.mark.slow
def test_w3_en_export_count_matches_info(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "dict", "export", "--dict", "en")
    assert code == 0
    words = out.splitlines()
    assert len(words) == len(load_lexicon("en"))
    assert words == sorted(words)
    assert all(re.fullmatch("[A-Z]{2,}", word) for word in words)
