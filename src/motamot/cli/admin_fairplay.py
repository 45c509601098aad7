"""`motamot admin fairplay`: the plays and games the fair-play rules set aside, with their
evidence (`service.fairplay`): daily plays and arena rounds « hors classement » (F2,
F4), rated games that rated nobody (R5-R7). In text, one line each, or `--json`."""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import time
from typing import TYPE_CHECKING

from motamot.cli.admin_moderation import DB_HELP
from motamot.text.i18n import Language, translate
from motamot.text.moderation import FAIRPLAY_CLI

if TYPE_CHECKING:
    from motamot.service.fairplay import Flagged


def add_fairplay_command(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    fairplay = sub.add_parser(
        "fairplay",
        help="les parties mises hors classement et les parties classées qui ne comptent pas, "
        "avec leurs preuves / the plays set aside and the rated games that rated nobody, "
        "with their evidence",
    )
    fairplay.add_argument("--db", default=None, help=DB_HELP)
    fairplay.add_argument("--json", action="store_true", help="en JSON / as JSON")
    fairplay.add_argument(
        "--limit", type=int, default=100, help="au plus tant de lignes / at most this many"
    )
    fairplay.set_defaults(handler=_fairplay)


async def _flagged(db: str) -> list[Flagged]:
    from motamot.service.fairplay import flagged
    from motamot.service.players.store import PlayerStore
    from motamot.service.rooms.host import cached_lexicons
    from motamot.service.stores import open_store
    from motamot.web import default_kinds

    events = await open_store(db)
    players = await PlayerStore.open(db)
    try:
        return await flagged(
            events, players, default_kinds().rooms, await players.word_lists(cached_lexicons())
        )
    finally:
        await players.close()
        await events.close()


def _fairplay(args: argparse.Namespace) -> int:
    from motamot.service.storage import default_db

    found = asyncio.run(_flagged(args.db or default_db()))[: max(0, args.limit)]
    if args.json:
        print(json.dumps([dataclasses.asdict(f) for f in found], ensure_ascii=False, indent=2))
        return 0
    if not found:
        print(translate(FAIRPLAY_CLI, "nothing", args.lang))
    for flag in found:
        print(line(flag, args.lang))
    return 0


def line(flag: Flagged, lang: Language) -> str:
    """One flagged play or game, in `lang`."""
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(flag.at))
    what = translate(FAIRPLAY_CLI, f"what.{flag.what}", lang, where=flag.where)
    people = ", ".join(
        translate(FAIRPLAY_CLI, "who.account" if account else "who", lang, name=name, player=who)
        for name, who, account in flag.people
    )
    fields = {**flag.evidence}
    if "shared" in fields:
        fields["shared"] = "; ".join(" + ".join(names) for names in fields["shared"])
    if "moves" in fields:
        fields["moves"] = ", ".join(f"{name} {count}" for name, count in fields["moves"].items())
    why = translate(FAIRPLAY_CLI, f"why.{flag.reason}", lang, **fields)
    score = "" if flag.score is None else translate(FAIRPLAY_CLI, "score", lang, score=flag.score)
    return f"{when} · {what} · {people} · {why}{score} · {flag.room}"
