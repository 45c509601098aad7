"""The expert: points plus the value of the tiles kept, then a simulation of the next turns.

1. Every option is ranked by its equity: the move's points plus the leave
   value of the tiles it keeps (`leave.py`), or, for an exchange, the leave
   value of what stays. Once the pile is empty leaves no longer matter: each
   tile kept risks the end penalty (T19), and emptying the rack ends the
   game with the others paying for theirs (T18.1).
2. The best `candidates` options are played out `simulations` times: the
   unseen tiles are dealt at random (the next opponent's rack, then the
   pile), the opponent answers with its best-scoring move, the bot answers
   with its own, and the leave that remains is valued. Every candidate sees
   the same deals (common random numbers), so the comparison is fair even
   with few simulations. After `CUT_AFTER` deals, and every `CUT_EVERY`
   after, a candidate that trails the leader by more than `CUT_ERRORS`
   standard errors of their paired difference is no longer played out (the
   common deals make that difference far less noisy than either average): a
   clear choice is settled early. The surviving candidate with the best
   average wins; ties go to the better equity. With two players and a few
   tiles in the pile (the opponent's rack is then nearly known: the unseen
   tiles minus the pile) the playouts go on to the end of the game,
   best-scoring move against best-scoring move, and count the spread with
   T18/T19's end penalties.

3. With two players and one tile in the pile, a budget with `pre_endgame_nodes`
   (the champion's) values each of its best moves by every draw the pile can
   hold: the move is played, the bot draws the pile's tile (each unseen tile in
   turn, counted as often as it is unseen), the opponent holds the rest, and the
   endgame that follows is searched `PRE_ENDGAME_DEPTH` plies deep (`endgame.py`,
   within that many positions each; one depth for all, so that the values compare)
   or to its end when sooner; the move of best average wins. The draw is the last
   unknown: after it the game is one of perfect information, where the opponent's
   reply is its best against the bot's answer, not its most points.

4. With two players and the pile empty both racks are known: the expert
   searches the rest of the game instead (`endgame.py`), within
   `endgame_nodes` positions: exactly when that is enough, else as deep as
   it got (on endgames of 12-13 tiles that lost fewer points than the
   simulation: 85 against 109 over 8 of them). With three or four players
   it simulates: which rack holds which of the tiles left is not known.

The budget is a number of candidates, simulations and endgame positions, so a
decision is the same on every machine; an interface may add a wall-clock limit
by passing a `stop()` callback, checked between simulations and every 64
endgame positions.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from motamot.topword.bag import shuffled
from motamot.topword.board import Board
from motamot.topword.bots.endgame import EndgameBudget, solve_endgame
from motamot.topword.bots.leave import LeaveModel, shipped_leaves
from motamot.topword.bots.view import BotView, Decision, Exchange, Pass, Play, kept_tiles
from motamot.topword.movegen import GeneratedMove, best_move, legal_moves

#: Once the pile is empty, what each tile kept is expected to cost (a share of T19's penalty).
ENDGAME_TILE_COST = 2.0
#: Candidates whose equity is more than this below the best one are not played out ...
CANDIDATE_MARGIN = 15.0
#: ... and their deals go to the others, up to this many times `simulations` each.
DEALS_SPREAD = 2
#: How much the opponent's leave at the end of a playout counts against the bot.
OPPONENT_LEAVE = 0.5
#: Plies of the endgame searched after each draw of the last tile (the opponent's move, the
#: bot's answer): every draw and candidate is valued at this one depth.
PRE_ENDGAME_DEPTH = 2
#: With two players and at most this many tiles in the pile, playouts go to the end of the game.
PRE_ENDGAME_PILE = 7
#: A pre-endgame playout stops after this many turns (both sides stuck, exchanging in vain).
PRE_ENDGAME_TURNS = 16
#: After this many deals, and every `CUT_EVERY` deals after, a candidate whose playouts trail
#: the leader's by more than `CUT_ERRORS` standard errors of the paired difference is dropped.
CUT_AFTER = 32
CUT_EVERY = 16
CUT_ERRORS = 3.0


@dataclass(frozen=True)
class ExpertBudget:
    """How much the expert looks ahead: options played out and deals per option, and the
    positions the endgame search may visit (0: no endgame search)."""

    candidates: int = 16
    simulations: int = 96
    endgame_nodes: int = 5_000
    #: Positions per draw of the one-tile pre-endgame search (0: sampled playouts instead).
    pre_endgame_nodes: int = 0

    def __post_init__(self) -> None:
        if (
            self.candidates < 1
            or self.simulations < 0
            or self.endgame_nodes < 0
            or self.pre_endgame_nodes < 0
        ):
            raise ValueError(
                "expert budget: candidates >= 1, simulations >= 0, endgame >= 0, pre-endgame >= 0"
            )


@dataclass(frozen=True)
class Option:
    """A move or an exchange, with what it keeps and its static equity."""

    points: int
    kept: tuple[str, ...]
    equity: float
    move: GeneratedMove | None = None
    tile: str = ""

    def decision(self) -> Decision:
        return Play(self.move) if self.move is not None else Exchange(self.tile)


@dataclass
class ExpertBot:
    """Points plus leave, checked by simulation within a fixed budget."""

    rng: random.Random
    leaves: LeaveModel | None = None
    budget: ExpertBudget = field(default_factory=ExpertBudget)
    level: str = "expert"

    def choose(self, view: BotView, stop: Callable[[], bool] | None = None) -> Decision:
        if self.budget.endgame_nodes and is_known_endgame(view):
            searched = self.endgame(view, stop)
            if searched is not None:
                return searched
        leaves = self.leaves if self.leaves is not None else shipped_leaves(view.ruleset)
        options = rank_options(view, leaves)
        if not options:
            return Pass()
        if self.budget.pre_endgame_nodes and is_last_draw(view):
            drawn = self.last_draw(view, options, stop)
            if drawn is not None:
                return drawn
        top = options[: self.budget.candidates]
        top = [option for option in top if option.equity >= top[0].equity - CANDIDATE_MARGIN]
        if len(top) == 1 or not self.budget.simulations:
            return top[0].decision()
        values = self.simulate(view, top, leaves, stop)
        if values is None:
            return top[0].decision()
        best = max(range(len(top)), key=lambda i: (values[i], -i))
        return top[best].decision()

    def endgame(self, view: BotView, stop: Callable[[], bool] | None) -> Decision | None:
        """Two players, the pile empty: the search over both racks (`endgame.py`);
        None when stopped before it searched one ply."""
        result = solve_endgame(
            view.board,
            view.rack,
            view.unseen,
            view.ruleset,
            view.lexicon,
            passed=view.passes_in_row > 0,
            budget=EndgameBudget(self.budget.endgame_nodes),
            stop=stop,
        )
        if result.depth == 0:
            return None
        return Play(result.move) if result.move is not None else Pass()

    def last_draw(
        self, view: BotView, options: Sequence[Option], stop: Callable[[], bool] | None
    ) -> Decision | None:
        """Two players, one tile in the pile: each of the best moves valued over every tile
        the bot may draw by the endgame search that follows (see the module docstring);
        None when there is no move to play or `stop` cut it short."""
        plays = [option for option in options if option.move is not None]
        plays = plays[: self.budget.candidates]
        if not plays:
            return None
        plays = [option for option in plays if option.equity >= plays[0].equity - CANDIDATE_MARGIN]
        board = view.board.copy()
        draws = Counter(view.unseen)
        budget = EndgameBudget(self.budget.pre_endgame_nodes, PRE_ENDGAME_DEPTH)
        best, best_value = plays[0], float("-inf")
        for option in plays:
            if stop is not None and stop():
                return None
            assert option.move is not None
            board.push(option.move.placements)
            total = 0.0
            for tile, count in sorted(draws.items()):
                theirs = kept_tiles(view.unseen, [tile])
                mine = (*option.kept, tile)
                reply = solve_endgame(
                    board, theirs, mine, view.ruleset, view.lexicon, budget=budget, stop=stop
                )
                if reply.depth == 0:  # stopped before one ply
                    return None
                total += count * (option.points - reply.value)
            board.pop()
            value = total / len(view.unseen)
            if value > best_value:
                best, best_value = option, value
        return best.decision()

    def simulate(
        self,
        view: BotView,
        top: Sequence[Option],
        leaves: LeaveModel,
        stop: Callable[[], bool] | None,
    ) -> list[float] | None:
        """The average played-out value of each candidate (None if stopped before any deal)."""
        board = view.board.copy()
        unseen = list(view.unseen)
        next_rack = view.opponent_racks[0] if view.opponent_racks else 0
        dealt = sum(view.opponent_racks)
        known = view.pile_size == 0 and len(view.opponent_racks) == 1
        deals = 1 if known else self.budget.simulations
        if not known:  # the playouts the cut candidates would have had, up to DEALS_SPREAD times
            deals = min(deals * self.budget.candidates // len(top), DEALS_SPREAD * deals)
        to_end = 0 < view.pile_size <= PRE_ENDGAME_PILE and len(view.opponent_racks) == 1
        play_out = _play_to_end if to_end else _play_out
        values: list[list[float]] = [[] for _ in top]
        active = list(range(len(top)))
        runs = 0
        while runs < deals and len(active) > 1:
            if stop is not None and stop():
                break
            order = shuffled(unseen, self.rng)
            opponent, pile = order[:next_rack], order[dealt:]
            for index in active:
                values[index].append(play_out(view, board, top[index], opponent, pile, leaves))
            runs += 1
            if runs >= CUT_AFTER and (runs - CUT_AFTER) % CUT_EVERY == 0 and len(active) > 1:
                active = survivors(values, active)
        if not runs:
            return None
        return [sum(v) / len(v) if i in active else float("-inf") for i, v in enumerate(values)]


def survivors(values: Sequence[Sequence[float]], active: list[int]) -> list[int]:
    """The candidates not significantly behind the leader: with common deals the paired
    difference has a much smaller spread than either value, so few deals tell."""
    runs = len(values[active[0]])
    means = {i: sum(values[i]) / runs for i in active}
    leader = max(active, key=lambda i: (means[i], -i))
    lead = values[leader]
    kept = []
    for i in active:
        if i == leader:
            kept.append(i)
            continue
        gap = means[leader] - means[i]
        diffs = [a - b for a, b in zip(lead, values[i], strict=True)]
        var = sum((d - gap) ** 2 for d in diffs) / (runs - 1)
        if gap <= CUT_ERRORS * (var / runs) ** 0.5:
            kept.append(i)
    return kept


def is_last_draw(view: BotView) -> bool:
    """Two players and one tile in the pile: whoever plays next empties it."""
    return view.pile_size == 1 and len(view.opponent_racks) == 1


def is_known_endgame(view: BotView) -> bool:
    """Two players and the pile empty: the unseen tiles are the opponent's rack."""
    return (
        view.pile_size == 0
        and len(view.opponent_racks) == 1
        and len(view.unseen) == view.opponent_racks[0]
    )


