"""The shared pub/sub reading loop: an outage logged once each way, messages handed
over in order, a part not ready waited for, and a cancel its library swallowed still
ending it. A scripted connection stands in for redis-py's (the real one's reconnection
is tested against a real Redis in test_postgres_redis.py)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator
from typing import Any, cast

import pytest
from redis.asyncio.client import PubSub
from redis.exceptions import ConnectionError as RedisConnectionError

from motamot.service.brokers import pubsub_reader
from motamot.service.brokers.pubsub_reader import Message, read_pubsub
from motamot.service.tasks import stopped

DOWN = object()  # a step of the script: the read fails as a lost connection does


class ScriptedPubSub:
    """Answers each read with the next step of its script, then nothing (an idle
    channel). `swallow`: the first cancel during a read is lost, as Python 3.11's
    `wait_for` loses one inside redis-py's reconnection."""

    def __init__(self, script: list[object], swallow: bool = False) -> None:
        self.steps: Iterator[object] = iter(script)
        self.swallow = swallow
        self.reads = 0
        self.ignored_subscribes: list[bool] = []

    async def get_message(
        self, ignore_subscribe_messages: bool = False, timeout: float = 0.0
    ) -> Message | None:
        self.reads += 1
        self.ignored_subscribes.append(ignore_subscribe_messages)
        try:
            await asyncio.sleep(0.001)
        except asyncio.CancelledError:
            if not self.swallow:
                raise
            self.swallow = False
        step = next(self.steps, None)
        if step is DOWN:
            raise RedisConnectionError("Connection closed by server.")
        return cast("Message | None", step)


def message(data: str) -> Message:
    return {"type": "message", "channel": b"c", "data": data.encode(), "pattern": None}


@pytest.fixture(autouse=True)
def quick_retries(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pubsub_reader, "RETRY_SECONDS", 0.001)


def as_pubsub(scripted: ScriptedPubSub) -> PubSub:
    return cast(PubSub, scripted)


async def run_until(task: asyncio.Task[None], done: Any) -> None:
    for _ in range(2000):
        if done():
            break
        await asyncio.sleep(0.001)
    await stopped(task)


def test_an_outage_is_logged_once_as_it_starts_and_once_as_it_ends(
    caplog: pytest.LogCaptureFixture,
) -> None:
    script: list[object] = [message("a"), DOWN, DOWN, DOWN, None, message("b"), DOWN, message("c")]
    pubsub = ScriptedPubSub(script)
    handled: list[bytes] = []
    losses: list[int] = []

    async def main() -> None:
        task = asyncio.create_task(
            read_pubsub(
                as_pubsub(pubsub),
                "test channel",
                lambda got: handled.append(got["data"]),
                lost=lambda: losses.append(1),
            )
        )
        await run_until(task, lambda: len(handled) == 3)

    with caplog.at_level(logging.WARNING, logger="motamot.service.brokers.pubsub_reader"):
        asyncio.run(main())
    assert handled == [b"a", b"b", b"c"]
    assert len(losses) == 4  # each failed read
    said = [record.getMessage() for record in caplog.records]
    assert said == [
        "test channel lost (Connection closed by server.); reconnecting",
        "test channel back",
        "test channel lost (Connection closed by server.); reconnecting",
        "test channel back",
    ]
    assert set(pubsub.ignored_subscribes) == {True}  # confirmations are not asked for


def test_a_part_not_ready_is_asked_again_before_anything_is_read() -> None:
    pubsub = ScriptedPubSub([{"type": "subscribe", "channel": b"c", "data": 1}, message("x")])
    answers = iter([False, False, True])
    handled: list[Message] = []

    async def ready() -> bool:
        return next(answers, True)

    async def main() -> None:
        task = asyncio.create_task(
            read_pubsub(
                as_pubsub(pubsub),
                "test channel",
                handled.append,
                ready=ready,
                subscribe_messages=True,
            )
        )
        await run_until(task, lambda: len(handled) == 2)

    asyncio.run(main())
    assert [got["type"] for got in handled] == ["subscribe", "message"]
    assert pubsub.ignored_subscribes[0] is False
    assert next(answers, "spent") == "spent"  # asked three times before the first read


def test_a_reader_ends_though_its_library_swallowed_the_cancel() -> None:
    """The cancel comes during a read that loses it: the loop still ends (without the
    check at its top it would read on for ever, and its part's close wait for ever)."""
    pubsub = ScriptedPubSub([], swallow=True)

    async def main() -> None:
        task = asyncio.create_task(read_pubsub(as_pubsub(pubsub), "test channel", print))
        await asyncio.sleep(0.01)
        await asyncio.wait_for(stopped(task), 2)
        assert task.cancelled()
        assert not pubsub.swallow  # the cancel was indeed swallowed once
        reads = pubsub.reads
        await asyncio.sleep(0.01)
        assert pubsub.reads == reads

    asyncio.run(main())
