"""The mail desk of one process: what the account pages ask (leave an address, confirm
it, stop the mails) and the background parts (the notifier, the sender) in one place.

Asking for a confirmation queues its mail in the same transaction as the address, at
most `CONFIRMATIONS_PER_HOUR` a player, and within the caps of `asking` (per requesting
address, per mailbox whatever its `+tag`, per server), besides the mailbox's daily cap:
a page cannot be used to flood somebody's mailbox.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from motamot.service.mail import asking, outbox
from motamot.service.mail.notices import Notifier
from motamot.service.mail.outbox import Notice
from motamot.service.mail.sender import Awaited, Connected, Sender
from motamot.service.mail.settings import Mailing
from motamot.service.mail.tokens import MailTokens
from motamot.service.players.db import Tx
from motamot.service.players.mail import (
    MailAddress,
    confirm_mail,
    mail_of,
    remove_mail,
    set_mail,
)
from motamot.service.players.store import PlayerStore
from motamot.service.ports import Clock, EventStore
from motamot.service.rooms.actor import Lexicons
from motamot.service.rooms.kinds import Kinds

#: Confirmation mails one player may ask for in an hour.
CONFIRMATIONS_PER_HOUR = 3

Unsubscribed = Literal["removed", "nothing", "bad_token"]


@dataclass(frozen=True)
class Asked:
    """What asking for an address did: the address as kept, or why nothing was done."""

    mail: MailAddress | None
    refused: str | None = None


class Mailer:
    """Mail for one process: tokens, the sender and the notifier over the players' store."""

    def __init__(
        self, store: PlayerStore, mailing: Mailing, clock: Clock, tokens: MailTokens, sender: Sender
    ) -> None:
        self.store = store
        self.mailing = mailing
        self.clock = clock
        self.tokens = tokens
        self.sender = sender
        self.notifier: Notifier | None = None

    @classmethod
    async def open(
        cls,
        store: PlayerStore,
        mailing: Mailing,
        clock: Clock,
        rooms: tuple[Connected, Awaited],
    ) -> Mailer:
        """The desk over `store` (its signing key made once per database), its sender
        started; `rooms`: who is at a table, and whose turn it is."""
        tokens = MailTokens(await store.server_key("mail"), clock, mailing.confirm_seconds)
        sender = Sender(store.db, mailing, tokens, clock, *rooms)
        sender.start()
        return cls(store, mailing, clock, tokens, sender)

    def notices(self, rooms: tuple[EventStore, Kinds, Lexicons]) -> Notifier:
        """The notifier of this process's rooms (its `observe` goes to the host)."""
        connected = self.sender.connected
        self.notifier = Notifier(
            self.store.db, self.clock, connected, self.sender.poke, self.mailing.turn_delay, rooms
        )
        return self.notifier

    async def ask(self, player: str, address: str, lang: str, origin: str) -> Asked:
        """`address` (checked already) is the player's, its confirmation mail queued;
        `origin`: the client address that asks."""
        now = self.clock.now()

        def work(tx: Tx) -> Asked:
            if outbox.recent_confirmations(tx, player, now - 3600) >= CONFIRMATIONS_PER_HOUR:
                return Asked(None, "too_many_mails")
            known = mail_of(tx, player)
            if known is None or not known.confirmed or known.address != address:
                refused = asking.refusal(tx, origin, address, now, self.mailing)
                if refused is not None:
                    return Asked(None, refused)
            kept = set_mail(tx, player, address, lang, now)
            if not kept.confirmed:  # (the same address again stays confirmed: no mail)
                notice = Notice(player, "confirm", "", "", kept.version, {})
                outbox.enqueue(tx, notice, now, address=address, lang=lang)
                asking.record(tx, origin, address, now)
            return Asked(kept)

        asked = await self.store.db.run(work)
        self.sender.poke()
        return asked

    async def confirm(self, token: str) -> bool:
        """Follow a confirmation link: whether it confirmed the address it names."""
        found = self.tokens.read_confirm(token)
        if found is None:
            return False
        player, address, version = found
        now = self.clock.now()
        return await self.store.db.run(lambda tx: confirm_mail(tx, player, address, version, now))

    async def unsubscribe(self, token: str) -> Unsubscribed:
        """Follow an unsubscribe link: the address it names removed, if it is still the
        player's."""
        found = self.tokens.read_unsubscribe(token)
        if found is None:
            return "bad_token"
        player, address = found
        removed = await self.store.db.run(lambda tx: remove_mail(tx, player, address))
        return "removed" if removed else "nothing"

    async def close(self) -> None:
        if self.notifier is not None:
            await self.notifier.close()
        await self.sender.close()
