"""Standings and their tie-breaks (K5 Topword, K6 Boggle arena), shared places and the
podium (K7)."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from motamot.service.tournament.standings import (
    BYE_SPREAD,
    FORFEIT_SPREAD,
    Line,
    Tally,
    boggle_standings,
    both_absent,
    bye,
    forfeited,
    played,
    podium,
    topword_standings,
)

NAMES = [f"p{i}" for i in range(8)]


@st.composite
def events(draw: st.DrawFn) -> tuple[list[str], list[Line]]:
    """Players and the lines of random games: played, forfeited, both absent, byes."""
    players = NAMES[: draw(st.integers(2, 8))]
    lines: list[Line] = []
    for _ in range(draw(st.integers(0, 12))):
        a, b = draw(st.lists(st.sampled_from(players), min_size=2, max_size=2, unique=True))
        how = draw(st.sampled_from(["played", "played", "forfeit", "absent", "bye"]))
        if how == "played":
            lines += played(a, b, draw(st.integers(0, 400)), draw(st.integers(0, 400)))
        elif how == "forfeit":
            lines += forfeited(a, b)
        elif how == "absent":
            lines += both_absent(a, b)
        else:
            lines.append(bye(a))
    return players, lines


@given(events())
def test_k5_standings_are_sorted_by_wins_then_spread_then_buchholz(
    case: tuple[list[str], list[Line]],
) -> None:
    players, lines = case
    rows = topword_standings(players, lines)
    assert sorted(r.player for r in rows) == sorted(players)
    keys = [(-r.halves, -r.spread, -r.buchholz) for r in rows]
    assert keys == sorted(keys)
    for row in rows:
        mine = [line for line in lines if line.player == row.player]
        assert row.halves == sum(line.halves for line in mine)
        assert row.spread == sum(line.spread for line in mine)
        assert row.games == len(mine)
        assert row.buchholz == sum(
            sum(x.halves for x in lines if x.player == line.opponent)
            for line in mine
            if line.opponent is not None
        )


@given(events())
def test_k7_level_players_share_their_place_and_keep_registration_order(
    case: tuple[list[str], list[Line]],
) -> None:
    players, lines = case
    rows = topword_standings(players, lines)
    for row in rows:
        assert row.place == 1 + sum(1 for other in rows if other.key < row.key)
    for before, after in itertools.pairwise(rows):
        if before.key == after.key:
            assert players.index(before.player) < players.index(after.player)
    top = podium(rows)
    assert top == [r for r in rows if r.place <= 3]
    assert len(top) >= min(3, len(players))


@given(
    st.integers(2, 8).flatmap(
        lambda n: st.lists(
            st.builds(Tally, st.sampled_from(NAMES[:n]), st.integers(0, 90), st.integers(0, 40))
        ).map(lambda t: (NAMES[:n], t))
    )
)
def test_k6_arena_standings_add_points_then_words(case: tuple[list[str], list[Tally]]) -> None:
    players, tallies = case
    rows = boggle_standings(players, tallies)
    keys = [(-r.points, -r.words) for r in rows]
    assert keys == sorted(keys)
    for row in rows:
        mine = [t for t in tallies if t.player == row.player]
        assert (row.points, row.words, row.rounds) == (
            sum(t.points for t in mine),
            sum(t.words for t in mine),
            len(mine),
        )
        assert row.place == 1 + sum(1 for other in rows if other.key < row.key)


def test_k5_example_spread_then_buchholz_break_ties() -> None:
    """Anne and Bruno both win by 50: Anne beat Chloé (who won a game), Bruno beat Denis
    (who won none), so Anne's Buchholz puts her first. Fanny and Chloé both win once:
    Fanny's spread puts her ahead. Émile is ahead of Denis on spread although Denis met
    stronger players: Buchholz comes last."""
    players = ["anne", "bruno", "chloé", "denis", "émile", "fanny"]
    lines = [
        *played("anne", "chloé", 300, 250),
        *played("bruno", "denis", 300, 250),
        *played("chloé", "émile", 300, 280),
        *played("fanny", "denis", 300, 280),
    ]
    rows = topword_standings(players, lines)
    assert [(r.place, r.player, r.halves, r.spread, r.buchholz) for r in rows] == [
        (1, "anne", 2, 50, 2),
        (2, "bruno", 2, 50, 0),
        (3, "fanny", 2, 20, 0),
        (4, "chloé", 2, -30, 2),
        (5, "émile", 0, -20, 2),
        (6, "denis", 0, -70, 4),
    ]


def test_k5_example_a_bye_and_a_forfeit_count_as_wins_by_fifty() -> None:
    rows = topword_standings(["a", "b", "c"], [bye("a"), *forfeited("b", "c")])
    by = {r.player: r for r in rows}
    assert (by["a"].halves, by["a"].spread, by["a"].buchholz) == (2, BYE_SPREAD, 0)
    assert (by["b"].halves, by["b"].spread, by["b"].buchholz) == (2, FORFEIT_SPREAD, 0)
    assert (by["c"].halves, by["c"].spread, by["c"].buchholz) == (0, -FORFEIT_SPREAD, 2)
    assert [(r.place, r.player) for r in rows] == [(1, "a"), (1, "b"), (3, "c")]


def test_k7_example_a_podium_with_a_shared_third_place() -> None:
    tallies = [Tally("a", 30, 9), Tally("b", 20, 7), Tally("c", 10, 5), Tally("d", 10, 5)]
    tallies.append(Tally("e", 2, 1))
    rows = boggle_standings(["a", "b", "c", "d", "e"], tallies)
    assert [(r.place, r.player) for r in podium(rows)] == [(1, "a"), (2, "b"), (3, "c"), (3, "d")]