def equity(view: BotView, points: int, kept: Sequence[str], leaves: LeaveModel) -> float:
    """Points now plus what the kept tiles are worth (see the module docstring)."""
    if view.pile_size:
        return points + leaves.value(kept)
    if not kept:
        return points + view.ruleset.end_penalty * sum(view.opponent_racks)
    return points - ENDGAME_TILE_COST * len(kept)


def rank_options(view: BotView, leaves: LeaveModel) -> list[Option]:
    """Every move, and every exchange while the pile lasts, best equity first."""
    cache: dict[tuple[str, ...], float] = {}

    def value(points: int, kept: tuple[str, ...]) -> float:
        key = tuple(sorted(kept))
        if key not in cache:
            cache[key] = equity(view, 0, key, leaves)
        return points + cache[key]

    options: list[Option] = []
    for move in legal_moves(view.board, view.rack, view.ruleset, view.lexicon):
        kept = kept_tiles(view.rack, [tile for _, tile in move.placements])
        options.append(Option(move.points, kept, value(move.points, kept), move=move))
    if view.pile_size:
        for tile in sorted(set(view.rack)):
            kept = kept_tiles(view.rack, [tile])
            options.append(Option(0, kept, value(0, kept), tile=tile))
    order = sorted(range(len(options)), key=lambda i: (-options[i].equity, i))
    return [options[i] for i in order]


