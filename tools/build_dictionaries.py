"""Build the shipped word lists (fr.dawg, en.dawg) from the vendored sources.

    python tools/build_dictionaries.py            # rebuild both, write the files
    python tools/build_dictionaries.py --check    # rebuild, compare with the shipped files
    python tools/build_dictionaries.py fr         # one language only

French: Grammalecte's Hunspell dictionary (Debian hunspell-fr-comprehensive
1:7.0, MPL-2.0) expanded by motamot.lexicon.hunspell, minus proper nouns,
unit symbols, abbreviations, lone prefixes and fixed-expression fragments,
plus/minus the reviewed lists allow.txt/deny.txt and the review of the two- and
three-letter words (short-words.txt). English: SCOWL word lists
(see tools/sources/en/README). The output depends only on the sources, so
two builds give the same bytes.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import sys
import time
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from motamot.lexicon.accents import ACCENTS  # noqa: E402
from motamot.lexicon.dawg import Lexicon  # noqa: E402
from motamot.lexicon.fold import try_fold  # noqa: E402
from motamot.lexicon.hunspell import (  # noqa: E402
    AffixFile,
    AffixFormatError,
    DicEntry,
    expand_all,
    parse_aff,
    parse_dic,
)
from motamot.lexicon.registry import SHIPPED_SUMS  # noqa: E402

SOURCES = ROOT / "tools" / "sources"
DATA = ROOT / "src" / "motamot" / "lexicon" / "data"

# -- French ------------------------------------------------------------------

#: Grammalecte part-of-speech tags of entries that are not words on their own:
#: lone prefixes/suffixes (anti, www, fr), typos kept for the grammar checker,
#: punctuation and signs.
#: Proper nouns written in lower case (ofbizextra) are tagged po:npr.
FR_DROPPED_TAGS = frozenset(
    {"po:pfx", "po:sfx", "po:err", "po:ponc", "po:sign", "po:div", "po:npr", "po:prn", "po:patr"}
)


def read_sources(directory: Path, names: Iterable[str]) -> dict[str, bytes]:
    """The vendored files (gunzipped), checked against SHA256SUMS."""
    expected: dict[str, str] = {}
    for line in (directory / "SHA256SUMS").read_text("ascii").splitlines():
        digest, name = line.split()
        expected[name] = digest
    result: dict[str, bytes] = {}
    for name in names:
        data = gzip.decompress((directory / f"{name}.gz").read_bytes())
        actual = hashlib.sha256(data).hexdigest()
        if actual != expected.get(name):
            raise SystemExit(f"{directory / name}: sha256 {actual} differs from SHA256SUMS")
        result[name] = data
    return result


def read_reviewed_list(path: Path) -> dict[str, str]:
    """A reviewed word list: `WORD  # why`, one a line; every entry needs its comment."""
    entries: dict[str, str] = {}
    for number, line in enumerate(path.read_text("utf-8").splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        word, sep, comment = line.partition("#")
        folded = try_fold(word)
        if not sep or not comment.strip() or folded is None or folded != word.strip():
            raise SystemExit(f"{path}:{number}: expected 'FOLDEDWORD  # reason', got {line!r}")
        entries[folded] = comment.strip()
    return entries


def fr_entry_kept(entry: DicEntry, affix: AffixFile, dropped: Counter[str]) -> bool:
    """Whether a Grammalecte entry stands for ordinary French words."""
    if any(char.isupper() for char in entry.word):
        dropped["proper_noun_or_symbol"] += 1  # Paris, Dupont, ADN, Mme, XIV, Hz, eThekwini
        return False
    if affix.keep_case is not None and affix.keep_case in entry.flags:
        dropped["keepcase_symbol"] += 1  # km, cd, kt, ppm: units and abbreviations
        return False
    tags = {field for field in entry.morph if field.startswith("po:")}
    if tags & FR_DROPPED_TAGS:
        dropped["tagged_not_a_word"] += 1
        return False
    if tags and all(tag.startswith("po:loc.") or tag == "po:mg" for tag in tags):
        dropped["expression_fragment"] += 1  # etc, cf, priori, facto, parce, afin
        return False
    return True


def fold_words(words: Iterable[str], dropped: Counter[str]) -> set[str]:
    """Fold every word; drop what cannot be folded and single letters."""
    folded: set[str] = set()
    for word in words:
        result = try_fold(word)
        if result is None:
            dropped["unfoldable_form"] += 1  # hyphen, apostrophe, digit, dot
        elif len(result) < 2:
            dropped["single_letter"] += 1
        else:
            folded.add(result)
    return folded


def read_short_words(path: Path) -> tuple[dict[str, str], dict[str, str]]:
    """The short-word review: `+WORD  # why [source]` adds, `-WORD  # why [source]` removes."""
    added: dict[str, str] = {}
    removed: dict[str, str] = {}
    for number, line in enumerate(path.read_text("utf-8").splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        sign, rest = line[0], line[1:]
        word, sep, comment = rest.partition("#")
        folded = try_fold(word)
        if sign not in "+-" or not sep or not comment.strip() or folded != word.strip():
            raise SystemExit(f"{path}:{number}: expected '+WORD  # why' or '-WORD  # why'")
        (added if sign == "+" else removed)[str(folded)] = comment.strip()
    return added, removed


def apply_reviewed(words: set[str], directory: Path, short_words: bool = False) -> set[str]:
    """Add allow.txt, remove deny.txt, then the short-word review (short-words.txt, French);
    every entry must still be needed (kept honest)."""
    allow = read_reviewed_list(directory / "allow.txt")
    deny = read_reviewed_list(directory / "deny.txt")
    stale = sorted(w for w in allow if w in words) + sorted(w for w in deny if w not in words)
    if stale:
        raise SystemExit(f"{directory}: allow/deny entries with no effect: {', '.join(stale)}")
    words = (words | set(allow)) - set(deny)
    if not short_words:
        return words
    added, removed = read_short_words(directory / "short-words.txt")
    stale = sorted(w for w in added if w in words) + sorted(w for w in removed if w not in words)
    if stale:
        raise SystemExit(f"{directory}/short-words.txt: entries with no effect: {', '.join(stale)}")
    return (words | set(added)) - set(removed)


def french_forms() -> set[str]:
    """Every written form of the kept Grammalecte entries (accented, lower case)."""
    directory = SOURCES / "fr"
    sources = read_sources(directory, ["fr.aff", "fr.dic"])
    affix = parse_aff(sources["fr.aff"].decode("utf-8"), str(directory / "fr.aff"))
    entries = parse_dic(sources["fr.dic"].decode("utf-8"), affix, str(directory / "fr.dic"))
    dropped: Counter[str] = Counter()
    forms = expand_all(entries, affix, lambda entry: fr_entry_kept(entry, affix, dropped))
    print(f"fr: {len(forms)} forms, dropped {dict(sorted(dropped.items()))}", file=sys.stderr)
    return set(forms)


def french_words() -> set[str]:
    """The folded French word list."""
    words = fold_words(french_forms(), Counter())
    return apply_reviewed(words, SOURCES / "fr", short_words=True)


def french_accents() -> bytes:
    """The written forms of each listed French word that is written otherwise than its
    folded letters (accents, œ, æ): one line a word, its forms by a space, sorted; gzip
    without a time stamp, so two builds give the same bytes (lexicon/accents.py reads it).
    Forms ending in è are Grammalecte's inverted ones (« aimè-je »), never shown alone."""
    words = french_words()
    forms: dict[str, set[str]] = {}
    for form in french_forms():
        folded = try_fold(form)
        if folded in words and not form.endswith("è"):
            forms.setdefault(folded, set()).add(form)
    lines = [
        " ".join(sorted(written))
        for folded, written in sorted(forms.items())
        if any(form.upper() != folded for form in written)
    ]
    return gzip.compress(("\n".join(lines) + "\n").encode("utf-8"), 9, mtime=0)


