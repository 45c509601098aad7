"""`motamot boggle roll|solve|check`: parse input, call the engine, render."""

from __future__ import annotations

import argparse
import json
import secrets
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from motamot.boggle.grid import Cell, Grid, GridError, parse_grid, roll
from motamot.boggle.record import RecordError, Replay, parse_record, replay
from motamot.boggle.referee import Verdict, check_word
from motamot.boggle.round import JudgedEntry, RoundResult, Status
from motamot.boggle.rules import PRESETS, BoggleRules, get_preset, preset_for_size
from motamot.boggle.solve import Solution, score_many, solve
from motamot.cli.defaults import (
    LANGUAGE_DEFAULTS_HELP,
    LANGUAGE_DICTIONARY,
    LANGUAGE_PRESET,
    boggle_preset,
)
from motamot.cli.errors import CliError
from motamot.lexicon import DEFAULT_DICTIONARY, Lexicon, load_lexicon
from motamot.service.boggle_play import default_dictionary
from motamot.text.boggle import grid_error_text, reason_text, record_error_text
from motamot.text.i18n import Catalog, Language, translate

MESSAGES: Catalog = {
    "summary": {
        "fr": "{grid} : {count:mot|mots}, {points:point|points}",
        "en": "{grid}: {count:word|words}, {points:point|points}",
    },
    "longest": {"fr": "Mots les plus longs : {words}", "en": "Longest words: {words}"},
    "by_length": {
        "fr": "{letters} lettres ({points} pt) : {words}",
        "en": "{letters} letters ({points} pt): {words}",
    },
    "valid": {
        "fr": "{word} : valide, {points} pt, chemin {path}",
        "en": "{word}: valid, {points} pt, path {path}",
    },
    "refused": {"fr": "{input} : refusé ({reason})", "en": "{input}: refused ({reason})"},
    "bad_grid": {
        "fr": "grille illisible {grid!r} : {error}",
        "en": "unreadable grid {grid!r}: {error}",
    },
    "bad_batch_line": {
        "fr": "{file}, ligne {line} : grille illisible : {error}",
        "en": "{file}, line {line}: unreadable grid: {error}",
    },
    "size_mismatch": {
        "fr": "la grille est {size}x{size}, le préréglage {preset} veut {want}x{want}",
        "en": "the grid is {size}x{size}, preset {preset} wants {want}x{want}",
    },
    "no_preset": {
        "fr": "aucun préréglage pour une grille {size}x{size} : indiquez --preset",
        "en": "no preset for a {size}x{size} grid: give --preset",
    },
    "unknown_preset": {
        "fr": "préréglage inconnu {name!r} (connus : {known})",
        "en": "unknown preset {name!r} (known: {known})",
    },
    "grid_or_batch": {
        "fr": "donnez une grille ou --batch FICHIER (pas les deux)",
        "en": "give a grid or --batch FILE (not both)",
    },
    "unreadable_file": {
        "fr": "{file} : lecture impossible ({error})",
        "en": "{file}: cannot be read ({error})",
    },
    "round": {"fr": "Manche {number} : {grid}", "en": "Round {number}: {grid}"},
    "player_total": {
        "fr": "  {player} : {total:point|points}",
        "en": "  {player}: {total:point|points}",
    },
    "scored": {"fr": "    + {word} ({points} pt)", "en": "    + {word} ({points} pt)"},
    "crossed": {
        "fr": "    = {word} rayé (aussi trouvé par {by})",
        "en": "    = {word} crossed out (also found by {by})",
    },
    "refused_entry": {"fr": "    - {input} : {reason}", "en": "    - {input}: {reason}"},
    "penalty": {"fr": "    pénalité : -{penalty}", "en": "    penalty: -{penalty}"},
    "round_winners": {"fr": "  Manche gagnée par {names}", "en": "  Round won by {names}"},
    "missed": {
        "fr": "  Mots manqués : {count:n} sur {total:n} : {words}",
        "en": "  Missed words: {count:n} of {total:n}: {words}",
    },
    "match_over": {
        "fr": "Partie terminée, gagnée par {names} ({totals})",
        "en": "Match over, won by {names} ({totals})",
    },
    "match_on": {"fr": "Partie en cours ({totals})", "en": "Match in progress ({totals})"},
    "bad_record": {
        "fr": "{file} : enregistrement illisible : {error}",
        "en": "{file}: unreadable record: {error}",
    },
    "min_length": {
        "fr": "--min-length doit valoir au moins 1",
        "en": "--min-length must be at least 1",
    },
}


def cell_name(cell: Cell) -> str:
    """RULES.md notation: row letter, column number (`(2, 3)` → `C4`)."""
    row, col = cell
    return f"{chr(65 + row)}{col + 1}"


