"""The text game record: a plain file that replays a whole game, seed included.

    # motamot topword record
    seed: 2026
    ruleset: topword-fr
    dictionary: fr
    players: Alice, Bob
    start: Bob
    1. Bob: [AEIMNST] 5E MAIN +8 = 8
    2. Alice: [ABEELRU] pass = 0
    3. Bob: [AESTUVX] exchange X = 8
    end: all_passed
    final: Alice -35, Bob -27

Header keys are case-insensitive (`dict` for `dictionary` too); `#` starts a
comment. A turn is `N. PLAYER: [RACK] ACTION +POINTS = TOTAL` where the rack,
points and total are optional checks; ACTION is a move (`5E MAIN`), `pass`
(`passe`), `timeout` (`temps`: the turn's clock ran out, T22), `exchange T`
(`échange T`) or `resign` (`abandon`, T21). `start`,
`end` and `final` are checked when present. A game setting that changes the end
is kept (`scoreless_limit: 10`, `exchange_is_pass: yes` when it differs from the
ruleset's) so the record replays to the same end. Lines are split on `\n` only (a name or
word holding U+2028 stays on its line) and every line is read in linear time.
Every fault is a RecordError naming its line.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import ClassVar

from motamot.errors import CodedError
from motamot.lexicon import Lexicon
from motamot.topword.game import (
    Action,
    CanPlay,
    Exchange,
    Game,
    GameError,
    Pass,
    Play,
    Resign,
    Turn,
    TurnAction,
)
from motamot.topword.move import MoveSyntaxError, format_move, parse_move
from motamot.topword.record_lines import COMMON_KEYS, Header, excerpt, is_digits, leading_digits
from motamot.topword.tiles import QU, Ruleset, get_ruleset, tile_code, tile_label
from motamot.yes_no import parse_yes_no, yes_no

HEADER = "# motamot topword record"


class RecordError(CodedError, ValueError):
    """A record that cannot be read or does not replay; the message names the line.

    `error` in the fields is the engine error the line ran into (a bad move, a refused move).
    """

    TEMPLATES: ClassVar[dict[str, str]] = {
        "bad_turn": "line {line}: expected 'N. PLAYER: ACTION', got {text!r}",
        "unclosed_rack": "line {line}: rack '[' without ']'",
        "bad_rack": "line {line}: rack [{rack}] is not tile letters",
        "bad_exchange": "line {line}: exchange of {tile!r}, not a tile",
        "bad_move": "line {line}: {error}",
        "bad_final": "line {line}: final scores are 'NAME SCORE, ...'",
        "unknown_line": "line {line}: unknown line {text!r}",
        "repeated_key": "line {line}: {key} given twice",
        "missing_key": "the record has no '{key}:' line",
        "bad_seed": "line {line}: seed {seed!r} is not an integer",
        "unknown_ruleset": "line {line}: no ruleset {name!r} (known: {known})",
        "turn_number": "line {line}: turn {number}, expected turn {expected}",
        "bad_players": "players: {error}",
        "wrong_start": "start: the seed makes {actual} start, not {written}",
        "wrong_end": "end: the replay ends {actual}, the record says {written}",
        "wrong_final": "final: the replay gives {actual}",
        "after_end": "line {line}: the game is already over",
        "wrong_player": "line {line}: it is {expected}'s turn, not {written}'s",
        "wrong_rack": "line {line}: {player}'s rack is {actual}, not [{written}]",
        "refused": "line {line}: {error}",
        "wrong_points": "line {line}: the move scores {actual}, not {written}",
        "wrong_total": "line {line}: the total is {actual}, not {written}",
        "bad_number": "line {line}: {text!r} is longer than any number of a game",
        "bad_scoreless_limit": "line {line}: scoreless_limit {value!r} is not a whole number >= 1",
        "bad_yes_no": "line {line}: {key} {value!r}: yes or no",
        "too_many_turns": "line {line}: more than {limit} turns, a record holds at most {limit}",
    }


@dataclass(frozen=True)
class TurnLine:
    """One turn as written: what was done and the optional checks."""

    line: int
    number: int
    player: str
    action: Action
    move_text: str = ""
    tile: str = ""
    rack: str | None = None
    points: int | None = None
    total: int | None = None
    #: T22: `timeout`, a pass because the turn's clock ran out.
    timed_out: bool = False

    def as_action(self) -> TurnAction:
        if self.action is Action.PASS:
            return Pass(self.timed_out)
        if self.action is Action.EXCHANGE:
            return Exchange(self.tile)
        if self.action is Action.RESIGN:
            return Resign()
        return Play(self.move_text)


@dataclass(frozen=True)
class Record:
    """A parsed record (not yet replayed)."""

    seed: int
    ruleset: str
    dictionary: str
    players: tuple[str, ...]
    turns: tuple[TurnLine, ...]
    start: str | None = None
    end: str | None = None
    final: dict[str, int] | None = field(default=None)
    #: [choice] T18: the game ends after this many scoreless turns in a row (None: no bound).
    scoreless_limit: int | None = None
    #: [choice] T18 (3): whether an exchange counts as a pass (None: the ruleset's).
    exchange_is_pass: bool | None = None

    @property
    def rules(self) -> Ruleset:
        """The named ruleset with the record's settings."""
        rules = get_ruleset(self.ruleset)
        if self.exchange_is_pass is not None:
            rules = replace(rules, exchange_is_pass=self.exchange_is_pass)
        return rules


