"""The background sender against a real SMTP server (aiosmtpd): a server down then up is
retried until the mail goes, with backoff, and the logs never hold the password; a mail
refused for good is given up at once, one refused for now after its tries; a seat at the
table is not mailed; an address past its daily cap is not; a server that never answers
holds nothing but the sender (the event loop goes on)."""

from __future__ import annotations

import asyncio
import logging
import socket
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import replace
from pathlib import Path

import pytest

from motamot.service.mail import outbox
from motamot.service.mail.mailer import Mailer
from motamot.service.mail.outbox import Notice
from motamot.service.mail.settings import Mailing
from motamot.service.mail.smtp import SmtpServer, parse_smtp_url
from motamot.service.players.store import PlayerStore
from motamot.service.ports import SystemClock
from motamot.service.rooms.presence import LocalPresence
from tests.mailbox import Mailbox, certificate
from tests.ports import free_port

ROOM = "room1234room1234"


def mailing(url: str, **changes: object) -> Mailing:
    fast = Mailing(
        parse_smtp_url(url),
        "motamot@jeu.example",
        "https://jeu.example",
        turn_delay=0,
        retry_first=0.2,
        retry_most=0.4,
        poll_seconds=0.2,
    )
    return replace(fast, **changes)  # type: ignore[arg-type]


#: Each test room's turn: the seat it waits for, since which event (`Actor.awaited`).
Turns = dict[str, tuple[str, int]]


@asynccontextmanager
async def desk(
    settings: Mailing, presence: LocalPresence | None = None, turns: Turns | None = None
) -> AsyncIterator[Mailer]:
    store = await PlayerStore.open("memory")
    seats = presence or LocalPresence()
    waiting = turns if turns is not None else {}

    async def awaited(room: str) -> tuple[str, int] | None:
        return waiting.get(room)

    mailer = await Mailer.open(store, settings, SystemClock(), (seats.seats, awaited))
    try:
        yield mailer
    finally:
        await mailer.close()
        await store.close()


async def confirmed(mailer: Mailer, player: str, address: str) -> None:
    kept = await mailer.store.set_mail(player, address, "fr", time.time())
    assert await mailer.store.confirm_mail(player, address, kept.version, time.time())


async def notice(mailer: Mailer, player: str, seq: int, room: str = ROOM) -> bool:
    told = Notice(player, "turn", room, "s2", seq, {"kind": "topword", "others": ["Ana"]})
    queued = await mailer.store.db.run(lambda tx: outbox.enqueue(tx, told, time.time()))
    mailer.sender.poke()
    return queued


async def until(condition: object, seconds: float = 15) -> None:
    deadline = time.monotonic() + seconds
    while not condition():  # type: ignore[operator]
        assert time.monotonic() < deadline, "never came"
        await asyncio.sleep(0.02)


def test_a_server_down_then_up_gets_the_mail_and_the_password_is_never_logged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    cert = certificate(tmp_path)
    monkeypatch.setenv("SSL_CERT_FILE", str(cert[0]))
    box = Mailbox(tls="starttls", cert=cert, login=("motamot", "pa55-w0rd-secret"))
    caplog.set_level(logging.DEBUG)

    async def body() -> None:
        async with desk(mailing(box.url)) as mailer:
            asked = await mailer.ask("p1", "ana@example.org", "fr", "192.0.2.1")
            assert asked.refused is None
            await until(lambda: mailer.sender.counts["retried"] >= 2)  # down: tried again
            box.start()
            try:
                await until(lambda: mailer.sender.counts["sent"] == 1)
                (got,) = box.wait_for(1)
                assert got.rcpt == ["ana@example.org"]
                assert got.message["Subject"] == "Confirmez votre adresse pour motamot"
            finally:
                box.stop()

    asyncio.run(body())
    logged = caplog.text
    assert "pa55-w0rd-secret" not in logged
    assert "smtp://motamot:***@127.0.0.1" in logged  # what was tried, said without it


def test_a_mail_refused_for_good_is_given_up_and_one_refused_for_now_after_its_tries() -> None:
    box = Mailbox(answer="550 5.1.1 no such mailbox").start()

    async def body() -> None:
        async with desk(mailing(box.url, attempts=3)) as mailer:
            await mailer.ask("p1", "nobody@example.org", "fr", "192.0.2.1")
            await until(lambda: mailer.sender.counts["failed"] == 1)
            assert mailer.sender.counts["retried"] == 0
            box.answer = "451 4.3.0 later"
            await mailer.ask("p2", "later@example.org", "fr", "192.0.2.2")
            await until(lambda: mailer.sender.counts["failed"] == 2)
            assert mailer.sender.counts["retried"] == 2  # three tries in all
            states = await mailer.store.db.run(
                lambda tx: tx.execute("SELECT state, attempts FROM players_outbox ORDER BY player")
            )
            assert states == [("failed", 1), ("failed", 3)]

    try:
        asyncio.run(body())
    finally:
        box.stop()
    assert box.mails() == []


def test_a_player_at_the_table_or_past_the_turn_is_not_mailed_and_the_daily_cap_holds() -> None:
    box = Mailbox().start()

    async def body() -> None:
        presence, turns = LocalPresence(), Turns()
        async with desk(mailing(box.url, per_day=2), presence, turns) as mailer:
            await confirmed(mailer, "p1", "ana@example.org")
            await presence.update(ROOM, ["s2"])  # the seat has a socket open
            turns[ROOM] = ("s2", 5)
            assert await notice(mailer, "p1", 5)
            await until(lambda: mailer.sender.counts["dropped"] == 1)
            turns["over"] = ("s1", 7)  # played from elsewhere: the room waits for s1 now
            assert await notice(mailer, "p1", 6, "over")
            await until(lambda: mailer.sender.counts["dropped"] == 2)
            for seq in (7, 8, 9):
                turns[f"room{seq}"] = ("s2", seq)
                assert await notice(mailer, "p1", seq, f"room{seq}")
            assert not await notice(mailer, "p1", 9, "room9")  # one mail per turn
            await until(lambda: mailer.sender.counts["dropped"] == 3)  # the cap: 2 a day
            await until(lambda: mailer.sender.counts["sent"] == 2)

    try:
        asyncio.run(body())
        assert len(box.wait_for(2)) == 2
        time.sleep(0.3)
        assert len(box.mails()) == 2
    finally:
        box.stop()


def test_a_server_that_never_answers_holds_only_the_sender() -> None:
    silent = socket.socket()
    silent.bind(("127.0.0.1", free_port()))
    silent.listen(5)  # connections are taken by the kernel, never answered
    port = silent.getsockname()[1]
    settings = mailing("smtp://127.0.0.1:1", smtp=SmtpServer("127.0.0.1", port, timeout=1.5))

    async def body() -> None:
        async with desk(settings) as mailer:
            await mailer.ask("p1", "ana@example.org", "fr", "192.0.2.1")
            longest, started = 0.0, time.monotonic()
            while mailer.sender.counts["retried"] < 1:
                before = time.monotonic()
                await asyncio.sleep(0.01)
                longest = max(longest, time.monotonic() - before)
                assert time.monotonic() - started < 15
            assert time.monotonic() - started >= 1.4  # it did wait for the silent server
            # and the loop never did: a blocking connect would hold it for the whole 1.5 s
            # timeout; a loaded machine may pause a process a few hundred milliseconds
            assert longest < 1.0

    try:
        asyncio.run(body())
    finally:
        silent.close()
