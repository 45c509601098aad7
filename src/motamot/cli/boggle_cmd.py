"""`motamot boggle roll|solve|check`: parse input, call the engine, render."""

from __future__ import annotations

import argparse
import itertools
import json
import secrets
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import BinaryIO, cast

from motamot.boggle.grid import (
    Grid,
    GridError,
    grid_of_compact,
    parse_grid,
    parse_grid_block,
    parse_grid_line,
    roll,
)
from motamot.boggle.record import RecordError, parse_record, replay
from motamot.boggle.referee import Verdict, check_word
from motamot.boggle.round import RoundResult, Status
from motamot.boggle.rules import PRESETS, BoggleRules, get_preset, preset_for_size
from motamot.boggle.solve import Solution, batch_json, batch_totals, score_many, solve
from motamot.cli.arguments import checked_seed, db_option, dict_option
from motamot.cli.defaults import (
    LANGUAGE_DEFAULTS_HELP,
    LANGUAGE_DICTIONARY,
    LANGUAGE_PRESET,
    boggle_preset,
)
from motamot.cli.errors import CliError
from motamot.cli.term import cell_name
from motamot.cli.word_lists import record_lexicon
from motamot.lexicon import Lexicon, load_lexicon
from motamot.service.boggle.feedback import default_dictionary
from motamot.text.boggle import reason_text
from motamot.text.boggle_commands import BOGGLE_COMMANDS
from motamot.text.errors import error_text
from motamot.text.i18n import Language, translate
from motamot.wire.boggle import replay_json


def _preset_option(parser: argparse.ArgumentParser, default: str | None) -> None:
    parser.add_argument(
        "--preset",
        default=default,
        metavar="P",
        help=f"préréglage : {', '.join(PRESETS)}"
        + (f" (défaut {default})" if default else " (défaut : selon la taille de la grille)"),
    )


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser("boggle", help="boggle : tirer, résoudre, arbitrer")
    sub = parser.add_subparsers(dest="boggle_command", metavar="ACTION")
    sub.required = True

    roll_parser = sub.add_parser("roll", help="tirer une grille")
    roll_parser.add_argument(
        "--preset",
        metavar="P",
        help=f"préréglage : {', '.join(PRESETS)} (défaut : {LANGUAGE_DEFAULTS_HELP})",
    )
    roll_parser.add_argument("--seed", type=int, metavar="N", help="graine (défaut : au hasard)")
    roll_parser.add_argument("--json", action="store_true")
    roll_parser.set_defaults(handler=_roll)

    solve_parser = sub.add_parser("solve", help="tous les mots d'une grille")
    solve_parser.add_argument("grid", nargs="?", metavar="GRID")
    solve_parser.add_argument("--batch", type=Path, metavar="FILE", help="une grille par ligne")
    dict_option(solve_parser, "french")
    _preset_option(solve_parser, None)
    solve_parser.add_argument("--min-length", type=int, metavar="N")
    solve_parser.add_argument("--json", action="store_true")
    solve_parser.add_argument(
        "--score-only",
        action="store_true",
        help="nombre de mots et points seulement (le plus rapide) / counts and points only",
    )
    solve_parser.set_defaults(handler=_solve)

    check_parser = sub.add_parser("check", help="arbitrer des mots sur une grille")
    check_parser.add_argument("grid", metavar="GRID")
    check_parser.add_argument("words", nargs="+", metavar="WORD")
    dict_option(check_parser, "preset")
    _preset_option(check_parser, None)
    check_parser.add_argument("--json", action="store_true")
    check_parser.set_defaults(handler=_check)

    replay_parser = sub.add_parser("replay", help="rejouer l'enregistrement d'une manche ou partie")
    replay_parser.add_argument("record", type=Path, metavar="FILE")
    dict_option(replay_parser, "record")
    replay_parser.add_argument("--json", action="store_true")
    db_option(replay_parser)
    replay_parser.set_defaults(handler=_replay)

    from motamot.cli import boggle_best, daily_cmd, play_boggle  # here: play_boggle imports this

    play_boggle.register(sub)
    daily_cmd.register(sub)
    boggle_best.register(sub)


def _rules(name: str | None, size: int | None, lang: Language) -> BoggleRules:
    """The preset `name`, checked against a grid's size, or the preset for that size."""
    if name is not None:
        try:
            rules = get_preset(name)
        except ValueError:
            raise CliError(
                translate(
                    BOGGLE_COMMANDS, "unknown_preset", lang, name=name, known=", ".join(PRESETS)
                )
            ) from None
        if size is not None and size != rules.size:
            raise CliError(
                translate(
                    BOGGLE_COMMANDS, "size_mismatch", lang, size=size, preset=name, want=rules.size
                )
            )
        return rules
    assert size is not None
    try:
        return preset_for_size(size)
    except ValueError:
        raise CliError(translate(BOGGLE_COMMANDS, "no_preset", lang, size=size)) from None


