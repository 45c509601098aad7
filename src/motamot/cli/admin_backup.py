"""`motamot admin backup|restore`: an operator's copies of the server's store (SQLite)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from motamot.cli.errors import CliError
from motamot.text.cli import ADMIN, ADMIN_ERRORS
from motamot.text.i18n import Language, translate

if TYPE_CHECKING:
    from motamot.service.stores.backup import BackupError

DB_HELP = "base des parties du serveur (défaut : celle de motamot serve)"


def add_backup_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """`backup` and `restore` under `motamot admin`."""
    backup = sub.add_parser(
        "backup",
        help="copie cohérente de la base SQLite, même pendant que le serveur tourne",
    )
    backup.add_argument("file", metavar="FILE", help="le fichier de la copie (remplacé)")
    backup.add_argument("--db", default=None, help=DB_HELP)
    backup.set_defaults(handler=_backup)
    restore = sub.add_parser(
        "restore",
        help="remettre une copie en place comme base du serveur (serveur arrêté)",
    )
    restore.add_argument("file", metavar="FILE", help="la copie faite par admin backup")
    restore.add_argument("--db", default=None, help=DB_HELP)
    restore.add_argument(
        "--force", action="store_true", help="remplacer une base qui a déjà des salles"
    )
    restore.set_defaults(handler=_restore)


def _sqlite_path(db: str | None, lang: Language) -> Path:
    """The SQLite file `--db` names (a PostgreSQL store is copied with pg_dump)."""
    from motamot.server.serve import default_db

    url = db or default_db()
    if url.startswith(("postgresql://", "postgres://")):
        raise CliError(translate(ADMIN_ERRORS, "postgres", lang))
    return Path(url.removeprefix("sqlite:///").removeprefix("sqlite://"))


def _backup(args: argparse.Namespace) -> int:
    from motamot.service.stores.backup import BackupError, backup

    db = _sqlite_path(args.db, args.lang)
    try:
        copied = backup(db, Path(args.file))
    except BackupError as error:
        raise CliError(_said(error, args.lang)) from None
    fields = {"rooms": copied.rooms, "events": copied.events, "file": args.file}
    print(translate(ADMIN, "backed_up", args.lang, **fields))
    return 0


def _restore(args: argparse.Namespace) -> int:
    from motamot.service.stores.backup import BackupError, restore

    db = _sqlite_path(args.db, args.lang)
    try:
        copied = restore(Path(args.file), db, replace=args.force)
    except BackupError as error:
        raise CliError(_said(error, args.lang)) from None
    fields = {"rooms": copied.rooms, "events": copied.events, "db": db}
    print(translate(ADMIN, "restored", args.lang, **fields))
    return 0


def _said(error: BackupError, lang: Language) -> str:
    return translate(ADMIN_ERRORS, error.code, lang, path=error.path, detail=error.detail)
