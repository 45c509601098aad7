"""The field a round's places are ranked among (A3), as counts that add up: rooms that
share a grid, merged, rank everybody exactly as one room of them all would, checked
against a plain count over every player (`service/arena/field.py`)."""

from __future__ import annotations

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from motamot.boggle.ranking import competition_ranks
from motamot.service.arena.field import BEST, Field, Listed, field_of, merge

#: (score, words, listed, room) of one player: few scores, so that ties are many.
Player = tuple[int, int, bool, int]
PLAYERS = st.lists(
    st.tuples(st.integers(0, 12), st.integers(0, 4), st.booleans(), st.integers(0, 3)),
    max_size=60,
)
WORDS = st.lists(st.sampled_from(["MAIN", "FAIM", "NAIN", "VOTE", "AMI"]), max_size=4)


def rooms_of(players: list[Player]) -> dict[int, list[tuple[int, Player]]]:
    """Each room's players, with their seat number in it."""
    rooms: dict[int, list[tuple[int, Player]]] = {}
    for player in players:
        in_room = rooms.setdefault(player[3], [])
        in_room.append((len(in_room), player))
    return rooms


def room_field(room: int, players: list[tuple[int, Player]], found: Counter[str]) -> Field:
    listed = [Listed(f"n{room}.{n}", p[0], p[1], room, f"s{n}") for n, p in players if p[2]]
    return field_of((p[0] for _, p in players), listed, found)


@given(PLAYERS, st.lists(WORDS, max_size=60))
def test_arena_A3_rooms_merged_rank_everybody_as_one_room_would(
    players: list[Player], words: list[list[str]]
) -> None:
    rooms = rooms_of(players)
    founds = {
        room: Counter(w for i, ws in enumerate(words) if i % 4 == room for w in ws)
        for room in rooms
    }
    field = merge(room_field(room, members, founds[room]) for room, members in rooms.items())
    ranker = field.ranker()
    everybody = [p[0] for p in players]
    assert field.size == len(players)
    for score in {*everybody, 0, 13}:
        assert ranker.rank(score) == 1 + sum(1 for other in everybody if other > score)
    # the same ranks as a room's own ranking (B: competition ranks), from counts alone
    assert [ranker.rank(score) for score in everybody] == competition_ranks(everybody)
    # the best list: the listed players, best score first, then words, then room and seat
    listed = sorted(
        (-p[0], -p[1], room, n) for room, members in rooms.items() for n, p in members if p[2]
    )
    assert [(-s, -w, r, f"s{n}") for s, w, r, n in listed[:BEST]] == [
        (b.score, b.words, b.room, b.seat) for b in field.best
    ]
    assert field.found == sum(founds.values(), Counter())


@given(PLAYERS)
def test_arena_A3_merging_in_any_grouping_gives_the_same_field(players: list[Player]) -> None:
    fields = [room_field(room, members, Counter()) for room, members in rooms_of(players).items()]
    at_once = merge(fields)
    in_two = merge([merge(fields[:1]), merge(fields[1:])])
    assert (at_once.scores, at_once.best) == (in_two.scores, in_two.best)
    assert merge([]).size == 0 and merge([]).ranker().rank(5) == 1


def test_arena_A3_ties_across_rooms_share_their_rank() -> None:
    # 7, 12, 7, 3 rank 2, 1, 2, 4 (A3's example), the two 7s in different rooms
    field = merge([field_of([7, 12], [], {}), field_of([7, 3], [], {})])
    ranker = field.ranker()
    assert [ranker.rank(s) for s in (7, 12, 7, 3)] == [2, 1, 2, 4]