def _grid(text: str, lang: Language) -> Grid:
    try:
        return parse_grid(text)
    except GridError as error:
        raise CliError(
            translate(BOGGLE_COMMANDS, "bad_grid", lang, grid=text, error=error_text(error, lang))
        ) from None


def _roll(args: argparse.Namespace) -> int:
    rules = _rules(boggle_preset(args.preset, None, args.lang), None, args.lang)
    seed = checked_seed(args.seed, args.lang)
    seed = seed if seed is not None else secrets.randbelow(2**63)
    grid = roll(rules, seed)
    if args.json:
        print(json.dumps({"grid": grid.text, "preset": rules.name, "seed": seed}))
    else:
        print(grid.text)
    return 0


#: Batch lines solved together: output comes out chunk by chunk, memory stays flat.
BATCH_CHUNK = 1024
#: The longest batch line read (bytes); a longer one is reported and skipped.
MAX_BATCH_LINE = 10_000
#: --min-length above this is refused (no grid spells a longer word).
MAX_MIN_LENGTH = 1000


#: A batch grid ready to solve: its rules, size and compact form.
BatchItem = tuple[BoggleRules, int, bytes]


def _batch_items(path: Path, preset: str | None, lang: Language) -> Iterator[BatchItem | str]:
    """The grids of a batch file in order, streamed, or the message (file, line number,
    reason) of a line that cannot be solved. A block of lines all in the benchmark form
    is read at once; any other block line by line."""
    rules_of: dict[int, BoggleRules | str] = {}

    def rules_for(size: int) -> BoggleRules | str:
        if size not in rules_of:
            try:
                rules_of[size] = _rules(preset, size, lang)
            except CliError as error:
                rules_of[size] = str(error)
        return rules_of[size]

    try:
        with path.open("rb") as handle:
            number = 0
            for lines in _read_blocks(handle):
                # a block without an overlong line (None) holds bytes only
                clean = cast(list[bytes], lines) if None not in lines else None
                uniform = parse_grid_block(clean) if clean else None
                rules = rules_for(uniform[0]) if uniform is not None else None
                if uniform is not None and not isinstance(rules, str):
                    assert rules is not None
                    size, compacts = uniform
                    yield from ((rules, size, compact) for compact in compacts)
                    number += len(lines)
                    continue
                for raw in lines:
                    number += 1
                    yield from _batch_line(path, number, raw, rules_for, lang)
    except OSError as error:
        raise CliError(
            translate(BOGGLE_COMMANDS, "unreadable_file", lang, file=path, error=error.strerror)
        ) from None


def _batch_line(
    path: Path,
    number: int,
    raw: bytes | None,
    rules_for: Callable[[int], BoggleRules | str],
    lang: Language,
) -> Iterator[BatchItem | str]:
    """One line read alone: its grid, a message saying why not, or nothing (blank)."""
    if raw is None:
        yield _batch_error(path, number, "line_too_long", lang, most=MAX_BATCH_LINE)
        return
    line = raw.strip()
    if not line:
        return
    try:
        size, compact = parse_grid_line(line)
    except GridError as error:
        text = error_text(error, lang)
        yield translate(BOGGLE_COMMANDS, "bad_batch_line", lang, file=path, line=number, error=text)
        return
    rules = rules_for(size)
    if isinstance(rules, str):
        yield _batch_error(path, number, "batch_entry", lang, error=rules)
        return
    yield rules, size, compact


def _read_blocks(handle: BinaryIO) -> Iterator[Sequence[bytes | None]]:
    """The lines of a file (split on \\n; \\r\\n too) in blocks of about 64 KiB: None
    stands for a line longer than MAX_BATCH_LINE, dropped as it is read, so memory
    stays flat whatever the file holds."""
    pending = b""
    overlong = False
    while block := handle.read(65536):
        if overlong:
            end = block.find(b"\n")
            if end < 0:
                continue
            overlong, block = False, block[end + 1 :]
            yield [None]
        lines = (pending + block).replace(b"\r\n", b"\n").split(b"\n")
        pending = lines.pop()
        if len(pending) > MAX_BATCH_LINE:
            overlong, pending = True, b""
        if lines and max(map(len, lines)) > MAX_BATCH_LINE:
            yield [line if len(line) <= MAX_BATCH_LINE else None for line in lines]
        else:
            yield lines
    if overlong:
        yield [None]
    elif pending:
        yield [pending]


