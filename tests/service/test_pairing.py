"""Quick pairing (issue 23, « Partie rapide », Q1 in docs/rules.md): who fits whom (the
same game, two players, ratings within a window that widens with waiting), the seeks'
store (one seek per player, a bounded queue, live seeks that run out, correspondence
seeks that wait), never a seek paired twice however many pairers take part at once, and
the pairer telling each seeker's socket where to sit, on whichever process it is."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from motamot.service.notices import LocalNotices
from motamot.service.pairing.match import BASE_WINDOW, MAX_WINDOW, choose, fits, pairs, window
from motamot.service.pairing.pairer import Pairer
from motamot.service.pairing.seeks import Pairing, Seek
from motamot.service.pairing.store import MAX_WAIT_SECONDS, PairingStore
from motamot.service.players.db import open_db
from motamot.service.players.store import PlayerStore
from motamot.service.ports import ManualClock
from tests.service.backends import postgres_schema
from tests.service.conftest import run

T0 = 1_700_000_000.0


def seek(
    player: str,
    rating: int | None = None,
    since: float = T0,
    *,
    name: str | None = None,
    ruleset: str = "topword-fr",
    pace: str = "2m",
    rated: bool = False,
    live: bool = True,
) -> Seek:
    return Seek(
        f"seek-{player}",
        player,
        name or player.title(),
        rating is not None,
        rating,
        ruleset,
        pace,
        rated,
        "d" * 64,
        since,
        since + 15 if live else None,
    )


# --- who fits whom -----------------------------------------------------------------------


def test_q1_two_seeks_of_the_same_game_fit_and_others_do_not() -> None:
    ana = seek("ana")
    assert fits(ana, seek("bob"), T0)
    assert not fits(ana, seek("bob", ruleset="upwords-en"), T0)
    assert not fits(ana, seek("bob", pace="1d"), T0)
    assert not fits(ana, seek("bob", rated=True), T0)
    assert not fits(ana, ana, T0)  # nobody plays themselves
    again = Seek(**{**_fields(seek("ana", name="Zoé")), "id": "another-seek"})
    assert not fits(ana, again, T0)  # one player, two tabs
    assert not fits(ana, seek("bob", name="ANA"), T0)  # two seats of one name
    assert fits(ana, seek("bob", 2400), T0)  # a rating is compared only with another


def test_q1_the_rating_window_widens_with_waiting_up_to_its_most() -> None:
    assert window(0) == BASE_WINDOW
    assert window(10) == BASE_WINDOW + 100
    assert window(10_000) == MAX_WINDOW
    ana, bob = seek("ana", 1500), seek("bob", 1800)
    assert not fits(ana, bob, T0)  # 300 apart, 150 accepted at first
    assert not fits(ana, bob, T0 + 14)
    assert fits(ana, bob, T0 + 15)  # 150 + 10 × 15 = 300
    late = seek("cat", 1800, since=T0 + 15)
    assert fits(ana, late, T0 + 15)  # the one who waited longer widens it for both
    assert not fits(seek("ana", 1000), seek("bob", 1801), T0 + 10_000)  # never past 800


def test_q1_the_closest_rating_first_else_who_waited_longest() -> None:
    me = seek("me", 1500, since=T0 + 5)
    waiting = [
        seek("far", 1640, since=T0),
        seek("close", 1480, since=T0 + 2),
        seek("nobody", None, since=T0 - 10),
    ]
    assert choose(me, waiting, T0 + 5) == waiting[1]
    assert choose(seek("anon", None), waiting, T0 + 5) == waiting[2]  # oldest
    only_unrated = [seek("nobody", None, since=T0)]
    assert choose(me, only_unrated, T0 + 5) == only_unrated[0]
    assert choose(me, [seek("x", 2500)], T0 + 5) is None


seeks = st.lists(
    st.builds(
        seek,
        st.sampled_from(["a", "b", "c", "d", "e", "f", "g", "h"]),
        st.one_of(st.none(), st.integers(1000, 2500)),
        st.floats(T0 - 100, T0),
        pace=st.sampled_from(["1m", "2m"]),
        rated=st.booleans(),
    ),
    max_size=12,
    unique_by=lambda s: s.player,
)


@settings(max_examples=300, deadline=None)
@given(seeks)
def test_q1_pairs_never_share_a_seek_each_fits_and_no_two_left_fit(waiting: list[Seek]) -> None:
    now = T0 + 3
    found = pairs(waiting, now)
    paired = [s.id for p in found for s in (p.first, p.second)]
    assert len(paired) == len(set(paired))
    assert all(fits(p.first, p.second, now) for p in found)
    left = [s for s in waiting if s.id not in paired]
    assert not any(fits(a, b, now) for a in left for b in left if a.id < b.id)


# --- the store -----------------------------------------------------------------------------


@asynccontextmanager
async def pairing_store(url: str = "memory") -> AsyncIterator[PairingStore]:
    players = await PlayerStore.open(url)
    store = PairingStore(players.db)
    await store.create()
    try:
        yield store
    finally:
        await players.close()


def test_q1_a_seek_waits_then_the_next_fitting_one_is_paired_with_it() -> None:
    async def body() -> None:
        async with pairing_store() as store:
            first = await store.seek(seek("ana"), T0)
            assert first.pairing is None and first.refused is None
            other = await store.seek(seek("bob", ruleset="upwords-en"), T0 + 1)
            assert other.pairing is None  # another game: both wait
            second = await store.seek(seek("cat"), T0 + 2)
            assert second.pairing == Pairing(seek("ana"), seek("cat"))
            assert await store.still_waiting(["seek-ana", "seek-bob", "seek-cat"]) == {"seek-bob"}
            results = await store.results(["seek-ana", "seek-cat"])
            assert {r.state for r in results.values()} == {"opening"}

    run(body)


def test_q1_one_seek_per_player_a_new_one_replaces_the_old() -> None:
    async def body() -> None:
        async with pairing_store() as store:
            await store.seek(seek("ana"), T0)
            again = await store.seek(seek("ana", pace="1m"), T0 + 1)
            assert again.replaced == seek("ana") and again.pairing is None
            waiting = await store.waiting_of("ana")
            assert waiting is not None and waiting.pace == "1m"

    run(body)


def test_q1_the_queue_is_bounded() -> None:
    async def body() -> None:
        async with pairing_store() as store:
            for n in range(5):
                await store.seek(seek(f"p{n}", ruleset=f"r{n}"), T0, limit=5)
            full = await store.seek(seek("late"), T0, limit=5)
            assert full.refused == "pairing_full"
            assert await store.waiting_of("late") is None
            assert await store.cancel("p0") is not None
            assert (await store.seek(seek("late"), T0, limit=5)).refused is None

    run(body)


def test_q1_a_live_seek_nobody_renews_runs_out_a_correspondence_seek_waits() -> None:
    async def body() -> None:
        async with pairing_store() as store:
            await store.seek(seek("live", pace="1m"), T0)
            await store.seek(seek("corr", pace="1d", live=False), T0)
            swept = await store.sweep(T0 + 16)
            assert swept.expired == ["seek-live"] and swept.pairings == []
            assert await store.waiting_of("corr") is not None
            await store.renew(["seek-corr"], T0 + 100)  # only live seeks are renewed
            assert (await store.waiting_of("corr")).alive_until is None  # type: ignore[union-attr]
            swept = await store.sweep(T0 + MAX_WAIT_SECONDS + 1)
            assert swept.expired == ["seek-corr"]

    run(body)


def test_q1_a_renewed_live_seek_waits_on() -> None:
    async def body() -> None:
        async with pairing_store() as store:
            await store.seek(seek("ana", pace="1m"), T0)
            await store.renew(["seek-ana"], T0 + 30)
            assert (await store.sweep(T0 + 20)).expired == []
            assert (await store.sweep(T0 + 31)).expired == ["seek-ana"]

    run(body)


def test_q1_a_sweep_pairs_two_seeks_once_their_windows_meet() -> None:
    async def body() -> None:
        async with pairing_store() as store:
            await store.seek(seek("ana", 1500, live=False, pace="1d"), T0)
            waited = await store.seek(seek("bob", 1800, live=False, pace="1d"), T0)
            assert waited.pairing is None  # 300 apart
            assert (await store.sweep(T0 + 10)).pairings == []
            (pairing,) = (await store.sweep(T0 + 15)).pairings
            assert {pairing.first.player, pairing.second.player} == {"ana", "bob"}
            assert (await store.sweep(T0 + 16)).pairings == []

    run(body)


def test_q1_cancel_takes_only_the_players_own_seek() -> None:
    async def body() -> None:
        async with pairing_store() as store:
            await store.seek(seek("ana"), T0)
            assert await store.cancel("bob", "seek-ana") is None
            assert await store.cancel("ana", "seek-other") is None
            assert await store.cancel("ana", "seek-ana") == seek("ana")
            assert await store.waiting_of("ana") is None

    run(body)


def race(url: str, tmp: Path | None = None) -> list[Pairing]:
    """Two pairers (each its own connection, as two processes) and 40 seekers seeking all
    at once from threads, with sweeps between: every pairing made."""
    made: list[Pairing] = []
    lock = threading.Lock()

    def pairer(number: int) -> None:
        async def body() -> None:
            db = open_db(url)
            store = PairingStore(db)
            try:
                for n in range(number, 40, 2):
                    sought = await store.seek(seek(f"p{n:02}", 1500 + 7 * n), T0 + n / 10)
                    swept = await store.sweep(T0 + n / 10)
                    with lock:
                        if sought.pairing is not None:
                            made.append(sought.pairing)
                        made.extend(swept.pairings)
            finally:
                await db.close()

        asyncio.run(body())

    async def create() -> None:
        players = await PlayerStore.open(url)
        await PairingStore(players.db).create()
        await players.close()

    asyncio.run(create())
    threads = [threading.Thread(target=pairer, args=(n,)) for n in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return made


def check_race(made: list[Pairing]) -> None:
    paired = [s.player for p in made for s in (p.first, p.second)]
    assert len(paired) == len(set(paired)), sorted(paired)  # nobody twice
    assert len(made) >= 15  # nearly everyone found somebody
    assert all(fits(p.first, p.second, T0 + 10) for p in made)


def test_q1_two_pairers_at_once_on_postgresql_never_pair_a_seek_twice() -> None:
    with postgres_schema() as url:
        check_race(race(url))


def test_q1_two_pairers_at_once_on_one_sqlite_file_never_pair_a_seek_twice(
    tmp_path: Path,
) -> None:
    check_race(race(str(tmp_path / "server.sqlite3")))


# --- the pairer ----------------------------------------------------------------------------


class Seat:
    """A seeker's socket: what it was told."""

    def __init__(self) -> None:
        self.told: list[tuple[str, ...]] = []
        self.done = asyncio.Event()

    def paired(self, room: str, seat: str) -> None:
        self.told.append(("paired", room, seat))
        self.done.set()

    def ended(self, reason: str) -> None:
        self.told.append(("ended", reason))
        self.done.set()


