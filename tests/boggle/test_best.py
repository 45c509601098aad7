"""The best-grid search (issue 41): legal for the dice, never worse than its start,
replayed exactly from its seed and iteration count."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from motamot.boggle.best import (
    Iterations,
    Schedule,
    canonical,
    placement_of,
    random_placement,
    search,
)
from motamot.boggle.dice import FRENCH, DiceSet
from motamot.boggle.grid import Grid, parse_grid
from motamot.boggle.legal import assign_dice, is_legal
from motamot.boggle.rules import BIG_BOGGLE, CLASSIC_EN, CLASSIC_FR, BoggleRules
from motamot.boggle.solve import score_many
from motamot.lexicon import Lexicon

#: A short restart, so that tests see restarts end (the default anneals 8,000 steps).
SHORT = Schedule(steps=600, hot=120.0, cold=1.0)


def hall_matching_exists(faces: list[str], dice: DiceSet) -> bool:
    """Slow oracle, by Hall's theorem: cells can take distinct dice showing their faces
    iff every set of cells can show on at least as many dice. The worst set for a choice
    of faces holds every cell of those faces, so every subset of the faces is tried."""
    kinds = sorted(set(faces))
    counts = [faces.count(face) for face in kinds]
    can = [{i for i, die in enumerate(dice.dice) if face in die} for face in kinds]
    for mask in range(1, 1 << len(kinds)):
        chosen = [k for k in range(len(kinds)) if mask >> k & 1]
        dice_for = set().union(*(can[k] for k in chosen))
        if len(dice_for) < sum(counts[k] for k in chosen):
            return False
    return True


def shows(faces: tuple[str, ...], dice: DiceSet, assignment: tuple[int, ...]) -> bool:
    """Whether `assignment` puts a distinct die showing its face in every cell."""
    return len(set(assignment)) == len(faces) and all(
        face in dice.dice[die] for face, die in zip(faces, assignment, strict=True)
    )


FRENCH_FACES = sorted({face for die in FRENCH.dice for face in die})


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(FRENCH_FACES), min_size=16, max_size=16))
def test_b2_the_dice_assignment_agrees_with_halls_theorem(faces: list[str]) -> None:
    found = assign_dice(faces, FRENCH)
    assert (found is not None) == hall_matching_exists(faces, FRENCH)
    if found is not None:
        assert shows(tuple(faces), FRENCH, found)


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**32))
def test_b2_every_roll_of_the_dice_is_legal_and_one_face_too_many_is_not(seed: int) -> None:
    import random

    placement = random_placement(CLASSIC_FR, random.Random(seed))
    faces = tuple(FRENCH.dice[die][face] for die, face in placement)
    assert is_legal(faces, FRENCH) and hall_matching_exists(list(faces), FRENCH)
    # the French set has one Qu face and one Z face: two Qu or two Z cannot be rolled
    for face in ("Qu", "Z"):
        doubled = (face, face, *faces[2:])
        assert not is_legal(doubled, FRENCH)
        assert not hall_matching_exists(list(doubled), FRENCH)


def test_b2_the_rulebook_grid_and_the_issues_grid_can_be_rolled_with_the_french_dice() -> None:
    for text in ("ORTE/BEST/INAM/GTED", "SATI/PERA/RITE/CONS"):
        faces = parse_grid(text).faces
        assert is_legal(faces, FRENCH) and hall_matching_exists(list(faces), FRENCH)
    # three Z: one French die has a Z
    faces = parse_grid("ZZZE/BEST/INAM/GTED").faces
    assert not is_legal(faces, FRENCH) and not hall_matching_exists(list(faces), FRENCH)


def points_of(grid: Grid, rules: BoggleRules, lexicon: Lexicon) -> tuple[int, int]:
    ((words, points),) = score_many([grid], rules, lexicon)
    return words, points


@pytest.mark.parametrize(
    ("rules", "dictionary"), [(CLASSIC_FR, "fr"), (BIG_BOGGLE, "fr"), (CLASSIC_EN, "en")]
)
def test_b2_the_grid_found_is_legal_for_the_presets_dice_and_scored_right(
    rules: BoggleRules, dictionary: str, request: pytest.FixtureRequest
) -> None:
    lexicon: Lexicon = request.getfixturevalue(dictionary)
    best = search(rules, lexicon, 7, Iterations(400), SHORT)
    faces = best.grid.faces
    assert best.grid.size == rules.size
    assert shows(faces, rules.dice, best.dice)
    assert hall_matching_exists(list(faces), rules.dice)
    assert (best.words, best.points) == points_of(best.grid, rules, lexicon)
    assert best.iterations == 400
    assert best.points > best.start_points  # 400 grids always improve a random roll


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 2**40), st.integers(1, 150))
def test_the_search_never_returns_a_grid_worse_than_its_start(
    fr: Lexicon, seed: int, iterations: int
) -> None:
    best = search(CLASSIC_FR, fr, seed, Iterations(iterations), SHORT)
    assert best.start_points == points_of(best.start, CLASSIC_FR, fr)[1]
    assert best.points >= best.start_points
    assert best.points == points_of(best.grid, CLASSIC_FR, fr)[1]


def test_a_good_start_is_kept_when_nothing_better_is_found(fr: Lexicon) -> None:
    """From the 7,546-point grid of the issue, a few grids cannot find better: it stays."""
    start = parse_grid("SATI/PERA/RITE/CONS")
    best = search(CLASSIC_FR, fr, 3, Iterations(5), SHORT, start=start)
    assert best.start == start and best.start_points == 7546
    assert best.points >= 7546 and best.iterations == 5


def test_a_start_the_dice_cannot_show_is_refused(fr: Lexicon) -> None:
    with pytest.raises(ValueError, match="cannot show"):
        search(CLASSIC_FR, fr, 1, Iterations(5), SHORT, start=parse_grid("QZQZ/AAAA/EEEE/SSSS"))
    with pytest.raises(ValueError, match="5x5"):
        placement_of(parse_grid("ABCDE/FGHIJ/KLMNO/PRSTU/VWXYZ"), CLASSIC_FR)


@dataclass
class Chunks:
    """A budget like the clock's: whole batches granted, then nothing after `total`."""

    total: int
    spent: int = 0

    def grant(self, wanted: int) -> int:
        if self.spent >= self.total:
            return 0
        self.spent += wanted
        return wanted


