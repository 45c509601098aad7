"""After the play: the words found as well as the words missed (G15), and the figures of
the share picture, found and held by length (G14), checked against a plain count."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from motamot.boggle import get_preset, solve
from motamot.boggle.grid import roll
from motamot.service.daily.events import PlayEnded
from motamot.service.daily.results import BRACKETS, by_length, found_words, missed_words
from tests.service.conftest import lexicons
from tests.service.daily.helpers import Day
from tests.service.daily.test_daily_room import with_day, words_of


def counted(words: list[str], found: set[str], letters: int, longer: bool) -> tuple[int, int]:
    """The oracle: the words of that length (or more), and how many of them were found."""
    held = [w for w in words if len(w) == letters or (longer and len(w) > letters)]
    return sum(w in found for w in held), len(held)


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**63 - 1), preset=st.sampled_from(["classic-fr", "big"]), data=st.data()
)
def test_g14_g15_found_and_missed_split_the_grid_and_the_brackets_count_by_length(
    seed: int, preset: str, data: st.DataObject
) -> None:
    rules = get_preset(preset)
    solution = solve(roll(rules, seed), rules, lexicons("fr"))
    words = [w.word for w in solution.words]
    found = set(data.draw(st.lists(st.sampled_from(words), unique=True)) if words else [])
    kept, missed = found_words(solution, found), missed_words(solution, found)
    assert {w.word for w in kept} == found and not found & {w.word for w in missed}
    assert len(kept) + len(missed) == solution.count
    assert [(-w.points, w.word) for w in kept] == sorted((-w.points, w.word) for w in kept)
    brackets = by_length(solution, found, rules.min_length)
    assert len(brackets) <= BRACKETS and sum(b.all for b in brackets) == solution.count
    assert sum(b.found for b in brackets) == len(found)
    for bracket in brackets:
        assert bracket.all > 0
        assert (bracket.found, bracket.all) == counted(
            words, found, bracket.letters, bracket.longer
        )
        assert bracket.longer == (bracket.letters == rules.min_length + BRACKETS - 1)


def test_g15_the_results_list_the_words_found_with_their_accents_and_points() -> None:
    async def body(day: Day) -> None:
        ana = await day.join("ana")
        await day.start(ana)
        room = await day.room()
        words = words_of(room.view(ana)["grid"])
        for word in words[:3]:
            await day.write(ana, word)
        await day.finish(ana)
        result = room.view(ana)["result"]
        assert {w["word"] for w in result["found_words"]} == set(words[:3])
        assert all(w["points"] > 0 for w in result["found_words"])
        assert sum(w["points"] for w in result["found_words"]) == result["score"]
        # every word shown, found or missed, has its written forms when they differ
        accented = [w for w in words if w in result["written"]]
        assert set(accented) <= {w["word"] for w in result["found_words"] + result["missed"]}
        lengths = result["lengths"]
        assert sum(b["found"] for b in lengths) == 3
        assert sum(b["all"] for b in lengths) == result["grid_words"]

    with_day(body)


def test_g9_a_ranked_play_leaves_its_best_word_and_longest_for_the_profile() -> None:
    async def body(day: Day) -> None:
        ana = await day.join("ana")
        await day.start(ana)
        room = await day.room()
        words = words_of(room.view(ana)["grid"])  # best first
        chosen = [words[-1], words[0], words[len(words) // 2]]
        for word in chosen:
            await day.write(ana, word)
        await day.finish(ana)
        events = await day.host.events_since(day.room_id, 0)
        outcome = room.outcome(next(e for e in events if isinstance(e, PlayEnded)))
        assert outcome is not None
        figures = outcome.places[0].figures
        rules = get_preset("classic-fr")
        best = min(chosen, key=lambda w: (-rules.points(len(w)), w))
        assert (figures.best_word, figures.best_word_points) == (best, rules.points(len(best)))
        assert figures.longest_word == max(chosen, key=lambda w: (len(w), w))
        assert figures.words == 3 and figures.points == sum(rules.points(len(w)) for w in chosen)

    with_day(body)
