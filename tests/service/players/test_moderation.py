"""Reports and bans in the players' store, on SQLite and PostgreSQL: one report per
reporter and seat (every reason kept), the table bounded, reports gathered by person for
the operator; a ban by id, account name or reported name, its generation bumped for the
processes."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from motamot.service.players import moderation
from motamot.service.players.banning import ban, resolve, unban
from motamot.service.players.moderation import NAME, PLAYER, Report, reported
from motamot.service.players.names import account_keys, name_key
from motamot.service.players.store import PlayerStore
from tests.service.backends import postgres_schema
from tests.service.conftest import run

T0 = 1_700_000_000.0


@contextmanager
def database(kind: str, tmp_path: Path) -> Iterator[str]:
    if kind == "postgresql":
        with postgres_schema() as url:
            yield url
    else:
        yield str(tmp_path / "server.sqlite3")


@asynccontextmanager
async def opened(url: str) -> AsyncIterator[PlayerStore]:
    store = await PlayerStore.open(url)
    try:
        yield store
    finally:
        await store.close()


def report(seat: str, reporter: str, at: float, name: str = "Troll", **kw: object) -> Report:
    fields: dict[str, object] = {
        "room": "r" * 16, "seat": seat, "name": name, "name_key": name_key(name),
        "player": f"player-{seat}", "reason": "cheating", "reporter": reporter, "at": at,
    }  # fmt: skip
    fields.update(kw)
    return Report(**fields)  # type: ignore[arg-type]


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_one_report_per_reporter_and_seat_the_latest_first(kind: str, tmp_path: Path) -> None:
    async def body() -> None:
        with database(kind, tmp_path) as url:
            async with opened(url) as store:
                assert await store.report(report("s2", "a", T0))
                assert not await store.report(report("s2", "a", T0 + 1, reason="behaviour"))
                assert await store.report(report("s2", "b", T0 + 2, reason="offensive_name"))
                assert await store.report(report("s3", "a", T0 + 3, name="Zoé", player=None))
                kept = await store.reports()
                assert [(r.seat, r.reporter) for r in kept] == [
                    ("s3", "a"),
                    ("s2", "b"),
                    ("s2", "a"),
                ]
                assert kept[2].reason == "cheating"  # the first report stands, counted once
                assert kept[2].given == ("cheating", "behaviour")  # with every reason given
                assert await store.reports_since("a", T0) == 2
                assert await store.reports_since("a", T0 + 2) == 1
                people = reported(kept)
                assert [one.name for one in people] == ["Zoé", "Troll"]
                assert people[1].count == 2 and people[1].reporters == 2
                assert people[1].reasons == {"offensive_name": 1, "cheating": 1, "behaviour": 1}
                assert people[0].player is None

    run(body)


def test_reports_are_bounded_the_oldest_go(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(moderation, "MAX_REPORTS", 5)

    async def body() -> None:
        async with opened(str(tmp_path / "s.sqlite3")) as store:
            for n in range(12):
                await store.report(report(f"s{n}", "a", T0 + n))
            kept = await store.reports()
            assert [r.seat for r in kept] == [f"s{n}" for n in range(11, 6, -1)]

    run(body)


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3), st.integers(0, 3)), max_size=30))
def test_reported_counts_every_report_once(reports: list[tuple[int, int, int]]) -> None:
    """However reports fall (seats, reporters, persons), each person's count is their
    reports, their reasons add up to it, and the people are in latest-first order."""
    kept = [
        report(f"s{seat}", f"r{by}", T0 + n, name=f"N{who}", player=f"p{who}")
        for n, (seat, by, who) in enumerate(reports)
    ][::-1]
    people = reported(kept)
    assert sum(one.count for one in people) == len(kept)
    for one in people:
        assert sum(one.reasons.values()) == one.count
        assert one.reporters <= one.count
    assert [one.latest for one in people] == sorted((one.latest for one in people), reverse=True)


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_ban_by_id_account_name_or_reported_name(kind: str, tmp_path: Path) -> None:
    async def body() -> None:
        with database(kind, tmp_path) as url:
            async with opened(url) as store:
                assert await store.bans_generation() == 0
                identity = await store.player_of_identity("d" * 64, T0)
                account = await store.player_of_identity("e" * 64, T0)
                assert await store.claim(account, "Élodie", account_keys("Élodie"), "hash")
                await store.report(report("s2", "a", T0, name="Troll", player=identity))
                assert await resolve(store, "nobody") is None
                assert await resolve(store, "") is None
                assert await resolve(store, "x" * 65) is None
                by_id = await resolve(store, identity)
                assert by_id is not None and by_id.players == ((identity, identity),)
                by_account = await resolve(store, "ELODIE")  # case and accents
                assert by_account is not None and by_account.players == ((account, "Élodie"),)
                assert by_account.name_key == "elodie"
                by_report = await resolve(store, "troll")
                assert by_report is not None and by_report.players == ((identity, "Troll"),)
                assert await ban(store, "élodie", T0) is not None
                assert await store.bans_generation() == 2  # the player and the name
                assert {(b.what, b.value) for b in await store.bans()} == {
                    (PLAYER, account), (NAME, "elodie"),
                }  # fmt: skip
                assert await ban(store, "Élodie", T0) is not None  # again: nothing new
                assert await store.bans_generation() == 2
                lifted = await unban(store, "Elodie")
                assert {one.what for one in lifted} == {PLAYER, NAME}
                assert await store.bans() == [] and await store.bans_generation() == 4
                assert await unban(store, "Elodie") == []

    run(body)
