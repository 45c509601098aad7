"""What a Topword record may hold is bounded (the check issue 26 item 13 asked for).

A record of exchanges never ends by itself (an exchange is no pass by default),
so its turns are bounded; memory is measured with tracemalloc (exact, load-free).
"""

from __future__ import annotations

import tracemalloc

import pytest

from motamot.lexicon import Lexicon
from motamot.topword.game import Exchange, Game
from motamot.topword.record import MAX_TURNS, RecordError, parse_record, replay

MiB = 1 << 20


def _exchanges(lexicon: Lexicon, count: int) -> str:
    """A real game of `count` exchanges in a row, as its record writes it."""
    game = Game(["Ana", "Bo"], 1, lexicon)
    lines = ["seed: 1", "players: Ana, Bo"]
    for number in range(1, count + 1):
        player = game.players[game.current]
        tile = game.rack()[0]
        game.apply(Exchange(tile))
        lines.append(f"{number}. {player}: exchange {'Qu' if tile == 'Q' else tile}")
    return "\n".join(lines) + "\n"


def test_t17_a_record_holds_at_most_max_turns(fr: Lexicon) -> None:
    text = _exchanges(fr, MAX_TURNS + 1)
    tracemalloc.start()
    with pytest.raises(RecordError) as caught:
        parse_record(text)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert caught.value.code == "too_many_turns" and caught.value.fields["line"] == MAX_TURNS + 3
    assert peak < 16 * MiB  # 60,000 turns took 29 MiB and grew with the file, unbounded


def test_t17_a_record_at_the_turn_limit_replays_in_bounded_memory(fr: Lexicon) -> None:
    text = _exchanges(fr, MAX_TURNS)
    tracemalloc.start()
    game = replay(parse_record(text), fr)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert len(game.turns) == MAX_TURNS
    assert peak < 32 * MiB  # measured about 6 MiB
