"""A seat's tallies, one per round, give the match's figures its whole results give."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from motamot.boggle.round import JudgedEntry, PlayerResult, Status
from motamot.service.boggle.tally import figures, tally
from motamot.service.rooms.results import PlaceFigures

entries = st.builds(
    lambda word, status, points: JudgedEntry(
        word.lower(), 1.0, word, status, points if status is Status.SCORED else 0
    ),
    st.text("ABCE", min_size=3, max_size=6),
    st.sampled_from(list(Status)),
    st.integers(1, 11),
)
results = st.builds(
    lambda found, total: PlayerResult("ana", tuple(found), 0, total),
    st.lists(entries, max_size=8),
    st.integers(0, 60),
)


def figures_of_results(rounds: list[PlayerResult], total: int) -> PlaceFigures:
    """The oracle: the figures read from every round's whole results at once."""
    found = set().union(*(r.accepted_words for r in rounds))
    scored = [
        (-e.points, e.word)
        for r in rounds
        for e in r.entries
        if e.status is Status.SCORED and e.word is not None
    ]
    best = min(scored, default=(0, ""))
    longest = min(((-len(w), w) for w in found), default=(0, ""))
    return PlaceFigures(
        rounds=len(rounds),
        words=sum(len(r.accepted_words) for r in rounds),
        best_round=max((r.total for r in rounds), default=0),
        points=total,
        longest_word=longest[1],
        best_word=best[1],
        best_word_points=-best[0],
    )


@given(st.lists(results, max_size=6), st.integers(0, 300))
def test_b14_tallies_give_the_figures_of_the_whole_results(
    rounds: list[PlayerResult], total: int
) -> None:
    assert figures([tally(r) for r in rounds], total) == figures_of_results(rounds, total)
