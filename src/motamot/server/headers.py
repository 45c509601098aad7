"""Headers on every response that tell the browser what this site's pages may do.

The pages run only this site's scripts and styles (the page's data travels in
`<script type="application/json">` blocks, which are never run), connect only to this
site (its routes and its sockets), are framed by no other site, and never send their
address to another site: a player's link carries the room's invitation, so a page's
address must not leave in a `Referer` (`same-origin`, not `no-referrer`: under
`no-referrer` a browser sends `Origin: null` with the site's own forms, which the origin
check must refuse). Over https (directly or behind a proxy that says so, see
`--proxy`) browsers are also told to come back by https only.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

#: What a page may load and do. No 'unsafe-inline' anywhere: an injected `<script>` or
#: `style=""` does nothing, whatever a name or a word holds.
CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)
SECURITY_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
)
#: Over https: a year of https only for this host.
STRICT_TRANSPORT = (b"strict-transport-security", b"max-age=31536000")


class SecurityHeaders:
    """ASGI middleware: the security headers on every HTTP response (a header the route
    set itself is kept)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        extra = SECURITY_HEADERS
        if scope.get("scheme") == "https":
            extra = (*extra, STRICT_TRANSPORT)

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", ()))
                present = {name.lower() for name, _ in headers}
                headers.extend(pair for pair in extra if pair[0] not in present)
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, with_headers)
