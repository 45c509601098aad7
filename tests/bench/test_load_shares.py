"""The load generator's client processes: the rooms started later (those timed while the
others end) are read in a process of their own, so that the measure of the rooms still
playing is the server's wait and not the load generator's own (a loop busy with a
thousand results frames)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from load.browser import Seat
from load.run import _shares, auto_clients


def seats(first: int, late: int) -> list[Seat]:
    """Two seats a room: `first` rooms started first, `late` started later."""
    rooms = [(f"a{n}", 0) for n in range(first)] + [(f"b{n}", 1) for n in range(late)]
    return [
        Seat(room, f"{room}-{seat}", seat == 0, "http://x", group)
        for room, group in rooms
        for seat in range(2)
    ]


def test_the_later_rooms_have_the_last_client_process_to_themselves() -> None:
    share = _shares(seats(9, 3), 4)
    assert {share[f"b{n}"] for n in range(3)} == {3}
    assert {share[f"a{n}"] for n in range(9)} == {0, 1, 2}  # the others spread evenly
    assert sorted(share[f"a{n}"] for n in range(9)) == [0, 0, 0, 1, 1, 1, 2, 2, 2]


def test_with_one_process_or_one_group_the_rooms_are_only_spread() -> None:
    assert set(_shares(seats(5, 2), 1).values()) == {0}
    assert sorted(_shares(seats(4, 0), 2).values()) == [0, 0, 1, 1]


def test_auto_clients_adds_a_process_for_the_later_rooms() -> None:
    assert auto_clients(2000) == 2
    assert auto_clients(2000, 0.1) == 3  # 1,800 first: two processes, and one for the later
    assert auto_clients(4000, 0.1) == 5
    assert auto_clients(10, 0.5) == 2