def _dict_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--dict",
        default=DEFAULT_DICTIONARY,
        metavar="NAME|PATH",
        help="dictionnaire : fr (défaut), en, un nom enregistré ou un fichier",
    )


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
    _dict_option(solve_parser)
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
    check_parser.add_argument(
        "--dict", metavar="NAME|PATH", help="dictionnaire (défaut : selon le préréglage)"
    )
    _preset_option(check_parser, None)
    check_parser.add_argument("--json", action="store_true")
    check_parser.set_defaults(handler=_check)

    replay_parser = sub.add_parser("replay", help="rejouer l'enregistrement d'une manche ou partie")
    replay_parser.add_argument("record", type=Path, metavar="FILE")
    replay_parser.add_argument(
        "--dict", metavar="NAME|PATH", help="dictionnaire (défaut : celui de l'enregistrement)"
    )
    replay_parser.add_argument("--json", action="store_true")
    replay_parser.set_defaults(handler=_replay)

    from motamot.cli import play_boggle  # here: play_boggle imports this module

    play_boggle.register(sub)


def _rules(name: str | None, grid: Grid | None, lang: Language) -> BoggleRules:
    if name is not None:
        try:
            rules = get_preset(name)
        except ValueError:
            raise CliError(
                translate(MESSAGES, "unknown_preset", lang, name=name, known=", ".join(PRESETS))
            ) from None
        if grid is not None and grid.size != rules.size:
            raise CliError(
                translate(
                    MESSAGES, "size_mismatch", lang, size=grid.size, preset=name, want=rules.size
                )
            )
        return rules
    assert grid is not None
    try:
        return preset_for_size(grid.size)
    except ValueError:
        raise CliError(translate(MESSAGES, "no_preset", lang, size=grid.size)) from None


def _grid(text: str, lang: Language) -> Grid:
    try:
        return parse_grid(text)
    except GridError as error:
        raise CliError(
            translate(MESSAGES, "bad_grid", lang, grid=text, error=grid_error_text(error, lang))
        ) from None


def _roll(args: argparse.Namespace) -> int:
    rules = _rules(boggle_preset(args.preset, None, args.lang), None, args.lang)
    seed = args.seed if args.seed is not None else secrets.randbelow(2**63)
    grid = roll(rules, seed)
    if args.json:
        print(json.dumps({"grid": grid.text, "preset": rules.name, "seed": seed}))
    else:
        print(grid.text)
    return 0


def solution_json(solution: Solution) -> dict[str, Any]:
    """The JSON shape of `boggle solve --json`."""
    return {
        "grid": solution.grid.text,
        "count": solution.count,
        "points": solution.points,
        "words": [
            {"word": entry.word, "points": entry.points, "path": [list(c) for c in entry.path]}
            for entry in solution.words
        ],
    }


def _batch_grids(path: Path, lang: Language) -> list[Grid]:
    text = _read_text(path, lang)
    grids: list[Grid] = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            grids.append(parse_grid(line))
        except GridError as error:
            raise CliError(
                translate(
                    MESSAGES,
                    "bad_batch_line",
                    lang,
                    file=path,
                    line=number,
                    error=grid_error_text(error, lang),
                )
            ) from None
    return grids


def _solve(args: argparse.Namespace) -> int:
    lang: Language = args.lang
    if (args.grid is None) == (args.batch is None):
        raise CliError(translate(MESSAGES, "grid_or_batch", lang))
    if args.min_length is not None and args.min_length < 1:
        raise CliError(translate(MESSAGES, "min_length", lang))
    grids = [_grid(args.grid, lang)] if args.grid is not None else _batch_grids(args.batch, lang)
    chosen = [_rules(args.preset, grid, lang) for grid in grids]
    lexicon = load_lexicon(args.dict)
    out = sys.stdout
    if args.score_only:
        _print_scores(grids, chosen, lexicon, args.min_length, args.json, lang)
        return 0
    for grid, rules in zip(grids, chosen, strict=True):
        solution = solve(grid, rules, lexicon, args.min_length)
        if args.json:
            out.write(json.dumps(solution_json(solution)) + "\n")
        elif args.batch is not None:
            out.write(_summary(solution, lang) + "\n")
        else:
            _print_solution(solution, lang)
    return 0


