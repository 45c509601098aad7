"""A restart loses no round of the arena and moves none (A2): a host over a SQLite file
stopped mid-round with a manual clock, the clock moved on past the round's end and the
next round's start while it is down, then a new host on the same file."""

from __future__ import annotations

from pathlib import Path

from motamot.service.arena.room import ArenaRoom
from motamot.service.boggle.events import RoundEnded, RoundStarted
from motamot.service.brokers.local import LocalBroadcaster
from motamot.service.ports import ManualClock
from motamot.service.rooms.host import RoomHost
from motamot.service.rooms.outcomes import Ack
from motamot.service.stores.sqlite import SqliteStore
from tests.service.arena.helpers import SCHEDULE, arena_on, words_of
from tests.service.conftest import KINDS, lexicons, run

N = SCHEDULE.number_at(1_700_000_000.0) + 2


def test_arena_A2_a_restart_mid_round_ends_it_at_its_deadline_and_starts_the_next_on_time(
    tmp_path: Path,
) -> None:
    path = tmp_path / "rooms.sqlite3"

    async def body() -> None:
        clock = ManualClock(SCHEDULE.start(N) + 10)
        store = SqliteStore(path)
        host = RoomHost(store, LocalBroadcaster(), clock, lexicons, KINDS)
        await host.start(timers=False)
        arena = arena_on(host, clock)
        seat = await arena.join(N, "ana")
        room = await arena.room(N)
        assert room.round is not None
        written = words_of(room.round.grid.text)[:3]
        for word in written:
            assert isinstance(await arena.write(N, seat, word), Ack)
        await arena.at(SCHEDULE.start(N) + 20)  # people play: round N + 1 is opened ahead
        await host.close()
        await store.close()  # the process is gone, mid-round

        clock.advance(SCHEDULE.start(N + 1) + 7 - clock.now())  # down past N's end, N+1's start
        store = SqliteStore(path)
        host = RoomHost(store, LocalBroadcaster(), clock, lexicons, KINDS)
        await host.start(timers=False)  # every stored room loaded and ticked
        again = arena_on(host, clock)
        await again.keeper.step()
        ended = await again.room(N)
        assert ended.round is not None and ended.round.ended_at == SCHEDULE.deadline(N)
        (place,) = ended.results().places.values()
        assert place.words == len(written) and place.score > 0
        nxt = await again.room(N + 1)
        assert nxt.round is not None and nxt.round.running
        assert nxt.round.start == SCHEDULE.start(N + 1)  # on time, not at the restart
        assert nxt.round.deadline == SCHEDULE.deadline(N + 1)
        assert SCHEDULE.deadline(N) < nxt.round.start  # no overlap
        assert nxt.carried == {"ana": (place.score, 1)}  # the session goes on
        # a newcomer plays round N + 1, its time left by the referee's clock
        late = await again.join(N + 1, "bea")
        view = nxt.view(late)
        assert view["phase"] == "running" and view["deadline"] - clock.now() == 53
        # every round once: one start and one end each, none opened twice
        for number in (N, N + 1):
            events = await host.events_since(again.room_id(number), 0)
            assert sum(isinstance(e, RoundStarted) for e in events) == 1
            assert sum(isinstance(e, RoundEnded) for e in events) == (number == N)
        rooms = [room for room in await store.rooms() if isinstance(host.loaded(room), ArenaRoom)]
        assert sorted(rooms) == sorted(again.room_id(n) for n in (N, N + 1))
        await host.close()
        await store.close()

    run(body)
