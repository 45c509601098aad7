"""`motamot admin reports`, `ban`, `unban` and `bans`: the names players reported, and
whom the operator keeps out (`service.players.banning`). A ban is read by every server
process within a few seconds (`server.players.bans`); `--broker` tells them at once."""

from __future__ import annotations

import argparse
import asyncio
import json
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, TypeVar

import msgspec

from motamot.cli.errors import CliError
from motamot.text.i18n import Language, translate
from motamot.text.moderation import MODERATION_CLI, MODERATION_PAGE

if TYPE_CHECKING:
    from motamot.service.players.moderation import Ban, Report, Reported
    from motamot.service.players.store import PlayerStore

T = TypeVar("T")

DB_HELP = (
    "base du serveur : fichier SQLite (défaut : dossier de données) ou URL postgresql:// / "
    "the server's database: a SQLite file (default: the data folder) or a postgresql:// URL"
)
BROKER_HELP = (
    "le Redis des serveurs (redis://...) : ils l'apprennent tout de suite / "
    "the servers' Redis (redis://...): they learn it at once"
)
TARGET_HELP = (
    "nom de compte, nom signalé, identifiant de joueur (motamot admin reports) ou adresse IP"
    " / an account name, a reported name, a player's id (motamot admin reports) or an IP"
    " address"
)


def add_moderation_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """`reports`, `ban`, `unban` and `bans` under `motamot admin`."""
    reports = sub.add_parser(
        "reports",
        help="les noms signalés par les joueurs, le plus récent d'abord / "
        "the names players reported, the latest first",
    )
    reports.add_argument("--db", default=None, help=DB_HELP)
    reports.add_argument("--json", action="store_true", help="en JSON / as JSON")
    reports.add_argument(
        "--limit", type=int, default=100, help="au plus tant de noms / at most this many names"
    )
    reports.set_defaults(handler=_reports)
    for name, handler, said in (
        ("ban", _ban, "exclure un joueur : refusé partout, ses connexions fermées / "
         "ban a player: refused everywhere, their sockets closed"),
        ("unban", _unban, "lever une exclusion / lift a ban"),
    ):  # fmt: skip
        command = sub.add_parser(name, help=said)
        command.add_argument("target", metavar="NAME|IDENTITY|ADDRESS", help=TARGET_HELP)
        command.add_argument("--db", default=None, help=DB_HELP)
        command.add_argument("--broker", default=None, help=BROKER_HELP)
        command.set_defaults(handler=handler)
    bans = sub.add_parser("bans", help="les exclusions en cours / the bans in force")
    bans.add_argument("--db", default=None, help=DB_HELP)
    bans.add_argument("--json", action="store_true", help="en JSON / as JSON")
    bans.set_defaults(handler=_bans)


def run_on_store(db: str | None, work: Callable[[PlayerStore], Awaitable[T]]) -> T:
    """`work(store)` on the players' store of `db` (the server's by default)."""
    from motamot.service.players.store import PlayerStore
    from motamot.service.storage import default_db

    async def body() -> T:
        store = await PlayerStore.open(db or default_db())
        try:
            return await work(store)
        finally:
            await store.close()

    return asyncio.run(body())


def _said(key: str, lang: Language, **fields: object) -> str:
    return translate(MODERATION_CLI, key, lang, **fields)


def _reports(args: argparse.Namespace) -> int:
    from motamot.service.players.moderation import reported

    async def work(store: PlayerStore) -> tuple[list[Reported], dict[str, str], set[str]]:
        found = reported(await store.reports())[: max(0, args.limit)]
        accounts = {}
        for one in found:
            account = await store.account_of(one.player) if one.player else None
            if account is not None and one.player is not None:
                accounts[one.player] = account.name
        banned = {ban.value for ban in await store.bans()}
        return found, accounts, banned

    found, accounts, banned = run_on_store(args.db, work)
    if args.json:
        rows = [_report_json(one, accounts, banned) for one in found]
        print(json.dumps(rows, ensure_ascii=False, indent=2))
        return 0
    if not found:
        print(_said("no_reports", args.lang))
    for one in found:
        print("\n".join(_report_lines(one, accounts, banned, args.lang)))
    return 0


def _when(at: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(at))


def _report_json(one: Reported, accounts: dict[str, str], banned: set[str]) -> dict[str, Any]:
    return {
        "name": one.name,
        "names": list(one.names),
        "player": one.player,
        "account": accounts.get(one.player or ""),
        "count": one.count,
        "reporters": one.reporters,
        "reasons": one.reasons,
        "rooms": list(one.rooms),
        "latest": _when(one.latest),
        "banned": one.player in banned,
        "reports": [
            {
                "room": r.room,
                "seat": r.seat,
                "at": _when(r.at),
                "reporter": r.reporter,
                "reporter_name": r.reporter_name,
                "reasons": list(r.given),
                "closed": None if r.closed is None else _when(r.closed),
                "said": [msgspec.to_builtins(line) for line in r.said],
            }
            for r in one.reports
        ],
    }