def _batch_error(path: Path, number: int, key: str, lang: Language, **fields: object) -> str:
    text = translate(BOGGLE_COMMANDS, key, lang, **fields)
    return translate(BOGGLE_COMMANDS, "bad_batch_entry", lang, file=path, line=number, error=text)


def _solve_batch(args: argparse.Namespace, lexicon: Lexicon) -> int:
    """`solve --batch`: streamed in chunks; a bad line is reported on stderr and skipped,
    and the exit code is 1 when there was one."""
    lang: Language = args.lang
    bad = 0
    chunk: list[BatchItem] = []
    for item in _batch_items(args.batch, args.preset, lang):
        if isinstance(item, str):
            bad += 1
            print(f"motamot: {item}", file=sys.stderr)
            continue
        chunk.append(item)
        if len(chunk) == BATCH_CHUNK:
            _write_batch(chunk, lexicon, args, lang)
            chunk.clear()
    _write_batch(chunk, lexicon, args, lang)
    return 1 if bad else 0


def _write_batch(
    chunk: list[BatchItem], lexicon: Lexicon, args: argparse.Namespace, lang: Language
) -> None:
    """Solve and print one chunk: runs of one preset and size go to the solver together."""
    for (rules, size), run in itertools.groupby(chunk, key=lambda item: item[:2]):
        compacts = [compact for _, _, compact in run]
        if args.json:
            words = not args.score_only
            _write_bytes(batch_json(compacts, size, rules, lexicon, args.min_length, words=words))
            continue
        totals = batch_totals(compacts, size, rules, lexicon, args.min_length)
        lines = [
            translate(
                BOGGLE_COMMANDS,
                "summary",
                lang,
                grid=grid_of_compact(size, compact).text,
                count=count,
                points=points,
            )
            for compact, (count, points) in zip(compacts, totals, strict=True)
        ]
        if lines:
            sys.stdout.write("\n".join(lines) + "\n")


def _write_bytes(data: bytes) -> None:
    """UTF-8 output straight to stdout's buffer (after what was written as text)."""
    out = sys.stdout
    buffer = getattr(out, "buffer", None)
    if buffer is None:
        out.write(data.decode("utf-8"))
        return
    out.flush()
    buffer.write(data)


def _solve(args: argparse.Namespace) -> int:
    lang: Language = args.lang
    if (args.grid is None) == (args.batch is None):
        raise CliError(translate(BOGGLE_COMMANDS, "grid_or_batch", lang))
    if args.min_length is not None and not 1 <= args.min_length <= MAX_MIN_LENGTH:
        raise CliError(translate(BOGGLE_COMMANDS, "min_length", lang, most=MAX_MIN_LENGTH))
    if args.batch is not None:
        if args.preset is not None:
            _rules(args.preset, None, lang)  # an unknown preset stops before any line
        return _solve_batch(args, load_lexicon(args.dict))
    grid = _grid(args.grid, lang)
    rules = _rules(args.preset, grid.size, lang)
    lexicon = load_lexicon(args.dict)
    if args.score_only:
        ((count, points),) = score_many([grid], rules, lexicon, args.min_length)
        if args.json:
            print(json.dumps({"grid": grid.text, "count": count, "points": points}))
        else:
            print(
                translate(
                    BOGGLE_COMMANDS, "summary", lang, grid=grid.text, count=count, points=points
                )
            )
        return 0
    solution = solve(grid, rules, lexicon, args.min_length)
    if args.json:
        print(json.dumps(solution.as_json()))
    else:
        _print_solution(solution, lang)
    return 0


def _summary(solution: Solution, lang: Language) -> str:
    return translate(
        BOGGLE_COMMANDS,
        "summary",
        lang,
        grid=solution.grid.text,
        count=solution.count,
        points=solution.points,
    )


def _print_solution(solution: Solution, lang: Language) -> None:
    print(_summary(solution, lang))
    n = solution.grid.size
    for row in range(n):
        print(
            "  " + " ".join(f"{face:<2}" for face in solution.grid.faces[row * n : (row + 1) * n])
        )
    longest = solution.longest()
    if longest:
        print(translate(BOGGLE_COMMANDS, "longest", lang, words=", ".join(w.word for w in longest)))
    for letters in sorted({len(w.word) for w in solution.words}, reverse=True):
        group = [w for w in solution.words if len(w.word) == letters]
        print(
            translate(
                BOGGLE_COMMANDS,
                "by_length",
                lang,
                letters=letters,
                points=group[0].points,
                words=" ".join(w.word for w in group),
            )
        )


