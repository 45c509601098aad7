"""The text record of a round or a match: what is saved, shared, replayed, tested.

    # motamot boggle record
    preset: classic-fr
    dictionary: fr
    players: ana, bob
    match: rounds 3            (or `target 50`; no line: a single round)

    round 1
    grid: ORTE/BEST/INAM/GTED
    seed: 42                   (optional: the seed the grid was rolled from)
    deadline: 180              (seconds; `none` for no deadline)
    12.5 ana: manies
    14 bob: "santé "           (quoted as JSON when blanks or quotes matter)

Replaying it judges every round again (same grid, rules, dictionary, words
and times), so it gives the same result. The parser forgives blank lines,
`#` comments, `=` for `:`, any case in keys, a missing `round` line before
the first grid and a missing `players` line; anything else is a RecordError
with the line number.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from motamot.boggle.grid import Grid, GridError, parse_grid
from motamot.boggle.match import MatchError, MatchFormat, Standing, standing
from motamot.boggle.round import Entry, RoundResult, Sheet, judge_round
from motamot.boggle.rules import DEFAULT_PRESET, get_preset
from motamot.lexicon import Lexicon

HEADER = "# motamot boggle record"
_FORBIDDEN_IN_NAMES = frozenset(',:\n\r"#')


class RecordError(ValueError):
    """A record that cannot be read, with the line at fault."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(f"line {line}: {message}" if line is not None else message)
        self.line = line


@dataclass(frozen=True)
class RoundRecord:
    """One round: the grid, the deadline and each player's sheet."""

    grid: Grid
    deadline: float | None
    sheets: tuple[Sheet, ...]
    seed: int | None = None


@dataclass(frozen=True)
class GameRecord:
    """A single round (`match` None) or a match."""

    preset: str
    dictionary: str
    players: tuple[str, ...]
    rounds: tuple[RoundRecord, ...]
    match: MatchFormat | None = None


@dataclass(frozen=True)
class Replay:
    """The outcome of a record: each round's result and, for a match, the standing."""

    rounds: tuple[RoundResult, ...]
    standing: Standing | None


def check_player_name(name: str) -> str:
    """A player name fit for a record: not empty, no `,` `:` `"` `#` or line break."""
    if not name or name != name.strip() or any(c in _FORBIDDEN_IN_NAMES for c in name):
        raise RecordError(f'invalid player name {name!r} (no , : " # or surrounding blanks)')
    return name


def _format_time(at: float) -> str:
    return str(int(at)) if float(at).is_integer() else repr(float(at))


def _format_text(text: str) -> str:
    plain = (
        text
        and text == text.strip()
        and not text.startswith(('"', "#"))
        and "\n" not in text
        and "\r" not in text
    )
    return text if plain else json.dumps(text, ensure_ascii=False)


def format_record(record: GameRecord) -> str:
    """The text of a record (parse_record gives it back)."""
    for name in record.players:
        check_player_name(name)
    lines = [
        HEADER,
        f"preset: {record.preset}",
        f"dictionary: {record.dictionary}",
        f"players: {', '.join(record.players)}",
    ]
    if record.match is not None:
        lines.append(f"match: {record.match.text}")
        if not record.match.extra_round_on_tie:
            lines.append("tie: shared")
    for number, game_round in enumerate(record.rounds, 1):
        lines += ["", f"round {number}", f"grid: {game_round.grid.text}"]
        if game_round.seed is not None:
            lines.append(f"seed: {game_round.seed}")
        deadline = "none" if game_round.deadline is None else _format_time(game_round.deadline)
        lines.append(f"deadline: {deadline}")
        for sheet in game_round.sheets:
            if sheet.player not in record.players:
                raise RecordError(f"round {number}: {sheet.player!r} is not among the players")
            for entry in sheet.entries:
                lines.append(f"{_format_time(entry.at)} {sheet.player}: {_format_text(entry.text)}")
    return "\n".join(lines) + "\n"


class _RoundBuilder:
    def __init__(self, line: int) -> None:
        self.line = line
        self.grid: Grid | None = None
        self.seed: int | None = None
        self.deadline: float | None = None
        self.entries: dict[str, list[Entry]] = {}