def _report_lines(
    one: Reported, accounts: dict[str, str], banned: set[str], lang: Language
) -> list[str]:
    who = _said("who.player", lang, player=one.player) if one.player else _said("who.none", lang)
    if one.player in accounts:
        who += _said("who.account", lang, account=accounts[one.player or ""])
    if one.player in banned:
        who += _said("who.banned", lang)
    reasons = ", ".join(
        f"{translate(MODERATION_PAGE, f'report_reason.{reason}', lang)} {count}"
        for reason, count in one.reasons.items()
    )
    return [
        f"{_when(one.latest)}  {one.name}  {who}",
        "    " + _said("counted", lang, count=one.count, reporters=one.reporters),
        "    " + _said("reasons", lang, reasons=reasons),
        "    " + _said("rooms", lang, rooms=", ".join(one.rooms)),
        *(
            ["    " + _said("names", lang, names=", ".join(one.names))]
            if len(one.names) > 1
            else []
        ),
        *(line for report in one.reports for line in _detail_lines(report, lang)),
    ]


def _detail_lines(report: Report, lang: Language) -> list[str]:
    """Who reported, with which reasons, and what was said around (each line's time)."""
    reasons = ", ".join(
        translate(MODERATION_PAGE, f"report_reason.{reason}", lang) for reason in report.given
    )
    by = report.reporter_name or report.reporter
    lines = ["    " + _said("by", lang, by=by, room=report.room, reasons=reasons)]
    for said in report.said:
        text = said.text if said.text is not None else f"[{said.phrase}]"
        when = time.strftime("%H:%M:%S", time.gmtime(said.at))
        lines.append(f"      {when} {said.name} : {text}")
    return lines


def _ban(args: argparse.Namespace) -> int:
    from motamot.service.players.banning import Target, ban
    from motamot.service.players.operators import CLI, Action

    async def work(store: PlayerStore) -> Target | None:
        target = await ban(store, args.target, time.time())
        if target is not None:
            labels = [label for _, label in target.players] + [target.address or ""]
            said = " ".join(label for label in labels if label)
            await store.log_action(Action(time.time(), CLI, "ban", said))
        return target

    target = run_on_store(args.db, work)
    if target is None:
        raise CliError(_said("nobody", args.lang, target=args.target[:64]))
    for player, label in target.players:
        print(_said("banned", args.lang, label=label, player=player))
    if target.name is not None:
        print(_said("name_banned", args.lang, name=target.name))
    if target.address is not None:
        print(_said("address_banned", args.lang, address=target.address))
    _announce(args.broker, args.lang)
    print(_said("taken_now" if args.broker else "taken_soon", args.lang))
    return 0


def _unban(args: argparse.Namespace) -> int:
    from motamot.service.players.banning import unban
    from motamot.service.players.operators import CLI, Action

    async def work(store: PlayerStore) -> list[Ban]:
        lifted = await unban(store, args.target)
        if lifted:
            said = " ".join(one.label for one in lifted)
            await store.log_action(Action(time.time(), CLI, "unban", said))
        return lifted

    lifted = run_on_store(args.db, work)
    if not lifted:
        raise CliError(_said("not_banned", args.lang, target=args.target[:64]))
    for one in lifted:
        print(_said("unbanned", args.lang, label=one.label, value=one.value))
    _announce(args.broker, args.lang)
    return 0


def _announce(broker: str | None, lang: Language) -> None:
    """Tell the servers over `broker` at once (they also read the bans every few seconds)."""
    if broker is None:
        return
    from redis.exceptions import RedisError

    from motamot.service.brokers.redis_bans import announce_bans

    try:
        asyncio.run(announce_bans(broker))
    except (RedisError, OSError, ValueError) as error:
        print(_said("broker_down", lang, detail=str(error)[:200]))


def _bans(args: argparse.Namespace) -> int:
    found: list[Ban] = run_on_store(args.db, lambda store: store.bans())
    if args.json:
        rows = [
            {"what": b.what, "value": b.value, "label": b.label, "at": _when(b.at)} for b in found
        ]
        print(json.dumps(rows, ensure_ascii=False, indent=2))
        return 0
    if not found:
        print(_said("no_bans", args.lang))
    for one in found:
        print(
            _said(f"ban.{one.what}", args.lang, at=_when(one.at), label=one.label, value=one.value)
        )
    return 0
