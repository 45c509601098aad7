"""A real SMTP server for the tests: aiosmtpd in a thread of its own on 127.0.0.1, keeping
every mail it receives (parsed), that can be stopped and started again on its port (a
server down, then up), answer every mail with a refusal, require STARTTLS or TLS with a
certificate made for the test (openssl), and a user and password.
"""

from __future__ import annotations

import email
import ssl
import subprocess
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from email.message import EmailMessage
from email.policy import default
from pathlib import Path
from typing import Any

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, AuthResult, Envelope, LoginPassword, Session

from tests.ports import free_port


def certificate(folder: Path) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1 and its key (the client trusts it through
    SSL_CERT_FILE)."""
    cert, key = folder / "smtp.pem", folder / "smtp.key"
    subprocess.run(
        [
            "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
            "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
            "-keyout", str(key), "-out", str(cert),
        ],
        check=True,
        capture_output=True,
    )  # fmt: skip
    return cert, key


@dataclass
class Received:
    """One mail as the server took it: the envelope's recipients and the parsed mail."""

    rcpt: list[str]
    message: EmailMessage

    def __repr__(self) -> str:
        return f"Received({self.rcpt}, {str(self.message['Subject'])!r})"

    @property
    def text(self) -> str:
        body = self.message.get_body(("plain",))
        assert body is not None
        return str(body.get_content()).replace("\r\n", "\n")


@dataclass
class Mailbox:
    port: int = field(default_factory=free_port)
    #: "tls": TLS from the first byte (smtps); "starttls": STARTTLS required.
    tls: str = "none"
    cert: tuple[Path, Path] | None = None
    #: (user, password) the server requires (after TLS).
    login: tuple[str, str] | None = None
    received: list[Received] = field(default_factory=list)
    #: What the server answers to DATA ("250 OK" takes the mail; "451 ..." or "550 ...").
    answer: str = "250 OK"
    _controller: Controller | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def url(self) -> str:
        scheme = "smtps" if self.tls == "tls" else "smtp"
        who = f"{self.login[0]}:{self.login[1]}@" if self.login else ""
        query = "?starttls=1" if self.tls == "starttls" else ""
        return f"{scheme}://{who}127.0.0.1:{self.port}{query}"

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        if not self.answer.startswith("250"):
            return self.answer
        content = envelope.content
        assert isinstance(content, bytes)
        message = email.message_from_bytes(content, policy=default)
        assert isinstance(message, EmailMessage)
        with self._lock:
            self.received.append(Received(list(envelope.rcpt_tos), message))
        return "250 OK"

    def _authenticate(
        self, server: SMTP, session: Session, envelope: Envelope, mechanism: str, data: Any
    ) -> AuthResult:
        ok = (
            self.login is not None
            and isinstance(data, LoginPassword)
            and (data.login.decode(), data.password.decode()) == self.login
        )
        # not `handled`: aiosmtpd then answers 535 itself (handled, it answers nothing and
        # the client waits out its timeout)
        return AuthResult(success=ok, handled=False)

    def start(self) -> Mailbox:
        kwargs: dict[str, Any] = {}
        if self.tls != "none":
            assert self.cert is not None
            context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
            context.load_cert_chain(str(self.cert[0]), str(self.cert[1]))
            if self.tls == "tls":
                kwargs["ssl_context"] = context
                # aiosmtpd only counts STARTTLS as TLS; here the whole connection is
                kwargs["auth_require_tls"] = False
            else:
                kwargs["tls_context"] = context
                kwargs["require_starttls"] = True
        if self.login is not None:
            kwargs["authenticator"] = self._authenticate
            kwargs["auth_required"] = True
        self._controller = Controller(self, hostname="127.0.0.1", port=self.port, **kwargs)
        self._controller.start()
        return self

    def stop(self) -> None:
        if self._controller is not None:
            self._controller.stop()
            self._controller = None

    def mails(self) -> list[Received]:
        with self._lock:
            return list(self.received)

    def wait_for(
        self,
        count: int = 1,
        wanted: Callable[[Received], bool] = lambda _: True,
        seconds: float = 15,
    ) -> list[Received]:
        """The mails `wanted` accepts, once there are `count` of them (AssertionError if
        they do not come in time)."""
        deadline = time.monotonic() + seconds
        while True:
            found = [mail for mail in self.mails() if wanted(mail)]
            if len(found) >= count:
                return found
            if time.monotonic() > deadline:
                raise AssertionError(f"{len(found)} mails of {count} came: {self.mails()}")
            time.sleep(0.05)
