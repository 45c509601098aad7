"""What the operator of a public server chooses beyond the game: metrics, where they are
served, logs, quotas, retention, mail. One value passed through `serve.build_app` and
`build_cluster_app`, so that a new choice is one new field."""

from __future__ import annotations

from dataclasses import dataclass, field

from motamot.server.defaults import PROXIES
from motamot.server.logs import LogFormat
from motamot.server.metrics import Metrics
from motamot.server.quotas import QuotaLimits
from motamot.service.mail.settings import Mailing
from motamot.service.rooms.retention import Retention
from motamot.service.server_secret import ServerSecret


@dataclass
class Operations:
    """An operator's choices for one server process (the defaults: metrics kept, served
    at `/metrics` on the public port)."""

    #: None: no metrics kept (nothing measured on the hot path, no `/metrics`).
    metrics: Metrics | None = field(default_factory=Metrics)
    #: Serve `/metrics` on the public port (False: on the port `serve` opens for them).
    metrics_here: bool = True
    #: How `serve` writes its logs (`server.logs`): JSON, plain text, or by the terminal.
    log_format: LogFormat = "auto"
    log_level: str = "info"
    #: What one client address may do in a while (`server.quotas`), and the proxies'
    #: addresses, which are many clients' (no quota).
    quotas: QuotaLimits = field(default_factory=QuotaLimits)
    proxies: tuple[str, ...] = PROXIES
    #: Old finished rooms removed, their records kept (`rooms.retention`; None: all kept).
    retention: Retention | None = None
    #: What the scheduled rooms' seeds and ids derive from (`service.server_secret`):
    #: the same file for every process of one server; a fresh one when none is given.
    secret: ServerSecret = field(default_factory=ServerSecret.random)
    #: Mail through the operator's SMTP server (`service.mail`; None: not offered).
    mail: Mailing | None = None
