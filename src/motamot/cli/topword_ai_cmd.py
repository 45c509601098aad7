"""`motamot topword moves|hint|analyse|selfplay`: the move generator and the computer players.

Registered by `topword_cmd` under the `topword` command; kept apart because
these commands drive the move generator and the bots, not only the referee.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from motamot.cli.arguments import checked_range, checked_seed, dict_option
from motamot.cli.errors import CliError
from motamot.cli.topword_board import read_position
from motamot.lexicon import Lexicon, load_lexicon
from motamot.text.errors import error_text
from motamot.text.i18n import Language, translate
from motamot.text.topword import bonus_text
from motamot.text.topword_commands import TOPWORD_AI_COMMANDS, TOPWORD_COMMANDS, word_line
from motamot.topword import (
    RULESETS,
    TOPWORD_FR,
    Board,
    RackError,
    Ruleset,
    get_ruleset,
    parse_rack,
)
from motamot.topword.bots import LEVELS
from motamot.topword.game import Action, generator_can_play
from motamot.topword.hints import TurnReview, analyse, given_up_by_player, hints
from motamot.topword.movegen import legal_moves
from motamot.topword.record import RecordError, parse_record, replay
from motamot.topword.selfplay import selfplay
from motamot.wire.topword import analysis_json, hints_json, moves_json, selfplay_json

#: Most self-play games one command runs (a bound, not a budget: 1,000 take minutes).
MAX_GAMES = 100_000


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--ruleset", choices=sorted(RULESETS), default=TOPWORD_FR.name)
    dict_option(parser, "rules")
    parser.add_argument("--json", action="store_true")


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    moves = sub.add_parser("moves", help="tous les coups légaux / every legal move")
    moves.add_argument("position", metavar="POSITION")
    moves.add_argument("--rack", required=True, help="lettres du chevalet, Q pour Qu")
    moves.add_argument("--top", type=int, default=None, metavar="N")
    _common(moves)
    moves.set_defaults(handler=_moves)

    hint = sub.add_parser("hint", help="les meilleurs coups détaillés / the best moves itemised")
    hint.add_argument("position", metavar="POSITION")
    hint.add_argument("--rack", required=True, help="lettres du chevalet, Q pour Qu")
    hint.add_argument("--top", type=int, default=5, metavar="N")
    _common(hint)
    hint.set_defaults(handler=_hint)

    review = sub.add_parser("analyse", help="analyser une partie / analyse a game record")
    review.add_argument("file", type=Path, metavar="FILE")
    dict_option(review, "record")
    review.add_argument("--json", action="store_true")
    review.set_defaults(handler=_analyse)

    play = sub.add_parser("selfplay", help="parties entre ordinateurs / computer self-play")
    play.add_argument("--games", type=int, default=10, metavar="N")
    play.add_argument("--players", default="expert,greedy", help=", ".join(LEVELS))
    play.add_argument("--seed", type=int, default=0)
    _common(play)
    play.set_defaults(handler=_selfplay)


def _rack(text: str, ruleset: Ruleset, lang: Language) -> tuple[str, ...]:
    try:
        return parse_rack(text, ruleset)
    except RackError as error:
        raise CliError(
            translate(TOPWORD_COMMANDS, "bad_rack", lang, error=error_text(error, lang))
        ) from None


def _setup(args: argparse.Namespace) -> tuple[Ruleset, Lexicon]:
    ruleset = get_ruleset(args.ruleset)
    return ruleset, load_lexicon(args.dict or ruleset.dictionary)


def _position_request(
    args: argparse.Namespace, lang: Language
) -> tuple[Board, tuple[str, ...], Ruleset, Lexicon]:
    """What `moves` and `hint` read: --top checked, the position, the rack, rules, words."""
    if args.top is not None and args.top < 0:
        raise CliError(translate(TOPWORD_AI_COMMANDS, "bad_top", lang))
    board = read_position(args.position, lang)
    ruleset, lexicon = _setup(args)
    return board, _rack(args.rack, ruleset, lang), ruleset, lexicon


def _moves(args: argparse.Namespace) -> int:
    lang: Language = args.lang
    board, rack, ruleset, lexicon = _position_request(args, lang)
    moves = legal_moves(board, rack, ruleset, lexicon)
    if args.json:
        print(json.dumps(moves_json(moves, args.top), ensure_ascii=False))
        return 0
    found = [(move.notation, move.points) for move in moves]
    found.sort(key=lambda item: (-item[1], item[0]))
    shown = found if args.top is None else found[: args.top]
    print(translate(TOPWORD_AI_COMMANDS, "count", lang, count=len(found)))
    for notation, points in shown:
        print(translate(TOPWORD_AI_COMMANDS, "move_line", lang, move=notation, points=points))
    return 0


def _hint(args: argparse.Namespace) -> int:
    lang: Language = args.lang
    board, rack, ruleset, lexicon = _position_request(args, lang)
    found = hints(board, rack, ruleset, lexicon, args.top)
    if args.json:
        print(json.dumps(hints_json(found), ensure_ascii=False))
        return 0
    if not found:
        print(translate(TOPWORD_AI_COMMANDS, "no_move", lang))
    for hint in found:
        verdict = hint.verdict
        print(
            translate(
                TOPWORD_AI_COMMANDS,
                "move_line",
                lang,
                move=hint.move.notation,
                points=verdict.points,
            )
        )
        for word in verdict.words:
            print(word_line(word, lang))
        for bonus in verdict.bonuses:
            kind = bonus_text(bonus.kind, lang)
            print(translate(TOPWORD_COMMANDS, "bonus", lang, kind=kind, points=bonus.points))
    return 0


def _analyse(args: argparse.Namespace) -> int:
    lang: Language = args.lang
    try:
        text = args.file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        message = translate(TOPWORD_COMMANDS, "no_file", lang, path=args.file, error=reason)
        raise CliError(message) from None
    try:
        record = parse_record(text)
        ruleset = get_ruleset(record.ruleset)
        lexicon = load_lexicon(args.dict or record.dictionary)
        game = replay(record, lexicon, generator_can_play(ruleset, lexicon))
    except RecordError as error:
        raise CliError(
            translate(TOPWORD_COMMANDS, "bad_record", lang, error=error_text(error, lang))
        ) from None
    reviews = analyse(game)
    totals = given_up_by_player(game, reviews)
    if args.json:
        print(json.dumps(analysis_json(game, reviews), ensure_ascii=False))
        return 0
    for review in reviews:
        best = ""
        if review.best is not None and review.given_up:
            best = translate(
                TOPWORD_AI_COMMANDS,
                "review_best",
                lang,
                move=review.best.notation,
                points=review.best.points,
                given_up=review.given_up,
            )
        print(
            translate(
                TOPWORD_AI_COMMANDS,
                "review",
                lang,
                number=review.number,
                player=review.player,
                rack="".join(review.rack),
                played=_played_text(review, lang),
                points=review.points,
                best=best,
            )
        )
    for player, points in totals.items():
        print(translate(TOPWORD_AI_COMMANDS, "given_up", lang, player=player, points=points))
    return 0


def _played_text(review: TurnReview, lang: Language) -> str:
    """A turn as the player reads it: the move, or "passe" / "échange T" in French."""
    if review.action is Action.PLAY:
        return review.played
    tile = review.played.removeprefix("exchange ")  # the record's form (`played_text`)
    return translate(TOPWORD_AI_COMMANDS, review.action, lang, tile=tile)


def _levels(text: str, ruleset: Ruleset, lang: Language) -> list[str]:
    levels = [item.strip().lower() for item in text.split(",") if item.strip()]
    known = ", ".join(LEVELS)
    for level in levels:
        if level not in LEVELS:
            raise CliError(
                translate(TOPWORD_AI_COMMANDS, "bad_level", lang, level=level, levels=known)
            )
    if not ruleset.min_players <= len(levels) <= ruleset.max_players:
        raise CliError(
            translate(
                TOPWORD_AI_COMMANDS,
                "bad_players",
                lang,
                count=len(levels),
                low=ruleset.min_players,
                high=ruleset.max_players,
                levels=known,
            )
        )
    return levels


def _selfplay(args: argparse.Namespace) -> int:
    lang: Language = args.lang
    checked_range(args.games, "--games", 1, MAX_GAMES, lang)
    checked_seed(args.seed, lang)
    ruleset = get_ruleset(args.ruleset)
    levels = _levels(args.players, ruleset, lang)
    _, lexicon = _setup(args)
    report = selfplay(levels, args.games, args.seed, lexicon, ruleset)
    if args.json:
        print(
            json.dumps(selfplay_json(report, args.dict or ruleset.dictionary), ensure_ascii=False)
        )
        return 0
    for stats in report.players():
        low, high = stats.interval
        print(
            translate(
                TOPWORD_AI_COMMANDS,
                "stats",
                lang,
                player=stats.name,
                wins=stats.wins,
                draws=stats.draws,
                games=stats.games,
                rate=stats.win_rate,
                low=low,
                high=high,
                average=stats.average_score,
            )
        )
    return 0
