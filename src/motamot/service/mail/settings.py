"""What the operator chose for mail (`motamot serve --smtp`): one value, so that the
sender, the notices and the pages agree, and a test sets short delays in one place."""

from __future__ import annotations

from dataclasses import dataclass

from motamot.service.mail.smtp import SmtpServer

#: Mails one address may receive in a day (UTC), whatever they are.
PER_DAY = 20
#: Seconds a confirmation link stays good.
CONFIRM_SECONDS = 2 * 86400.0
#: Confirmation mails asked in an hour (F15): from one client address (a school's class
#: leaves its addresses in one lesson), to one mailbox whatever its `+tag`, by the
#: whole server.
CONFIRMATIONS_PER_ORIGIN = 30
CONFIRMATIONS_PER_MAILBOX = 3
CONFIRMATIONS_PER_SERVER = 500


@dataclass(frozen=True)
class Mailing:
    smtp: SmtpServer
    #: The `From` address (checked by `addresses.check_address`).
    sender: str
    #: The site's public address (`https://jeu.example`): every link of a mail starts
    #: with it, never with a request's Host (which a client chooses).
    site: str
    per_day: int = PER_DAY
    #: Seconds a turn's mail waits before it goes: a player who comes back to the table
    #: by then is not mailed (a phone that slept, a page reloaded).
    turn_delay: float = 60.0
    #: The first retry's wait after a failure (seconds); each next one waits twice as
    #: long, at most `retry_most`, and after `attempts` tries the mail is given up.
    retry_first: float = 30.0
    retry_most: float = 3600.0
    attempts: int = 8
    #: Longest the sender sleeps before it looks at the outbox again (mails another
    #: process queued and left, retries due).
    poll_seconds: float = 15.0
    confirm_seconds: float = CONFIRM_SECONDS
    confirmations_per_origin: int = CONFIRMATIONS_PER_ORIGIN
    confirmations_per_mailbox: int = CONFIRMATIONS_PER_MAILBOX
    confirmations_per_server: int = CONFIRMATIONS_PER_SERVER

    def retry_after(self, attempts: int) -> float:
        """Seconds before the next try, after `attempts` failed tries (1 or more)."""
        return float(min(self.retry_most, self.retry_first * 2 ** (attempts - 1)))