class Tables:
    """Opens tables: each pairing gets room `table-N`, its first seek seat s1."""

    def __init__(self, fail: bool = False) -> None:
        self.opened: list[Pairing] = []
        self.fail = fail

    async def __call__(self, pairing: Pairing) -> tuple[str, dict[str, str]] | str:
        if self.fail:
            return "store_failed"
        self.opened.append(pairing)
        return f"table-{len(self.opened)}", {pairing.first.id: "s1", pairing.second.id: "s2"}


def test_q1_the_pairer_tells_both_seekers_where_to_sit() -> None:
    async def body() -> None:
        async with pairing_store() as store:
            tables = Tables()
            pairer = Pairer(store, LocalNotices(), ManualClock(T0), tables)
            ana, bob = Seat(), Seat()
            await pairer.seek(seek("ana"), ana)
            assert ana.told == []
            await pairer.seek(seek("bob"), bob)
            await asyncio.wait_for(asyncio.gather(ana.done.wait(), bob.done.wait()), 5)
            assert ana.told == [("paired", "table-1", "s1")]
            assert bob.told == [("paired", "table-1", "s2")]
            assert len(tables.opened) == 1 and pairer.waiters == {}
            last = await store.last_result("bob")
            assert last is not None and last.room == "table-1"
            await pairer.close()

    run(body)