#: Longest number a turn line may give (turn, points, total): more is no game's.
MAX_NUMBER_DIGITS = 9
#: Most turns a record holds: a game has at most 100 moves (each lays one of the 100
#: tiles for good); passes and exchanges make up the rest, far fewer in any real game.
MAX_TURNS = 10_000
_KEYS = {
    **COMMON_KEYS,
    "dict": "dictionary",
    "start": "start",
    "scoreless_limit": "scoreless_limit",
    "scoreless limit": "scoreless_limit",
    "limite sans points": "scoreless_limit",
    "exchange_is_pass": "exchange_is_pass",
    "exchange is pass": "exchange_is_pass",
}
_PASS = {"pass", "passe"}
_RESIGN = {"resign", "abandon"}
_TIMEOUT = {"timeout", "temps"}
_QU_NAMES = {"QU", "Qu", "qU", "qu"}
_EXCHANGE = {"exchange", "echange", "échange"}


def _number(text: str, line: int) -> int:
    """A turn, points or total number (ASCII digits, bounded: `int` refuses 4,301)."""
    if len(text.lstrip("-")) > MAX_NUMBER_DIGITS:
        raise RecordError("bad_number", line=line, text=text[: MAX_NUMBER_DIGITS + 1] + "…")
    return int(text)


def _is_number(text: str, signed: bool) -> bool:
    body = text[1:] if signed and text.startswith("-") else text
    return is_digits(body)


def _split_checks(text: str, line: int) -> tuple[str, int | None, int | None]:
    """`ACTION +POINTS = TOTAL` → (action, points, total); both checks are optional.

    By hand, from the right: the pattern this replaces backtracked on blanks
    (quadratic: 50,000 inner blanks took 12 s).
    """
    body, total, points = text, None, None
    head, equals, after = body.rpartition("=")
    if equals and _is_number(after.strip(), signed=True):
        body, total = head.rstrip(), _number(after.strip(), line)
    head, plus, after = body.rpartition("+")
    if plus and head != head.rstrip() and _is_number(after, signed=False):
        body, points = head.rstrip(), _number(after, line)
    return body.strip(), points, total


