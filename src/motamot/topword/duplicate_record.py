"""The text record of a duplicate game: a plain file that replays it, seed included.

    # motamot duplicate record
    seed: 2026
    ruleset: topword-fr
    dictionary: fr
    players: Ana, Bob, Cat
    1. [EIMNAST] 5E MAIN +8 = 8
      Ana: 5E MAIN +8 = 8
      Bob: 5E MAN +6 = 6
    2. [AEEIRST] - +0 = 8
      Cat: A1 ZZZZZ +0 = 0
    end: dead_racks
    final: Ana 8, Bob 6, Cat 0

A turn is `N. [RACK] TOP +POINTS = TOTAL`: the common rack (D1, D2: tile letters, Q the
Qu tile), the top laid for everybody (D4; `-` when the rack had no move, D5), its points
and the tops' total so far. Under it, indented, each move submitted that turn: `NAME: MOVE
+POINTS = TOTAL` (a refused move scores 0: D3; a player without a line submitted none).
Points and totals are checks, optional when read; `end` and `final` are checked when
present. `#` starts a comment; lines are split on `\\n` only and each is read in linear
time. Every fault is a DuplicateRecordError naming its line.

`replay` plays the record again with the seed and the word list: each rack must be the
one the seed deals, each top the one the complete move generator finds, each move score
what the referee gives it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import ClassVar

from motamot.errors import CodedError
from motamot.lexicon import Lexicon
from motamot.topword.duplicate import DuplicateEnd, DuplicateGame
from motamot.topword.move import MoveSyntaxError, format_move, parse_move
from motamot.topword.record_lines import COMMON_KEYS, Header, excerpt, is_digits
from motamot.topword.rules import Legal
from motamot.topword.tiles import get_ruleset, tile_code

HEADER = "# motamot duplicate record"
#: Characters a player's name may not hold: the record's own separators.
RESERVED_IN_NAMES = ":,#"
#: Most turns a record holds: each turn lays tiles or sets a dead rack aside, two dead
#: racks end the game, so no game of 100 tiles comes near it.
MAX_TURNS = 1_000
#: Most players a record names (a duplicate room seats 500).
MAX_PLAYERS = 500
#: Longest number a line may give (a turn, points, a total).
MAX_DIGITS = 9
#: The top of a rack without a move (D5).
NO_TOP = "-"


class DuplicateRecordError(CodedError, ValueError):
    """A duplicate record that cannot be read or does not replay; the message names the line."""

    TEMPLATES: ClassVar[dict[str, str]] = {
        "missing_key": "the record has no '{key}:' line",
        "repeated_key": "line {line}: {key} given twice",
        "unknown_line": "line {line}: unknown line {text!r}",
        "bad_seed": "line {line}: seed {seed!r} is not an integer",
        "unknown_ruleset": "line {line}: no ruleset {name!r} (known: {known})",
        "bad_players": "line {line}: players are 'NAME, NAME, ...', each once",
        "too_many_players": "line {line}: more than {limit} players",
        "bad_turn": "line {line}: expected 'N. [RACK] TOP +POINTS = TOTAL', got {text!r}",
        "turn_number": "line {line}: turn {number}, expected turn {expected}",
        "too_many_turns": "line {line}: more than {limit} turns",
        "bad_rack": "line {line}: rack [{rack}] is not tile letters",
        "bad_number": "line {line}: {text!r} is not a number a game holds",
        "bad_move": "line {line}: {error}",
        "move_before_turn": "line {line}: a move before the first turn",
        "bad_move_line": "line {line}: expected 'NAME: MOVE +POINTS = TOTAL', got {text!r}",
        "unknown_player": "line {line}: {name!r} is not one of the players",
        "moved_twice": "line {line}: {name} has a move in this turn already",
        "bad_final": "line {line}: final totals are 'NAME TOTAL, ...'",
        "after_end": "line {line}: the game is already over",
        "wrong_rack": "line {line}: the seed deals [{actual}], not [{written}]",
        "wrong_top": "line {line}: the top is {actual}, not {written}",
        "wrong_top_points": "line {line}: the top scores {actual}, not {written}",
        "wrong_move_points": "line {line}: {name}'s move scores {actual}, not {written}",
        "wrong_total": "line {line}: the total is {actual}, not {written}",
        "wrong_end": "end: the replay ends {actual}, the record says {written}",
        "wrong_final": "final: the replay gives {actual}",
    }


@dataclass(frozen=True)
class MoveLine:
    """A player's move in a turn, as written, and its checks."""

    line: int
    player: str
    move: str
    points: int | None = None
    total: int | None = None


