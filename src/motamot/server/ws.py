"""One websocket per player or spectator: authenticate, catch up, then relay.

The first message is `hello` (the seat's secret token, or none for a spectator, and the
last event number the client holds). The client then gets either the events it missed
or its full view, and from then on every new event it may see, numbered. Each message
it sends costs a credit; a bad message gets an `error` and changes nothing; a flood
closes the socket with 1008. Seat actions go to the room only for the seat the token
proved; a kind's queries (a move's preview) are answered and change nothing.

A part that fails (the store, Redis) never closes a socket that serves: an action it
could not take is refused as retryable (the page keeps it and sends it again), and
costs no credit, nor does the replay of an action refused so (`rooms.held`), so the
pages' resends when the part comes back are never a flood. A socket that cannot even
open then is closed with 1013, try again later.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from motamot.server import frames as f
from motamot.server.feed import CLOSE_BANNED, CLOSE_CLOSED, CLOSE_REMOVED, Listener
from motamot.server.links import room_of
from motamot.server.players.bans import address_mark
from motamot.server.players.visitors import Players
from motamot.server.protocol import SHARED_ACTIONS, Hello, Ping, ProtocolError, Resync, encode
from motamot.server.quotas import OverQuota, quota_response
from motamot.server.rooms import Rooms
from motamot.server.texts import client_language, refusal_text, server_error_text
from motamot.server.throttle import Credits
from motamot.service.tasks import ended_apart, stopped, within
from motamot.text.i18n import Language

#: When an address that holds too many sockets may try again (one closes any time).
SOCKET_RETRY_SECONDS = 10
log = logging.getLogger(__name__)

#: Seconds a client has to say hello.
HELLO_TIMEOUT = 10.0
#: A socket that sends nothing for this long is gone (pages ping every 5 s: this is 18
#: missed pings, so a server that is only slow never closes a live page).
IDLE_SECONDS = 90.0
#: Going away (RFC 6455): the server closes a socket silent for IDLE_SECONDS.
CLOSE_IDLE = 1001
#: Policy violation (RFC 6455): flood, bad token.
CLOSE_POLICY = 1008
#: Try again later (RFC 6455): a part the socket needs (the store, Redis) is away.
CLOSE_TRY_LATER = 1013
#: What an action gets when the server failed on it unexpectedly (nothing was stored).
FAILED = "room_unavailable"
#: How long a socket's work may hold a ping back. A ping is answered in its turn (its pong
#: says every message sent before it was answered) unless the work has waited this long
#: on a part that is away: then at once, so the page knows its socket is alive.
PONG_HOLD_SECONDS = 1.0
#: Our own code: the room does not exist (the client stops reconnecting).
CLOSE_NO_ROOM = 4404
#: Our own code: the token is not a seat of this room (the client forgets it).
CLOSE_BAD_TOKEN = 4403


async def room_socket(websocket: WebSocket, rooms: Rooms, room_id: str) -> None:
    """Serve one socket of `room_id` (a player's or a spectator's link) until it closes,
    if its address may open one more (else 429, or 1008 where no answer can be sent)."""
    address = _address(websocket)
    if not rooms.quotas.socket_opened(address):
        if "websocket.http.response" in websocket.scope.get("extensions", {}):
            over = OverQuota("too_many_sockets", SOCKET_RETRY_SECONDS)
            await websocket.send_denial_response(quota_response(websocket.scope, over))
        else:
            await websocket.close(CLOSE_POLICY)
        return
    try:
        await _room_socket(websocket, rooms, room_id)
    except Exception as error:  # a part is away while the socket opens: the page retries
        log.warning("socket of room %s not served: %s", room_of(room_id), _why(error))
        await _close(websocket, CLOSE_TRY_LATER)
    finally:
        rooms.quotas.socket_closed(address)


def _why(error: BaseException) -> str:
    """An error in a line of the log (no traceback: an outage is expected, not a bug)."""
    return f"{type(error).__name__}: {error}"


async def _room_socket(websocket: WebSocket, rooms: Rooms, room_id: str) -> None:
    room_id = room_of(room_id)
    await websocket.accept()
    if not await rooms.exists(room_id):
        await _close(websocket, CLOSE_NO_ROOM)
        return
    credits = Credits()
    try:
        hello = await within(_first_hello(websocket, rooms, credits), HELLO_TIMEOUT)
    except (TimeoutError, WebSocketDisconnect):
        await _close(websocket, CLOSE_POLICY)
        return
    if hello is None:
        await _close(websocket, CLOSE_POLICY)
        return
    lang = client_language(hello.lang)
    listener = Listener(None, credits, lang=lang)
    refused = (
        await _prove_seat(rooms, room_id, hello, listener)
        or await _closed(rooms, room_id)
        or await _banned(websocket, listener)
    )
    if refused is not None:
        code, close = refused
        await websocket.send_text(encode(_error(code, lang)))
        await _close(websocket, close)
        return
    listener.hold()  # until its welcome: what the room sends meanwhile comes after it
    await rooms.attach(room_id, listener)
    players: Players | None = getattr(websocket.app.state, "players", None)
    if players is not None and players.bans.banned(listener.players, _address(websocket)):
        listener.turn_away("banned", CLOSE_BANNED)  # banned while it was opening
    writer = asyncio.create_task(_drain(websocket, listener))
    if rooms.metrics is not None:
        rooms.metrics.sockets.inc()
    try:
        await _catch_up(rooms, room_id, listener, hello.last_seq)
        status = rooms.store_status()
        if status is not None:
            listener.push(status)
        await _serve(websocket, rooms, room_id, listener, _address(websocket), lang)
    except WebSocketDisconnect:
        pass
    finally:
        if rooms.metrics is not None:
            rooms.metrics.sockets.dec()
        await ended_apart(_detached(rooms, room_id, listener, writer))


async def _detached(
    rooms: Rooms, room_id: str, listener: Listener, writer: asyncio.Task[None]
) -> None:
    """The socket out of its room (its seat no longer present), its writer stopped."""
    await rooms.detach(room_id, listener)
    await stopped(writer)


async def _prove_seat(
    rooms: Rooms, room_id: str, hello: Hello, listener: Listener
) -> tuple[str, int] | None:
    """The seat the hello's token proves, on `listener` (none: a spectator); else why
    not and the close code: an unknown token, or a seat the host removed (P1)."""
    if hello.token is None:
        return None
    found = await rooms.seat_for(room_id, hello.token)
    if found is None:
        return "bad_token", CLOSE_BAD_TOKEN
    if found.removed:
        return "removed", CLOSE_REMOVED
    listener.seat = found.seat
    if found.player is not None:
        listener.players = listener.players | {found.player}
    return None


async def _closed(rooms: Rooms, room_id: str) -> tuple[str, int] | None:
    """Refused if the server's operator closed the room."""
    closed = await rooms.read(room_id, lambda room: room.closed)
    return ("room_closed", CLOSE_CLOSED) if closed else None


