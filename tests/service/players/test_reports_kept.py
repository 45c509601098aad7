"""What a report keeps in the players' store, on SQLite and PostgreSQL (issue 36): every
reason a reporter gives for a seat (counted once), the lines said merged by number and
bounded, an operator's close (a new reason opens it again), and stored values that do
not decode read as nothing rather than failing the page."""

from __future__ import annotations

from pathlib import Path

import pytest

from motamot.service.players.moderation import MAX_SAID, SaidLine, reported
from tests.service.conftest import run
from tests.service.players.test_moderation import T0, database, opened, report


def line(seq: int, text: str = "x") -> SaidLine:
    return SaidLine(seq, "s2", "Troll", T0 + seq, text)


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_every_reason_and_line_kept_and_a_close_reopened(kind: str, tmp_path: Path) -> None:
    async def body() -> None:
        with database(kind, tmp_path) as url:
            async with opened(url) as store:
                first = report("s2", "a", T0, reason="cheating", said=(line(3), line(5)))
                assert await store.report(first)
                again = report("s2", "a", T0 + 9, reason="behaviour", said=(line(5), line(8)))
                assert not await store.report(again)  # counts once
                assert not await store.report(again)  # a reason given twice is kept once
                await store.report(report("s2", "b", T0 + 1, reporter_name="Bob"))
                (kept_a,) = [r for r in await store.reports() if r.reporter == "a"]
                assert kept_a.given == ("cheating", "behaviour") and kept_a.at == T0
                assert [one.seq for one in kept_a.said] == [3, 5, 8]
                (person,) = reported(await store.reports())
                assert person.count == 2 and person.reasons == {"cheating": 2, "behaviour": 1}
                assert await store.close_reports("player-s2", "troll", T0 + 20) == 2
                assert await store.reports(open_only=True) == []
                assert {r.closed for r in await store.reports()} == {T0 + 20}
                assert await store.close_reports("player-s2", "troll", T0 + 21) == 0
                await store.report(report("s2", "b", T0 + 30, reason="impersonation"))
                (reopened,) = await store.reports(open_only=True)
                assert reopened.reporter == "b" and reopened.reporter_name == "Bob"
                many = tuple(line(n) for n in range(MAX_SAID + 25))
                await store.report(report("s3", "c", T0, said=many))
                (long,) = [r for r in await store.reports() if r.seat == "s3"]
                assert [one.seq for one in long.said] == list(range(25, MAX_SAID + 25))

    run(body)


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_nameless_persons_reports_close_by_name_and_bad_rows_read_as_nothing(
    kind: str, tmp_path: Path
) -> None:
    async def body() -> None:
        with database(kind, tmp_path) as url:
            async with opened(url) as store:
                await store.report(report("s2", "a", T0, player=None))
                await store.report(report("s4", "a", T0, player="someone"))
                assert await store.close_reports(None, "troll", T0) == 1
                (still,) = await store.reports(open_only=True)
                assert still.player == "someone"
                await store.db.run(
                    lambda tx: tx.execute(
                        "UPDATE players_reports SET reasons = '{\"x\": 1}', said = '[1, 2'"
                    )
                )
                for one in await store.reports():
                    assert one.given == ("cheating",) and one.said == ()

    run(body)
