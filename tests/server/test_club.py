"""Issue 35's « many people behind one address » (docs/rules.md, F17): a club of 100
behind one Wi-Fi plays a whole arena round without one 1008, while one socket that
floods is still closed and a script's thousands of sockets add up to a ceiling.

On the main of 6d5e836 every message of every socket of an address drew on one bucket
of 40 a second: 100 players (a word every 4.5 s, a ping every 5 s: 42 a second) were
closed at random."""

from __future__ import annotations

import heapq
import time
from collections.abc import Callable, Iterator
from types import SimpleNamespace
from typing import Any

import pytest

from motamot.server import ws
from motamot.server.quotas import QuotaLimits, Quotas
from motamot.server.throttle import (
    ADDRESS_MOST_SOCKETS,
    SOCKET_SHARE_PER_SECOND,
    AddressCredits,
    Credits,
    address_budget,
)
from tests.server.helpers import grid_words, hello, send, until
from tests.web.arena.test_arena_ws import SCHEDULE, Arena, arena  # noqa: F401 (a fixture)

CLUB = 100
WORD_EVERY = 4.5
PING_EVERY = 5.0


def club_schedule(seconds: float, people: int = CLUB) -> Iterator[tuple[float, int, str]]:
    """(time, person, "word" or "ping") in time order: each person writes a word every
    4.5 s and pings every 5 s, from an instant of their own."""
    queue: list[tuple[float, int, str]] = []
    for person in range(people):
        start = person * WORD_EVERY / people
        heapq.heappush(queue, (start, person, "word"))
        heapq.heappush(queue, (start + 0.7, person, "ping"))
    while queue:
        at, person, what = heapq.heappop(queue)
        if at >= seconds:
            continue
        yield at, person, what
        heapq.heappush(queue, (at + (WORD_EVERY if what == "word" else PING_EVERY), person, what))


def test_f17_a_club_of_100_spends_within_its_address_budget_for_a_whole_round() -> None:
    held = {"club": CLUB}
    club = AddressCredits(lambda address: held[address])
    alone = AddressCredits()  # main's: one bucket of 40 a second, whatever the sockets
    sockets = [Credits() for _ in range(CLUB)]
    refused_on_main = 0
    for at, person, _ in club_schedule(15 * 60.0):  # a quarter of an hour of rounds
        assert sockets[person].spend(at) and club.spend("club", at), (at, person)
        refused_on_main += not alone.spend("club", at)
    assert refused_on_main > 100


def test_f17_one_flooding_socket_is_still_closed_and_a_script_meets_a_ceiling() -> None:
    flood = Credits()
    sent = 0
    while flood.spend(sent / 100):  # 100 messages a second
        sent += 1
    assert sent < 100  # closed within its first second, whatever its address
    assert address_budget(5000) == address_budget(ADDRESS_MOST_SOCKETS)
    assert address_budget(5000)[1] == ADDRESS_MOST_SOCKETS * SOCKET_SHARE_PER_SECOND
    assert address_budget(1) == address_budget(0)  # one family: the old base budget


def answer_to(what: str) -> Callable[[dict[str, Any]], bool]:
    """The frame that answers a ping (`pong`) or a word (`ack`, `refused`)."""
    wanted = ("pong",) if what == "ping" else ("ack", "refused")
    return lambda message: message["type"] in wanted


@pytest.mark.slow
def test_f17_100_sockets_of_one_address_play_an_arena_round_without_a_1008(
    arena: Arena,  # noqa: F811 (the fixture)
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rooms = arena.client.app.state.rooms  # type: ignore[attr-defined]
    rooms.quotas = Quotas(QuotaLimits(joins_per_minute=0))  # 100 joins in a test's second
    simulated = SimpleNamespace(now=0.0)
    # the sockets' credits judged on the round's time, not the machine's: a second of the
    # round passes between two messages as the schedule says, whatever the machine's load
    monkeypatch.setattr(
        ws,
        "time",
        SimpleNamespace(monotonic=lambda: simulated.now, perf_counter=time.perf_counter),
    )
    seats = [arena.enter(f"Membre {number}") for number in range(CLUB)]
    sockets = [arena.client.websocket_connect(f"/ws/{seat['room']}") for seat in seats]
    opened = [socket.__enter__() for socket in sockets]
    try:
        grid = ""
        for socket, seat in zip(opened, seats, strict=True):
            grid = hello(socket, seat["token"])["view"]["grid"]
        words = grid_words(grid)
        answers = {"ack": 0, "refused": 0, "pong": 0}
        schedule = list(club_schedule(SCHEDULE.round_seconds))  # a whole round's messages
        for count, (at, person, what) in enumerate(schedule):
            simulated.now = at
            if what == "ping":
                send(opened[person], {"type": "ping", "c": at})
            else:
                word = words[(count + person) % len(words)]
                send(opened[person], {"type": "word", "text": word, "id": count + 1})
            answer = until(opened[person], answer_to(what))
            answers[answer["type"]] += 1
        pings = sum(1 for _, _, what in schedule if what == "ping")
        assert answers["pong"] == pings > (SCHEDULE.round_seconds // PING_EVERY - 1) * CLUB
        assert answers["ack"] + answers["refused"] == len(schedule) - pings
        assert answers["ack"] >= len(words)  # each grid word accepted once at least
        # every socket is still open: each answers a last ping
        for socket in opened:
            send(socket, {"type": "ping", "c": 1})
            until(socket, lambda m: m["type"] == "pong")
    finally:
        for socket in sockets:
            socket.__exit__(None, None, None)
