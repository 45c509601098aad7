"""`motamot admin remove-message ROOM SEQ`, `remove-player ROOM SEAT`, `close-room ROOM`
and `close-reports NAME|ID`: the moderation page's actions from the command line.

Only a server holds a room and its sockets, so a room action is queued in the players'
store for the servers (`server.players.moderation_queue`: one of them takes it within a
second and submits it to the room, stored as the room's event as from the page); the
command waits a few seconds for what came of it. Closing reports is the store's alone.
Each action is kept in the moderation log as the command line's (`cli`).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import time
import uuid
from typing import TYPE_CHECKING

from motamot.cli.admin_moderation import DB_HELP, run_on_store
from motamot.cli.errors import CliError
from motamot.service.players.operators import CLI
from motamot.text.i18n import Language, translate
from motamot.text.moderation import MODERATION_CLI

if TYPE_CHECKING:
    from motamot.server.players.moderation_queue import QUEUED
    from motamot.service.players.store import PlayerStore

#: Seconds the command waits for a server to do it.
WAIT_SECONDS = 5.0
ROOM_HELP = "la salle (son identifiant, ou le lien d'un joueur) / the room (its id, or a link)"
#: The longest seat id.
MAX_SEAT = 16


def add_room_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """`remove-message`, `remove-player`, `close-room` and `close-reports`."""
    message = sub.add_parser(
        "remove-message",
        help="retirer un message de la discussion d'une salle / remove a chat message",
    )
    message.add_argument("room", metavar="ROOM", help=ROOM_HELP)
    message.add_argument(
        "said", metavar="SEQ", type=int, help="son numéro (motamot admin reports) / its number"
    )
    player = sub.add_parser(
        "remove-player", help="retirer quelqu'un d'une salle / remove a person from a room"
    )
    player.add_argument("room", metavar="ROOM", help=ROOM_HELP)
    player.add_argument("seat", metavar="SEAT", help="sa place (s2...) / their seat (s2...)")
    close = sub.add_parser("close-room", help="fermer une salle / close a room")
    close.add_argument("room", metavar="ROOM", help=ROOM_HELP)
    for command in (message, player, close):
        command.add_argument("--db", default=None, help=DB_HELP)
        command.add_argument(
            "--wait",
            type=float,
            default=WAIT_SECONDS,
            help="secondes à attendre le serveur / seconds to wait for the server",
        )
        command.set_defaults(handler=_room_action)
    reports = sub.add_parser(
        "close-reports",
        help="clore les signalements d'une personne / close a person's reports",
    )
    reports.add_argument(
        "target", metavar="NAME|ID", help="nom signalé ou joueur / reported name or player"
    )
    reports.add_argument("--db", default=None, help=DB_HELP)
    reports.set_defaults(handler=_close_reports)
    rooms = sub.add_parser(
        "rooms",
        help="les salles en cours et qui y est assis / the live rooms and who sits in them",
    )
    rooms.add_argument("--db", default=None, help=DB_HELP)
    rooms.add_argument("--json", action="store_true", help="en JSON / as JSON")
    rooms.set_defaults(handler=_rooms)


def _said(key: str, lang: Language, **fields: object) -> str:
    return translate(MODERATION_CLI, key, lang, **fields)


def _command(args: argparse.Namespace) -> tuple[str, QUEUED, str]:
    """The room, the command and the log's action code the arguments ask for."""
    from motamot.server.links import ROOM_ID_LENGTH, room_of
    from motamot.service.rooms.commands import CloseRoom, RemoveMessage, RemovePlayer

    room = room_of(args.room.strip().rstrip("/").rsplit("/r/", 1)[-1])
    if not re.fullmatch(f"[A-Za-z0-9_-]{{{ROOM_ID_LENGTH}}}", room):
        raise CliError(_said("bad_room", args.lang, room=args.room[:80]))
    if args.admin_command == "remove-message":
        if not 0 < args.said < 2**53:
            raise CliError(_said("bad_number", args.lang, said=args.said))
        return room, RemoveMessage(args.said), "chat.remove"
    if args.admin_command == "remove-player":
        if not args.seat or len(args.seat) > MAX_SEAT:
            raise CliError(_said("bad_seat", args.lang, seat=args.seat[:MAX_SEAT]))
        return room, RemovePlayer(args.seat), "player.remove"
    return room, CloseRoom(), "room.close"