async def _banned(websocket: WebSocket, listener: Listener) -> tuple[str, int] | None:
    """Refused if the operator banned the players behind the socket: its seat's, and
    its cookies' (the account signed in, the browser's identity), kept on `listener`
    with its address's mark (a ban of the address closes it too), or its address."""
    players: Players | None = getattr(websocket.app.state, "players", None)
    if players is None:
        return None
    address = _address(websocket)
    behind = await players.behind(websocket)
    listener.players = listener.players | behind | {address_mark(address)}
    return ("banned", CLOSE_BANNED) if players.bans.banned(listener.players, address) else None


def _address(websocket: WebSocket) -> str:
    return websocket.client.host if websocket.client is not None else ""


async def _first_hello(websocket: WebSocket, rooms: Rooms, credits: Credits) -> Hello | None:
    """Read until a valid hello (errors answered); None on a flood."""
    address = _address(websocket)
    while True:
        frame = await _receive(websocket)
        now = time.monotonic()
        if not (credits.spend(now) and rooms.addresses.spend(address, now)):
            return None
        try:
            message = rooms.kinds.protocol.parse(frame)
        except ProtocolError as error:
            await websocket.send_text(encode(_protocol_error(error, "fr")))
            continue
        if isinstance(message, Hello):
            return message
        await websocket.send_text(encode(_error("hello_first", "fr")))


