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
from dataclasses import dataclass

from motamot.boggle.grid import Grid, GridError, parse_grid
from motamot.boggle.match import MatchError, MatchFormat, Standing, standing
from motamot.boggle.round import Entry, RoundResult, Sheet, judge_round
from motamot.boggle.rules import DEFAULT_PRESET, PRESETS, get_preset
from motamot.lexicon import Lexicon

HEADER = "# motamot boggle record"
_FORBIDDEN_IN_NAMES = frozenset(',:\n\r"#')


#: What can be wrong with a record, as English templates (interfaces translate the codes).
RECORD_ERRORS = {
    "bad_player_name": 'invalid player name {name!r} (no , : " # or surrounding blanks)',
    "not_a_player": "{player!r} is not among the players",
    "word_before_grid": "a word before any grid",
    "bad_grid": "{detail}",
    "key_before_round": "{key!r} before any round",
    "header_after_round": "{key!r} must come before the first round",
    "unknown_line": "unknown line {text!r}",
    "no_round": "no round in the record (a 'grid:' line is missing)",
    "no_player": "no player in the record",
    "duplicate_player": "two players have the same name",
    "unknown_preset": "unknown preset {name!r} (known: {known})",
    "round_without_grid": "round without a grid",
    "grid_size": "a {size}x{size} grid in a {preset} record",
    "not_key_value": "cannot read {text!r} (expected 'key: value' or 'TIME PLAYER: WORD')",
    "not_whole_number": "{what} {value!r} is not a whole number",
    "bad_time": "time {value!r} is not a finite number of seconds >= 0",
    "bad_entry": "cannot read {text!r} (expected 'TIME PLAYER: WORD')",
    "bad_quote": "badly quoted word {text!r}",
    "tie_without_match": "'tie' without a 'match' line",
    "bad_tie": "tie {value!r}: 'shared' or 'extra round'",
    "bad_match": "match {value!r}: expected 'rounds N' or 'target N'",
    "match_error": "{detail}",
}


class RecordError(ValueError):
    """A record that cannot be read: a reason code (RECORD_ERRORS), its fields and
    the line at fault; `grid_error` when the fault is in a grid."""

    def __init__(
        self,
        reason: str,
        line: int | None = None,
        *,
        grid_error: GridError | None = None,
        **fields: object,
    ) -> None:
        message = RECORD_ERRORS[reason].format(**fields)
        super().__init__(f"line {line}: {message}" if line is not None else message)
        self.reason = reason
        self.line = line
        self.grid_error = grid_error
        self.fields = fields


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
    if not _fit_name(name):
        raise RecordError("bad_player_name", name=name)
    return name


def _fit_name(name: str) -> bool:
    return bool(name) and name == name.strip() and not any(c in _FORBIDDEN_IN_NAMES for c in name)


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
                raise RecordError("not_a_player", player=sheet.player)
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
                raise RecordError("word_before_grid", number)
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
                raise RecordError("bad_grid", number, grid_error=error, detail=error) from None
        elif key in ("seed", "deadline"):
            if not rounds:
                raise RecordError("key_before_round", number, key=key)
            if key == "seed":
                rounds[-1].seed = _parse_int(value, number, "seed")
            else:
                rounds[-1].deadline = (
                    None if value.lower() in ("none", "-") else _parse_time(value, number)
                )
        elif key == "players":
            players = [name.strip() for name in value.split(",") if name.strip()]
            for name in players:
                if not _fit_name(name):
                    raise RecordError("bad_player_name", number, name=name)
        elif key in ("preset", "dictionary", "match", "tie"):
            if rounds:
                raise RecordError("header_after_round", number, key=key)
            header[key] = value
        else:
            raise RecordError("unknown_line", number, text=line)
    if not rounds:
        raise RecordError("no_round")
    if players is None:
        players = seen_players
    if not players:
        raise RecordError("no_player")
    if len(set(players)) != len(players):
        raise RecordError("duplicate_player")
    preset = header.get("preset", DEFAULT_PRESET)
    try:
        rules = get_preset(preset)
    except ValueError:
        raise RecordError("unknown_preset", name=preset, known=", ".join(PRESETS)) from None
    match = _parse_match(header.get("match"), header.get("tie"))
    built: list[RoundRecord] = []
    for builder in rounds:
        if builder.grid is None:
            raise RecordError("round_without_grid", builder.line)
        if builder.grid.size != rules.size:
            raise RecordError("grid_size", builder.line, size=builder.grid.size, preset=preset)
        for player in builder.entries:
            if player not in players:
                raise RecordError("not_a_player", builder.line, player=player)
        sheets = tuple(Sheet(p, tuple(builder.entries.get(p, ()))) for p in players)
        built.append(RoundRecord(builder.grid, builder.deadline, sheets, builder.seed))
    return GameRecord(preset, header.get("dictionary", "fr"), tuple(players), tuple(built), match)


def _split_key(line: str, number: int) -> tuple[str, str]:
    for separator in (":", "="):
        key, found, value = line.partition(separator)
        if found and key.strip():
            return key.strip().lower(), value.strip()
    raise RecordError("not_key_value", number, text=line)


def _parse_int(value: str, number: int, what: str) -> int:
    try:
        return int(value)
    except ValueError:
        raise RecordError("not_whole_number", number, what=what, value=value) from None


def _parse_time(value: str, number: int) -> float:
    try:
        at = float(value.replace(",", "."))
    except ValueError:
        raise RecordError("bad_time", number, value=value) from None
    if not at >= 0 or at == float("inf"):
        raise RecordError("bad_time", number, value=value)
    return at


def _parse_entry(line: str, number: int) -> tuple[str, Entry]:
    time_text, _, rest = line.partition(" ")
    player, found, word = rest.partition(":")
    player = player.strip()
    if not found or not player:
        raise RecordError("bad_entry", number, text=line)
    at = _parse_time(time_text, number)
    word = word.strip()
    if word.startswith('"'):
        try:
            decoded = json.loads(word)
        except json.JSONDecodeError:
            raise RecordError("bad_quote", number, text=word) from None
        if not isinstance(decoded, str):
            raise RecordError("bad_quote", number, text=word)
        word = decoded
    else:
        word = word.split(" #", 1)[0].strip()
    return player, Entry(word, at)


def _parse_match(value: str | None, tie: str | None) -> MatchFormat | None:
    if value is None:
        if tie is not None:
            raise RecordError("tie_without_match")
        return None
    kind, _, amount = value.partition(" ")
    extra = True
    if tie is not None:
        if tie.lower() not in ("shared", "extra round", "extra-round"):
            raise RecordError("bad_tie", value=tie)
        extra = tie.lower() != "shared"
    try:
        count = int(amount.strip())
        if kind.lower() == "rounds":
            return MatchFormat(rounds=count, extra_round_on_tie=extra)
        if kind.lower() == "target":
            return MatchFormat(target=count, extra_round_on_tie=extra)
    except (ValueError, MatchError):
        pass
    raise RecordError("bad_match", value=value)


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
            raise RecordError("match_error", detail=error) from None
    return Replay(results, match_standing)