def _turn_line(number: int, text: str) -> TurnLine:
    """`N. PLAYER: [RACK] ACTION +POINTS = TOTAL`, read left to right in one pass."""
    digits = leading_digits(text)
    after_number = text[digits:].lstrip()
    player, colon, rest = after_number[1:].partition(":")
    player = player.strip()
    if not digits or after_number[:1] not in (".", ")") or not colon or not player or "[" in player:
        raise RecordError("bad_turn", line=number, text=excerpt(text))
    turn_number = _number(text[:digits], number)
    rest = rest.strip()
    rack = None
    if rest.startswith("["):
        close = rest.find("]")
        if close < 0:
            raise RecordError("unclosed_rack", line=number)
        written = "".join(rest[1:close].split())
        codes = [tile_code(char) for char in written]
        if None in codes:
            raise RecordError("bad_rack", line=number, rack=excerpt(written))
        rack = "".join(code for code in codes if code is not None)
        rest = rest[close + 1 :].strip()
    body, points, total = _split_checks(rest, number)
    words = body.split()
    common = {
        "line": number,
        "number": turn_number,
        "player": player,
        "rack": rack,
        "points": points,
        "total": total,
    }
    if len(words) == 1 and words[0].lower() in _PASS:
        return TurnLine(action=Action.PASS, **common)  # type: ignore[arg-type]
    if len(words) == 1 and words[0].lower() in _TIMEOUT:
        return TurnLine(action=Action.PASS, timed_out=True, **common)  # type: ignore[arg-type]
    if len(words) == 1 and words[0].lower() in _RESIGN:
        return TurnLine(action=Action.RESIGN, **common)  # type: ignore[arg-type]
    if len(words) == 2 and words[0].lower() in _EXCHANGE:
        tile = QU if words[1] in _QU_NAMES else tile_code(words[1])
        if tile is None:
            raise RecordError("bad_exchange", line=number, tile=excerpt(words[1]))
        return TurnLine(action=Action.EXCHANGE, tile=tile, **common)  # type: ignore[arg-type]
    try:
        parse_move(body)
    except MoveSyntaxError as error:
        raise RecordError("bad_move", line=number, error=error) from None
    return TurnLine(action=Action.PLAY, move_text=body, **common)  # type: ignore[arg-type]


def _final(number: int, text: str) -> dict[str, int]:
    scores: dict[str, int] = {}
    for item in text.split(","):
        name, _, value = item.strip().rpartition(" ")
        try:
            scores[name.strip()] = int(value)
        except ValueError:
            raise RecordError("bad_final", line=number) from None
    return scores


def parse_record(text: str) -> Record:
    """Read a record; RecordError with the line at fault when it is malformed."""
    header, turns = _read_lines(text)
    header.require("seed", "players")
    seed = header.seed()
    rules = header.rules()
    scoreless_limit = None
    if "scoreless_limit" in header:
        scoreless_limit = _scoreless_limit(*header["scoreless_limit"])
    exchange_is_pass = None
    if "exchange_is_pass" in header:
        at, text = header["exchange_is_pass"]
        exchange_is_pass = parse_yes_no(text)
        if exchange_is_pass is None:
            raise RecordError("bad_yes_no", line=at, key="exchange_is_pass", value=excerpt(text))
    for expected, turn in enumerate(turns, start=1):
        if turn.number != expected:
            raise RecordError("turn_number", line=turn.line, number=turn.number, expected=expected)
    return Record(
        seed=seed,
        ruleset=rules.name,
        dictionary=header.dictionary(rules),
        players=tuple(name.strip() for name in header["players"][1].split(",")),
        turns=tuple(turns),
        start=header.get("start"),
        end=header.get("end"),
        final=_final(*header["final"]) if "final" in header else None,
        scoreless_limit=scoreless_limit,
        exchange_is_pass=exchange_is_pass,
    )


def _read_lines(text: str) -> tuple[Header, list[TurnLine]]:
    """The header's lines and the turns, as written."""
    header = Header(_KEYS, RecordError)
    turns: list[TurnLine] = []
    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line[0].isdigit():
            if len(turns) >= MAX_TURNS:
                raise RecordError("too_many_turns", line=number, limit=MAX_TURNS)
            turns.append(_turn_line(number, line))
            continue
        header.read(number, line, raw)
    return header, turns


def _scoreless_limit(line: int, text: str) -> int:
    if not _is_number(text, signed=False) or len(text) > MAX_NUMBER_DIGITS or int(text) < 1:
        raise RecordError("bad_scoreless_limit", line=line, value=excerpt(text))
    return int(text)


