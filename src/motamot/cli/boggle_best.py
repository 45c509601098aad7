"""`motamot boggle best`: search for the highest-scoring grid of a preset (issue 41).

The engine (`motamot.boggle.best`) never reads the clock; here a `Deadline` budget
stops it after `--seconds`, and the number of grids it scored is printed with the
command that replays the same search exactly (`--iterations`).
"""

from __future__ import annotations

import argparse
import json
import math
import secrets
import time
from dataclasses import dataclass

from motamot.boggle.best import Best, Budget, Iterations, search
from motamot.boggle.grid import Grid, GridError, parse_grid
from motamot.boggle.legal import is_legal
from motamot.boggle.rules import PRESETS, BoggleRules, get_preset
from motamot.cli.arguments import checked_range, checked_seed
from motamot.cli.errors import CliError
from motamot.lexicon import load_lexicon
from motamot.service.boggle.feedback import default_dictionary
from motamot.text.boggle_best import BOGGLE_BEST
from motamot.text.boggle_commands import BOGGLE_COMMANDS
from motamot.text.errors import error_text
from motamot.text.i18n import Language, translate
from motamot.text.numbers import number_text

#: The longest search one command runs (a day), and its default (a minute).
MAX_SECONDS = 86_400.0
DEFAULT_SECONDS = 60.0
MAX_ITERATIONS = 10**12


@dataclass
class Deadline:
    """A budget that grants scorings until `seconds` have passed since its first grant
    (the word list's loading or compiling is not the search's time)."""

    seconds: float
    began: float | None = None

    def grant(self, wanted: int) -> int:
        now = time.monotonic()
        if self.began is None:
            self.began = now
        return wanted if now - self.began < self.seconds else 0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add `boggle best` to the `boggle` subcommands."""
    parser = sub.add_parser("best", help="chercher la grille qui rapporte le plus de points")
    parser.add_argument(
        "--preset",
        default="classic-fr",
        metavar="P",
        help=f"préréglage : {', '.join(PRESETS)} (défaut classic-fr)",
    )
    parser.add_argument(
        "--dict",
        default=None,
        metavar="NAME|PATH",
        help="liste de mots (défaut : celle des dés du préréglage, fr ou en)",
    )
    parser.add_argument(
        "--seconds",
        type=float,
        default=None,
        metavar="N",
        help=f"durée de la recherche (défaut {DEFAULT_SECONDS:g} s)",
    )
    parser.add_argument(
        "--iterations",
        type=int,
        default=None,
        metavar="N",
        help="nombre exact de grilles évaluées (refait une recherche à l'identique)",
    )
    parser.add_argument("--seed", type=int, metavar="S", help="graine (défaut : au hasard)")
    parser.add_argument("--start", metavar="GRID", help="grille de départ (défaut : un tirage)")
    parser.add_argument("--json", action="store_true")
    parser.set_defaults(handler=_best)


def _rules(name: str, lang: Language) -> BoggleRules:
    try:
        return get_preset(name)
    except ValueError:
        known = ", ".join(PRESETS)
        raise CliError(
            translate(BOGGLE_COMMANDS, "unknown_preset", lang, name=name, known=known)
        ) from None


def _budget(args: argparse.Namespace, lang: Language) -> Budget:
    """`--iterations` (exact) or `--seconds`; both given: the iterations, stopped on time."""
    seconds = DEFAULT_SECONDS if args.seconds is None else args.seconds
    if not (math.isfinite(seconds) and 0 < seconds <= MAX_SECONDS):
        raise CliError(translate(BOGGLE_BEST, "bad_seconds", lang, most=f"{MAX_SECONDS:g}"))
    if args.iterations is None:
        return Deadline(seconds)
    count = checked_range(args.iterations, "--iterations", 1, MAX_ITERATIONS, lang)
    if args.seconds is None:
        return Iterations(count)
    exact, deadline = Iterations(count), Deadline(seconds)
    return _Both(exact, deadline)


@dataclass
class _Both:
    """At most `exact`'s count, and nothing past `deadline`."""

    exact: Iterations
    deadline: Deadline

    def grant(self, wanted: int) -> int:
        return self.exact.grant(self.deadline.grant(wanted))


