"""The JSON shapes of Topword verdicts, shared by the terminal, the rooms and the browser.

`topword score --json` prints `verdict_json`: a contract (extend, never reshape).
"""

from __future__ import annotations

from typing import Any

from motamot.topword.rules import Legal, Verdict


def verdict_json(verdict: Verdict) -> dict[str, Any]:
    """The JSON shape of `topword score`."""
    if isinstance(verdict, Legal):
        return {
            "legal": True,
            "points": verdict.points,
            "words": [{"word": word.word, "points": word.points} for word in verdict.words],
            "bonuses": [{"kind": bonus.kind, "points": bonus.points} for bonus in verdict.bonuses],
        }
    return {"legal": False, "reason": verdict.reason.value, "detail": verdict.detail}
