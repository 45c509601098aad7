"""`motamot dict info|check|export|build`."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from motamot.cli.arguments import dict_option
from motamot.lexicon import FoldError, fold, load_lexicon
from motamot.lexicon.dawg import MAX_WORD_LETTERS
from motamot.lexicon.registry import compile_user_list
from motamot.lexicon.wordlist import (
    MAX_LINE_BYTES,
    MAX_LINES,
    MAX_LIST_BYTES,
    MAX_WORDS,
)
from motamot.text.dictionary import DICT_COMMANDS, NOT_IN_DICTIONARY, REASONS
from motamot.text.i18n import Language, translate

_MB = 1 << 20
#: What `dict build` refuses, said in its --help (the limits of motamot.lexicon.wordlist).
BUILD_LIMITS = (
    f"limites : {MAX_LIST_BYTES // _MB} Mo une fois décompressé, {MAX_LINES:_} lignes,"
    f" {MAX_LINE_BYTES} octets par ligne, {MAX_WORDS:_} mots différents ; les mots de plus"
    f" de {MAX_WORD_LETTERS} lettres sont écartés. / limits: {MAX_LIST_BYTES // _MB} MB once"
    f" gunzipped, {MAX_LINES:_} lines, {MAX_LINE_BYTES} bytes a line, {MAX_WORDS:_} different"
    f" words; words over {MAX_WORD_LETTERS} letters are dropped."
).replace("_", " ")


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser("dict", help="dictionnaires / dictionaries")
    sub = parser.add_subparsers(dest="dict_command", metavar="ACTION")
    sub.required = True

    info = sub.add_parser("info", help="nom, nombre de mots, sha256")
    dict_option(info, "french")
    info.add_argument("--json", action="store_true")
    info.set_defaults(handler=_info)

    check = sub.add_parser("check", help="vérifier des mots")
    check.add_argument("words", nargs="+", metavar="WORD")
    dict_option(check, "french")
    check.add_argument("--json", action="store_true")
    check.set_defaults(handler=_check)

    export = sub.add_parser("export", help="tous les mots, un par ligne")
    dict_option(export, "french")
    export.set_defaults(handler=_export)

    build = sub.add_parser(
        "build",
        help="compiler sa propre liste de mots",
        description="Compiler une liste de mots (UTF-8, un mot par ligne, gzip accepté). "
        "/ Compile a word list (UTF-8, one word a line, gzip allowed).",
        epilog=BUILD_LIMITS,
    )
    build.add_argument("file", type=Path, metavar="FILE")
    build.add_argument("--name", required=True)
    build.add_argument("--json", action="store_true")
    build.set_defaults(handler=_build)


def _info(args: argparse.Namespace) -> int:
    lexicon = load_lexicon(args.dict)
    result = {"name": lexicon.name, "words": len(lexicon), "sha256": lexicon.sha256}
    if args.json:
        print(json.dumps(result))
    else:
        print(translate(DICT_COMMANDS, "info", args.lang, **result))
    return 0


def check_words(words: list[str], dictionary: str) -> list[dict[str, Any]]:
    """The verdict on each input word, in the JSON shape of `dict check`."""
    lexicon = load_lexicon(dictionary)
    results: list[dict[str, Any]] = []
    for text in words:
        try:
            word = fold(text)
        except FoldError as error:
            results.append({"input": text, "valid": False, "reason": error.reason.value})
            continue
        entry: dict[str, Any] = {"input": text, "word": word, "valid": word in lexicon}
        if not entry["valid"]:
            entry["reason"] = NOT_IN_DICTIONARY
        results.append(entry)
    return results


def _check(args: argparse.Namespace) -> int:
    results = check_words(args.words, args.dict)
    if args.json:
        print(json.dumps(results, ensure_ascii=False))
        return 0
    lang: Language = args.lang
    for entry in results:
        if entry["valid"]:
            print(translate(DICT_COMMANDS, "valid", lang, **entry))
        else:
            reason = translate(REASONS, entry["reason"], lang)
            print(translate(DICT_COMMANDS, "invalid", lang, input=entry["input"], reason=reason))
    return 0


def _export(args: argparse.Namespace) -> int:
    lexicon = load_lexicon(args.dict)
    out = sys.stdout
    for word in lexicon:
        out.write(word)
        out.write("\n")
    return 0


def _build(args: argparse.Namespace) -> int:
    compiled = compile_user_list(args.file, args.name)
    report = compiled.report
    if args.json:
        print(
            json.dumps(
                {
                    "name": args.name,
                    "words": len(compiled.lexicon),
                    "sha256": compiled.lexicon.sha256,
                    "source_sha256": compiled.source_sha256,
                    "dropped": dict(sorted(report.dropped.items())),
                }
            )
        )
        return 0
    lang: Language = args.lang
    print(
        translate(
            DICT_COMMANDS,
            "built",
            lang,
            name=args.name,
            kept=len(compiled.lexicon),
            dropped=report.dropped_total,
        )
    )
    for reason, count in sorted(report.dropped.items()):
        label = translate(REASONS, reason, lang)
        print(translate(DICT_COMMANDS, "dropped", lang, count=count, reason=reason, label=label))
    return 0
