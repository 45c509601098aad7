"""Playing Topword at one table: seats (humans and computer players), the game,
its record saved after every turn, and resuming a saved game.

Computer players are the engine's bots (`motamot.topword.bots`): each decides
from its view of the game; the interface may pass a `stop()` callback to
bound its thinking time (the interface owns the clock).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from motamot.lexicon import Lexicon
from motamot.names import PlayerNameError, check_name
from motamot.topword.board import Board
from motamot.topword.bots import LEVELS, Bot, apply_decision, make_bot, view_of
from motamot.topword.bots.players import Stop
from motamot.topword.game import RESERVED_IN_NAMES, CanPlay, Game, Turn
from motamot.topword.hints import Hint
from motamot.topword.hints import hints as engine_hints
from motamot.topword.movegen import has_legal_move
from motamot.topword.record import format_record, parse_record, replay
from motamot.topword.tiles import Ruleset, get_ruleset

HUMAN = "human"
COMPUTER_LEVELS = LEVELS
_SEATS_COMMENT = "# seats:"


class SeatError(ValueError):
    """A `--players` list that cannot seat a game (reason code and the item at fault)."""

    def __init__(
        self, reason: str, item: str = "", name_error: PlayerNameError | None = None
    ) -> None:
        super().__init__(f"{reason}: {item}" if item else reason)
        self.reason = reason
        self.item = item
        self.name_error = name_error


@dataclass(frozen=True)
class Seat:
    """A player's name and who plays it: `human` or a computer level."""

    name: str
    kind: str

    @property
    def human(self) -> bool:
        return self.kind == HUMAN


def make_computer(level: str, seed: int) -> Bot:
    """The computer player of `level` (one of COMPUTER_LEVELS), seeded."""
    return make_bot(level, random.Random(seed))


def hints(game: Game, count: int = 3) -> list[Hint]:
    """The best moves for the player to play, most points first, each itemised."""
    return engine_hints(game.board, game.rack(), game.ruleset, game.lexicon, count)


def parse_seats(text: str, human_names: Sequence[str], computer_names: Sequence[str]) -> list[Seat]:
    """`human,expert` or `human:Alice,human:Bob,greedy` → seats.

    Unnamed humans take `human_names[i]` in order and computers
    `computer_names[i]` (the interface gives them in the player's language).
    """
    items = [item.strip() for item in text.split(",") if item.strip()]
    seats: list[Seat] = []
    humans = computers = 0
    for item in items:
        kind, _, name = item.partition(":")
        kind = kind.strip().lower()
        name = name.strip()
        if kind != HUMAN and kind not in COMPUTER_LEVELS:
            raise SeatError("unknown_kind", item)
        if not name:
            if kind == HUMAN:
                name = human_names[min(humans, len(human_names) - 1)]
                humans += 1
            else:
                name = computer_names[min(computers, len(computer_names) - 1)]
                computers += 1
        try:
            check_name(name, RESERVED_IN_NAMES + "=")  # `=` joins name and kind in `# seats:`
        except PlayerNameError as error:
            raise SeatError("bad_name", name, error) from None
        seats.append(Seat(name, kind))
    if len({seat.name for seat in seats}) != len(seats):
        raise SeatError("duplicate_name")
    return seats


def seats_comment(seats: Sequence[Seat]) -> str:
    return _SEATS_COMMENT + " " + ", ".join(f"{seat.name}={seat.kind}" for seat in seats)


def read_seats(text: str) -> list[Seat] | None:
    """The seats noted in a saved record, None when it has no such note."""
    for line in text.split("\n"):
        if line.strip().lower().startswith(_SEATS_COMMENT):
            seats = []
            for item in line.strip()[len(_SEATS_COMMENT) :].split(","):
                name, _, kind = item.partition("=")
                kind = kind.strip().lower()
                if kind != HUMAN and kind not in COMPUTER_LEVELS:
                    return None
                seats.append(Seat(name.strip(), kind))
            return seats
    return None


class Table:
    """A game in progress with its seats, computer players and save file."""

    def __init__(self, game: Game, seats: Sequence[Seat], path: Path) -> None:
        if [seat.name for seat in seats] != game.players:
            raise SeatError("seats_mismatch", ", ".join(game.players))
        self.game = game
        self.seats = list(seats)
        self.path = path
        self.computers: dict[int, Bot] = {
            index: make_computer(seat.kind, game.seed * 31 + index)
            for index, seat in enumerate(seats)
            if not seat.human
        }

    @classmethod
    def new(
        cls,
        seats: Sequence[Seat],
        seed: int,
        lexicon: Lexicon,
        ruleset: Ruleset,
        dictionary: str,
        path: Path,
    ) -> Table:
        game = Game(
            [seat.name for seat in seats],
            seed,
            lexicon,
            ruleset,
            dictionary=dictionary,
            can_play=can_play_for(ruleset, lexicon),
        )
        return cls(game, seats, path)

    @classmethod
    def resume(
        cls, text: str, lexicon: Lexicon, path: Path, seats: Sequence[Seat] | None = None
    ) -> Table:
        """The game of a saved record, replayed; RecordError/SeatError when it does not fit."""
        record = parse_record(text)
        game = replay(record, lexicon, can_play_for(get_ruleset(record.ruleset), lexicon))
        chosen = list(seats) if seats is not None else read_seats(text)
        if chosen is None:
            chosen = [Seat(name, HUMAN) for name in game.players]
        return cls(game, chosen, path)

    @property
    def seat(self) -> Seat:
        return self.seats[self.game.current]

    @property
    def humans(self) -> int:
        return sum(1 for seat in self.seats if seat.human)

    def computer_turn(self, stop: Stop | None = None) -> Turn:
        """Let the computer player to play choose (within `stop`) and act."""
        decision = self.computers[self.game.current].choose(view_of(self.game), stop)
        return apply_decision(self.game, decision)

    def record_text(self) -> str:
        """The game record, with the seats noted as a comment for --resume."""
        header, _, rest = format_record(self.game).partition("\n")
        return f"{header}\n{seats_comment(self.seats)}\n{rest}"


def can_play_for(ruleset: Ruleset, lexicon: Lexicon) -> CanPlay:
    """T18 (2): whether a rack can still form a word, for the game's end check."""

    def can_play(board: Board, rack: Sequence[str]) -> bool:
        return has_legal_move(board, rack, ruleset, lexicon)

    return can_play
