"""Sockets beside the rooms' (the lobby's feed, the quick pairing's): the same limits.

An address may hold only so many sockets (`server.quotas`); frames go out through a
bounded outbox (a client too slow to read is closed, and starts again from the whole
state when it reconnects); each message costs a credit (a flood closes the socket with
1008); a socket silent for `IDLE_SECONDS` is closed (the page pings); a message the
server cannot read gets an `error` and changes nothing. What the socket is for is a
`Session`: its first frames, its messages, its end.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Sequence
from typing import Any, Protocol, Union

import msgspec
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from motamot.server import frames as f
from motamot.server.feed import Listener
from motamot.server.protocol import MAX_MESSAGE_BYTES, Ping, encode
from motamot.server.quotas import OverQuota, quota_response
from motamot.server.texts import server_error_text
from motamot.service.tasks import ended_apart, stopped, within
from motamot.text.i18n import Language

#: When an address that holds too many sockets may try again.
SOCKET_RETRY_SECONDS = 10
#: A socket that sends nothing for this long is gone (pages ping every 20 s or less).
IDLE_SECONDS = 90.0
CLOSE_IDLE = 1001
CLOSE_POLICY = 1008


class Session(Protocol):
    """What one side socket does."""

    async def start(self, out: Listener) -> bool:
        """Its first frames (False: close it now)."""
        ...

    async def handle(self, message: Any, out: Listener) -> None:
        """One message of the socket's own (a ping is answered already)."""
        ...

    async def stop(self) -> None:
        """The socket closed (whatever closed it)."""
        ...


async def side_socket(
    websocket: WebSocket,
    rooms: Any,
    messages: Sequence[type[Any]],
    session: Session,
    lang: Language,
) -> None:
    """Serve `session` on `websocket` until it closes, if its address may open one more
    (else 429, or 1008 where no answer can be sent). `rooms`: the server's (its quotas,
    its addresses' credits, its metrics)."""
    address = websocket.client.host if websocket.client is not None else ""
    if not rooms.quotas.socket_opened(address):
        if "websocket.http.response" in websocket.scope.get("extensions", {}):
            over = OverQuota("too_many_sockets", SOCKET_RETRY_SECONDS)
            await websocket.send_denial_response(quota_response(websocket.scope, over))
        else:
            await websocket.close(CLOSE_POLICY)
        return
    decoder: msgspec.json.Decoder[Any] = msgspec.json.Decoder(Union[(Ping, *messages)])
    out = Listener(None)
    try:
        await websocket.accept()
        writer = asyncio.create_task(_drain(websocket, out))
        try:
            if await session.start(out):
                await _serve(websocket, rooms, decoder, session, out, address, lang)
        except WebSocketDisconnect:
            pass
        finally:
            await _stop(session)
            _close_after(out, CLOSE_IDLE)
            await asyncio.wait([writer], timeout=1.0)  # its last frames, then stopped
            await stopped(writer)
    finally:
        rooms.quotas.socket_closed(address)


async def _stop(session: Session) -> None:
    """End the session even when the socket's task is being cancelled (a server stopping,
    a test client leaving): its end runs on in a task of its own, or a live seek would
    outlive its page. The socket's own end goes on after it (its writer is stopped), as the
    wait for the writer below already does; an anyio scope cancels again at its next await."""
    with contextlib.suppress(asyncio.CancelledError):
        await ended_apart(session.stop())


async def _serve(
    websocket: WebSocket,
    rooms: Any,
    decoder: msgspec.json.Decoder[Any],
    session: Session,
    out: Listener,
    address: str,
    lang: Language,
) -> None:
    while True:
        try:
            message = await within(websocket.receive(), IDLE_SECONDS)
        except TimeoutError:
            return
        if message["type"] == "websocket.disconnect":
            return
        if out.stuck:
            return
        now = time.monotonic()
        if not (out.credits.spend(now) and rooms.addresses.spend(address, now)):
            out.push(encode(f.Error("flood", server_error_text("flood", lang))))
            await asyncio.sleep(0.05)
            _close_after(out, CLOSE_POLICY)
            return
        text = message.get("text")
        if not isinstance(text, str) or len(text) > MAX_MESSAGE_BYTES:
            code = "malformed" if not isinstance(text, str) else "too_big"
            out.push(encode(f.Error(code, server_error_text(code, lang))))
            continue
        try:
            parsed = decoder.decode(text)
        except (msgspec.DecodeError, UnicodeEncodeError) as error:
            out.push(encode(f.Error("malformed", server_error_text("malformed", lang), str(error))))
            continue
        if isinstance(parsed, Ping):
            out.push(encode(f.Pong(parsed.c, rooms.now())))
            continue
        await session.handle(parsed, out)


def _close_after(out: Listener, code: int) -> None:
    """Close the socket with `code` once the frames before are sent."""
    with contextlib.suppress(asyncio.QueueFull):
        out.outbox.put_nowait(code)


async def _drain(websocket: WebSocket, out: Listener) -> None:
    while True:
        frame = await out.outbox.get()
        if frame is None or isinstance(frame, int):
            if websocket.application_state != WebSocketState.DISCONNECTED:
                with contextlib.suppress(RuntimeError, WebSocketDisconnect):
                    await websocket.close(CLOSE_POLICY if frame is None else frame)
            return
        try:
            await websocket.send_text(frame)
        except (WebSocketDisconnect, RuntimeError):
            return
