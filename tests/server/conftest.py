"""The app over a memory store and a manual clock, for every server test that asks."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient

from motamot.service.ports import ManualClock
from tests.server.helpers import server


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def client(clock: ManualClock) -> Iterator[TestClient]:
    with server(clock) as client:
        yield client