def test_q1_a_table_that_cannot_be_opened_tells_both_to_seek_again() -> None:
    async def body() -> None:
        async with pairing_store() as store:
            pairer = Pairer(store, LocalNotices(), ManualClock(T0), Tables(fail=True))
            ana, bob = Seat(), Seat()
            await pairer.seek(seek("ana"), ana)
            await pairer.seek(seek("bob"), bob)
            await asyncio.wait_for(asyncio.gather(ana.done.wait(), bob.done.wait()), 5)
            assert ana.told == bob.told == [("ended", "failed")]
            await pairer.close()

    run(body)


def test_q1_a_live_seek_dies_with_its_socket_a_correspondence_seek_waits_on() -> None:
    async def body() -> None:
        async with pairing_store() as store:
            pairer = Pairer(store, LocalNotices(), ManualClock(T0), Tables())
            await pairer.seek(seek("live", pace="1m"), Seat())
            await pairer.gone("live", "seek-live", live=True)
            assert await store.waiting_of("live") is None
            await pairer.seek(seek("corr", pace="1d", live=False), Seat())
            await pairer.gone("corr", "seek-corr", live=False)
            assert await store.waiting_of("corr") is not None
            await pairer.close()

    run(body)


def test_q1_a_second_seek_of_the_player_ends_the_first_sockets_seek() -> None:
    async def body() -> None:
        async with pairing_store() as store:
            pairer = Pairer(store, LocalNotices(), ManualClock(T0), Tables())
            first, second = Seat(), Seat()
            await pairer.seek(seek("ana"), first)
            await pairer.seek(Seek(**{**_fields(seek("ana")), "id": "seek-ana-2"}), second)
            assert first.told == [("ended", "replaced")]
            assert "seek-ana-2" in pairer.waiters
            await pairer.close()

    run(body)