async def _receive(websocket: WebSocket) -> str | bytes | None:
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text: str | None = message.get("text")
    if text is not None:
        return text
    data: bytes | None = message.get("bytes")
    return data


async def _catch_up(rooms: Rooms, room_id: str, listener: Listener, last_seq: int) -> None:
    """The events after `last_seq` if the client is close behind, else the full view."""
    frames = await rooms.frames_since(room_id, listener.seat, last_seq) if last_seq else None
    if frames is not None:
        listener.release(encode(f.Events(frames)))
    else:
        view = await rooms.view(room_id, listener.seat)
        listener.release(encode(f.Welcome(listener.seat, view, rooms.now())))


async def _serve(
    websocket: WebSocket,
    rooms: Rooms,
    room_id: str,
    listener: Listener,
    address: str,
    lang: Language,
) -> None:
    """Read the socket's messages and hand them to `_work`, which answers them in the
    order they came; a ping waits its turn unless the work is stuck on a part that is
    away (PONG_HOLD_SECONDS): a page knows its socket is alive while an action of its
    waits for the store (a page that hears no pong takes its socket for dead)."""
    inbox = _Inbox()
    worker = asyncio.create_task(_work(rooms, room_id, listener, address, inbox, lang))
    try:
        await _read(websocket, rooms, room_id, listener, address, lang, inbox, worker)
    finally:
        await stopped(worker)


class _Inbox:
    """A socket's messages waiting for `_work`, and whether the work is on one now."""

    def __init__(self) -> None:
        self.messages: asyncio.Queue[Any] = asyncio.Queue()
        self.busy = False

    def idle(self) -> bool:
        """Nothing is being answered nor waits: a ping read now is answered in its turn."""
        return not self.busy and self.messages.empty()


class _HeldPing:
    """A ping waiting its turn behind the socket's work: answered when its turn comes, or
    after PONG_HOLD_SECONDS if the work is stuck meanwhile, once either way."""

    def __init__(self, c: float, answer: Callable[[float], None]) -> None:
        self.c = c
        self._answer = answer
        self._timer = asyncio.get_running_loop().call_later(PONG_HOLD_SECONDS, self.answer)

    def answer(self) -> None:
        if self._timer.cancelled():
            return
        self._timer.cancel()
        self._answer(self.c)


def _pong(listener: Listener, rooms: Rooms, c: float) -> None:
    listener.push(encode(f.Pong(c, rooms.now())))


async def _read(
    websocket: WebSocket,
    rooms: Rooms,
    room_id: str,
    listener: Listener,
    address: str,
    lang: Language,
    inbox: _Inbox,
    worker: asyncio.Task[None],
) -> None:
    protocol = rooms.kinds.protocol
    while True:
        try:
            # a timeout scope, not wait_for: wait_for makes a task, a future and a callback
            # for every message, and every idle socket holds them, each a young object the
            # collector goes through (thousands of sockets: tens of milliseconds each time)
            async with asyncio.timeout(IDLE_SECONDS):
                frame = await _receive(websocket)
        except TimeoutError:
            await _close(websocket, CLOSE_IDLE)
            return
        if listener.stuck:
            return
        try:
            message: Any = protocol.parse(frame)
        except ProtocolError as error:
            message = error
        replay = rooms.held.take(room_id, listener.seat, getattr(message, "key", None))
        now = time.monotonic()
        if not replay and not (listener.credits.spend(now) and rooms.addresses.spend(address, now)):
            listener.push(encode(_error("flood", lang)))
            await asyncio.sleep(0.05)  # let the writer send the reason first
            await _close(websocket, CLOSE_POLICY)
            return
        if isinstance(message, ProtocolError):
            listener.push(encode(_protocol_error(message, lang)))
            continue
        if isinstance(message, Ping) and inbox.idle():
            listener.push(encode(f.Pong(message.c, rooms.now())))
        elif isinstance(message, Ping):
            inbox.messages.put_nowait(_HeldPing(message.c, partial(_pong, listener, rooms)))
        elif worker.done():  # cancelled: the socket serves nothing more
            return
        else:
            inbox.messages.put_nowait(message)


