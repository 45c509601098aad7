"""The background sender: takes due mails from the outbox and hands them to the SMTP
server, off every room's actor and every request.

One task per process; the SMTP conversation runs in a thread of its own (never the
default executor the computer players think in), so a server that is slow, down or
refusing holds nothing but this task. A mail that fails is tried again later, each wait
twice the last (`Mailing.retry_after`), and given up after `Mailing.attempts` tries or at
once when the server refuses it for good (a 5xx). Every failure is logged with the
server's URL redacted, never its password. Before a turn's or an end's mail goes, the
seat's presence is read again: a player back at the table by then is not mailed; nor is
a turn that is over (the player played it from elsewhere, the clock passed it). A day's
digest (`digest`) is one mail for all of a player's rows of that day.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from email.message import EmailMessage

from motamot.service.mail import asking, digest, outbox
from motamot.service.mail.compose import compose
from motamot.service.mail.outbox import Outgoing
from motamot.service.mail.settings import Mailing
from motamot.service.mail.smtp import SendFailed, send_all
from motamot.service.mail.tokens import MailTokens
from motamot.service.players.db import Db, Tx
from motamot.service.players.mail import mail_of
from motamot.service.ports import Clock
from motamot.service.stores.outages import failed
from motamot.service.tasks import stopped, within
from motamot.text.language import LANGUAGES, Language

log = logging.getLogger(__name__)

#: The seats with a socket open in a room, over every process (`Presence.seats`).
Connected = Callable[[str], Awaitable[Sequence[str]]]
#: The seat a room waits for and since which event (`Actor.awaited`, read through the
#: host on any process), or None.
Awaited = Callable[[str], Awaitable[tuple[str, int] | None]]
#: Seconds a sender holds the rows it took (another takes them after, if it died).
LEASE_SECONDS = 900.0
#: Rows taken at once (one SMTP conversation).
BATCH = 10
#: How often rows done long ago are removed (seconds).
PRUNE_EVERY = 3600.0
#: Shortest sleep between two looks at the outbox (no busy loop on a clock that stands).
MIN_SLEEP = 0.05


def _language(text: str | None) -> Language:
    for lang in LANGUAGES:
        if text == lang:
            return lang
    return "fr"


class Sender:
    """The mails of one process's outbox, sent in the background."""

    def __init__(
        self,
        db: Db,
        mailing: Mailing,
        tokens: MailTokens,
        clock: Clock,
        connected: Connected,
        awaited: Awaited,
    ) -> None:
        self.db = db
        self.mailing = mailing
        self.tokens = tokens
        self.clock = clock
        self.connected = connected
        self.awaited = awaited
        #: What became of the mails here (`sent`, `retried`, `failed`, `dropped`).
        self.counts: collections.Counter[str] = collections.Counter()
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="mail-smtp")
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._pruned = 0.0

    def start(self) -> None:
        log.info("mail: sending through %s as %s", self.mailing.smtp.redacted, self.mailing.sender)
        self._task = asyncio.create_task(self._loop(), name="mail-sender")

    def poke(self) -> None:
        """Look at the outbox now (a mail was queued)."""
        self._wake.set()

    async def _loop(self) -> None:
        while True:
            try:
                if await self.run_once():
                    continue
                wait = await self._idle_seconds()
            except Exception as error:  # the database away: try again later, never stop
                failed(log, error, "mail: the outbox could not be read")
                wait = self.mailing.poll_seconds
            self._wake.clear()
            with contextlib.suppress(TimeoutError):
                await within(self._wake.wait(), max(MIN_SLEEP, wait))

    async def _idle_seconds(self) -> float:
        due = await self.db.run(outbox.next_due, durable=False)
        if due is None:
            return self.mailing.poll_seconds
        return min(self.mailing.poll_seconds, due - self.clock.now())

    async def run_once(self) -> int:
        """Send what is due now; how many rows were taken."""
        now = self.clock.now()
        if now - self._pruned >= PRUNE_EVERY:
            await self.db.run(lambda tx: _prune(tx, now), durable=False)
            self._pruned = now
        taken = await self.db.run(lambda tx: outbox.claim(tx, now, LEASE_SECONDS, BATCH))
        if not taken:
            return 0
        ready: list[tuple[list[Outgoing], EmailMessage]] = []
        days: set[tuple[str, int]] = set()
        for out in taken:
            if out.what == "digest":  # one mail for all of the player's rows of the day
                if (out.player, out.seq) in days:
                    continue
                days.add((out.player, out.seq))
                prepared = await self._prepare_digest(await self._day(taken, out, now), now)
            else:
                message = await self._prepare(out, now)
                prepared = None if message is None else ([out], message)
            if prepared is not None:
                ready.append(prepared)
        if ready:
            loop = asyncio.get_running_loop()
            messages = [message for _, message in ready]
            results = await loop.run_in_executor(self._pool, send_all, self.mailing.smtp, messages)
            for (rows, _), result in zip(ready, results, strict=True):
                for out in rows:
                    await self._record(out, result)
                if result is None and rows[0].what == "digest":
                    await self._again(rows, now)
        return len(taken)

    async def _day(self, taken: list[Outgoing], first: Outgoing, now: float) -> list[Outgoing]:
        """Every row of `first`'s player's digest of its day: those taken with it, and
        the others, taken now."""
        player, day = first.player, first.seq
        group = [o for o in taken if o.what == "digest" and (o.player, o.seq) == (player, day)]

        def others(tx: Tx) -> list[Outgoing]:
            return digest.claim_group(tx, player, day, now, LEASE_SECONDS)

        return group + await self.db.run(others)

    async def _prepare_digest(
        self, group: list[Outgoing], now: float
    ) -> tuple[list[Outgoing], EmailMessage] | None:
        """The digest of the games of `group` still waiting for the player's move (the
        others dropped); None when none waits."""
        waiting = []
        for out in group:
            if await self._still_theirs(out):
                waiting.append(out)
            else:
                await self._drop(out, "the turn is over")
        if not waiting:
            return None
        message = await self._prepare(digest.digest_of(waiting), now)
        if message is None:
            for out in waiting[1:]:  # the first was dropped with the reason
                await self._drop(out, "its digest was not sent")
            return None
        return waiting, message

    async def _drop(self, out: Outgoing, why: str) -> None:
        log.info("mail %s (%s) not sent: %s", out.id, out.what, why)
        self.counts["dropped"] += 1
        now = self.clock.now()
        await self.db.run(lambda tx: outbox.finish(tx, out.id, "dropped", now))

    async def _prepare(self, out: Outgoing, now: float) -> EmailMessage | None:
        """The mail for `out`, or None when it is not to be sent (dropped here)."""
        if out.what not in ("confirm", "digest") and await self._watching(out):
            await self._drop(out, "the player is at the table")
            return None
        if out.what == "turn" and await self._turn_over(out):
            await self._drop(out, "the turn is over")
            return None
        address, lang = out.address, out.lang
        if address is None:
            known = await self.db.run(lambda tx: mail_of(tx, out.player), durable=False)
            if known is None or not known.confirmed:
                await self._drop(out, "no confirmed address")
                return None
            address, lang = known.address, lang or known.lang
        if out.attempts == 0:
            to = address
            per_day = self.mailing.per_day
            if not await self.db.run(lambda tx: outbox.reserve(tx, to, now, per_day)):
                await self._drop(out, "the address's daily cap is reached")
                return None
        try:
            return compose(out, address, _language(lang), self.mailing, self.tokens, now)
        except (ValueError, TypeError) as error:  # a header the policy refused
            await self._drop(out, f"not composed ({type(error).__name__})")
            return None

    async def _watching(self, out: Outgoing) -> bool:
        try:
            return out.seat in await self.connected(out.room)
        except Exception:  # presence is advice: unknown means not watching
            log.warning("mail %s: the table's presence could not be read", out.id)
            return False

    async def _turn_over(self, out: Outgoing) -> bool:
        try:
            return await self.awaited(out.room) != (out.seat, out.seq)
        except Exception:  # the room cannot be read now: the mail goes, as noticed
            log.warning("mail %s: the table could not be read", out.id)
            return False

    async def _again(self, rows: list[Outgoing], now: float) -> None:
        def work(tx: Tx) -> None:
            digest.again(tx, rows, now)

        await self.db.run(work)

    async def _still_theirs(self, out: Outgoing) -> bool:
        """A digest's game still waits for its player (whichever of their turns)."""
        try:
            awaited = await self.awaited(out.room)
        except Exception:  # the room cannot be read now: listed, as noticed
            log.warning("mail %s: the table could not be read", out.id)
            return True
        return awaited is not None and awaited[0] == out.seat

    async def _record(self, out: Outgoing, result: SendFailed | None) -> None:
        now = self.clock.now()
        if result is None:
            self.counts["sent"] += 1
            log.info("mail %s (%s) sent", out.id, out.what)
            await self.db.run(lambda tx: outbox.finish(tx, out.id, "sent", now))
            return
        tries = out.attempts + 1
        if result.lasting or tries >= self.mailing.attempts:
            self.counts["failed"] += 1
            log.error(
                "mail %s (%s) given up after %d tries: %s", out.id, out.what, tries, result.why
            )
            await self.db.run(lambda tx: outbox.finish(tx, out.id, "failed", now))
            return
        wait = self.mailing.retry_after(tries)
        self.counts["retried"] += 1
        log.warning(
            "mail %s (%s) not sent through %s (try %d, again in %.0f s): %s",
            out.id,
            out.what,
            self.mailing.smtp.redacted,
            tries,
            wait,
            result.why,
        )
        await self.db.run(lambda tx: outbox.retry(tx, out.id, now + wait))

    async def close(self) -> None:
        await stopped(self._task)
        self._pool.shutdown(wait=False, cancel_futures=True)


def _prune(tx: Tx, now: float) -> None:
    """The outbox's rows done long ago, and the asks past their day."""
    outbox.prune(tx, now)
    asking.prune(tx, now)
