"""`motamot topword show|score|replay`: the referee from the command line."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from motamot.cli import play_topword, topword_ai_cmd
from motamot.cli.arguments import db_option, dict_option
from motamot.cli.errors import CliError
from motamot.cli.topword_board import board_lines, read_position
from motamot.cli.word_lists import record_lexicon
from motamot.lexicon import load_lexicon
from motamot.text.errors import error_text
from motamot.text.i18n import Language, translate
from motamot.text.topword import bonus_text
from motamot.text.topword_commands import TOPWORD_COMMANDS, word_line
from motamot.topword import (
    RULESETS,
    TOPWORD_FR,
    Legal,
    MoveSyntaxError,
    RackError,
    evaluate,
    format_move,
    get_ruleset,
    parse_move,
    parse_rack,
)
from motamot.topword.game import generator_can_play
from motamot.topword.record import RecordError, parse_record, replay
from motamot.wire.topword import verdict_json


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser("topword", help="topword : jouer, arbitrer, chercher les coups")
    sub = parser.add_subparsers(dest="topword_command", metavar="ACTION")
    sub.required = True

    show = sub.add_parser("show", help="dessiner une position / draw a position")
    show.add_argument("position", metavar="POSITION")
    show.set_defaults(handler=_show)

    score = sub.add_parser("score", help="juger et compter un coup / judge and score a move")
    score.add_argument("position", metavar="POSITION")
    score.add_argument("move", metavar="MOVE", help="5E MAIN (horizontal), E5 MAIN (vertical)")
    score.add_argument("--rack", help="lettres du chevalet, Q pour Qu")
    score.add_argument("--ruleset", choices=sorted(RULESETS), default=TOPWORD_FR.name)
    dict_option(score, "rules")
    score.add_argument("--json", action="store_true")
    score.set_defaults(handler=_score)

    rep = sub.add_parser("replay", help="rejouer une partie enregistrée / replay a record")
    rep.add_argument("file", type=Path, metavar="FILE")
    dict_option(rep, "record")
    rep.add_argument("--json", action="store_true")
    db_option(rep)
    rep.set_defaults(handler=_replay)

    play_topword.register(sub)
    topword_ai_cmd.register(sub)


def _show(args: argparse.Namespace) -> int:
    board = read_position(args.position, args.lang)
    for line in board_lines(board):
        print(line)
    print(translate(TOPWORD_COMMANDS, "legend", args.lang))
    return 0


def _score(args: argparse.Namespace) -> int:
    lang: Language = args.lang
    ruleset = get_ruleset(args.ruleset)
    board = read_position(args.position, lang)
    try:
        move = parse_move(args.move)
    except MoveSyntaxError as error:
        raise CliError(
            translate(TOPWORD_COMMANDS, "bad_move", lang, error=error_text(error, lang))
        ) from None
    rack = None
    if args.rack is not None:
        try:
            rack = parse_rack(args.rack, ruleset)
        except RackError as error:
            raise CliError(
                translate(TOPWORD_COMMANDS, "bad_rack", lang, error=error_text(error, lang))
            ) from None
    lexicon = load_lexicon(args.dict or ruleset.dictionary)
    verdict = evaluate(board, move, rack, ruleset, lexicon)
    if args.json:
        print(json.dumps(verdict_json(verdict), ensure_ascii=False))
        return 0
    text = format_move(move)
    if isinstance(verdict, Legal):
        print(translate(TOPWORD_COMMANDS, "legal", lang, move=text, points=verdict.points))
        for word in verdict.words:
            print(word_line(word, lang))
        for bonus in verdict.bonuses:
            kind = bonus_text(bonus.kind, lang)
            print(translate(TOPWORD_COMMANDS, "bonus", lang, kind=kind, points=bonus.points))
        return 0
    reason = translate(TOPWORD_COMMANDS, verdict.reason.value, lang, detail=verdict.detail)
    print(translate(TOPWORD_COMMANDS, "refused", lang, move=text, reason=reason))
    return 0


def _replay(args: argparse.Namespace) -> int:
    lang: Language = args.lang
    try:
        text = args.file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        raise CliError(
            translate(TOPWORD_COMMANDS, "no_file", lang, path=args.file, error=reason)
        ) from None
    try:
        record = parse_record(text)
        lexicon = record_lexicon(args.dict or record.dictionary, args.db)
        can_play = generator_can_play(get_ruleset(record.ruleset), lexicon)
        game = replay(record, lexicon, can_play)
    except RecordError as error:
        raise CliError(
            translate(TOPWORD_COMMANDS, "bad_record", lang, error=error_text(error, lang))
        ) from None
    finals = game.final_scores()
    if args.json:
        result = {
            "turns": len(game.turns),
            "end": game.end_reason.value if game.end_reason else None,
            "position": game.board.position(),
            "scores": dict(zip(game.players, finals, strict=True)),
            "winners": [game.players[i] for i in game.winners()] if game.finished else [],
        }
        print(json.dumps(result, ensure_ascii=False))
        return 0
    end = (
        game.end_reason.value if game.end_reason else translate(TOPWORD_COMMANDS, "not_over", lang)
    )
    for line in board_lines(game.board):
        print(line)
    print(translate(TOPWORD_COMMANDS, "replayed", lang, turns=len(game.turns), end=end))
    for name, score in zip(game.players, finals, strict=True):
        print(translate(TOPWORD_COMMANDS, "score_line", lang, name=name, score=score))
    if game.finished:
        names = ", ".join(game.players[i] for i in game.winners())
        print(translate(TOPWORD_COMMANDS, "winner", lang, names=names))
    return 0
