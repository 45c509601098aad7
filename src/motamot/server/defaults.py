"""The connection limits an operator may change, as plain values: `motamot serve`'s
options show them without importing the server (uvicorn and httptools take a third of a
second to import)."""

from __future__ import annotations

from types import SimpleNamespace

#: Connections one address may hold at once (a family or a classroom behind one router:
#: each browser opens a socket and a few page connections).
PER_ADDRESS = 256
#: The addresses of reverse proxies: their connections are many clients' (no cap), and
#: their X-Forwarded-* headers are believed. uvicorn's default: the machine itself.
PROXIES = ("127.0.0.1",)
#: How `serve` may write its logs (`server.logs`), and at which levels.
LOG_FORMATS = ("auto", "json", "text")
LOG_LEVELS = ("debug", "info", "warning", "error")
#: What one client address may do in a while (`server.quotas.QuotaLimits`, its defaults).
QUOTAS = SimpleNamespace(
    rooms_per_hour=60, joins_per_minute=60, sockets_at_once=128, reports_per_hour=10
)
#: Days a finished room stays after its last event (`rooms.retention`).
RETENTION_DAYS = 90
#: Mails one address may receive in a day (`service.mail.settings.PER_DAY`).
MAIL_PER_DAY = 20
