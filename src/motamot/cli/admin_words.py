"""`motamot admin words`: this server's word lists' changes (W4) and the players'
proposals (W5), in the players' store of `--db`.

    motamot admin words                       the open proposals, grouped by word
    motamot admin words add KIP --reason R    KIP joins `fr` (`--dict`) for new games
    motamot admin words remove XYZ --reason R
    motamot admin words refuse KIP --reason R the askers are shown R (`--removal`: a
                                              proposal to remove)
    motamot admin words changes               every change, dated, with its reason

A running server takes a change made here within `words_page.POLL` seconds.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import TYPE_CHECKING

from motamot.cli.admin_moderation import DB_HELP, run_on_store
from motamot.cli.errors import CliError
from motamot.service.players.operators import CLI
from motamot.text.i18n import Language, translate
from motamot.text.words import WORDS_CLI, WORDS_PAGE

if TYPE_CHECKING:
    from motamot.lexicon.changes import WordChange
    from motamot.service.players.store import PlayerStore
    from motamot.service.wordlists import Declined


def add_words_command(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """`words [proposals|add|remove|refuse|changes]` under `motamot admin`."""
    parser = sub.add_parser(
        "words",
        help="les mots ajoutés et retirés, les contestations des joueurs / "
        "the words added and removed, the players' contests",
    )
    parser.set_defaults(handler=_proposals, json=False, db=None)
    actions = parser.add_subparsers(dest="words_action", metavar="ACTION")
    listing = actions.add_parser("proposals", help="les demandes ouvertes / the open requests")
    listing.set_defaults(handler=_proposals)
    changes = actions.add_parser("changes", help="les changements / the changes")
    changes.set_defaults(handler=_changes)
    for command in (listing, changes):
        command.add_argument("--json", action="store_true", help="en JSON / as JSON")
    for name, said in (
        ("add", "ajouter un mot / add a word"),
        ("remove", "retirer un mot / remove a word"),
        ("refuse", "refuser les demandes d'un mot / refuse a word's requests"),
    ):
        command = actions.add_parser(name, help=said)
        command.add_argument("word", metavar="WORD")
        command.add_argument(
            "--reason", default="", help="la raison, publiée / the reason, published"
        )
        command.add_argument("--dict", default="fr", help="la liste / the list (fr)")
        command.set_defaults(handler=_decide, action=name)
        if name == "refuse":
            command.add_argument(
                "--removal", action="store_true", help="une demande de retrait / a removal"
            )
    for command in (parser, *actions.choices.values()):
        command.add_argument("--db", default=None, help=DB_HELP)


def _said(key: str, lang: Language, **fields: object) -> str:
    return translate(WORDS_CLI, key, lang, **fields)


def _way(added: bool, lang: Language) -> str:
    return translate(WORDS_PAGE, "words.added" if added else "words.removed", lang)


def _when(at: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(at))


def _proposals(args: argparse.Namespace) -> int:
    found = run_on_store(args.db, lambda store: store.word_proposals())
    lang: Language = args.lang
    if args.json:
        rows = [
            {"list": g.dictionary, "word": g.word, "add": g.added, "players": g.count,
             "addresses": g.origins, "since": _when(g.first), "reasons": list(g.reasons),
             "rooms": list(g.rooms)}
            for g in found
        ]  # fmt: skip
        print(json.dumps(rows, ensure_ascii=False, indent=2))
        return 0
    if not found:
        print(_said("no_proposals", lang))
    for group in found:
        way = translate(WORDS_PAGE, "words.to_add" if group.added else "words.to_remove", lang)
        asked = translate(WORDS_PAGE, "words.asked", lang, count=group.count, origins=group.origins)
        print(_said("group", lang, word=group.word, list=group.dictionary, way=way, asked=asked,
                    first=_when(group.first)))  # fmt: skip
        for reason in group.reasons:
            print(_said("group_reason", lang, reason=reason))
    return 0


def _changes(args: argparse.Namespace) -> int:
    found: list[WordChange] = run_on_store(args.db, lambda store: store.word_changes())
    lang: Language = args.lang
    if args.json:
        rows = [
            {"list": c.dictionary, "number": c.number, "word": c.word, "added": c.added,
             "reason": c.reason, "at": _when(c.at)}
            for c in found
        ]  # fmt: skip
        print(json.dumps(rows, ensure_ascii=False, indent=2))
        return 0
    if not found:
        print(_said("no_changes", lang))
    for c in found:
        print(_said("change", lang, list=c.dictionary, number=c.number, at=_when(c.at),
                    word=c.word, way=_way(c.added, lang), reason=c.reason))  # fmt: skip
    return 0


def _decide(args: argparse.Namespace) -> int:
    from motamot.lexicon.changes import WordChange, version_name
    from motamot.service.wordlists import Declined

    lang: Language = args.lang
    added = args.action == "add" or (args.action == "refuse" and not args.removal)
    decision = (args.dict, args.word[:64], added, args.reason)
    outcome = run_on_store(args.db, lambda store: _decided(store, args.action, decision))
    if isinstance(outcome, Declined):
        known = ", ".join(_offered())
        state = _said("state.has" if added else "state.lacks", lang)
        raise CliError(_said(f"declined.{outcome.code}", lang, word=decision[1].upper(),
                             list=args.dict, known=known, state=state))  # fmt: skip
    if isinstance(outcome, WordChange):
        version = version_name(outcome.dictionary, outcome.number)
        way = "added" if added else "removed"
        print(_said(f"changed.{way}", lang, word=outcome.word, list=args.dict, version=version))
    else:
        print(_said("refused", lang, word=decision[1], count=outcome))
    return 0


def _offered() -> list[str]:
    from motamot.lexicon.registry import BUILTIN_DICTIONARIES, registered_names

    return [*BUILTIN_DICTIONARIES, *sorted(registered_names())]


async def _decided(
    store: PlayerStore, action: str, decision: tuple[str, str, bool, str]
) -> WordChange | Declined | int:
    from motamot.lexicon import load_lexicon
    from motamot.service.wordlists import change_word, refuse_word

    now = time.time()
    if action == "refuse":
        return await refuse_word(store, decision, now, CLI)
    lists = await store.word_lists(load_lexicon)
    return await change_word(store, lists, _offered(), decision, now, CLI)