def check_words(
    grid: Grid, rules: BoggleRules, lexicon: Lexicon, words: list[str]
) -> Iterator[Verdict]:
    """The referee's verdict on each word, in order."""
    for text in words:
        yield check_word(grid, rules, lexicon, text)


def _check(args: argparse.Namespace) -> int:
    lang: Language = args.lang
    grid = _grid(args.grid, lang)
    preset = args.preset
    if preset is None and grid.size == get_preset(LANGUAGE_PRESET[lang]).size:
        preset = boggle_preset(None, args.dict, lang)
    rules = _rules(preset, grid.size, lang)
    chosen = default_dictionary(rules) if args.preset else LANGUAGE_DICTIONARY[lang]
    lexicon = load_lexicon(args.dict or chosen)
    verdicts = list(check_words(grid, rules, lexicon, args.words))
    if args.json:
        print(json.dumps([v.as_json() for v in verdicts], ensure_ascii=False))
        return 0
    for verdict in verdicts:
        if verdict.valid:
            path = "-".join(cell_name(cell) for cell in verdict.path)
            print(
                translate(
                    BOGGLE_COMMANDS,
                    "valid",
                    lang,
                    word=verdict.word,
                    points=verdict.points,
                    path=path,
                )
            )
        else:
            assert verdict.reason is not None
            print(
                translate(
                    BOGGLE_COMMANDS,
                    "refused",
                    lang,
                    input=verdict.input,
                    reason=reason_text(verdict.reason, lang),
                )
            )
    return 0


def _read_text(path: Path, lang: Language) -> str:
    try:
        return path.read_text("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        detail = error.strerror if isinstance(error, OSError) else str(error)
        raise CliError(
            translate(BOGGLE_COMMANDS, "unreadable_file", lang, file=path, error=detail)
        ) from None


def _replay(args: argparse.Namespace) -> int:
    lang: Language = args.lang
    text = _read_text(args.record, lang)
    try:
        record = parse_record(text)
        played = replay(record, record_lexicon(args.dict or record.dictionary, args.db))
    except RecordError as error:
        raise CliError(
            translate(
                BOGGLE_COMMANDS,
                "bad_record",
                lang,
                file=args.record,
                error=error_text(error, lang),
            )
        ) from None
    if args.json:
        print(json.dumps(replay_json(played), ensure_ascii=False))
        return 0
    for number, result in enumerate(played.rounds, 1):
        _print_round(number, result, lang)
    if played.standing is not None:
        standing = played.standing
        totals = ", ".join(
            f"{p} {t}" for p, t in zip(standing.players, standing.totals, strict=True)
        )
        if standing.finished:
            names = ", ".join(standing.winners)
            print(translate(BOGGLE_COMMANDS, "match_over", lang, names=names, totals=totals))
        else:
            print(translate(BOGGLE_COMMANDS, "match_on", lang, totals=totals))
    return 0


def _print_round(number: int, result: RoundResult, lang: Language) -> None:
    print(translate(BOGGLE_COMMANDS, "round", lang, number=number, grid=result.grid.text))
    for player in result.players:
        print(
            translate(
                BOGGLE_COMMANDS, "player_total", lang, player=player.player, total=player.total
            )
        )
        for entry in player.entries:
            if entry.status is Status.SCORED:
                print(
                    translate(BOGGLE_COMMANDS, "scored", lang, word=entry.word, points=entry.points)
                )
            elif entry.status is Status.CROSSED:
                by = ", ".join(entry.crossed_by)
                print(translate(BOGGLE_COMMANDS, "crossed", lang, word=entry.word, by=by))
            else:
                assert entry.reason is not None
                reason = reason_text(entry.reason, lang)
                print(
                    translate(
                        BOGGLE_COMMANDS, "refused_entry", lang, input=entry.input, reason=reason
                    )
                )
        if player.penalty:
            print(translate(BOGGLE_COMMANDS, "penalty", lang, penalty=player.penalty))
    if len(result.players) > 1 and not any(player.total for player in result.players):
        print(translate(BOGGLE_COMMANDS, "no_round_winner", lang))
    elif len(result.players) > 1:
        names = ", ".join(result.winners)
        print(translate(BOGGLE_COMMANDS, "round_winners", lang, names=names))
    if result.missed is not None and result.all_words is not None:
        words = " ".join(w.word for w in result.missed)
        print(
            translate(
                BOGGLE_COMMANDS,
                "missed",
                lang,
                count=len(result.missed),
                total=result.all_words,
                words=words,
            )
        )
