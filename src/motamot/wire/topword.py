"""The JSON shapes of Topword verdicts, shared by the terminal, the rooms and the browser.

`topword score --json` prints `verdict_json`: a contract (extend, never reshape).
A word some of whose tiles count in another word (T14) also carries
`not_counted`: `[{"cell": "5E", "letter": "P", "counted_in": "PA"}, ...]`. The verdict
is a declared msgspec Struct (docs/protocol.md lists its fields).
"""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec import UNSET, UnsetType

from motamot.topword.board import cell_name
from motamot.topword.game import Game
from motamot.topword.hints import Hint, TurnReview, given_up_by_player
from motamot.topword.movegen import GeneratedMove
from motamot.topword.rules import Legal, Verdict
from motamot.topword.score import WordScore
from motamot.topword.selfplay import SelfPlayReport
from motamot.topword.tiles import tile_label


class NotCountedJson(msgspec.Struct, forbid_unknown_fields=True):
    """A tile of a word counted in another word instead (T14)."""

    #: The cell's name (`5E`).
    cell: str
    letter: str
    counted_in: str


class WordJson(msgspec.Struct, forbid_unknown_fields=True):
    """A word a move formed or changed, and what it brings."""

    word: str
    points: int
    not_counted: list[NotCountedJson] | UnsetType = UNSET


class BonusJson(msgspec.Struct, forbid_unknown_fields=True):
    """A bonus: `letter_<tile>` (letter_v, letter_qu...), `qu_word` or `all_tiles`."""

    kind: str
    points: int


class VerdictJson(msgspec.Struct, forbid_unknown_fields=True):
    """The referee's verdict on a move (`topword score --json`): its itemised score if
    legal, else the rule broken (`reason`) and the word or cell at fault (`detail`)."""

    legal: bool
    points: int | UnsetType = UNSET
    words: list[WordJson] | UnsetType = UNSET
    bonuses: list[BonusJson] | UnsetType = UNSET
    reason: str | UnsetType = UNSET
    detail: str | UnsetType = UNSET


def _word_shape(word: WordScore) -> WordJson:
    not_counted = [
        NotCountedJson(cell_name(s.cell), tile_label(s.tile), s.counted_in)
        for s in word.not_counted
    ]
    return WordJson(word.word, word.points, not_counted or UNSET)


def verdict_fields(verdict: Verdict) -> dict[str, Any]:
    """The fields of `VerdictJson` for `verdict` (a shape that extends it takes them)."""
    if isinstance(verdict, Legal):
        return {
            "legal": True,
            "points": verdict.points,
            "words": [_word_shape(word) for word in verdict.words],
            "bonuses": [BonusJson(bonus.kind, bonus.points) for bonus in verdict.bonuses],
        }
    return {"legal": False, "reason": verdict.reason.value, "detail": verdict.detail}


def verdict_json(verdict: Verdict) -> dict[str, Any]:
    """The JSON shape of `topword score`."""
    shape: dict[str, Any] = msgspec.to_builtins(VerdictJson(**verdict_fields(verdict)))
    return shape


def analysis_json(game: Game, reviews: list[TurnReview]) -> dict[str, Any]:
    """The JSON shape of `topword analyse --json` (a contract): each turn next to the best
    move it had, and the points each player left on the table."""
    turns: list[dict[str, Any]] = [
        {
            "turn": review.number,
            "player": review.player,
            "rack": "".join(review.rack),
            "played": review.played,
            "points": review.points,
            "best": review.best.notation if review.best else None,
            "best_points": review.best.points if review.best else 0,
            "given_up": review.given_up,
        }
        for review in reviews
    ]
    return {"turns": turns, "given_up": given_up_by_player(game, reviews)}


def moves_json(moves: list[GeneratedMove], shown: int | None = None) -> dict[str, Any]:
    """`topword moves --json`: how many legal moves, and the first `shown` of them, most
    points first then by notation."""
    found = sorted(((m.notation, m.points) for m in moves), key=lambda item: (-item[1], item[0]))
    listed = found if shown is None else found[:shown]
    return {"count": len(found), "moves": [{"move": n, "points": p} for n, p in listed]}


def hints_json(found: list[Hint]) -> dict[str, Any]:
    """`topword hint --json`: each hint's move and its itemised verdict."""
    return {"hints": [{"move": hint.move.notation, **verdict_json(hint.verdict)} for hint in found]}


def selfplay_json(report: SelfPlayReport, dictionary: str) -> dict[str, object]:
    """`topword selfplay --json` (see `SelfPlayReport.to_json`)."""
    return {**report.to_json(), "dictionary": dictionary}
