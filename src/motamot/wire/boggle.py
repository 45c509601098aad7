"""The JSON shapes of Boggle results, shared by the terminal, the rooms and the browser.

These are contracts (`boggle replay --json`): extend, never reshape.
"""

from __future__ import annotations

from typing import Any

from motamot.boggle.record import Replay
from motamot.boggle.round import JudgedEntry, RoundResult


def entry_json(entry: JudgedEntry) -> dict[str, Any]:
    return {
        "input": entry.input,
        "word": entry.word,
        "at": entry.at,
        "status": entry.status.value,
        "points": entry.points,
        "path": [list(cell) for cell in entry.path],
        "reason": entry.reason.value if entry.reason is not None else None,
        "crossed_by": list(entry.crossed_by),
    }


def round_json(result: RoundResult) -> dict[str, Any]:
    """One judged round as JSON (`boggle replay --json`)."""
    data: dict[str, Any] = {
        "grid": result.grid.text,
        "deadline": result.deadline,
        "winners": list(result.winners),
        "players": [
            {
                "player": player.player,
                "total": player.total,
                "penalty": player.penalty,
                "entries": [entry_json(entry) for entry in player.entries],
            }
            for player in result.players
        ],
    }
    if result.missed is not None:
        data["missed"] = [
            {"word": w.word, "points": w.points, "path": [list(c) for c in w.path]}
            for w in result.missed
        ]
    return data


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
