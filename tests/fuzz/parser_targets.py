"""The parsers and text entry points of motamot as fuzz targets, for the test suite
(`test_fuzz_parsers.py`, hypothesis) and the long campaign (`benchmarks/fuzz.py`).

A target takes one text and either gives a result or raises one of
`PARSER_ERRORS`, the project's errors that carry a reason code; any other
exception is a bug. When the parse succeeds a target also checks that the
canonical text of the result reads back the same (a record replays to the
same state), so "no crash" is not the only thing tested.

Each target gives valid samples to mutate, the characters that matter to
it, and oversized inputs (about 200 KB) that must parse in linear time.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

from motamot.boggle import CLASSIC_FR, check_word, parse_grid
from motamot.boggle import format_record as format_boggle_record
from motamot.boggle import parse_record as parse_boggle_record
from motamot.boggle import replay as replay_boggle
from motamot.errors import CodedError
from motamot.lexicon import Lexicon, load_lexicon
from motamot.names import check_name
from motamot.service.topword.local import parse_seats
from motamot.topword import UPWORDS_EN, format_move, parse_move, parse_position, parse_rack
from motamot.topword.board import format_position
from motamot.topword.game import Game
from motamot.topword.move import word_tiles
from motamot.topword.record import format_record as format_topword_record
from motamot.topword.record import parse_record as parse_topword_record
from motamot.topword.record import replay as replay_topword
from tests.fuzz.mutate import mutate
from tests.fuzz.targets import Target as ByteTarget

#: The errors a parser may raise on bad input: each carries a reason code.
PARSER_ERRORS: tuple[type[Exception], ...] = (CodedError,)

#: Characters that broke parsers before (issue 16) or that a syntax gives meaning to.
TRICKY = (
    "\n\r\t\v\f\x00\x1c\x85\u2028\u2029 \u00a0"  # line breaks and blanks of every kind
    "0123456789²³¹٣⁵"  # digits, superscripts (isdigit), other scripts
    "ﬆﬁßİıǅ"  # one character that upper() makes two, or odd cases
    "./:,#[]+=-_\"'\\{}"  # the syntax of grids, positions, moves and records
    "éÉœ\u0301\ud800"  # accents, a combining mark, a lone surrogate
)

BIG = 200_000


@dataclass(frozen=True)
class Target:
    """One parser: `run` parses a text (and checks the round trip of what it read)."""

    name: str
    run: Callable[[str], object]
    samples: tuple[str, ...]
    alphabet: str
    oversized: tuple[str, ...]
    #: The parser alone (no round trip), for the oversized-input times.
    parse: Callable[[str], object]


@cache
def french() -> Lexicon:
    return load_lexicon("fr")


# -- Boggle ---------------------------------------------------------------------------

GRID = "ORTE/BEST/INAM/GTED"


def run_grid(text: str) -> object:
    grid = parse_grid(text)
    assert parse_grid(grid.text) == grid
    return grid


def run_boggle_word(text: str) -> object:
    verdict = check_word(parse_grid(GRID), CLASSIC_FR, french(), text)
    assert verdict.valid == (verdict.reason is None)
    return verdict


BOGGLE_RECORD = f"""# motamot boggle record
preset: classic-fr
dictionary: fr
players: ana, bob
min length: 4
penalty: 1
match: rounds 2