async def queue_and_wait(
    store: PlayerStore, room: str, command: QUEUED, action: str, wait: float
) -> str | None:
    """Queue `command` for `room`, logged as `action`; its outcome (None: no server took
    it within `wait` seconds)."""
    from motamot.server.players.moderation_queue import encode
    from motamot.service.players.operators import Action, Queued

    now = time.time()
    queued = Queued(uuid.uuid4().hex, room, encode(command), now)
    await store.enqueue(queued)
    await store.log_action(Action(now, CLI, action, f"{room} {encode(command)}", room))
    deadline = time.monotonic() + max(0.0, wait)
    while True:
        found = await store.queued(queued.id)
        if found is not None and found.outcome is not None:
            return found.outcome
        if time.monotonic() >= deadline:
            return None
        await asyncio.sleep(0.1)


def _room_action(args: argparse.Namespace) -> int:
    from motamot.server.players.moderation_queue import DONE, refusal_of
    from motamot.text.web import refusal_text

    room, command, action = _command(args)
    outcome = run_on_store(
        args.db, lambda store: queue_and_wait(store, room, command, action, args.wait)
    )
    if outcome is None:
        print(_said("queued", args.lang, room=room))
        return 0
    if outcome == DONE:
        print(_said(f"done.{action}", args.lang, room=room))
        return 0
    refusal = refusal_of(outcome)
    why = refusal_text(refusal.code, args.lang, refusal.fields)
    raise CliError(_said("room_refused", args.lang, why=why))


def _close_reports(args: argparse.Namespace) -> int:
    from motamot.service.players.names import name_key
    from motamot.service.players.operators import Action

    typed = args.target.strip()[:64]

    async def work(store: PlayerStore) -> int:
        from motamot.service.players.banning import resolve

        now = time.time()
        target = await resolve(store, typed)  # an id, an account, a name reported
        players = [player for player, _ in target.players] if target is not None else []
        closed = await store.close_reports(None, name_key(typed), now)  # nobody behind
        for player in players:
            closed += await store.close_reports(player, "", now)
        if closed:
            await store.log_action(Action(now, CLI, "reports.close", typed))
        return closed

    closed = run_on_store(args.db, work)
    if not closed:
        raise CliError(_said("no_open_reports", args.lang, target=typed))
    print(_said("reports_closed", args.lang, count=closed, target=typed))
    return 0


def _rooms(args: argparse.Namespace) -> int:
    """What each running server process wrote it holds (within the last LIVE_STALE s)."""
    from motamot.server.players.moderation_queue import LIVE_STALE

    rows = run_on_store(args.db, lambda store: store.live(time.time() - LIVE_STALE))
    rooms: list[dict[str, object]] = []
    for _process, _at, text in rows:
        try:
            found = json.loads(text)
        except ValueError:
            continue
        rooms.extend(one for one in found if isinstance(one, dict))
    if args.json:
        print(json.dumps(rooms, ensure_ascii=False, indent=2))
        return 0
    if not rows:
        print(_said("no_servers", args.lang))
    elif not rooms:
        print(_said("no_rooms", args.lang))
    for room in rooms:
        seats = room.get("seats")
        listed = seats if isinstance(seats, list) else []
        people = ", ".join(
            f"{seat.get('name')} ({seat.get('seat')}"
            + (f", {seat.get('player')})" if seat.get("player") else ")")
            for seat in listed
            if isinstance(seat, dict) and not seat.get("bot")
        )
        print(_said("room", args.lang, room=room.get("room"), kind=room.get("kind"), people=people))
    return 0
