"""`motamot topword show|score|replay`: the referee from the command line."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from motamot.cli.errors import CliError
from motamot.lexicon import load_lexicon
from motamot.text.errors import error_text
from motamot.text.i18n import Language, translate
from motamot.text.topword import not_counted_text
from motamot.text.topword_commands import TOPWORD_COMMANDS
from motamot.topword import (
    CENTRE,
    COLUMNS,
    EMPTY_POSITION,
    RULESETS,
    SIZE,
    TOPWORD_FR,
    Board,
    Legal,
    MoveSyntaxError,
    PositionError,
    RackError,
    WordScore,
    evaluate,
    format_move,
    get_ruleset,
    parse_move,
    parse_position,
    parse_rack,
    tile_label,
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
    score.add_argument("--dict", default=None, metavar="NAME|PATH")
    score.add_argument("--json", action="store_true")
    score.set_defaults(handler=_score)

    rep = sub.add_parser("replay", help="rejouer une partie enregistrée / replay a record")
    rep.add_argument("file", type=Path, metavar="FILE")
    rep.add_argument("--dict", default=None, metavar="NAME|PATH")
    rep.add_argument("--json", action="store_true")
    rep.set_defaults(handler=_replay)

    from motamot.cli import play_topword  # here: play_topword imports this module

    play_topword.register(sub)

    from motamot.cli import topword_ai_cmd  # moves, hint, analyse, selfplay: kept apart

    topword_ai_cmd.register(sub)


def _board(text: str, lang: Language) -> Board:
    if text.strip().lower() in {"", "empty", "vide"}:
        text = EMPTY_POSITION
    try:
        return parse_position(text)
    except PositionError as error:
        raise CliError(
            translate(TOPWORD_COMMANDS, "bad_position", lang, error=error_text(error, lang))
        ) from None


def draw_board(board: Board) -> list[str]:
    """The board for a terminal: each tile with its height, e.g. `F2`, `Qu1`."""
    lines = ["    " + "".join(f"{column:>4}" for column in COLUMNS)]
    for row in range(SIZE):
        cells = []
        for col in range(SIZE):
            cell = row * SIZE + col
            if board.heights[cell]:
                cells.append(f"{tile_label(board.tops[cell])}{board.heights[cell]}")
            else:
                cells.append("*" if cell in CENTRE else "·")
        lines.append(f"{row + 1:>3} " + "".join(f"{cell:>4}" for cell in cells))
    return lines


def _show(args: argparse.Namespace) -> int:
    board = _board(args.position, args.lang)
    for line in draw_board(board):
        print(line)
    print(translate(TOPWORD_COMMANDS, "legend", args.lang))
    return 0


def _bonus_text(kind: str, lang: Language) -> str:
    if kind.startswith("letter_"):
        letter = kind.removeprefix("letter_").upper()
        return translate(
            TOPWORD_COMMANDS, "letter", lang, letter="Qu" if letter == "QU" else letter
        )
    return translate(TOPWORD_COMMANDS, kind, lang)


def _word_line(word: WordScore, lang: Language) -> str:
    """One word of an itemised score, saying which of its tiles count in another (T14)."""
    note = not_counted_text(word, lang)
    key = "word_note" if note else "word"
    return translate(TOPWORD_COMMANDS, key, lang, word=word.word, points=word.points, note=note)


def _score(args: argparse.Namespace) -> int:
    lang: Language = args.lang
    ruleset = get_ruleset(args.ruleset)
    board = _board(args.position, lang)
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
            print(_word_line(word, lang))
        for bonus in verdict.bonuses:
            kind = _bonus_text(bonus.kind, lang)
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
        lexicon = load_lexicon(args.dict or record.dictionary)
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
    for line in draw_board(game.board):
        print(line)
    print(translate(TOPWORD_COMMANDS, "replayed", lang, turns=len(game.turns), end=end))
    for name, score in zip(game.players, finals, strict=True):
        print(translate(TOPWORD_COMMANDS, "score_line", lang, name=name, score=score))
    if game.finished:
        names = ", ".join(game.players[i] for i in game.winners())
        print(translate(TOPWORD_COMMANDS, "winner", lang, names=names))
    return 0
