"""`stopped`: background tasks cancelled and waited for, and a cancel of the waiter kept."""

from __future__ import annotations

import asyncio
import contextlib

import anyio
import pytest

from motamot.service.tasks import ended_apart, raise_swallowed_cancel, stopped, within


async def forever(ended: list[str], name: str, cleanup_seconds: float = 0.0) -> None:
    try:
        await asyncio.Event().wait()
    finally:
        await asyncio.sleep(cleanup_seconds)  # a task that takes a while to end
        ended.append(name)


def test_every_task_is_cancelled_and_has_ended_when_stopped_returns() -> None:
    async def main() -> None:
        ended: list[str] = []
        first = asyncio.create_task(forever(ended, "first", 0.05))
        second = asyncio.create_task(forever(ended, "second"))
        await asyncio.sleep(0)
        await stopped(first, None, second)
        assert sorted(ended) == ["first", "second"]
        assert first.cancelled() and second.cancelled()
        await stopped()  # nothing to stop

    asyncio.run(main())


def test_a_task_that_failed_raises_its_error_after_the_others_ended() -> None:
    async def fails() -> None:
        raise ValueError("broken")

    async def main() -> None:
        ended: list[str] = []
        failed = asyncio.create_task(fails())
        await asyncio.sleep(0)  # it has failed already
        other = asyncio.create_task(forever(ended, "other", 0.02))
        await asyncio.sleep(0)
        with pytest.raises(ValueError, match="broken"):
            await stopped(failed, other)
        assert ended == ["other"]
        failed = asyncio.create_task(fails())
        await asyncio.sleep(0)
        await stopped(failed, errors_too=True)  # a part going away: whatever it became

    asyncio.run(main())


def test_a_cancel_of_the_waiting_task_goes_through_once_the_tasks_ended() -> None:
    """The idiom written out (suppress CancelledError around the await) would swallow
    this cancel, and the waiter would go on to wait for ever."""

    async def main() -> None:
        ended: list[str] = []
        went_on = asyncio.Event()
        background: list[asyncio.Task[None]] = []

        async def closing() -> None:
            task = asyncio.create_task(forever(ended, "background", 0.1))
            background.append(task)
            await asyncio.sleep(0)
            await stopped(task)
            went_on.set()  # a cancelled stop must not get here
            await asyncio.Event().wait()

        closer = asyncio.create_task(closing())
        await asyncio.sleep(0.02)  # the background task is ending (its cleanup sleeps)
        closer.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.wait_for(closer, 2)
        assert closer.cancelled()
        assert background[0].done()  # it had ended before the cancel went through
        assert not went_on.is_set()

    asyncio.run(main())


def test_a_cancel_handled_before_the_stop_is_not_raised_again() -> None:
    async def main() -> str:
        ended: list[str] = []
        me = asyncio.current_task()
        assert me is not None
        asyncio.get_running_loop().call_soon(me.cancel)
        with contextlib.suppress(asyncio.CancelledError):  # handled here on purpose
            await asyncio.sleep(1)
        task = asyncio.create_task(forever(ended, "task"))
        await asyncio.sleep(0)
        await stopped(task)
        return ended[0]

    assert asyncio.run(main()) == "task"


def test_under_an_anyio_scope_cancelled_at_every_turn_the_stop_ends_and_the_scope_ends() -> None:
    """A socket's task under Starlette: its scope cancels it again at each turn of the
    loop until it leaves. The stop waits for its tasks, then gives the scope its cancel
    (a wait on tasks already done once never returned there)."""

    async def main() -> None:
        ended: list[str] = []
        task = asyncio.create_task(forever(ended, "writer", 0.05))
        await asyncio.sleep(0)

        async def handler() -> bool:
            with anyio.CancelScope() as scope:
                scope.cancel()
                await stopped(task)
            return scope.cancelled_caught

        assert await asyncio.wait_for(handler(), 2)
        assert task.done()

    asyncio.run(main())


def test_an_end_run_apart_finishes_whole_though_its_caller_is_cancelled() -> None:
    async def main() -> None:
        steps: list[str] = []

        async def ending() -> None:
            steps.append("detached")
            await asyncio.sleep(0.05)  # a write to a store, to Redis
            steps.append("told")

        async def socket_end() -> None:
            await ended_apart(ending())
            steps.append("after")  # a cancelled caller goes no further

        caller = asyncio.create_task(socket_end())
        await asyncio.sleep(0.01)
        caller.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await caller
        assert caller.cancelled() and steps == ["detached"]
        await asyncio.sleep(0.1)
        assert steps == ["detached", "told"]

    asyncio.run(main())


def test_a_task_that_swallowed_its_cancel_is_cancelled_again_with_the_waiter() -> None:
    """As awaiting it would: a stop stuck on such a task can still be cancelled, and a
    time limit around the stop ends it rather than waiting for ever."""

    async def stubborn() -> None:
        with contextlib.suppress(asyncio.CancelledError):  # a part that swallows it
            await asyncio.Event().wait()
        await asyncio.Event().wait()

    async def main() -> None:
        task = asyncio.create_task(stubborn())
        await asyncio.sleep(0)
        with pytest.raises(TimeoutError):
            await asyncio.wait_for(stopped(task), 0.1)
        assert task.cancelled()

    asyncio.run(main())


async def read_loop(rounds: list[int], check: bool) -> None:
    """A reader's loop over a library call that, once, swallows the cancel it receives
    (as Python 3.11's wait_for does when its future completes at the same moment)."""
    swallowed = False
    while True:
        if check:
            raise_swallowed_cancel()
        rounds.append(1)
        try:
            await asyncio.sleep(0.01)
        except asyncio.CancelledError:
            if swallowed:
                raise
            swallowed = True


def test_a_loop_that_checks_ends_after_a_cancel_its_library_swallowed() -> None:
    async def main() -> None:
        checked: list[int] = []
        task = asyncio.create_task(read_loop(checked, check=True))
        await asyncio.sleep(0.05)
        await asyncio.wait_for(stopped(task), 1)
        assert task.cancelled()
        # the control: without the check, the same loop reads on after its cancel
        unchecked: list[int] = []
        control = asyncio.create_task(read_loop(unchecked, check=False))
        await asyncio.sleep(0.05)
        control.cancel()
        await asyncio.sleep(0.05)
        before = len(unchecked)
        await asyncio.sleep(0.05)
        assert not control.done() and len(unchecked) > before
        control.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await control

    asyncio.run(main())


def test_the_check_does_not_raise_in_a_task_never_cancelled() -> None:
    async def main() -> None:
        raise_swallowed_cancel()
        async with asyncio.timeout(1):
            raise_swallowed_cancel()

    asyncio.run(main())


def test_within_delivers_a_cancel_that_comes_as_its_future_completes() -> None:
    """The step where 3.11's wait_for returns the result and drops the cancel."""

    async def waiter(future: asyncio.Future[int], got: list[int]) -> None:
        got.append(await within(future, 10))
        await asyncio.Event().wait()  # running on, had the cancel been lost

    async def main() -> None:
        future: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        got: list[int] = []
        task = asyncio.create_task(waiter(future, got))
        await asyncio.sleep(0)
        future.set_result(7)
        task.cancel()
        await asyncio.wait([task], timeout=1)
        assert task.cancelled() and got == []

    asyncio.run(main())


def test_within_raises_timeout_past_its_seconds_and_cancels_what_it_awaited() -> None:
    async def main() -> None:
        future: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        with pytest.raises(TimeoutError):
            await within(future, 0.01)
        assert future.cancelled()
        assert await within(asyncio.sleep(0, "done"), None) == "done"

    asyncio.run(main())
