"""What a Boggle record may hold is bounded, so that replaying one costs bounded memory.

Issue 26 item 13: a 1.7 MB record of 25,000 one-word rounds made `boggle replay`
peak at 2.4 GB (each round played alone lists every word of its grid, B15).
Memory is measured with tracemalloc, which counts allocations exactly: the same
input gives the same peak on any machine, however loaded.
"""

from __future__ import annotations

import tracemalloc
from collections.abc import Callable

import pytest

from motamot.boggle import MatchError, MatchFormat, RecordError, parse_record, replay
from motamot.boggle.match import MAX_ROUNDS, standing
from motamot.boggle.record import MAX_ENTRIES, MAX_PLAYERS, MAX_SHEET_ENTRIES
from motamot.lexicon import Lexicon

MiB = 1 << 20
GRID = "ORTE/BEST/INAM/GTED"


def _rounds(count: int, words: int = 1, player: str = "ana") -> str:
    lines = ["# motamot boggle record", "preset: classic-fr", "dictionary: fr"]
    for number in range(1, count + 1):
        lines += ["", f"round {number}", f"grid: {GRID}", "deadline: 180"]
        lines += [f"{12 + n % 100} {player}: manies" for n in range(words)]
    return "\n".join(lines) + "\n"


def _peak(work: Callable[[], object]) -> int:
    tracemalloc.start()
    try:
        work()
    except RecordError:
        pass
    finally:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    return peak


def _refused(text: str) -> RecordError:
    with pytest.raises(RecordError) as caught:
        parse_record(text)
    return caught.value


def test_b14_the_issue_record_of_25000_rounds_is_refused_at_the_limit() -> None:
    text = _rounds(25_000)
    assert len(text) > 1_300_000
    error = _refused(text)
    assert error.code == "too_many_rounds" and error.fields["limit"] == MAX_ROUNDS
    assert error.line == 5 + 5 * MAX_ROUNDS  # the line of round MAX_ROUNDS + 1
    assert f"at most {MAX_ROUNDS}" in str(error)
    # Refused before any round is judged: reading it costs a few times its text
    # (7.6 MiB measured), where replaying it took 2.4 GB.
    assert _peak(lambda: parse_record(text)) < 16 * MiB


def test_b15_a_record_at_the_round_limit_replays_in_bounded_memory(fr: Lexicon) -> None:
    text = _rounds(MAX_ROUNDS)
    replay(parse_record(_rounds(1)), fr)  # the solver and its tables load once, outside
    played: list[object] = []
    peak = _peak(lambda: played.append(replay(parse_record(text), fr)))
    assert len(played) == 1  # it did replay, every round played alone (B15)
    # Measured 17 MiB with the compiled solver; 25,000 rounds took 2.4 GB.
    assert peak < 64 * MiB


def test_b9_a_sheet_holds_at_most_max_sheet_entries() -> None:
    assert _refused(_rounds(1, MAX_SHEET_ENTRIES + 1)).code == "too_many_entries"
    record = parse_record(_rounds(1, MAX_SHEET_ENTRIES))
    assert len(record.rounds[0].sheets[0].entries) == MAX_SHEET_ENTRIES


def test_b9_a_record_holds_at_most_max_entries() -> None:
    rounds = MAX_ENTRIES // MAX_SHEET_ENTRIES + 1
    error = _refused(_rounds(rounds, MAX_SHEET_ENTRIES))
    assert error.code == "too_many_words" and error.fields["limit"] == MAX_ENTRIES


def test_b15_players_without_a_players_line_are_bounded_too() -> None:
    lines = [f"grid: {GRID}"] + [f"1 p{n}: mot" for n in range(MAX_PLAYERS + 1)]
    error = _refused("\n".join(lines))
    assert error.code == "too_many_players" and error.line == MAX_PLAYERS + 2


def test_b14_a_fixed_match_is_at_most_max_rounds() -> None:
    assert MatchFormat(rounds=MAX_ROUNDS).rounds == MAX_ROUNDS
    with pytest.raises(MatchError) as caught:
        MatchFormat(rounds=MAX_ROUNDS + 1)
    assert caught.value.code == "too_many_rounds"
    assert "rounds" in str(_refused(f"match: rounds {MAX_ROUNDS + 1}\ngrid: {GRID}\n1 a: mot\n"))


def test_b14_a_match_to_a_target_ends_at_max_rounds_the_leaders_sharing_it(fr: Lexicon) -> None:
    one = replay(parse_record(f"players: ana, bob\ngrid: {GRID}\n1 ana: mot\n1 bob: mot\n"), fr)
    tied = one.rounds[0]  # the same word: crossed out for both, 0-0
    match = MatchFormat(target=10)
    assert not standing(match, ["ana", "bob"], [tied] * (MAX_ROUNDS - 1)).finished
    end = standing(match, ["ana", "bob"], [tied] * MAX_ROUNDS)
    assert end.finished and end.winners == ("ana", "bob")