@dataclass(frozen=True)
class TurnLine:
    """A turn as written: its rack, its top (None: no move, D5), the checks, the moves."""

    line: int
    number: int
    rack: tuple[str, ...]
    top: str | None
    points: int | None = None
    total: int | None = None
    moves: tuple[MoveLine, ...] = ()


@dataclass(frozen=True)
class DuplicateRecord:
    """A parsed record (not yet replayed), or one made from a game to be written."""

    seed: int
    ruleset: str
    dictionary: str
    players: tuple[str, ...]
    turns: tuple[TurnLine, ...]
    end: str | None = None
    final: dict[str, int] | None = None


# --- writing ------------------------------------------------------------------------------


def _checks(points: int | None, total: int | None) -> str:
    text = "" if points is None else f" +{points}"
    return text + ("" if total is None else f" = {total}")


def format_record(record: DuplicateRecord) -> str:
    """The text of `record` (`parse_record` reads it back the same)."""
    lines = [
        HEADER,
        f"seed: {record.seed}",
        f"ruleset: {record.ruleset}",
        f"dictionary: {record.dictionary}",
        f"players: {', '.join(record.players)}",
    ]
    for turn in record.turns:
        top = NO_TOP if turn.top is None else turn.top
        lines.append(
            f"{turn.number}. [{''.join(turn.rack)}] {top}{_checks(turn.points, turn.total)}"
        )
        lines.extend(
            f"  {move.player}: {move.move}{_checks(move.points, move.total)}" for move in turn.moves
        )
    if record.end is not None:
        lines.append(f"end: {record.end}")
    if record.final is not None:
        lines.append(
            "final: " + ", ".join(f"{name} {total}" for name, total in record.final.items())
        )
    return "\n".join(lines) + "\n"


# --- reading ------------------------------------------------------------------------------

_KEYS = {**COMMON_KEYS, "fin": "end"}


def _number(text: str, line: int) -> int:
    if not is_digits(text) or len(text) > MAX_DIGITS:
        raise DuplicateRecordError("bad_number", line=line, text=excerpt(text))
    return int(text)


def _checked(text: str, line: int) -> tuple[str, int | None, int | None]:
    """`BODY +POINTS = TOTAL` → (body, points, total), both checks optional; read from the
    right by partition (no pattern that could backtrack)."""
    body, total, points = text, None, None
    head, equals, after = body.rpartition("=")
    if equals:
        body, total = head.rstrip(), _number(after.strip(), line)
    head, plus, after = body.rpartition(" +")
    if plus:
        body, points = head.rstrip(), _number(after.strip(), line)
    return body.strip(), points, total


def _move_text(text: str, line: int) -> str:
    try:
        return format_move(parse_move(text))
    except MoveSyntaxError as error:
        raise DuplicateRecordError("bad_move", line=line, error=error) from None


def _turn_line(number: int, text: str) -> TurnLine:
    head, dot, rest = text.partition(".")
    rest = rest.strip()
    if not dot or not rest.startswith("[") or "]" not in rest:
        raise DuplicateRecordError("bad_turn", line=number, text=excerpt(text))
    turn = _number(head.strip(), number)
    written, _, after = rest[1:].partition("]")
    codes = [tile_code(char) for char in written.replace(" ", "")]
    if None in codes or len(codes) > 7:
        raise DuplicateRecordError("bad_rack", line=number, rack=excerpt(written))
    body, points, total = _checked(after, number)
    if not body:
        raise DuplicateRecordError("bad_turn", line=number, text=excerpt(text))
    top = None if body == NO_TOP else _move_text(body, number)
    rack = tuple(code for code in codes if code is not None)
    return TurnLine(number, turn, rack, top, points, total)


def _move_line(number: int, text: str) -> MoveLine:
    name, colon, rest = text.partition(":")
    name = name.strip()
    body, points, total = _checked(rest, number) if colon else ("", None, None)
    if not name or not body:
        raise DuplicateRecordError("bad_move_line", line=number, text=excerpt(text))
    return MoveLine(number, name, _move_text(body, number), points, total)


def _players(line: int, text: str) -> tuple[str, ...]:
    names = tuple(name.strip() for name in text.split(","))
    if len(names) > MAX_PLAYERS:
        raise DuplicateRecordError("too_many_players", line=line, limit=MAX_PLAYERS)
    if not all(names) or len(set(names)) != len(names):
        raise DuplicateRecordError("bad_players", line=line)
    return names


def _final(line: int, text: str) -> dict[str, int]:
    totals: dict[str, int] = {}
    for item in text.split(","):
        name, _, value = item.strip().rpartition(" ")
        if not name.strip() or not is_digits(value) or len(value) > MAX_DIGITS:
            raise DuplicateRecordError("bad_final", line=line)
        totals[name.strip()] = int(value)
    return totals