def _print_scores(
    grids: list[Grid],
    chosen: list[BoggleRules],
    lexicon: Lexicon,
    min_length: int | None,
    as_json: bool,
    lang: Language,
) -> None:
    """`solve --score-only`: one line per grid, grids of one preset solved as a batch."""
    scores: list[tuple[int, int]] = []
    start = 0
    while start < len(grids):
        end = start
        while end < len(grids) and chosen[end] is chosen[start]:
            end += 1
        scores.extend(score_many(grids[start:end], chosen[start], lexicon, min_length))
        start = end
    lines = []
    for grid, (count, points) in zip(grids, scores, strict=True):
        if as_json:
            lines.append(json.dumps({"grid": grid.text, "count": count, "points": points}))
        else:
            lines.append(
                translate(MESSAGES, "summary", lang, grid=grid.text, count=count, points=points)
            )
    sys.stdout.write("\n".join(lines) + "\n")


def _summary(solution: Solution, lang: Language) -> str:
    return translate(
        MESSAGES,
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
        print(translate(MESSAGES, "longest", lang, words=", ".join(w.word for w in longest)))
    for letters in sorted({len(w.word) for w in solution.words}, reverse=True):
        group = [w for w in solution.words if len(w.word) == letters]
        print(
            translate(
                MESSAGES,
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
    rules = _rules(preset, grid, lang)
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
                    MESSAGES, "valid", lang, word=verdict.word, points=verdict.points, path=path
                )
            )
        else:
            assert verdict.reason is not None
            print(
                translate(
                    MESSAGES,
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
            translate(MESSAGES, "unreadable_file", lang, file=path, error=detail)
        ) from None


def _entry_json(entry: JudgedEntry) -> dict[str, Any]:
    return {
        "input": entry.input,
        "word": entry.word,
        "at": entry.at,
        "status": entry.status.value,
        "points": entry.points,
        "path": [list(cell) for cell in entry.path],
        "reason": entry.reason.value if entry.reason is not None else None,
        "crossed_by": list(entry.crossed_by),
    }


def round_json(result: RoundResult) -> dict[str, Any]:
    """One judged round as JSON (`boggle replay --json`)."""
    data: dict[str, Any] = {
        "grid": result.grid.text,
        "deadline": result.deadline,
        "winners": list(result.winners),
        "players": [
            {
                "player": player.player,
                "total": player.total,
                "penalty": player.penalty,
                "entries": [_entry_json(entry) for entry in player.entries],
            }
            for player in result.players
        ],
    }
    if result.missed is not None:
        data["missed"] = [
            {"word": w.word, "points": w.points, "path": [list(c) for c in w.path]}
            for w in result.missed
        ]
    return data


def replay_json(played: Replay) -> dict[str, Any]:
    data: dict[str, Any] = {"rounds": [round_json(result) for result in played.rounds]}
    if played.standing is not None:
        standing = played.standing
        data["match"] = {
            "finished": standing.finished,
            "winners": list(standing.winners),
            "totals": dict(zip(standing.players, standing.totals, strict=True)),
        }
    return data


def _replay(args: argparse.Namespace) -> int:
    lang: Language = args.lang
    text = _read_text(args.record, lang)
    try:
        record = parse_record(text)
        played = replay(record, load_lexicon(args.dict or record.dictionary))
    except RecordError as error:
        raise CliError(
            translate(
                MESSAGES,
                "bad_record",
                lang,
                file=args.record,
                error=record_error_text(error, lang),
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
            print(translate(MESSAGES, "match_over", lang, names=names, totals=totals))
        else:
            print(translate(MESSAGES, "match_on", lang, totals=totals))
    return 0


def _print_round(number: int, result: RoundResult, lang: Language) -> None:
    print(translate(MESSAGES, "round", lang, number=number, grid=result.grid.text))
    for player in result.players:
        print(translate(MESSAGES, "player_total", lang, player=player.player, total=player.total))
        for entry in player.entries:
            if entry.status is Status.SCORED:
                print(translate(MESSAGES, "scored", lang, word=entry.word, points=entry.points))
            elif entry.status is Status.CROSSED:
                by = ", ".join(entry.crossed_by)
                print(translate(MESSAGES, "crossed", lang, word=entry.word, by=by))
            else:
                assert entry.reason is not None
                reason = reason_text(entry.reason, lang)
                print(translate(MESSAGES, "refused_entry", lang, input=entry.input, reason=reason))
        if player.penalty:
            print(translate(MESSAGES, "penalty", lang, penalty=player.penalty))
    if len(result.players) > 1:
        names = ", ".join(result.winners)
        print(translate(MESSAGES, "round_winners", lang, names=names))
    if result.missed is not None and result.all_words is not None:
        words = " ".join(w.word for w in result.missed)
        print(
            translate(
                MESSAGES,
                "missed",
                lang,
                count=len(result.missed),
                total=result.all_words,
                words=words,
            )
        )