def parse_record(text: str) -> GameRecord:
    """Read a record; RecordError (with the line number) on anything it cannot make out."""
    header: dict[str, str] = {}
    players: list[str] | None = None
    seen_players: list[str] = []
    rounds: list[_RoundBuilder] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        lowered = line.lower()
        if lowered == "round" or (lowered.startswith("round") and lowered[5:6].isspace()):
            rounds.append(_RoundBuilder(number))
            continue
        if line[0].isdigit() or line[0] in "+-.":
            if not rounds:
                raise RecordError("a word before any grid", number)
            player, entry = _parse_entry(line, number)
            rounds[-1].entries.setdefault(player, []).append(entry)
            if player not in seen_players:
                seen_players.append(player)
            continue
        key, value = _split_key(line.split("#", 1)[0].strip(), number)
        if key == "grid":
            if not rounds or rounds[-1].grid is not None:
                rounds.append(_RoundBuilder(number))
            try:
                rounds[-1].grid = parse_grid(value)
            except GridError as error:
                raise RecordError(str(error), number) from None
        elif key in ("seed", "deadline"):
            if not rounds:
                raise RecordError(f"{key!r} before any round", number)
            if key == "seed":
                rounds[-1].seed = _parse_int(value, number, "seed")
            else:
                rounds[-1].deadline = (
                    None if value.lower() in ("none", "-") else _parse_time(value, number)
                )
        elif key == "players":
            players = [name.strip() for name in value.split(",") if name.strip()]
            try:
                for name in players:
                    check_player_name(name)
            except RecordError as error:
                raise RecordError(str(error), number) from None
        elif key in ("preset", "dictionary", "match", "tie"):
            if rounds:
                raise RecordError(f"{key!r} must come before the first round", number)
            header[key] = value
        else:
            raise RecordError(f"unknown line {line!r}", number)
    if not rounds:
        raise RecordError("no round in the record (a 'grid:' line is missing)")
    if players is None:
        players = seen_players
    if not players:
        raise RecordError("no player in the record")
    if len(set(players)) != len(players):
        raise RecordError("two players have the same name")
    preset = header.get("preset", DEFAULT_PRESET)
    try:
        rules = get_preset(preset)
    except ValueError as error:
        raise RecordError(str(error)) from None
    match = _parse_match(header.get("match"), header.get("tie"))
    built: list[RoundRecord] = []
    for builder in rounds:
        if builder.grid is None:
            raise RecordError("round without a grid", builder.line)
        if builder.grid.size != rules.size:
            raise RecordError(
                f"a {builder.grid.size}x{builder.grid.size} grid in a {preset} record", builder.line
            )
        for player in builder.entries:
            if player not in players:
                raise RecordError(f"{player!r} is not among the players", builder.line)
        sheets = tuple(Sheet(p, tuple(builder.entries.get(p, ()))) for p in players)
        built.append(RoundRecord(builder.grid, builder.deadline, sheets, builder.seed))
    return GameRecord(preset, header.get("dictionary", "fr"), tuple(players), tuple(built), match)


def _split_key(line: str, number: int) -> tuple[str, str]:
    for separator in (":", "="):
        key, found, value = line.partition(separator)
        if found and key.strip():
            return key.strip().lower(), value.strip()
    raise RecordError(
        f"cannot read {line!r} (expected 'key: value' or 'TIME PLAYER: WORD')", number
    )


def _parse_int(value: str, number: int, what: str) -> int:
    try:
        return int(value)
    except ValueError:
        raise RecordError(f"{what} {value!r} is not a whole number", number) from None


def _parse_time(value: str, number: int) -> float:
    try:
        at = float(value.replace(",", "."))
    except ValueError:
        raise RecordError(f"time {value!r} is not a number of seconds", number) from None
    if not at >= 0 or at == float("inf"):
        raise RecordError(f"time {value!r} must be a finite number of seconds >= 0", number)
    return at


def _parse_entry(line: str, number: int) -> tuple[str, Entry]:
    time_text, _, rest = line.partition(" ")
    player, found, word = rest.partition(":")
    player = player.strip()
    if not found or not player:
        raise RecordError(f"cannot read {line!r} (expected 'TIME PLAYER: WORD')", number)
    at = _parse_time(time_text, number)
    word = word.strip()
    if word.startswith('"'):
        try:
            decoded = json.loads(word)
        except json.JSONDecodeError:
            raise RecordError(f"badly quoted word {word!r}", number) from None
        if not isinstance(decoded, str):
            raise RecordError(f"badly quoted word {word!r}", number)
        word = decoded
    else:
        word = word.split(" #", 1)[0].strip()
    return player, Entry(word, at)


def _parse_match(value: str | None, tie: str | None) -> MatchFormat | None:
    if value is None:
        if tie is not None:
            raise RecordError("'tie' without a 'match' line")
        return None
    kind, _, amount = value.partition(" ")
    extra = True
    if tie is not None:
        if tie.lower() not in ("shared", "extra round", "extra-round"):
            raise RecordError(f"tie {tie!r}: 'shared' or 'extra round'")
        extra = tie.lower() != "shared"
    try:
        count = int(amount.strip())
        if kind.lower() == "rounds":
            return MatchFormat(rounds=count, extra_round_on_tie=extra)
        if kind.lower() == "target":
            return MatchFormat(target=count, extra_round_on_tie=extra)
    except (ValueError, MatchError):
        pass
    raise RecordError(f"match {value!r}: expected 'rounds N' or 'target N'")


def replay(record: GameRecord, lexicon: Lexicon) -> Replay:
    """Judge every round of a record again, and the match standing when there is one."""
    rules = get_preset(record.preset)
    results = tuple(
        judge_round(r.grid, rules, lexicon, r.sheets, r.deadline) for r in record.rounds
    )
    match_standing = None
    if record.match is not None:
        try:
            match_standing = standing(record.match, record.players, results)
        except MatchError as error:
            raise RecordError(str(error)) from None
    return Replay(results, match_standing)


def round_record(
    grid: Grid, sheets: Sequence[Sheet], deadline: float | None, seed: int | None = None
) -> RoundRecord:
    """A RoundRecord from what a round was played with."""
    return RoundRecord(grid, deadline, tuple(sheets), seed)