round 1
grid: {GRID}
seed: 42
deadline: 180
12.5 ana: manies
14 bob: "santé "
20 bob: danse
"""


def run_boggle_record(text: str) -> object:
    record = parse_boggle_record(text)
    written = format_boggle_record(record)
    assert parse_boggle_record(written) == record
    if len(record.rounds) <= 3:  # replaying solves grids: keep each input fast
        played = replay_boggle(record, french())
        assert replay_boggle(parse_boggle_record(written), french()) == played
    return record


# -- Topword --------------------------------------------------------------------------

POSITION = "........../........../........../...DO...../....F2AIM../........../" + "/".join(
    ["." * 10] * 4
)


def run_position(text: str) -> object:
    board = parse_position(text)
    assert parse_position(format_position(board)) == board
    return board


def run_move(text: str) -> object:
    move = parse_move(text)
    assert parse_move(format_move(move)) == move
    return move


def run_topword_word(text: str) -> object:
    return word_tiles(text)


def run_rack(text: str) -> object:
    tiles = parse_rack(text)
    assert parse_rack("".join(tiles)) == tiles
    try:
        return parse_rack(text, UPWORDS_EN)
    except CodedError:
        return tiles


def _topword_record() -> str:
    """A short real game: two moves the generator finds, an exchange, a pass."""
    from motamot.topword.movegen import legal_moves

    game = Game(["Ana", "Bo"], 3, french(), scoreless_limit=8)
    for turn in range(4):
        moves = legal_moves(game.board, game.rack(), game.ruleset, french())
        if turn == 2:
            game.exchange(game.rack()[0])
        elif turn == 3 or not moves:
            game.pass_turn()
        else:
            game.play(moves[0].notation)
    return format_topword_record(game)


def run_topword_record(text: str) -> object:
    record = parse_topword_record(text)
    if len(record.turns) > 12:  # replaying plays every move: keep each input fast
        return record
    game = replay_topword(record, french())
    written = format_topword_record(game)
    again = replay_topword(parse_topword_record(written), french())
    assert format_topword_record(again) == written
    return game


# -- Names and seats ----------------------------------------------------------------


#: Every character either game's record syntax reserves in names.
RESERVED = ':,[]#"='


def run_name(text: str) -> object:
    name = check_name(text, RESERVED)
    other = "Autre" if name != "Autre" else "Autre 2"
    # A name the validator passes is written and read back by both records.
    game = Game([name, other], 1, french())
    again = replay_topword(parse_topword_record(format_topword_record(game)), french())
    assert again.players == [name, other]
    record = parse_boggle_record(f"players: {name}\ngrid: {GRID}\n1 {name}: mot\n")
    assert parse_boggle_record(format_boggle_record(record)).players == (name,)
    return name


def run_seats(text: str) -> object:
    return parse_seats(text, ["Vous", "Joueur 2"], ["Ordi", "Ordi 2"])


_SPACES = " " * BIG

TARGETS: tuple[Target, ...] = (
    Target(
        "grid",
        run_grid,
        (GRID, "ortebestinamgted", "QuABC/DEFG/HI_J/KLMN", "abcdefghijklmnopqrstuvwxy"),
        "ABCDEFGHQuabcq_/ ",
        ("A" * BIG, "A/" * (BIG // 2), "Ab" * (BIG // 2), _SPACES + "A"),
        parse=parse_grid,
    ),
    Target(
        "boggle word",
        run_boggle_word,
        ("manies", "SANTÉ", "l'eau", " orbe "),
        "abemnorstQUé' -",
        ("A" * BIG, "é" * BIG, _SPACES),
        parse=run_boggle_word,
    ),
    Target(
        "boggle record",
        run_boggle_record,
        (BOGGLE_RECORD, f"grid = {GRID}\n3 ana : manies\n"),
        'roundgridseedplayers:anabob0123.\n"#',
        (
            f"grid: {GRID}\n1 a: " + _SPACES + "b\n",
            f"grid: {GRID}\n" + "1 a: b\n" * (BIG // 7),
            "round\n" * (BIG // 6),
            "players: " + "a," * (BIG // 2),
        ),
        parse=parse_boggle_record,
    ),
    Target(
        "position",
        run_position,
        (POSITION, "QU2........./" + "/".join(["." * 10] * 9)),
        "./AFIMQu25 \n",
        ("A2" * (BIG // 2), "./" * (BIG // 2), "." * BIG, "A" + "2" * BIG),
        parse=parse_position,
    ),
    Target(
        "move",
        run_move,
        ("5E MAIN", "E5 main", "10J A", "1a quai"),
        "15EJ AMINQU ",
        ("5E" + _SPACES + "x", "5E " + "A" * BIG, "1" * BIG, "5E" + " \t" * (BIG // 2) + "x y"),
        parse=parse_move,
    ),
    Target(
        "topword word",
        run_topword_word,
        ("MAIN", "quai", "été"),
        "AQUIMNé",
        ("Q" * BIG, "QU" * (BIG // 2), "é" * BIG),
        parse=word_tiles,
    ),
    Target(
        "rack",
        run_rack,
        ("AEIMNST", "qu e", "JKQXZWY"),
        "AEQUZ ",
        ("A" * BIG, _SPACES, "ﬆ" * BIG),
        parse=parse_rack,
    ),
    Target(
        "topword record",
        run_topword_record,
        (_topword_record(), "seed: 1\njoueurs: Ana, Bo\n1) Ana : passe\n"),
        "0123456789.:[]+= AEIMNpassexchange\n#",
        (
            "seed: 1\nplayers: A, B\n1. A: x" + _SPACES + "y\n",
            "seed: 1\nplayers: A, B\n1. A: 5E" + " =" * (BIG // 2) + "\n",
            "seed: 1\nplayers: A, B\n1." + _SPACES + "a\n",
            "seed: 1\nplayers: A, B\n" + "1. A: pass\n" * (BIG // 11),
            "seed: 1\nplayers: A, B\n1. A: [" + "A" * BIG + "\n",
        ),
        parse=parse_topword_record,
    ),
    Target(
        "name",
        run_name,
        ("Ana", "Léa-Marie", "Zoé 2"),
        'Ana :#,[]"',
        ("A" * BIG, " " + "A" * BIG, "\u2028" * BIG),
        parse=check_name,
    ),
    Target(
        "seats",
        run_seats,
        ("human,expert", "human:Ana,human:Bo,greedy", "human:A:B"),
        "humanexpertgreedy:,AB ",
        ("human," * (BIG // 6), "human:" + "A" * BIG, "," * BIG),
        parse=run_seats,
    ),
)


def time_oversized(target: Target, parse_only: bool = False) -> tuple[float, int]:
    """The slowest of `target`'s oversized inputs (parsed, or parsed and read back), in
    seconds, and how many failed."""
    slowest, failed = 0.0, 0
    for text in target.oversized:
        start = time.perf_counter()
        try:
            (target.parse if parse_only else target.run)(text)
        except PARSER_ERRORS:
            pass
        except Exception:
            failed += 1
        slowest = max(slowest, time.perf_counter() - start)
    return slowest, failed


# -- The same parsers for the byte campaign of benchmarks/fuzz.py (tests/fuzz/targets.py) --


def _decoded(data: bytes) -> str:
    """Bytes as a command line or a file gives them: undecodable bytes as lone surrogates."""
    return data.decode("utf-8", "surrogateescape")


def _byte_target(target: Target) -> ByteTarget:
    def run(data: bytes) -> object:
        return target.run(_decoded(data))  # raises PARSER_ERRORS (not all are CodedError)

    def seeds() -> list[bytes]:
        return [sample.encode() for sample in target.samples]

    alphabet = target.alphabet + TRICKY

    def mutate_text(rng: random.Random, data: bytes, others: Sequence[bytes]) -> bytes:
        """Half byte mutations, half edits with the characters that matter to the parser."""
        if rng.random() < 0.5:
            return mutate(rng, data, others)
        text = _decoded(data)
        for _ in range(rng.randint(1, 6)):
            at = rng.randint(0, len(text))
            piece = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 4)))
            text = text[:at] + piece * rng.choice((1, 1, 1, 50)) + text[at + rng.randint(0, 4) :]
        return text.encode("utf-8", "surrogatepass")

    return ByteTarget(target.name, seeds, run, mutate_text)


BYTE_TARGETS = {target.name: _byte_target(target) for target in TARGETS}