def _play_out(
    view: BotView,
    board: Board,
    option: Option,
    opponent: list[str],
    pile: list[str],
    leaves: LeaveModel,
) -> float:
    """One deal: the candidate, the opponent's best reply, the bot's best reply, then both
    leaves (the opponent's at `OPPONENT_LEAVE`); once the pile has run out, the tiles
    each side holds at `ENDGAME_TILE_COST` apiece, and going out as T18.1 scores it."""
    rules, lexicon = view.ruleset, view.lexicon
    penalty = rules.end_penalty
    pushed = 0
    try:
        mine, rest = _play_candidate(board, option, pile, rules.rack_size)
        pushed += option.move is not None
        value = float(option.points)
        if not mine and not rest:
            return value + penalty * len(opponent)
        reply = best_move(board, opponent, rules, lexicon)
        theirs: Sequence[str] = opponent
        held = len(opponent)
        if reply is not None:
            board.push(reply.placements)
            pushed += 1
            value -= reply.points
            left = len(opponent) - len(reply.placements)
            drawn = min(rules.rack_size - left, len(rest))
            rest = rest[drawn:]
            if not left and not rest:
                return value - penalty * len(mine)
            theirs = kept_tiles(opponent, [tile for _, tile in reply.placements])
            held = left + drawn
        answer = best_move(board, mine, rules, lexicon)
        if answer is not None:
            value += answer.points
            mine = list(kept_tiles(mine, [tile for _, tile in answer.placements]))
        if rest:
            return value + leaves.value(mine) - OPPONENT_LEAVE * leaves.value(theirs)
        if not mine:  # the bot went out: the opponent pays for what it holds (T18.1)
            return value + penalty * held
        return value - ENDGAME_TILE_COST * (len(mine) - held)
    finally:
        for _ in range(pushed):
            board.pop()


