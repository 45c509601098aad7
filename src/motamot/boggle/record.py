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

A setting that differs from the preset is kept in the header, so the record
replays to the same end: `min length: 4`, `duration: 90` (a round without a
`deadline` line takes it; without it, the preset's, B10) and `penalty: 1`
(points off per invalid word, B12), `word at deadline counts: no` (B10).

Replaying it judges every round again (same grid, rules, dictionary, words
and times), so it gives the same result. The parser forgives blank lines,
`#` comments, `=` for `:`, any case in keys, a missing `round` line before
the first grid and a missing `players` line; anything else is a RecordError
with the line number. Lines are split on `\n` only, every line is read in
linear time and a record names at most `MAX_PLAYERS` players.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import ClassVar

from motamot.boggle.grid import Grid, GridError, parse_grid
from motamot.boggle.match import MAX_ROUNDS, MatchError, MatchFormat, Standing, standing
from motamot.boggle.round import Entry, RoundResult, Sheet, judge_round
from motamot.boggle.rules import DEFAULT_PRESET, PRESETS, BoggleRules, get_preset
from motamot.errors import CodedError
from motamot.lexicon import Lexicon
from motamot.names import PlayerNameError, check_name, name_key
from motamot.seeds import MAX_SEED_DIGITS
from motamot.yes_no import parse_yes_no, yes_no

HEADER = "# motamot boggle record"
#: What the record syntax reserves in player names (`players: a, b`, `12 a: word`).
RESERVED_IN_NAMES = ',:"#'
#: Most players a record may name (a table seats far fewer).
MAX_PLAYERS = 64
#: Most words one sheet of a round may hold: a person writes fewer than 200 in three
#: minutes, a computer player fewer than 500 on any grid a preset rolls.
MAX_SHEET_ENTRIES = 1_000
#: Most words a whole record may hold (with MAX_ROUNDS, what bounds a replay's memory).
MAX_ENTRIES = 100_000
#: Bounds of the settings a record may change (a word longer than any grid allows is pointless).
MAX_MIN_LENGTH = 100
MAX_DURATION = 86_400.0
MAX_PENALTY = 1_000


class RecordError(CodedError, ValueError):
    """A record that cannot be read or written; the message names the line at fault.

    `error` in the fields is the grid, name or match error the line ran into.
    """

    TEMPLATES: ClassVar[dict[str, str]] = {
        "bad_player_name": "line {line}: {error}",
        "unrecordable_name": "this player cannot be recorded: {error}",
        "too_many_players": "line {line}: {count} players, a record names at most {limit}",
        "too_many_rounds": "line {line}: more than {limit} rounds, a record holds at most {limit}",
        "too_many_entries": "line {line}: more than {limit} words for {player!r} in one round",
        "too_many_words": "line {line}: more than {limit} words, a record holds at most {limit}",
        "not_a_player": "line {line}: {player!r} is not among the players",
        "sheet_not_a_player": "round {round}: {player!r} is not among the players",
        "word_before_grid": "line {line}: a word before any grid",
        "bad_grid": "line {line}: {error}",
        "key_before_round": "line {line}: {key!r} before any round",
        "header_after_round": "line {line}: {key!r} must come before the first round",
        "unknown_line": "line {line}: unknown line {text!r}",
        "no_round": "no round in the record (a 'grid:' line is missing)",
        "no_player": "no player in the record",
        "duplicate_player": "two players have the same name",
        "unknown_preset": "unknown preset {name!r} (known: {known})",
        "round_without_grid": "line {line}: round without a grid",
        "grid_size": "line {line}: a {size}x{size} grid in a {preset} record",
        "not_key_value": "line {line}: cannot read {text!r} "
        "(expected 'key: value' or 'TIME PLAYER: WORD')",
        "not_whole_number": "line {line}: {what} {value!r} is not a whole number",
        "bad_time": "line {line}: time {value!r} is not a finite number of seconds >= 0",
        "bad_entry": "line {line}: cannot read {text!r} (expected 'TIME PLAYER: WORD')",
        "bad_quote": "line {line}: badly quoted word {text!r}",
        "tie_without_match": "'tie' without a 'match' line",
        "bad_tie": "tie {value!r}: 'shared' or 'extra round'",
        "bad_match": "match {value!r}: expected 'rounds N' (N at most {limit}) or 'target N'",
        "match_error": "match: {error}",
        "bad_min_length": "line {line}: min length {value!r}: a whole number from 1 to {limit}",
        "bad_duration": "line {line}: duration {value!r}: "
        "a number of seconds > 0 and at most {limit}",
        "bad_penalty": "line {line}: penalty {value!r}: a whole number of points from 0 to {limit}",
        "bad_yes_no": "line {line}: {key} {value!r}: yes or no",
    }

    @property
    def line(self) -> int | None:
        """The line at fault, when the error comes from reading one."""
        line = self.fields.get("line")
        return line if isinstance(line, int) else None


@dataclass(frozen=True)
class RoundRecord:
    """One round: the grid, the deadline and each player's sheet."""

    grid: Grid
    deadline: float | None
    sheets: tuple[Sheet, ...]
    seed: int | None = None


@dataclass(frozen=True)
class GameRecord:
    """A single round (`match` None) or a match; settings None are the preset's."""

    preset: str
    dictionary: str
    players: tuple[str, ...]
    rounds: tuple[RoundRecord, ...]
    match: MatchFormat | None = None
    min_length: int | None = None
    #: Seconds per round: the deadline of a round whose record gives none (B10).
    duration: float | None = None
    #: B12 variant: points taken off per invalid word.
    invalid_penalty: int | None = None
    #: B10 [choice]: whether a word written exactly at the deadline counts.
    word_at_deadline_counts: bool | None = None

    @property
    def rules(self) -> BoggleRules:
        """The preset with the record's settings."""
        rules = get_preset(self.preset)
        if self.min_length is not None:
            rules = replace(rules, min_length=self.min_length)
        if self.invalid_penalty is not None:
            rules = replace(rules, invalid_penalty=self.invalid_penalty)
        if self.word_at_deadline_counts is not None:
            rules = replace(rules, word_at_deadline_counts=self.word_at_deadline_counts)
        return rules


def record_of(
    rules: BoggleRules,
    duration: float,
    dictionary: str,
    players: tuple[str, ...],
    rounds: tuple[RoundRecord, ...],
    match: MatchFormat | None,
) -> GameRecord:
    """The record of rounds played with `rules` (a preset, maybe with changed settings)
    and `duration`: the settings that differ from the preset are kept."""
    preset = get_preset(rules.name)
    return GameRecord(
        rules.name,
        dictionary,
        players,
        rounds,
        match,
        min_length=rules.min_length if rules.min_length != preset.min_length else None,
        duration=duration if duration != preset.duration_seconds else None,
        invalid_penalty=(
            rules.invalid_penalty if rules.invalid_penalty != preset.invalid_penalty else None
        ),
        word_at_deadline_counts=(
            rules.word_at_deadline_counts
            if rules.word_at_deadline_counts != preset.word_at_deadline_counts
            else None
        ),
    )


@dataclass(frozen=True)
class Replay:
    """The outcome of a record: each round's result and, for a match, the standing."""

    rounds: tuple[RoundResult, ...]
    standing: Standing | None


def check_player_name(name: str, line: int) -> str:
    """A player name fit for a record (`motamot.names.check_name`, and none of `,:"#`)."""
    try:
        return check_name(name, RESERVED_IN_NAMES)
    except PlayerNameError as error:
        raise RecordError("bad_player_name", line=line, name=name, error=error) from None


def _format_time(at: float) -> str:
    return str(int(at)) if float(at).is_integer() else repr(float(at))


def _format_text(text: str) -> str:
    """A word as written, or quoted as JSON when reading it plain would change it."""
    plain = (
        text
        and text == text.strip()
        and text.isprintable()
        and not text.startswith(('"', "#"))
        and " #" not in text
    )
    return text if plain else json.dumps(text, ensure_ascii=False)


def _excerpt(text: str, limit: int = 60) -> str:
    """The start of an over-long text, for a message."""
    return text if len(text) <= limit else text[:limit] + "…"


def _header_lines(record: GameRecord) -> list[str]:
    for name in record.players:
        try:
            check_name(name, RESERVED_IN_NAMES)
        except PlayerNameError as error:
            raise RecordError("unrecordable_name", name=name, error=error) from None
    lines = [
        HEADER,
        f"preset: {record.preset}",
        f"dictionary: {record.dictionary}",
        f"players: {', '.join(record.players)}",
    ]
    if record.min_length is not None:
        lines.append(f"min length: {record.min_length}")
    if record.duration is not None:
        lines.append(f"duration: {_format_time(record.duration)}")
    if record.invalid_penalty is not None:
        lines.append(f"penalty: {record.invalid_penalty}")
    if record.word_at_deadline_counts is not None:
        lines.append(f"word at deadline counts: {yes_no(record.word_at_deadline_counts)}")
    if record.match is not None:
        lines.append(f"match: {record.match.text}")
        if not record.match.extra_round_on_tie:
            lines.append("tie: shared")
    return lines


def format_record(record: GameRecord) -> str:
    """The text of a record (parse_record gives it back)."""
    lines = _header_lines(record)
    for number, game_round in enumerate(record.rounds, 1):
        lines += ["", f"round {number}", f"grid: {game_round.grid.text}"]
        if game_round.seed is not None:
            lines.append(f"seed: {game_round.seed}")
        deadline = "none" if game_round.deadline is None else _format_time(game_round.deadline)
        lines.append(f"deadline: {deadline}")
        for sheet in game_round.sheets:
            if sheet.player not in record.players:
                raise RecordError("sheet_not_a_player", round=number, player=sheet.player)
            for entry in sheet.entries:
                lines.append(f"{_format_time(entry.at)} {sheet.player}: {_format_text(entry.text)}")
    return "\n".join(lines) + "\n"


class _RoundBuilder:
    def __init__(self, line: int) -> None:
        self.line = line
        self.grid: Grid | None = None
        self.seed: int | None = None
        self.deadline: float | None = None
        self.deadline_given = False
        self.entries: dict[str, list[Entry]] = {}


#: Header keys as written (any case, `_` or `-` for a blank) → their meaning.
_HEADER_KEYS = {
    "preset": "preset",
    "dictionary": "dictionary",
    "match": "match",
    "tie": "tie",
    "min length": "min_length",
    "duration": "duration",
    "penalty": "penalty",
    "word at deadline counts": "word_at_deadline_counts",
}


class _Reader:
    """What `parse_record` has read so far, one line at a time, within the bounds."""

    def __init__(self) -> None:
        self.header: dict[str, tuple[int, str]] = {}
        self.players: list[str] | None = None
        self.seen_players: dict[str, int] = {}  # name → first line, in order of appearance
        self.rounds: list[_RoundBuilder] = []
        self.entries = 0

    def read(self, number: int, line: str) -> None:
        lowered = line.lower()
        if lowered == "round" or (lowered.startswith("round") and lowered[5:6].isspace()):
            self._new_round(number)
        elif line[0].isdigit() or line[0] in "+-.":
            self._entry(number, line)
        else:
            key, value = _split_key(line.split("#", 1)[0].strip(), number)
            self._key(number, key, value, line)

    def _new_round(self, number: int) -> None:
        if len(self.rounds) >= MAX_ROUNDS:
            raise RecordError("too_many_rounds", line=number, limit=MAX_ROUNDS)
        self.rounds.append(_RoundBuilder(number))

    def _entry(self, number: int, line: str) -> None:
        if not self.rounds:
            raise RecordError("word_before_grid", line=number)
        player, entry = _parse_entry(line, number)
        sheet = self.rounds[-1].entries.setdefault(player, [])
        if len(sheet) >= MAX_SHEET_ENTRIES:
            raise RecordError(
                "too_many_entries", line=number, player=_excerpt(player), limit=MAX_SHEET_ENTRIES
            )
        if self.entries >= MAX_ENTRIES:
            raise RecordError("too_many_words", line=number, limit=MAX_ENTRIES)
        if player not in self.seen_players:
            if self.players is None and len(self.seen_players) >= MAX_PLAYERS:
                count = len(self.seen_players) + 1
                raise RecordError("too_many_players", line=number, count=count, limit=MAX_PLAYERS)
            self.seen_players[player] = number
        sheet.append(entry)
        self.entries += 1

    def _key(self, number: int, key: str, value: str, line: str) -> None:
        if key == "grid":
            if not self.rounds or self.rounds[-1].grid is not None:
                self._new_round(number)
            try:
                self.rounds[-1].grid = parse_grid(value)
            except GridError as error:
                raise RecordError("bad_grid", line=number, error=error) from None
        elif key in ("seed", "deadline"):
            if not self.rounds:
                raise RecordError("key_before_round", line=number, key=key)
            if key == "seed":
                self.rounds[-1].seed = _parse_int(value, number, "seed")
            else:
                self.rounds[-1].deadline_given = True
                none = value.lower() in ("none", "-")
                self.rounds[-1].deadline = None if none else _parse_time(value, number)
        elif key == "players":
            players = [name.strip() for name in value.split(",") if name.strip()]
            if len(players) > MAX_PLAYERS:
                raise RecordError(
                    "too_many_players", line=number, count=len(players), limit=MAX_PLAYERS
                )
            self.players = [check_player_name(name, number) for name in players]
        elif (meaning := _HEADER_KEYS.get(key.replace("_", " ").replace("-", " "))) is not None:
            if self.rounds:
                raise RecordError("header_after_round", line=number, key=key)
            self.header[meaning] = (number, value)
        else:
            raise RecordError("unknown_line", line=number, text=_excerpt(line))

    def seated(self) -> list[str]:
        """The players: the `players` line's, or else everyone who wrote a word."""
        if self.players is not None:
            players = self.players
        else:
            players = [check_player_name(n, line) for n, line in self.seen_players.items()]
        if not players:
            raise RecordError("no_player")
        if len({name_key(name) for name in players}) != len(players):
            raise RecordError("duplicate_player")
        return players


def parse_record(text: str) -> GameRecord:
    """Read a record; RecordError (with the line number) on anything it cannot make out."""
    reader = _Reader()
    for number, raw in enumerate(text.split("\n"), 1):
        line = raw.strip()
        if line and not line.startswith("#"):
            reader.read(number, line)
    if not reader.rounds:
        raise RecordError("no_round")
    players = reader.seated()
    header = reader.header
    preset = header.get("preset", (0, DEFAULT_PRESET))[1]
    try:
        rules = get_preset(preset)
    except ValueError:
        name = _excerpt(preset)
        raise RecordError("unknown_preset", name=name, known=", ".join(PRESETS)) from None
    match = _parse_match(_value(header, "match"), _value(header, "tie"))
    settings = _Settings(header)
    duration = settings.duration if settings.duration is not None else rules.duration_seconds
    return GameRecord(
        preset,
        _value(header, "dictionary") or "fr",
        tuple(players),
        tuple(_built(builder, rules, players, duration) for builder in reader.rounds),
        match,
        min_length=settings.min_length,
        duration=settings.duration,
        invalid_penalty=settings.invalid_penalty,
        word_at_deadline_counts=settings.word_at_deadline_counts,
    )


def _built(
    builder: _RoundBuilder, rules: BoggleRules, players: list[str], duration: float
) -> RoundRecord:
    """One round as read, checked against the preset and the players."""
    if builder.grid is None:
        raise RecordError("round_without_grid", line=builder.line)
    if builder.grid.size != rules.size:
        size = builder.grid.size
        raise RecordError("grid_size", line=builder.line, size=size, preset=rules.name)
    for player in builder.entries:
        if player not in players:
            raise RecordError("not_a_player", line=builder.line, player=_excerpt(player))
    sheets = tuple(Sheet(p, tuple(builder.entries.get(p, ()))) for p in players)
    deadline = builder.deadline if builder.deadline_given else float(duration)  # B10
    return RoundRecord(builder.grid, deadline, sheets, builder.seed)


def _value(header: dict[str, tuple[int, str]], key: str) -> str | None:
    return header[key][1] if key in header else None


class _Settings:
    """The header's `min length`, `duration` and `penalty`, checked (None: the preset's)."""

    def __init__(self, header: dict[str, tuple[int, str]]) -> None:
        self.min_length: int | None = None
        self.invalid_penalty: int | None = None
        self.word_at_deadline_counts: bool | None = None
        if "word_at_deadline_counts" in header:
            line, value = header["word_at_deadline_counts"]
            self.word_at_deadline_counts = parse_yes_no(value)
            if self.word_at_deadline_counts is None:
                key = "word at deadline counts"
                raise RecordError("bad_yes_no", line=line, key=key, value=_excerpt(value))
        self.duration: float | None = None
        if "min_length" in header:
            line, value = header["min_length"]
            self.min_length = _bounded_int(value, line, 1, MAX_MIN_LENGTH, "bad_min_length")
        if "penalty" in header:
            line, value = header["penalty"]
            self.invalid_penalty = _bounded_int(value, line, 0, MAX_PENALTY, "bad_penalty")
        if "duration" in header:
            line, value = header["duration"]
            try:
                seconds = float(value.replace(",", "."))
            except ValueError:
                seconds = float("nan")
            if not 0 < seconds <= MAX_DURATION:
                value = _excerpt(value)
                raise RecordError("bad_duration", line=line, value=value, limit=MAX_DURATION)
            self.duration = seconds


def _bounded_int(value: str, line: int, low: int, high: int, code: str) -> int:
    digits = value.strip()
    if not (
        digits.isascii() and digits.isdigit() and len(digits) <= 9 and low <= int(digits) <= high
    ):
        raise RecordError(code, line=line, value=_excerpt(value), limit=high)
    return int(digits)


def _split_key(line: str, number: int) -> tuple[str, str]:
    for separator in (":", "="):
        key, found, value = line.partition(separator)
        if found and key.strip():
            return key.strip().lower(), value.strip()
    raise RecordError("not_key_value", line=number, text=_excerpt(line))


def _parse_int(value: str, number: int, what: str) -> int:
    digits = value[1:] if value[:1] in ("-", "+") else value
    if not (digits.isascii() and digits.isdigit() and len(digits) <= MAX_SEED_DIGITS):
        raise RecordError("not_whole_number", line=number, what=what, value=_excerpt(value))
    return int(value)


def _parse_time(value: str, number: int) -> float:
    try:
        at = float(value.replace(",", "."))
    except ValueError:
        raise RecordError("bad_time", line=number, value=_excerpt(value)) from None
    if not at >= 0 or at == float("inf"):
        raise RecordError("bad_time", line=number, value=_excerpt(value))
    return at


def _parse_entry(line: str, number: int) -> tuple[str, Entry]:
    time_text, _, rest = line.partition(" ")
    player, found, word = rest.partition(":")
    player = player.strip()
    if not found or not player:
        raise RecordError("bad_entry", line=number, text=_excerpt(line))
    at = _parse_time(time_text, number)
    word = word.strip()
    if word.startswith('"'):
        try:
            decoded = json.loads(word)
        except json.JSONDecodeError:
            raise RecordError("bad_quote", line=number, text=_excerpt(word)) from None
        if not isinstance(decoded, str) or not _encodable(decoded):
            raise RecordError("bad_quote", line=number, text=_excerpt(word))
        word = decoded
    else:
        word = word.split(" #", 1)[0].strip()
    return player, Entry(word, at)


def _encodable(text: str) -> bool:
    """Whether `text` can be saved as UTF-8 (JSON may decode to a lone surrogate)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _parse_match(value: str | None, tie: str | None) -> MatchFormat | None:
    if value is None:
        if tie is not None:
            raise RecordError("tie_without_match")
        return None
    kind, _, amount = value.partition(" ")
    extra = True
    if tie is not None:
        if tie.lower() not in ("shared", "extra round", "extra-round"):
            raise RecordError("bad_tie", value=_excerpt(tie))
        extra = tie.lower() != "shared"
    try:
        count = int(amount.strip())
        if kind.lower() == "rounds":
            return MatchFormat(rounds=count, extra_round_on_tie=extra)
        if kind.lower() == "target":
            return MatchFormat(target=count, extra_round_on_tie=extra)
    except (ValueError, MatchError):
        pass
    raise RecordError("bad_match", value=_excerpt(value), limit=MAX_ROUNDS)


def replay(record: GameRecord, lexicon: Lexicon) -> Replay:
    """Judge every round of a record again, and the match standing when there is one."""
    rules = record.rules
    results = tuple(
        judge_round(r.grid, rules, lexicon, r.sheets, r.deadline) for r in record.rounds
    )
    match_standing = None
    if record.match is not None:
        try:
            match_standing = standing(record.match, record.players, results)
        except MatchError as error:
            raise RecordError("match_error", error=error) from None
    return Replay(results, match_standing)
