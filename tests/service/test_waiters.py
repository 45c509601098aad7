"""Answers waiting for a number (`service/waiters.py`): settled in any order of waiting,
and those that gave up swept once many have."""

from __future__ import annotations

import asyncio

import pytest

from motamot.service import waiters
from motamot.service.waiters import SeqWaiters


def test_a_waiter_settles_once_its_number_is_reached_not_before() -> None:
    async def main() -> list[bool]:
        waiting = SeqWaiters()
        tasks = [asyncio.create_task(waiting.wait(seq, 5.0)) for seq in (4, 2, 4)]
        await asyncio.sleep(0)
        waiting.reached(3)
        await asyncio.sleep(0)
        early = [task.done() for task in tasks]
        waiting.reached(4)
        assert await asyncio.gather(*tasks) == [True, True, True]
        assert len(waiting) == 0
        return early

    assert asyncio.run(main()) == [False, True, False]


def test_waiters_that_gave_up_are_swept_once_more_than_kept(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(waiters, "KEPT", 3)

    async def main() -> tuple[list[bool], int]:
        waiting = SeqWaiters()
        kept = asyncio.create_task(waiting.wait(100, 5.0))
        gave_up = [await waiting.wait(50 + n, 0.001) for n in range(3)]
        left = len(waiting)  # four kept at the third: swept, the one still waiting alone
        waiting.reached(100)
        assert await kept
        return gave_up, left

    assert asyncio.run(main()) == ([False, False, False], 1)