def _play_candidate(
    board: Board, option: Option, pile: list[str], rack_size: int
) -> tuple[list[str], list[str]]:
    """A deal's first turn: the candidate on the board (pushed: the caller pops it), and
    the bot's rack and the pile after it draws (an exchange puts its tile at the bottom)."""
    if option.move is None:
        return [*option.kept, *pile[:1]], [*pile[1:], option.tile]
    board.push(option.move.placements)
    need = rack_size - len(option.kept)
    return [*option.kept, *pile[:need]], pile[need:]


def _play_to_end(
    view: BotView,
    board: Board,
    option: Option,
    opponent: list[str],
    pile: list[str],
    leaves: LeaveModel,
) -> float:
    """One pre-endgame deal (a few tiles in the pile, the opponent's rack nearly known): the
    candidate, then both sides' best-scoring moves to the end of the game (T18.1: going out;
    T18.3: both stuck), the spread with T19's penalties. Leaves no longer matter, a greedy
    reply is what a strong one mostly is this late, and a move that empties the pile for the
    opponent to go out is seen for what it costs."""
    rules, lexicon = view.ruleset, view.lexicon
    penalty = rules.end_penalty
    pushed = 0
    try:
        mine, rest = _play_candidate(board, option, pile, rules.rack_size)
        pushed += option.move is not None
        value = float(option.points)  # for the bot: its points minus the opponent's
        if not mine and not rest:
            return value + penalty * len(opponent)
        racks = [mine, list(opponent)]
        sign = -1  # the opponent plays next
        passes = 0
        for _ in range(PRE_ENDGAME_TURNS):
            side = (1 - sign) // 2  # 0: the bot, 1: the opponent
            move = best_move(board, racks[side], rules, lexicon)
            if move is None:
                passes += 1
                if passes == 2 and not rest:  # nobody can play: both pay (T18.2, T18.3)
                    return value + penalty * (len(racks[1]) - len(racks[0]))
                if passes == 2:  # both stuck while the pile lasts: valued as below
                    break
            else:
                passes = 0
                board.push(move.placements)
                pushed += 1
                value += sign * move.points
                left = kept_tiles(racks[side], [tile for _, tile in move.placements])
                drawn = min(rules.rack_size - len(left), len(rest))
                racks[side] = [*left, *rest[:drawn]]
                rest = rest[drawn:]
                if not racks[side]:  # out with the pile empty: the other pays (T18.1)
                    return value + sign * penalty * len(racks[1 - side])
            sign = -sign
        return value + ENDGAME_TILE_COST * (len(racks[1]) - len(racks[0]))
    finally:
        for _ in range(pushed):
            board.pop()