def test_a_seed_and_its_iterations_replay_the_same_search(fr: Lexicon) -> None:
    """Stopped as the clock stops it (between batches), then replayed by the count."""
    first = search(CLASSIC_FR, fr, 2026, Chunks(3000), SHORT)
    again = search(CLASSIC_FR, fr, 2026, Iterations(first.iterations), SHORT)
    assert first.iterations >= 3000
    assert (again.grid, again.points, again.ends, again.dice) == (
        first.grid,
        first.points,
        first.ends,
        first.dice,
    )
    assert len(first.ends) >= 2  # restarts ran to their end and are replayed too
    # the grids scored when the best was met find it too, sooner
    sooner = search(CLASSIC_FR, fr, 2026, Iterations(first.found_at), SHORT)
    assert 0 < first.found_at <= first.iterations
    assert (sooner.grid, sooner.points, sooner.found_at) == (
        first.grid,
        first.points,
        first.found_at,
    )
    other = search(CLASSIC_FR, fr, 2027, Iterations(first.iterations), SHORT)
    assert other.start != first.start


def swapped(grid: Grid) -> list[Grid]:
    """Every grid with two cells of different faces swapped."""
    found = []
    cells = len(grid.faces)
    for a in range(cells):
        for b in range(a + 1, cells):
            if grid.faces[a] != grid.faces[b]:
                faces = list(grid.faces)
                faces[a], faces[b] = faces[b], faces[a]
                found.append(Grid(grid.size, tuple(faces)))
    return found


def test_a_finished_restart_ends_where_no_swap_scores_more(fr: Lexicon) -> None:
    """The greedy polish: each finished restart ends on a grid no swap of two dice
    improves (checked here by scoring every such grid), and the best is at least it."""
    best = search(CLASSIC_FR, fr, 11, Iterations(4000), SHORT)
    assert len(best.ends) >= 2
    for points, grid in best.ends:
        assert best.points >= points == points_of(grid, CLASSIC_FR, fr)[1]
        scores = [value for _, value in score_many(swapped(grid), CLASSIC_FR, fr)]
        assert max(scores) <= points


def test_the_best_is_counted_once_for_its_eight_symmetries() -> None:
    grid = parse_grid("SATI/PERA/RITE/CONS")
    n = 4
    turned = Grid(n, tuple(grid.faces[(n - 1 - c) * n + r] for r in range(n) for c in range(n)))
    mirrored = Grid(n, tuple(grid.faces[r * n + n - 1 - c] for r in range(n) for c in range(n)))
    assert canonical(grid) == canonical(turned) == canonical(mirrored)
    assert len({turned.text, mirrored.text, grid.text}) == 3
    assert canonical(grid) != canonical(swapped(grid)[0])


def test_a_schedule_is_checked() -> None:
    for bad in ({"steps": 0}, {"hot": 1.0, "cold": 2.0}, {"cold": 0.0}, {"turn_share": 1.5}):
        with pytest.raises(ValueError, match="schedule"):
            Schedule(**bad)
    plan = Schedule(steps=10, hot=100.0, cold=1.0)
    assert plan.temperature(0) == 100.0 and abs(plan.temperature(10) - 1.0) < 1e-9
