"""The event sequences the pages' folds are tested on (tests/js/fold.test.js), made by the
rooms themselves.

Each scenario plays a room with the reference tests' drivers (tests/service/
test_shown_fold.py, tests/service/duplicate/test_duplicate_fold.py, tests/service/arena/
test_arena_fold.py), whose followers fold what they are shown with the Python reference
folds and check it against the view the room sends; each follower's record is the view it
started from, then each batch of events as shown and the view they lead to (without what
no page reads: the board's notation). The node test folds the same batches with the
pages' own folds and compares the views. The files are written afresh, never kept in git
(a few megabytes of views): tests/js/test_folds.py writes them for each run, `.ci/run`
and `npm test` with

    python -m tests.js.folds [FOLDER]    # tests/js/folds/ by default
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol

from motamot.service.rooms.chat import HISTORY
from tests.service.arena.test_arena_fold import NOT_FOLDED, play_arena
from tests.service.duplicate.test_duplicate_fold import play_duplicate
from tests.service.test_shown_fold import play_boggle, play_topword

FOLDS = Path(__file__).parent / "folds"
View = dict[str, Any]


class Followed(Protocol):
    seat: str | None
    first: View
    batches: list[tuple[list[View], View]]


#: Each kind's scenarios: a name and how it is played (every event type of the kind's
#: own and of the shared ones its page folds comes up in at least one).
SCENARIOS: dict[str, list[tuple[str, Callable[[], Sequence[Followed]]]]] = {
    "boggle": [
        (
            "two rounds, words judged at once, seats and chat between them, a rematch",
            lambda: play_boggle(
                [
                    *["word", "word", "say", "word", "phrase", "word", "wait", "wait"],
                    *["ready", "join", "bot", "ready_off", "chat_off", "chat_on", "unbot"],
                    *["start", "word", "word", "word", "stop", "leave", "rematch", "ready"],
                    *["start", "word", "say", "say", "unsay", "phrase", "unsay", "unsay"],
                    *["wait", "wait", "close", "say"],
                ],
                verify_at_end=False,
            ),
        ),
        (
            "words checked at the end of the round",
            lambda: play_boggle(["word", "word", "word", "word", "wait", "wait"], True),
        ),
        (
            "a box room with a scorer: a paper seat, lists typed after the hourglass",
            lambda: play_boggle(
                [
                    *["paper", "join", "start", "word", "score", "wait", "wait", "score"],
                    *["score", "stop", "paper", "start", "score", "stop"],
                ],
                verify_at_end=False,
                box=True,
            ),
        ),
    ],
    "topword": [
        (
            "a clocked game with a computer player, talk, an exchange, a resignation",
            lambda: play_topword(
                ["play", "play", "exchange", "say", "play", "pass", "chat_off", "resign"],
                turn_seconds=30.0,
                bot=True,
            ),
        ),
        (
            "two people without a clock, played to its end",
            lambda: play_topword(["play"] * 6 + ["exchange", "play", "say"], None, False),
        ),
    ],
    "duplicate": [
        (
            "self-paced: tops, lower moves, a bad one, a player who leaves",
            lambda: play_duplicate(
                ["top", "lower", "bad", "end", "top", "leave", "end", "lower", "end"], None, 7
            ),
        ),
        (
            "clocked turns ended by the clock",
            lambda: play_duplicate(["top", "wait", "end", "lower", "top", "end"], 60.0, 11),
        ),
        (
            "D8: a pause between clocked turns, some ended early by the host",
            lambda: play_duplicate(["top", "end", "wait", "lower", "end"], 60.0, 5, pause=30.0),
        ),
        (
            "D9: a solo bonus for a player alone on the top",
            lambda: play_duplicate(["top", "end", "lower", "top", "end"], None, 3, solo=10),
        ),
    ],
    "arena": [
        (
            "three players, two followed and a spectator, a word twice, one not in the list",
            lambda: play_arena(
                3, [("s1", 0), ("s2", 0), ("s1", 1), ("s3", 2), ("s1", -1), ("s2", 3), ("s1", 0)]
            ),
        ),
        ("a round nobody writes in", lambda: play_arena(40, [])),
    ],
}
#: What a kind's page holds that no event changes (the views are compared without it).
UNFOLDED = {"arena": NOT_FOLDED}


def sequences(name: str, followers: Sequence[Followed]) -> list[View]:
    """What each follower of a scenario saw: the view it started from, then each batch of
    events as shown and the view they lead to."""
    return [
        {
            "scenario": name,
            "seat": follower.seat,
            "view": follower.first,
            "steps": [{"events": events, "view": view} for events, view in follower.batches],
        }
        for follower in followers
    ]


def fixture(kind: str) -> str:
    """A kind's file: the chat's length a view keeps, and the sequences, one a line."""
    found = [seq for name, play in SCENARIOS[kind] for seq in sequences(name, play())]
    lines = [json.dumps(seq, ensure_ascii=False, sort_keys=True) for seq in found]
    head = {"chat_history": HISTORY, "not_folded": list(UNFOLDED.get(kind, ()))}
    return json.dumps(head)[:-1] + ', "sequences": [\n' + ",\n".join(lines) + "\n]}\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else "")
    parser.add_argument("folder", nargs="?", type=Path, default=FOLDS, help="where they go")
    args = parser.parse_args(argv)
    args.folder.mkdir(parents=True, exist_ok=True)
    for kind in SCENARIOS:
        (args.folder / f"{kind}.json").write_text(fixture(kind), "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
