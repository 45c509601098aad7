"""Only pages of this site may change anything: the `Origin` of every state-changing
request and of every websocket handshake is checked.

A browser sends `Origin` with every cross-site POST and every websocket handshake, and
a page of another site can send a POST without asking first (a form, or `fetch` with a
`text/plain` body) and open a websocket to any address. So a request that carries an
Origin is served only when the Origin is this server as the request's `Host` names it,
or one the operator listed (`--origin`: behind a proxy that does not pass `Host` on, the
Host is the proxy's own name). A request without one comes from no browser page (the
terminal, a script), which could send any Origin anyway: it is served.
"""

from __future__ import annotations

from collections.abc import Iterable
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send

from motamot.server.limits import error_response

#: Methods that change nothing (the routes answering them only read).
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
DEFAULT_PORTS = {"http": 80, "https": 443}


def normal_origin(text: str) -> str | None:
    """`text` as an origin is compared (`scheme://host[:port]`, lower case, the default
    port left out), or None when it is not one (a path, another scheme, `null`)."""
    try:
        parts = urlsplit(text.strip())
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in DEFAULT_PORTS or not parts.hostname:
        return None
    if parts.path not in ("", "/") or parts.query or parts.fragment or parts.username:
        return None
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    if port is None or port == DEFAULT_PORTS[parts.scheme]:
        return f"{parts.scheme}://{host}"
    return f"{parts.scheme}://{host}:{port}"


def same_host(origin: str, host: str) -> bool:
    """Whether `origin` (normal) is the server the `Host` header names (a Host without a
    port is the origin's default port: the proxy in front may have taken TLS off)."""
    scheme, _, named = origin.partition("://")
    try:
        parts = urlsplit(f"//{host.strip()}")
        port = parts.port
    except ValueError:
        return False
    if not parts.hostname or parts.path or parts.query:
        return False
    bracketed = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    wanted = bracketed if port in (None, DEFAULT_PORTS[scheme]) else f"{bracketed}:{port}"
    return named == wanted


class OriginCheck:
    """ASGI middleware: a state-changing request or a websocket handshake from a page of
    another site is refused (403 `bad_origin`)."""

    def __init__(self, app: ASGIApp, allowed: Iterable[str] = ()) -> None:
        """`allowed`: origins served besides the Host's (normal, see `normal_origin`)."""
        self.app = app
        self.allowed = frozenset(allowed)

    def allows(self, scope: Scope) -> bool:
        if scope["type"] == "http" and scope["method"] in SAFE_METHODS:
            return True
        if scope["type"] not in ("http", "websocket"):
            return True
        headers = Headers(scope=scope)
        given = headers.get("origin")
        if given is None:
            return True
        origin = normal_origin(given)
        if origin is None:
            return False
        return origin in self.allowed or same_host(origin, headers.get("host", ""))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.allows(scope):
            await self.app(scope, receive, send)
            return
        if scope["type"] == "websocket" and "websocket.http.response" not in scope.get(
            "extensions", {}
        ):
            await send({"type": "websocket.close", "code": 1008})  # the server answers 403
            return
        await error_response(scope, 403, "bad_origin")(scope, receive, send)
