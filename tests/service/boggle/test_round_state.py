"""A round's players: those present at its start, then each late writer once, in order."""

from __future__ import annotations

from motamot.boggle import get_preset, parse_grid
from motamot.lexicon import load_lexicon
from motamot.service.boggle.events import WordWritten
from motamot.service.boggle.rounds import RoundState, take_word


def test_each_writer_takes_part_once_after_those_present_at_the_start() -> None:
    rules = get_preset("classic-fr")
    grid = parse_grid("MAINFTESOURSLIRE")
    state = RoundState(1, 7, grid, 0.0, 180.0, rules, load_lexicon("fr"), False, ["ana", "bob"])
    writers = ["cat", "bob", "cat", "dan", "ana", "dan", "eve"]
    for seq, seat in enumerate(writers, start=10):
        take_word(state, WordWritten(seq, seat, f"mot{seq}", 1.0 + seq))
    assert state.players == ["ana", "bob", "cat", "dan", "eve"]
    assert state.taking_part == set(state.players)
    assert [len(state.words[seat]) for seat in ("ana", "bob", "cat", "dan", "eve")] == [
        1,
        1,
        2,
        2,
        1,
    ]