def _add_move(turns: list[TurnLine], players: tuple[str, ...], number: int, line: str) -> None:
    """A move line, added to the last turn (a known player's, once a turn)."""
    if not turns:
        raise DuplicateRecordError("move_before_turn", line=number)
    move = _move_line(number, line)
    if move.player not in players:
        raise DuplicateRecordError("unknown_player", line=number, name=move.player)
    last = turns[-1]
    if any(m.player == move.player for m in last.moves):
        raise DuplicateRecordError("moved_twice", line=number, name=move.player)
    turns[-1] = replace(last, moves=(*last.moves, move))


def parse_record(text: str) -> DuplicateRecord:
    """Read a record; DuplicateRecordError with the line at fault when it is malformed."""
    header = Header(_KEYS, DuplicateRecordError)
    turns: list[TurnLine] = []
    players: tuple[str, ...] = ()
    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw.split("#", 1)[0]
        if not line.strip():
            continue
        if line[0] in " \t":  # a move, under its turn
            _add_move(turns, players, number, line)
            continue
        if line[0].isdigit():
            if len(turns) >= MAX_TURNS:
                raise DuplicateRecordError("too_many_turns", line=number, limit=MAX_TURNS)
            turn = _turn_line(number, line.strip())
            if turn.number != len(turns) + 1:
                expected = len(turns) + 1
                raise DuplicateRecordError(
                    "turn_number", line=number, number=turn.number, expected=expected
                )
            turns.append(turn)
            continue
        if header.read(number, line, raw) == "players":
            players = _players(*header["players"])
    header.require("seed", "players")
    seed = header.seed()
    rules = header.rules()
    return DuplicateRecord(
        seed=seed,
        ruleset=rules.name,
        dictionary=header.dictionary(rules),
        players=players,
        turns=tuple(turns),
        end=header.get("end"),
        final=_final(*header["final"]) if "final" in header else None,
    )


# --- replaying ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Replayed:
    """A record played again: the game at its end, every player's total, the tops'."""

    game: DuplicateGame
    totals: dict[str, int]
    top_total: int


def _rack(tiles: Sequence[str]) -> str:
    return "".join(tiles)


def replay(record: DuplicateRecord, lexicon: Lexicon) -> Replayed:
    """Play the record again; DuplicateRecordError at the first line that does not fit."""
    game = DuplicateGame(record.seed, get_ruleset(record.ruleset), lexicon)
    totals = dict.fromkeys(record.players, 0)
    top_total = 0
    for turn in record.turns:
        draw = game.next_draw() if game.end is None else game.end
        if isinstance(draw, DuplicateEnd):
            raise DuplicateRecordError("after_end", line=turn.line)
        if sorted(draw.rack) != sorted(turn.rack):
            raise DuplicateRecordError(
                "wrong_rack", line=turn.line, actual=_rack(draw.rack), written=_rack(turn.rack)
            )
        game.deal(draw.rack)
        for move in turn.moves:
            judged = game.judge(parse_move(move.move))
            points = judged.points if isinstance(judged, Legal) else 0
            totals[move.player] += points
            if move.points is not None and move.points != points:
                raise DuplicateRecordError(
                    "wrong_move_points",
                    line=move.line,
                    name=move.player,
                    actual=points,
                    written=move.points,
                )
            if move.total is not None and move.total != totals[move.player]:
                raise DuplicateRecordError(
                    "wrong_total", line=move.line, actual=totals[move.player], written=move.total
                )
        top = game.top()
        actual = top.notation if top is not None else None
        if actual != turn.top:
            written = NO_TOP if turn.top is None else turn.top
            raise DuplicateRecordError(
                "wrong_top", line=turn.line, actual=actual or NO_TOP, written=written
            )
        points = game.place(actual)
        top_total += points
        if turn.points is not None and turn.points != points:
            raise DuplicateRecordError(
                "wrong_top_points", line=turn.line, actual=points, written=turn.points
            )
        if turn.total is not None and turn.total != top_total:
            raise DuplicateRecordError(
                "wrong_total", line=turn.line, actual=top_total, written=turn.total
            )
    if game.end is None:
        draw = game.next_draw()
        if isinstance(draw, DuplicateEnd):
            game.finish(draw)
    if record.end is not None:
        ended = game.end.value if game.end is not None else "not_over"
        if ended != record.end:
            raise DuplicateRecordError("wrong_end", actual=ended, written=record.end)
    if record.final is not None and record.final != totals:
        actual_final = ", ".join(f"{name} {total}" for name, total in totals.items())
        raise DuplicateRecordError("wrong_final", actual=actual_final)
    return Replayed(game, totals, top_total)