def _start(text: str | None, rules: BoggleRules, lang: Language) -> Grid | None:
    """The `--start` grid: readable, of the preset's size, and one its dice can show."""
    if text is None:
        return None
    try:
        grid = parse_grid(text)
    except GridError as error:
        raise CliError(
            translate(BOGGLE_BEST, "bad_start", lang, error=error_text(error, lang))
        ) from None
    if grid.size != rules.size:
        raise CliError(
            translate(
                BOGGLE_COMMANDS,
                "size_mismatch",
                lang,
                size=grid.size,
                preset=rules.name,
                want=rules.size,
            )
        )
    if not is_legal(grid.faces, rules.dice):
        why = translate(BOGGLE_BEST, "not_the_dice", lang, dice=rules.dice.name, grid=grid.text)
        raise CliError(translate(BOGGLE_BEST, "bad_start", lang, error=why))
    return grid


def _best(args: argparse.Namespace) -> int:
    lang: Language = args.lang
    rules = _rules(args.preset, lang)
    budget = _budget(args, lang)
    seed = checked_seed(args.seed, lang)
    seed = seed if seed is not None else secrets.randbelow(2**63)
    start = _start(args.start, rules, lang)
    dictionary = args.dict if args.dict is not None else default_dictionary(rules)
    lexicon = load_lexicon(dictionary)
    began = time.monotonic()
    found = search(rules, lexicon, seed, budget, start=start)
    seconds = time.monotonic() - began
    command = _command(rules, dictionary, seed, found, args.start)
    if args.json:
        print(json.dumps(_as_json(found, rules, dictionary, seed, seconds, command)))
    else:
        _print(found, rules, dictionary, seconds, command, lang)
    return 0


def _command(rules: BoggleRules, dictionary: str, seed: int, found: Best, start: str | None) -> str:
    """The command that replays this search exactly."""
    words = ["motamot boggle best", f"--preset {rules.name}"]
    if dictionary != default_dictionary(rules):
        words.append(f"--dict {dictionary}")
    if start is not None:
        words.append(f"--start {found.start.text}")
    words += [f"--seed {seed}", f"--iterations {found.iterations}"]
    return " ".join(words)


def _dice(found: Best, rules: BoggleRules) -> list[str]:
    """The die in each cell, written as docs/dice.md writes it (`BMA(Qu)JO`)."""
    return [
        "".join(face if len(face) == 1 else f"({face})" for face in rules.dice.dice[die])
        for die in found.dice
    ]


def _as_json(
    found: Best, rules: BoggleRules, dictionary: str, seed: int, seconds: float, command: str
) -> dict[str, object]:
    return {
        "grid": found.grid.text,
        "points": found.points,
        "words": found.words,
        "preset": rules.name,
        "dictionary": dictionary,
        "dice": _dice(found, rules),
        "seed": seed,
        "iterations": found.iterations,
        "found_at": found.found_at,
        "restarts": found.restarts,
        "ends": [{"points": points, "grid": grid.text} for points, grid in found.ends],
        "hits": found.hits,
        "distinct_hits": found.distinct_hits,
        "start": {"grid": found.start.text, "points": found.start_points},
        "seconds": round(seconds, 3),
        "command": command,
    }


def _print(
    found: Best,
    rules: BoggleRules,
    dictionary: str,
    seconds: float,
    command: str,
    lang: Language,
) -> None:
    grid = found.grid.text
    print(
        translate(
            BOGGLE_BEST,
            "found",
            lang,
            grid=grid,
            points=found.points,
            words=found.words,
            preset=rules.name,
            dictionary=dictionary,
        )
    )
    print(translate(BOGGLE_BEST, "dice", lang, dice=" ".join(_dice(found, rules))))
    print(translate(BOGGLE_BEST, "start", lang, grid=found.start.text, points=found.start_points))
    rate = round(found.iterations / seconds) if seconds > 0 else 0
    print(
        translate(
            BOGGLE_BEST,
            "effort" if found.hits else "effort_cut",  # no finished restart ended on it
            lang,
            iterations=found.iterations,
            found_at=found.found_at,
            seconds=number_text(seconds, lang, ".1f"),
            rate=rate,
            restarts=found.restarts,
            hits=found.hits,
            distinct=found.distinct_hits,
            ends=len(found.ends),
        )
    )
    print(translate(BOGGLE_BEST, "again", lang, command=command))