def test_q1_a_round_renews_live_seeks_and_ends_those_that_ran_out_elsewhere() -> None:
    async def body() -> None:
        async with pairing_store() as store:
            clock = ManualClock(T0)
            pairer = Pairer(store, LocalNotices(), clock, Tables())
            mine = Seat()
            await pairer.seek(seek("ana", pace="1m"), mine)
            clock.advance(10)
            await pairer.round()  # renewed until T0 + 25
            clock.advance(10)
            await pairer.round()
            assert await store.waiting_of("ana") is not None and mine.told == []
            await store.cancel("ana")  # from another socket of the player
            await pairer.round()
            assert mine.told == [("ended", "cancelled")]
            await pairer.close()

    run(body)


def test_q1_a_pairing_made_by_another_process_reaches_the_seeker_here() -> None:
    """Two pairers over one store, each with its own notices: the notice never comes,
    the next round finds the seek gone and its result, and tells the seeker."""

    async def body() -> None:
        async with pairing_store() as store:
            clock = ManualClock(T0)
            here = Pairer(store, LocalNotices(), clock, Tables())
            there = Pairer(store, LocalNotices(), clock, Tables())
            ana, bob = Seat(), Seat()
            await here.seek(seek("ana"), ana)
            await there.seek(seek("bob"), bob)
            await asyncio.wait_for(bob.done.wait(), 5)
            assert ana.told == []  # the other process's notice was not heard here
            await here.round()
            assert ana.told == [("paired", "table-1", "s1")]
            await here.close()
            await there.close()

    run(body)


def _fields(value: Seek) -> dict[str, Any]:
    return {name: getattr(value, name) for name in value.__struct_fields__}


@pytest.mark.parametrize("url", ["memory"])
def test_q1_results_say_where_a_returning_seeker_was_seated(url: str) -> None:
    async def body() -> None:
        async with pairing_store(url) as store:
            pairer = Pairer(store, LocalNotices(), ManualClock(T0), Tables())
            await pairer.seek(seek("ana", pace="1d", live=False), Seat())
            await pairer.gone("ana", "seek-ana", live=False)  # the page closed
            await pairer.seek(seek("bob", pace="1d", live=False), Seat())
            last = await store.last_result("ana")
            assert last is not None and (last.room, last.seat) == ("table-1", "s1")
            await pairer.close()

    run(body)
