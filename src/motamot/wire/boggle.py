"""The JSON shapes of Boggle results, shared by the terminal, the rooms and the browser.

Each shape is a declared msgspec Struct (so docs/protocol.md lists its fields); the
`*_json` functions give its plain JSON values. These are contracts (`boggle replay
--json`): extend, never reshape.
"""

from __future__ import annotations

from typing import Annotated, Any, cast

import msgspec
from msgspec import UNSET, UnsetType

from motamot.boggle.grid import Cell
from motamot.boggle.record import Replay
from motamot.boggle.round import JudgedEntry, RoundResult
from motamot.boggle.solve import SolvedWord

#: A die's place in the grid: [row, column], from 0.
CellJson = Annotated[list[int], msgspec.Meta(min_length=2, max_length=2)]


class EntryJson(msgspec.Struct, forbid_unknown_fields=True):
    """One entry of a sheet as the referee judged it (B9-B13)."""

    input: str
    #: The entry folded (W2); null when it is no word at all.
    word: str | None
    #: Seconds from the round's start.
    at: float
    #: scored, crossed (B11) or refused (B12).
    status: str
    points: int
    #: The dice it was traced on (empty unless it is on the grid).
    path: list[CellJson]
    #: Why it was refused (B12), or null.
    reason: str | None
    #: Who else wrote it (B11).
    crossed_by: list[str]


class PlayerJson(msgspec.Struct, forbid_unknown_fields=True):
    """One player's sheet as judged: every entry, the penalty, the round's total."""

    player: str
    total: int
    penalty: int
    entries: list[EntryJson]


class MissedJson(msgspec.Struct, forbid_unknown_fields=True):
    """A word of the grid nobody wrote (B15), and one path that spells it."""

    word: str
    points: int
    path: list[CellJson]


class RoundJson(msgspec.Struct, forbid_unknown_fields=True):
    """One judged round (`boggle replay --json`)."""

    grid: str
    deadline: float | None
    #: The round's best totals' names (B14).
    winners: list[str]
    players: list[PlayerJson]
    #: The words nobody wrote, when the judgement counted them.
    missed: list[MissedJson] | UnsetType = UNSET


def cells_json(path: tuple[Cell, ...]) -> list[list[int]]:
    return [list(cell) for cell in path]


def entry_shape(entry: JudgedEntry) -> EntryJson:
    return EntryJson(
        entry.input,
        entry.word,
        entry.at,
        entry.status.value,
        entry.points,
        cells_json(entry.path),
        entry.reason.value if entry.reason is not None else None,
        list(entry.crossed_by),
    )


def missed_shape(word: SolvedWord) -> MissedJson:
    return MissedJson(word.word, word.points, cells_json(word.path))


def encoded_round_shape(result: RoundResult) -> RoundJson:
    """`round_shape` for encoding only: each judged entry stands for its `EntryJson`. A
    JudgedEntry has EntryJson's fields, and msgspec encodes a dataclass by its fields, so
    the text is the same without a copy of every entry of every sheet (a round's end in
    many rooms at once); tests/wire/test_boggle_shapes.py pins the equality."""
    players = [
        PlayerJson(p.player, p.total, p.penalty, cast(list[EntryJson], list(p.entries)))
        for p in result.players
    ]
    missed = UNSET if result.missed is None else [missed_shape(w) for w in result.missed]
    return RoundJson(result.grid.text, result.deadline, list(result.winners), players, missed)


def round_shape(result: RoundResult) -> RoundJson:
    players = [
        PlayerJson(p.player, p.total, p.penalty, [entry_shape(e) for e in p.entries])
        for p in result.players
    ]
    missed = UNSET if result.missed is None else [missed_shape(w) for w in result.missed]
    return RoundJson(result.grid.text, result.deadline, list(result.winners), players, missed)


def round_json(result: RoundResult) -> dict[str, Any]:
    """One judged round as JSON (`boggle replay --json`)."""
    shape: dict[str, Any] = msgspec.to_builtins(round_shape(result))
    return shape


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
