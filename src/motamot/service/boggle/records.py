"""A Boggle room's rounds as text records (the engine's format, `boggle replay` reads
them back): what is kept of a room before retention removes it."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from motamot.boggle.record import RoundRecord, format_record, record_of
from motamot.boggle.round import Entry, Sheet
from motamot.service.boggle.rounds import RoundState
from motamot.service.boggle.settings import BoggleSettings


def room_records(
    rounds: Sequence[RoundState], settings: BoggleSettings, name_of: Callable[[str], str]
) -> list[str]:
    """One record per run of ended rounds played under the same rules (a record has one
    set of rules), each with every seat that played in one of its rounds."""
    runs: list[list[RoundState]] = []
    for state in rounds:
        if state.running:
            continue
        if runs and runs[-1][0].rules == state.rules:
            runs[-1].append(state)
        else:
            runs.append([state])
    return [_record(run, settings, name_of) for run in runs]


def _record(run: list[RoundState], settings: BoggleSettings, name_of: Callable[[str], str]) -> str:
    seats = list(dict.fromkeys(seat for state in run for seat in state.players))
    names = tuple(name_of(seat) for seat in seats)
    rounds = tuple(
        RoundRecord(
            state.grid,
            state.deadline - state.start,
            tuple(
                Sheet(
                    name_of(seat),
                    tuple(
                        Entry(word.text, tenth_down(word.at - state.start))
                        for word in state.words.get(seat, ())
                    ),
                )
                for seat in seats
            ),
            state.seed,
        )
        for state in run
    )
    first = run[0]
    record = record_of(
        first.rules,
        first.deadline - first.start,
        settings.dictionary_name,
        names,
        rounds,
        settings.match(),
    )
    return format_record(record)


def tenth_down(seconds: float) -> float:
    """A word's time as a record writes it, to the tenth, rounded down: a word the room
    took on time is on time in its replay too, whichever B10 choice (rounded to the
    nearest, 179.96 would be 180.0: late where a word at the deadline is)."""
    return math.floor(round(seconds, 6) * 10) / 10
