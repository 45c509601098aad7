"""`motamot admin rebuild-ratings`: the players' projections made again from the events;
`backup` and `restore` (`cli.admin_backup`); `reports`, `ban`, `unban` and `bans`
(`cli.admin_moderation`); `operators` (`cli.admin_operators`);
`remove-message`, `remove-player`, `close-room`, `close-reports` (`cli.admin_rooms`);
`fairplay` (`cli.admin_fairplay`); `words` (`cli.admin_words`)."""

from __future__ import annotations

import argparse
import asyncio
import hashlib

from motamot.cli.admin_backup import add_backup_commands
from motamot.cli.admin_fairplay import add_fairplay_command
from motamot.cli.admin_moderation import add_moderation_commands
from motamot.cli.admin_operators import add_operator_commands
from motamot.cli.admin_rooms import add_room_commands
from motamot.cli.admin_words import add_words_command


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser("admin", help="l'exploitant du serveur / the server's operator")
    sub = parser.add_subparsers(dest="admin_command", metavar="ACTION")
    sub.required = True
    rebuild = sub.add_parser(
        "rebuild-ratings",
        help="refaire profils, statistiques et classements à partir des seuls événements des "
        "salles / rebuild profiles, statistics and ratings from the rooms' events alone",
    )
    rebuild.add_argument(
        "--db",
        default=None,
        help="base du serveur : fichier SQLite (défaut : dossier de données) ou URL "
        "postgresql:// / the server's database: a SQLite file (default: the data folder) "
        "or a postgresql:// URL",
    )
    rebuild.set_defaults(handler=_rebuild)
    add_backup_commands(sub)
    add_moderation_commands(sub)
    add_operator_commands(sub)
    add_room_commands(sub)
    add_fairplay_command(sub)
    add_words_command(sub)


def _rebuild(args: argparse.Namespace) -> int:
    from motamot.service.storage import default_db
    from motamot.text.accounts import admin_text

    db = args.db or default_db()
    before, after, games = asyncio.run(rebuild(db))
    same = "same" if before == after else "changed"
    digest = hashlib.sha256(after.encode("utf-8")).hexdigest()
    print(admin_text(f"rebuilt.{same}", args.lang, games=games, digest=digest, db=db))
    return 0


async def rebuild(db: str) -> tuple[str, str, int]:
    """The projections of `db` before and after a rebuild, and how many games it rated."""
    from motamot.service.players.projector import Projector
    from motamot.service.players.store import PlayerStore
    from motamot.service.rooms.host import cached_lexicons
    from motamot.service.stores import open_store
    from motamot.web import default_kinds

    events = await open_store(db)
    players = await PlayerStore.open(db)
    try:
        before = await players.dump()
        games = await Projector(
            players, events, default_kinds().rooms, await players.word_lists(cached_lexicons())
        ).rebuild()
        return before, await players.dump(), games
    finally:
        await players.close()
        await events.close()
