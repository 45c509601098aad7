"""The server's collector settings (why: `motamot.server.serve.tune_gc`)."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from motamot.boggle.referee import check_word
from motamot.boggle.solve import solve
from motamot.server.serve import YOUNG_GC_THRESHOLD, tune_gc
from motamot.service.boggle.commands import StartRound, WriteWord
from motamot.service.boggle.room import BoggleRoom
from motamot.service.boggle.settings import BoggleSettings
from motamot.service.rooms.commands import Join
from tests.service.conftest import digest, lexicons


@pytest.fixture
def restored_gc() -> Iterator[None]:
    before = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*before)


@pytest.mark.usefixtures("restored_gc")
def test_tune_gc_raises_the_young_threshold_and_freezes_start_up() -> None:
    gc.unfreeze()
    _, middle, old = gc.get_threshold()
    tune_gc()
    assert gc.get_threshold() == (YOUNG_GC_THRESHOLD, middle, old)
    assert gc.get_freeze_count() > 1000  # the modules and objects made so far


@pytest.mark.usefixtures("restored_gc")
def test_cycles_are_still_collected_after_tuning() -> None:
    tune_gc()

    class Node:
        other: object = None

    first, second = Node(), Node()
    first.other, second.other = second, first
    del first, second
    assert gc.collect() >= 2


def test_judging_words_makes_no_cyclic_garbage() -> None:
    """A room's words are judged by the hundred a second: garbage in reference cycles
    waits for a collection, which stops every room (the path search was a closure that
    called itself: about ten objects of cycles per word)."""
    room = BoggleRoom.create("g" * 16, BoggleSettings(duration=600.0), 0.0, lexicons)
    assert isinstance(room, BoggleRoom)
    for name in ("ana", "bob"):
        assert isinstance(room.handle(None, Join(name, digest(name)), 0.0), list)
    assert isinstance(room.handle("s1", StartRound(2024), 0.0), list)
    assert room.round is not None
    words = [w.word for w in solve(room.round.grid, room.rules, room.lexicon).words][:150]
    assert len(words) > 50
    gc.collect()
    gc.disable()
    try:
        for at, word in enumerate(words):
            room.handle("s1" if at % 2 else "s2", WriteWord(word), 1.0 + at / 100)
            check_word(room.round.grid, room.rules, room.lexicon, word + "s")
        unreachable = gc.collect()
    finally:
        gc.enable()
    assert unreachable < 10, f"{unreachable} objects of cycles for {len(words)} words"


def test_a_rounds_words_leave_few_objects_for_the_collector() -> None:
    """What a live round keeps per word survives every young collection until the round
    ends: as tracked objects (a verdict, a judged entry and an instant feedback per word)
    they made 50,000 survivors every 13 s at 4,000 players, 90-130 ms a collection. The
    per-word records are untracked Structs: under one tracked object a word now."""
    room = BoggleRoom.create("h" * 16, BoggleSettings(duration=600.0), 0.0, lexicons)
    assert isinstance(room, BoggleRoom)
    for name in ("ana", "bob", "chloé", "dédé"):
        assert isinstance(room.handle(None, Join(name, digest(name)), 0.0), list)
    assert isinstance(room.handle("s1", StartRound(7), 0.0), list)
    state = room.round
    assert state is not None
    words = [w.word for w in solve(state.grid, room.rules, room.lexicon).words][:120]
    gc.collect()
    before = len(gc.get_objects())
    for at, word in enumerate([*words, "zzzz", "qqqqq"]):
        room.handle(f"s{at % 4 + 1}", WriteWord(word), 1.0 + at / 100)
    gc.collect()
    written = len(words) + 2
    per_word = (len(gc.get_objects()) - before) / written
    assert per_word < 1.0, f"{per_word:.2f} tracked objects kept per word"
    kept = [
        *state.verdicts.values(),
        *(j for sheet in state.judges.values() for j in sheet.entries),
    ]
    assert kept and not any(gc.is_tracked(record) for record in kept)