def replay(record: Record, lexicon: Lexicon, can_play: CanPlay | None = None) -> Game:
    """Play the record's turns again; RecordError at the first turn that does not fit."""
    try:
        game = Game(
            record.players,
            record.seed,
            lexicon,
            record.rules,
            dictionary=record.dictionary,
            can_play=can_play,
            scoreless_limit=record.scoreless_limit,
        )
    except GameError as error:
        raise RecordError("bad_players", error=error) from None
    if record.start is not None and record.start != game.players[game.starter]:
        actual_start = game.players[game.starter]
        raise RecordError("wrong_start", actual=actual_start, written=record.start)
    for turn in record.turns:
        _replay_turn(game, turn)
    if record.end is not None:
        actual = game.end_reason.value if game.end_reason else "not_over"
        if record.end != actual:
            raise RecordError("wrong_end", actual=actual, written=record.end)
    if record.final is not None:
        actual_final = dict(zip(game.players, game.final_scores(), strict=True))
        if record.final != actual_final:
            raise RecordError("wrong_final", actual=_final_text(game))
    return game


def _replay_turn(game: Game, line: TurnLine) -> None:
    where = line.line
    if game.finished:
        raise RecordError("after_end", line=where)
    expected = game.players[game.current]
    player = game.current
    if line.player != expected and line.action is Action.RESIGN:
        # P1: a player removed from the table resigns out of turn
        player = next((p for p in game.playing() if game.players[p] == line.player), player)
    if line.player != game.players[player]:
        raise RecordError("wrong_player", line=where, expected=expected, written=line.player)
    if line.rack is not None and sorted(line.rack) != sorted(game.rack(player)):
        actual = _rack(game.rack(player))
        raise RecordError(
            "wrong_rack", line=where, player=line.player, actual=actual, written=line.rack
        )
    action = Resign(player) if line.action is Action.RESIGN else line.as_action()
    try:
        turn = game.apply(action)
    except (GameError, MoveSyntaxError) as error:
        raise RecordError("refused", line=where, error=error) from None
    if line.points is not None and line.points != turn.points:
        raise RecordError("wrong_points", line=where, actual=turn.points, written=line.points)
    if line.total is not None and line.total != turn.total:
        raise RecordError("wrong_total", line=where, actual=turn.total, written=line.total)


def _rack(tiles: Sequence[str]) -> str:
    return "[" + "".join(tiles) + "]"


def _final_text(game: Game) -> str:
    return ", ".join(
        f"{name} {score}" for name, score in zip(game.players, game.final_scores(), strict=True)
    )


def format_turn(game: Game, index: int, turn: Turn) -> str:
    name = game.players[turn.player]
    if turn.action is Action.PLAY:
        assert turn.move is not None
        action = f"{format_move(turn.move)} +{turn.points}"
    elif turn.action is Action.EXCHANGE:
        action = f"exchange {tile_label(turn.tile or '')}"
    elif turn.action is Action.RESIGN:
        action = "resign"
    else:
        action = "timeout" if turn.timed_out else "pass"
    return f"{index}. {name}: {_rack(turn.rack)} {action} = {turn.total}"


def format_record(game: Game) -> str:
    """The record of `game` so far (`parse_record` + `replay` give the same state)."""
    lines = [
        HEADER,
        f"seed: {game.seed}",
        f"ruleset: {game.ruleset.name}",
        f"dictionary: {game.dictionary}",
        f"players: {', '.join(game.players)}",
        f"start: {game.players[game.starter]}",
    ]
    if game.scoreless_limit is not None:
        lines.append(f"scoreless_limit: {game.scoreless_limit}")
    if game.ruleset.exchange_is_pass != get_ruleset(game.ruleset.name).exchange_is_pass:
        lines.append(f"exchange_is_pass: {yes_no(game.ruleset.exchange_is_pass)}")
    lines.extend(format_turn(game, i, turn) for i, turn in enumerate(game.turns, start=1))
    if game.end_reason is not None:
        lines.append(f"end: {game.end_reason.value}")
        lines.append(f"final: {_final_text(game)}")
    return "\n".join(lines) + "\n"
