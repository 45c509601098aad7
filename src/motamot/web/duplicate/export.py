"""What a duplicate game leaves for a club: its standings as CSV (each player's place,
total, gap and share of the tops, D6, then their points turn by turn), and, once over, its
draws as a numbered game's file (D10) another room or server plays again."""

from __future__ import annotations

import csv
import io
from typing import Any

from motamot.service.duplicate import views
from motamot.service.duplicate.room import DuplicateRoom
from motamot.service.rooms.outcomes import Refusal

#: The file's kind and version (what an import checks first).
GAME_FILE = "motamot-duplicate-game"
GAME_FILE_VERSION = 1
MAX_NUMBER = 999_999

#: What a spreadsheet would read as a formula at the start of a cell.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def cell(text: str) -> str:
    """`text` as a cell no spreadsheet runs (a name cannot start a formula)."""
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def standings_csv(room: DuplicateRoom) -> str:
    """The standings now, one row a ranked player (D6, D7: not the arbiter, nobody
    excluded), with each ended turn's points."""
    ended = [turn for turn in room.turns if turn.ended]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(["place", "name", "total", "gap", "percent", *(f"t{t.number}" for t in ended)])
    for line in views.standings(room):
        points = [turn.scores.get(line.seat, (0, ""))[0] for turn in ended]
        name = cell(room.seats[line.seat].name)
        writer.writerow([line.rank, name, line.total, line.gap, f"{line.percent:.1f}", *points])
    writer.writerow(["", "top", room.top_total, 0, "100.0", *(t.top_points for t in ended)])
    return out.getvalue()


def numbered_game(room: DuplicateRoom, asked: str | None) -> dict[str, Any] | Refusal:
    """D10: a finished game's draws as a numbered game's file: the room's number, or the
    one asked (`?numero=`, 1 to 999,999)."""
    assert room.started is not None and room.ended is not None
    number = room.settings.number
    if asked is not None:
        if not (asked.isascii() and asked.isdigit() and len(asked) <= 7):
            return Refusal("bad_number", {"max": MAX_NUMBER})
        if not 1 <= int(asked) <= MAX_NUMBER:
            return Refusal("bad_number", {"max": MAX_NUMBER})
        number = int(asked)
    if number is None:
        return Refusal("number_needed")
    return {
        "kind": GAME_FILE,
        "version": GAME_FILE_VERSION,
        "number": number,
        "ruleset": room.settings.ruleset,
        "dictionary": room.settings.dictionary_name,
        "seed": str(room.started.seed),
        "turns": sum(1 for turn in room.turns if turn.ended),
    }
