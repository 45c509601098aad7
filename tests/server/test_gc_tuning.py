"""The server's collector settings (why: `motamot.server.serve.tune_gc`)."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from motamot.server.serve import YOUNG_GC_THRESHOLD, tune_gc


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
