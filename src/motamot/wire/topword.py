"""The JSON shapes of Topword verdicts, shared by the terminal, the rooms and the browser.

`topword score --json` prints `verdict_json`: a contract (extend, never reshape).
A word some of whose tiles count in another word (T14) also carries
`not_counted`: `[{"cell": "5E", "letter": "P", "counted_in": "PA"}, ...]`.
"""

from __future__ import annotations

from typing import Any

from motamot.topword.board import cell_name
from motamot.topword.game import Game
from motamot.topword.hints import Hint, TurnReview, given_up_by_player
from motamot.topword.movegen import GeneratedMove
from motamot.topword.rules import Legal, Verdict
from motamot.topword.score import WordScore
from motamot.topword.selfplay import SelfPlayReport
from motamot.topword.tiles import tile_label


def _word_json(word: WordScore) -> dict[str, Any]:
    shape: dict[str, Any] = {"word": word.word, "points": word.points}
    if word.not_counted:
        shape["not_counted"] = [
            {"cell": cell_name(s.cell), "letter": tile_label(s.tile), "counted_in": s.counted_in}
            for s in word.not_counted
        ]
    return shape


def verdict_json(verdict: Verdict) -> dict[str, Any]:
    """The JSON shape of `topword score`."""
    if isinstance(verdict, Legal):
        return {
            "legal": True,
            "points": verdict.points,
            "words": [_word_json(word) for word in verdict.words],
            "bonuses": [{"kind": bonus.kind, "points": bonus.points} for bonus in verdict.bonuses],
        }
    return {"legal": False, "reason": verdict.reason.value, "detail": verdict.detail}


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