# -- English -----------------------------------------------------------------

#: SCOWL lists merged for English: ordinary words (no proper names, upper-case
#: entries, abbreviations or contractions), American spelling, sizes up to 70.
EN_LISTS = tuple(
    f"{kind}-words.{size}"
    for kind in ("english", "american")
    for size in (10, 20, 35, 40, 50, 55, 60, 70)
)


def decode_scowl(data: bytes) -> str:
    """SCOWL files: upstream ships ISO-8859-1, Debian's 2020 package UTF-8; take either."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("iso-8859-1")


def english_words() -> set[str]:
    """The folded English word list."""
    directory = SOURCES / "en"
    sources = read_sources(directory, EN_LISTS)
    dropped: Counter[str] = Counter()
    lines: list[str] = []
    for name in EN_LISTS:
        for line in decode_scowl(sources[name]).splitlines():
            word = line.strip()
            if not word:
                continue
            if not word.islower():
                dropped["upper_case_entry"] += 1  # proper names, acronyms in the lists
                continue
            lines.append(word)
    words = fold_words(lines, dropped)
    print(f"en: {len(lines)} lines, dropped {dict(sorted(dropped.items()))}", file=sys.stderr)
    return apply_reviewed(words, directory)


# -- main --------------------------------------------------------------------

BUILDERS = {"fr": french_words, "en": english_words}


def build(language: str) -> bytes:
    """The compiled bytes of one built-in dictionary."""
    return Lexicon.from_words(BUILDERS[language](), language).to_bytes()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("languages", nargs="*", metavar="LANG", help="fr, en (default: both)")
    parser.add_argument("--check", action="store_true", help="compare with the shipped files")
    args = parser.parse_args(argv)
    unknown = sorted(set(args.languages) - set(BUILDERS))
    if unknown:
        parser.error(f"unknown language(s): {', '.join(unknown)}")
    status = 0
    digests = shipped_sums()
    for language in args.languages or list(BUILDERS):
        start = time.perf_counter()
        try:
            data = build(language)
        except AffixFormatError as error:
            print(f"{language}: {error}", file=sys.stderr)
            return 1
        digest = hashlib.sha256(data).hexdigest()
        target = DATA / f"{language}.dawg"
        seconds = time.perf_counter() - start
        lexicon = Lexicon.from_bytes(data, language)
        print(
            f"{language}: {len(lexicon)} words, {len(data)} bytes,"
            f" sha256 {digest} ({seconds:.1f} s)"
        )
        if args.check:
            shipped = hashlib.sha256(target.read_bytes()).hexdigest() if target.exists() else None
            if shipped != digest:
                print(
                    f"{target}: shipped sha256 {shipped} differs from the rebuild", file=sys.stderr
                )
                status = 1
            if digests.get(target.name) != digest:
                print(f"{DATA / SHIPPED_SUMS}: no line for this {target.name}", file=sys.stderr)
                status = 1
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
            digests[target.name] = digest
    if "fr" in (args.languages or BUILDERS):
        status |= write_or_check(DATA / ACCENTS, french_accents(), args.check)
    if not args.check:
        lines = [f"{digest}  {name}\n" for name, digest in sorted(digests.items())]
        (DATA / SHIPPED_SUMS).write_text("".join(lines), "ascii")
    return status


def write_or_check(target: Path, data: bytes, check: bool) -> int:
    """Write `data` to `target`, or (check) 1 if the shipped file differs."""
    digest = hashlib.sha256(data).hexdigest()
    print(f"{target.name}: {len(data)} bytes, sha256 {digest}")
    if not check:
        target.write_bytes(data)
        return 0
    if not target.exists() or target.read_bytes() != data:
        print(f"{target}: differs from the rebuild", file=sys.stderr)
        return 1
    return 0


def shipped_sums() -> dict[str, str]:
    """The shipped lists' sha256 (data/SHA256SUMS): the pure-Python loader trusts these."""
    path = DATA / SHIPPED_SUMS
    if not path.exists():
        return {}
    return {
        name: digest
        for digest, name in (line.split() for line in path.read_text("ascii").splitlines())
    }


if __name__ == "__main__":
    raise SystemExit(main())
