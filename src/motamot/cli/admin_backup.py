"""`motamot admin backup|restore`: an operator's copies of a whole server (SQLite): its
rooms, its players' store and its secret (`service.server_backup`)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from motamot.cli.errors import CliError
from motamot.text.cli import ADMIN, ADMIN_ERRORS, SECRET_ERRORS
from motamot.text.i18n import Language, translate

if TYPE_CHECKING:
    from motamot.service.server_backup import Held
    from motamot.service.stores.backup import BackupError

DB_HELP = "base du serveur : fichier SQLite ou URL postgresql:// (défaut : celle de motamot serve)"


SECRET_HELP = (
    "le secret du serveur (défaut : celui de motamot serve, server.secret dans le "
    "dossier de données)"
)


def add_backup_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """`backup` and `restore` under `motamot admin`."""
    backup = sub.add_parser(
        "backup",
        help="sauvegarde cohérente du serveur (salles, joueurs, secret), même pendant qu'il tourne",
    )
    backup.add_argument(
        "dest", metavar="DEST", help="le dossier de la sauvegarde (une précédente est remplacée)"
    )
    backup.add_argument("--db", default=None, help=DB_HELP)
    backup.add_argument("--secret-file", default=None, metavar="FILE", help=SECRET_HELP)
    backup.set_defaults(handler=_backup)
    restore = sub.add_parser(
        "restore",
        help="remettre une sauvegarde en place : salles, joueurs et secret (serveur arrêté)",
    )
    restore.add_argument("dest", metavar="DEST", help="la sauvegarde faite par admin backup")
    restore.add_argument("--db", default=None, help=DB_HELP)
    restore.add_argument("--secret-file", default=None, metavar="FILE", help=SECRET_HELP)
    restore.add_argument(
        "--force",
        action="store_true",
        help="remplacer une base qui a déjà des salles, ou un autre secret",
    )
    restore.set_defaults(handler=_restore)


def _store(db: str | None) -> str:
    """The store `--db` names, as `serve` reads it."""
    from motamot.service.storage import default_db

    return db or default_db()


def _is_postgres(url: str) -> bool:
    return url.startswith(("postgresql://", "postgres://"))


def _sqlite_path(url: str) -> Path:
    return Path(url.removeprefix("sqlite:///").removeprefix("sqlite://"))


def _secret_path(given: str | None) -> Path:
    """The secret file, where `serve` reads it."""
    from motamot.service.server_secret import SECRET_FILE
    from motamot.service.storage import data_dir

    return Path(given) if given else data_dir() / SECRET_FILE


def _backup(args: argparse.Namespace) -> int:
    from motamot.service.server_backup import backup_server
    from motamot.service.server_secret import SecretError
    from motamot.service.stores.backup import BackupError

    url, secret, dest = _store(args.db), _secret_path(args.secret_file), Path(args.dest)
    try:
        if _is_postgres(url):
            from motamot.service.server_backup_pg import backup_postgres

            held = backup_postgres(url, secret, dest)
        else:
            held = backup_server(_sqlite_path(url), secret, dest)
    except BackupError as error:
        raise CliError(_said(error, args.lang)) from None
    except SecretError as error:
        raise CliError(translate(SECRET_ERRORS, error.code, args.lang, path=error.path)) from None
    print(translate(ADMIN, "backed_up", args.lang, **_figures(held), file=args.dest))
    return 0


def _restore(args: argparse.Namespace) -> int:
    from motamot.service.server_backup import restore_server
    from motamot.service.stores.backup import BackupError
    from motamot.service.stores.urls import redacted

    url, secret, source = _store(args.db), _secret_path(args.secret_file), Path(args.dest)
    try:
        if _is_postgres(url):
            from motamot.service.server_backup_pg import restore_postgres

            held = restore_postgres(source, url, secret, replace=args.force)
        else:
            held = restore_server(source, _sqlite_path(url), secret, replace=args.force)
    except BackupError as error:
        raise CliError(_said(error, args.lang)) from None
    print(translate(ADMIN, "restored", args.lang, **_figures(held), db=redacted(url)))
    if held.accounts is None or not held.secret:
        print(translate(ADMIN, "rooms_only", args.lang))
    return 0


def _figures(held: Held) -> dict[str, int]:
    return {"rooms": held.rooms, "events": held.events, "accounts": held.accounts or 0}


def _said(error: BackupError, lang: Language) -> str:
    return translate(ADMIN_ERRORS, error.code, lang, path=error.path, detail=error.detail)
