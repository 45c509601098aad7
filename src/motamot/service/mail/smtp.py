"""The operator's SMTP server: its URL read once, and mails handed to it (Python's
`smtplib`, blocking: `sender` runs it in a thread of its own).

`smtp://user:pass@host:port` speaks plain SMTP (port 25 by default), `?starttls=1` turns
TLS on with STARTTLS before anything else is said (port 587 by default), and
`smtps://` is TLS from the first byte (port 465). The user and password are
percent-decoded (`%40` for an `@` in a user name). Certificates are checked against the
system's authorities (`SSL_CERT_FILE` names others). The password is only ever shown as
`***` (`redacted`).
"""

from __future__ import annotations

import smtplib
import ssl
from collections.abc import Sequence
from dataclasses import dataclass, field
from email.message import EmailMessage
from typing import ClassVar, Literal
from urllib.parse import parse_qsl, quote, unquote, urlsplit

from motamot.errors import CodedError

Tls = Literal["none", "starttls", "tls"]
DEFAULT_PORTS: dict[Tls, int] = {"none": 25, "starttls": 587, "tls": 465}
#: Seconds a conversation with the SMTP server may stay silent before it is given up.
TIMEOUT = 20.0


class SmtpUrlError(CodedError, ValueError):
    """`--smtp` that is not an SMTP server's URL."""

    TEMPLATES: ClassVar[dict[str, str]] = {
        "bad_smtp_url": "not an SMTP URL (smtp://user:pass@host:port, smtps://..., "
        "?starttls=1): {why}",
    }


@dataclass(frozen=True)
class SmtpServer:
    host: str
    port: int
    tls: Tls = "none"
    user: str | None = None
    password: str | None = field(default=None, repr=False)
    timeout: float = TIMEOUT

    @property
    def redacted(self) -> str:
        """The URL without its password (what the logs may say)."""
        scheme = "smtps" if self.tls == "tls" else "smtp"
        who = f"{quote(self.user, safe='')}:***@" if self.user is not None else ""
        query = "?starttls=1" if self.tls == "starttls" else ""
        return f"{scheme}://{who}{self.host}:{self.port}{query}"


def parse_smtp_url(url: str) -> SmtpServer:
    """The server `url` names; SmtpUrlError saying what is wrong (never the password)."""

    def wrong(why: str) -> SmtpUrlError:
        return SmtpUrlError("bad_smtp_url", why=why)

    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        raise wrong("unreadable host or port") from None
    if parts.scheme not in ("smtp", "smtps"):
        raise wrong("the scheme is smtp:// or smtps://")
    if not parts.hostname:
        raise wrong("no host")
    if parts.path not in ("", "/") or parts.fragment:
        raise wrong("nothing may follow the host but ?starttls=1")
    options = dict(parse_qsl(parts.query, keep_blank_values=True))
    if set(options) - {"starttls"} or options.get("starttls", "1") not in ("0", "1"):
        raise wrong("the only option is starttls=1")
    tls: Tls = "tls" if parts.scheme == "smtps" else "none"
    if options.get("starttls") == "1":
        if tls == "tls":
            raise wrong("smtps:// is TLS already: no starttls")
        tls = "starttls"
    user = unquote(parts.username) if parts.username is not None else None
    password = unquote(parts.password) if parts.password is not None else None
    if (user is None) != (password is None):
        raise wrong("a user needs a password (user:pass@)")
    return SmtpServer(parts.hostname, port or DEFAULT_PORTS[tls], tls, user, password)


class SendFailed(Exception):
    """A mail the server did not take: `lasting` when trying again cannot help (the
    server refused the recipient or the mail for good, a 5xx answer)."""

    def __init__(self, why: str, lasting: bool) -> None:
        super().__init__(why)
        self.why = why
        self.lasting = lasting


def _connect(server: SmtpServer) -> smtplib.SMTP:
    context = ssl.create_default_context()
    client: smtplib.SMTP
    if server.tls == "tls":
        client = smtplib.SMTP_SSL(server.host, server.port, timeout=server.timeout, context=context)
    else:
        client = smtplib.SMTP(server.host, server.port, timeout=server.timeout)
    try:
        client.ehlo()
        if server.tls == "starttls":
            client.starttls(context=context)
            client.ehlo()
        if server.user is not None and server.password is not None:
            client.login(server.user, server.password)
    except BaseException:
        client.close()
        raise
    return client


def _why(error: BaseException, server: SmtpServer) -> str:
    """What went wrong, for the logs: the error's text without the password."""
    text = f"{type(error).__name__}: {error}"
    if server.password:
        text = text.replace(server.password, "***")
    return text[:300]


def _code_of(error: smtplib.SMTPException) -> int | None:
    if isinstance(error, smtplib.SMTPRecipientsRefused):
        codes = [code for code, _ in error.recipients.values()]
        return min(codes) if codes else None
    code = getattr(error, "smtp_code", None)
    return code if isinstance(code, int) else None


def send_all(server: SmtpServer, messages: Sequence[EmailMessage]) -> list[SendFailed | None]:
    """Hand `messages` to the server in one conversation; per message, None (taken) or
    why not. Blocking: call it from a worker thread."""
    results: list[SendFailed | None] = []
    try:
        client = _connect(server)
    except (OSError, smtplib.SMTPException) as error:
        lasting = isinstance(error, smtplib.SMTPException) and (_code_of(error) or 0) >= 500
        # an authentication refused is the operator's to fix: the mails wait for it
        if isinstance(error, smtplib.SMTPAuthenticationError):
            lasting = False
        failure = SendFailed(_why(error, server), lasting)
        return [failure for _ in messages]
    try:
        for message in messages:
            try:
                client.send_message(message)
                results.append(None)
            except smtplib.SMTPServerDisconnected as error:
                results.append(SendFailed(_why(error, server), lasting=False))
                break
            except smtplib.SMTPException as error:
                code = _code_of(error) or 0
                results.append(SendFailed(_why(error, server), lasting=code >= 500))
            except OSError as error:
                results.append(SendFailed(_why(error, server), lasting=False))
                break
    finally:
        try:
            client.quit()
        except (OSError, smtplib.SMTPException):
            client.close()
    lost = SendFailed("the connection was lost before this mail", lasting=False)
    return results + [lost for _ in messages[len(results) :]]
