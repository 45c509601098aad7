"""`motamot admin operators add NAME | remove NAME | list`: the accounts that may moderate
from the page (`/moderation`), kept in the players' store (`service.players.operators`).
Only an account may be named (a signed-in page proves it); each change is kept in the
moderation log as the command line's (`cli`)."""

from __future__ import annotations

import argparse
import json
import time
from typing import TYPE_CHECKING

from motamot.cli.admin_moderation import DB_HELP, run_on_store
from motamot.cli.errors import CliError
from motamot.service.players.operators import CLI
from motamot.text.i18n import Language, translate
from motamot.text.moderation import MODERATION_CLI

if TYPE_CHECKING:
    from motamot.service.players.store import PlayerStore

#: Longest account name looked up.
MAX_NAME = 64


def add_operator_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """`operators add|remove|list` under `motamot admin`."""
    parser = sub.add_parser(
        "operators",
        help="les comptes qui modèrent depuis la page /moderation / "
        "the accounts that moderate from the /moderation page",
    )
    actions = parser.add_subparsers(dest="operators_action", metavar="add|remove|list")
    actions.required = True
    for name, handler, said in (
        ("add", _add, "nommer un compte opérateur / make an account an operator"),
        ("remove", _remove, "retirer un opérateur / remove an operator"),
    ):
        command = actions.add_parser(name, help=said)
        command.add_argument("name", metavar="NAME", help="nom du compte / the account's name")
        command.add_argument("--db", default=None, help=DB_HELP)
        command.set_defaults(handler=handler)
    listing = actions.add_parser("list", help="les opérateurs / the operators")
    listing.add_argument("--db", default=None, help=DB_HELP)
    listing.add_argument("--json", action="store_true", help="en JSON / as JSON")
    listing.set_defaults(handler=_list)


def _said(key: str, lang: Language, **fields: object) -> str:
    return translate(MODERATION_CLI, key, lang, **fields)


def _when(at: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(at))


async def add_operator(store: PlayerStore, typed: str, now: float) -> tuple[str, bool] | None:
    """Name the account called `typed` operator: its name and whether it is new (None:
    no such account)."""
    from motamot.service.players.names import name_key
    from motamot.service.players.operators import Action

    typed = typed.strip()
    if not typed or len(typed) > MAX_NAME:
        return None
    account = await store.account_by_key(name_key(typed))
    if account is None:
        return None
    fresh = await store.add_operator(account.player, account.name, now)
    if fresh:
        await store.log_action(Action(now, CLI, "operator.add", account.name))
    return account.name, fresh


async def remove_operator(store: PlayerStore, typed: str, now: float) -> str | None:
    """No operator any more: the one whose account (or name when named) is `typed`;
    the name removed (None: no such operator)."""
    from motamot.service.players.names import name_key
    from motamot.service.players.operators import Action

    key = name_key(typed.strip()[:MAX_NAME])
    account = await store.account_by_key(key)
    for one in await store.list_operators():
        named = one.player == typed.strip() or name_key(one.name) == key
        if (named or (account is not None and account.player == one.player)) and (
            await store.remove_operator(one.player)
        ):
            await store.log_action(Action(now, CLI, "operator.remove", one.name))
            return one.name
    return None


def _add(args: argparse.Namespace) -> int:
    found = run_on_store(args.db, lambda store: add_operator(store, args.name, time.time()))
    if found is None:
        raise CliError(_said("no_account", args.lang, name=args.name[:MAX_NAME]))
    name, fresh = found
    print(_said("operator_added" if fresh else "operator_already", args.lang, name=name))
    return 0


def _remove(args: argparse.Namespace) -> int:
    name = run_on_store(args.db, lambda store: remove_operator(store, args.name, time.time()))
    if name is None:
        raise CliError(_said("not_operator", args.lang, name=args.name[:MAX_NAME]))
    print(_said("operator_removed", args.lang, name=name))
    return 0


def _list(args: argparse.Namespace) -> int:
    found = run_on_store(args.db, lambda store: store.list_operators())
    if args.json:
        rows = [{"name": o.name, "player": o.player, "since": _when(o.at)} for o in found]
        print(json.dumps(rows, ensure_ascii=False, indent=2))
        return 0
    if not found:
        print(_said("no_operators", args.lang))
    for one in found:
        print(_said("operator", args.lang, name=one.name, player=one.player, at=_when(one.at)))
    return 0
