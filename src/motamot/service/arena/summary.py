"""An arena round's ranking as plain text: what retention keeps of the round's room.

An arena round is its own room, removed with its events once it is old (the public
server's store must stop growing); its words are the round's, but its ranking is what a
player may come back for. So the record kept is the ranking (A1, A3: nothing crossed
out, ranks shared by ties), one line a player in rank order, beside the round's grid and
seed (from which `motamot boggle solve` gives its words again). Lines are
tab-separated: a name never holds a tab or a line break (the name rules refuse control
characters).
"""

from __future__ import annotations

import time

from motamot.service.arena.results import ArenaResults
from motamot.service.arena.settings import ArenaSettings
from motamot.service.boggle.rounds import RoundState

#: The first line of a summary, and its version.
HEADER = "motamot arena round 1"
COLUMNS = "rank\ttop%\tscore\twords\tname\tplayer"


def summary_text(settings: ArenaSettings, state: RoundState, results: ArenaResults) -> str:
    """The ended round `state` of the arena of `settings`, ranked."""
    start = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(state.start))
    lines = [
        HEADER,
        f"preset: {settings.preset}",
        f"dictionary: {settings.dictionary_name}",
        f"round: {state.number}",
        f"start: {start}",
        f"seconds: {state.deadline - state.start:g}",
        f"grid: {state.grid.text}",
        f"seed: {state.seed}",
        f"players: {results.players}",
        f"words of the grid: {results.grid_words}, found: {results.found_words}",
        COLUMNS,
    ]
    places = sorted(results.places.values(), key=lambda place: (place.rank, place.seat))
    lines += [
        f"{p.rank}\t{p.top}\t{p.score}\t{p.words}\t{p.name}\t{p.player or '-'}" for p in places
    ]
    return "\n".join(lines) + "\n"