async def _work(
    rooms: Rooms,
    room_id: str,
    listener: Listener,
    address: str,
    inbox: _Inbox,
    lang: Language,
) -> None:
    """Handle the socket's messages one after the other, in the order they came. One that
    fails (a part away) is refused as retryable, and the socket goes on; a retryable
    refusal gives its credit back, and the action's key is noted so that its replay is
    free too (`rooms.held`)."""
    while True:
        message = await inbox.messages.get()
        if isinstance(message, _HeldPing):
            message.answer()
            continue
        inbox.busy = True
        try:
            retry = await _handle(rooms, room_id, listener, message, lang)
        except Exception as error:
            log.warning("room %s: %s failed: %s", room_id, type(message).__name__, _why(error))
            retry = True
            if hasattr(message, "id"):
                listener.push(encode(_refused(message.id, FAILED, {}, lang, True)))
        finally:
            inbox.busy = False
        if retry:
            listener.credits.give_back()
            rooms.addresses.give_back(address)
            rooms.held.note(room_id, listener.seat, getattr(message, "key", None))


async def _handle(
    rooms: Rooms, room_id: str, listener: Listener, message: Any, lang: Language
) -> bool:
    """Answer one parsed message (the connection's own, a seat action or a query);
    whether it was refused as retryable (nothing happened, it may come again)."""
    if isinstance(message, Resync):
        await _catch_up(rooms, room_id, listener, message.last_seq)
        return False
    if isinstance(message, Hello):
        listener.push(encode(_error("hello_twice", lang)))
        return False
    request: int = getattr(message, "id", 0)
    seat = listener.seat
    if seat is None:
        listener.push(encode(_refused(request, "no_seat", {}, lang)))
        return False
    owners = rooms.kinds.owners_of(message)
    if any(type(message) in kind.queries for kind in rooms.kinds if kind.name in owners):
        answer = await rooms.answer(room_id, seat, message, lang)
        listener.push(encode(answer or _refused(request, "unknown_command", {}, lang)))
        return False
    if not owners and not isinstance(message, SHARED_ACTIONS):
        listener.push(encode(_refused(request, "unknown_command", {}, lang)))
        return False
    started = time.perf_counter()
    outcome = await rooms.act(room_id, seat, message)
    if rooms.metrics is not None:
        action = type(message).__struct_config__.tag
        rooms.metrics.acted(str(action), time.perf_counter() - started, outcome.refused is None)
    if outcome.refused is not None:
        code, fields = outcome.refused
        listener.push(encode(_refused(request, code, fields, lang, outcome.retryable)))
        return outcome.retryable
    # the events before this command's first, to the sockets first (the page would
    # see a hole); in a room whose seats see only their own events, as many as it sees
    await rooms.delivered(room_id, outcome.seq - len(outcome.events))
    listener.push(encode(f.Acked(request, outcome.seq, outcome.events)))
    return False


def _refused(
    request: int, code: str, fields: dict[str, object], lang: Language, retryable: bool = False
) -> f.Refused:
    text = refusal_text(code, lang, fields)
    return f.Refused(request, code, dict(fields), text, retryable)


def _error(code: str, lang: Language) -> f.Error:
    return f.Error(code, server_error_text(code, lang))


def _protocol_error(error: ProtocolError, lang: Language) -> f.Error:
    return f.Error(error.code, server_error_text(error.code, lang), error.detail)


async def _drain(websocket: WebSocket, listener: Listener) -> None:
    """Send the listener's frames in order; a close code (or None: the client was too slow)
    closes the socket."""
    while True:
        frame = await listener.outbox.get()
        if frame is None or isinstance(frame, int):
            await _close(websocket, CLOSE_POLICY if frame is None else frame)
            return
        try:
            await websocket.send_text(frame)
        except (WebSocketDisconnect, RuntimeError):
            return


async def _close(websocket: WebSocket, code: int) -> None:
    if websocket.application_state != WebSocketState.DISCONNECTED:
        with contextlib.suppress(RuntimeError, WebSocketDisconnect):
            await websocket.close(code)
