"""Playing Topword at one table in the terminal: seats (people and computer players)
and the game as a room (`TopwordRoom`) in the local store, its record exported
after every turn, and a saved record imported to be played on.

Every turn is a command to the room, stored before the screen shows it; the
computer players' turns are computed by the host in a worker thread.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from motamot.errors import CodedError
from motamot.lexicon import Lexicon
from motamot.names import PlayerNameError, check_name
from motamot.service.local import LocalRooms, new_token
from motamot.service.rooms.commands import AddBot, Join
from motamot.service.rooms.outcomes import Ack, Refusal
from motamot.service.storage import save_text
from motamot.service.topword.commands import Start, turn_command
from motamot.service.topword.room import TopwordRoom
from motamot.service.topword.settings import TopwordSettings
from motamot.topword.board import Board
from motamot.topword.bots import LEVELS
from motamot.topword.game import RESERVED_IN_NAMES, CanPlay, Game, Turn, TurnAction
from motamot.topword.hints import Hint
from motamot.topword.hints import hints as engine_hints
from motamot.topword.movegen import has_legal_move
from motamot.topword.record import format_record, parse_record, replay
from motamot.topword.tiles import Ruleset, get_ruleset

HUMAN = "human"
COMPUTER_LEVELS = LEVELS
_SEATS_COMMENT = "# seats:"


class SeatError(CodedError):
    """A `--players` list that cannot seat a game, or a room that refused a seat (`code`,
    the `item` at fault; `refused`: the room's refusal code is `why`)."""

    TEMPLATES: ClassVar[dict[str, str]] = {
        "unknown_kind": "unknown player kind {item!r}",
        "bad_name": "bad player name {item!r}",
        "duplicate_name": "two players have the same name",
        "no_table": "no table {item}",
        "seats_mismatch": "the seats are not the record's players ({item})",
        "refused": "the room refused a seat: {why} {item}",
    }

    def __init__(
        self, code: str, item: str = "", name_error: PlayerNameError | None = None, why: str = ""
    ) -> None:
        super().__init__(code, item=item, why=why)
        self.item = item
        self.why = why
        self.name_error = name_error


@dataclass(frozen=True)
class Seat:
    """A player's name and who plays it: `human` or a computer level."""

    name: str
    kind: str

    @property
    def human(self) -> bool:
        return self.kind == HUMAN


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
    """A game at a local table (a room in the store of `LocalRooms`): its seats, the
    engine game as the room holds it (read it, never change it: every turn is a
    command to the room), and its text record exported to `path` after each turn."""

    def __init__(self, local: LocalRooms, room_id: str, path: Path) -> None:
        self.local = local
        self.room_id = room_id
        self.path = path
        table = self.table
        self.seat_ids = list(table.order)
        self.seats = [
            Seat(table.seats[seat].name, table.seats[seat].level or HUMAN) for seat in self.seat_ids
        ]

    @property
    def table(self) -> TopwordRoom:
        room = self.local.room(self.room_id)
        if not isinstance(room, TopwordRoom):
            raise SeatError("no_table", self.room_id)
        return room

    @property
    def game(self) -> Game:
        game = self.table.game
        assert game is not None
        return game

    @classmethod
    def new(
        cls,
        local: LocalRooms,
        seats: Sequence[Seat],
        seed: int,
        ruleset: Ruleset,
        dictionary: str,
        path: Path,
    ) -> Table:
        """A new room with `seats` in order, the game started from `seed`."""
        room_id = _seated_room(local, seats, ruleset, dictionary)
        _check(local.submit(room_id, None, Start(seed)))
        return cls(local, room_id, path)

    @classmethod
    def resume(
        cls,
        local: LocalRooms,
        text: str,
        dictionary: str | None,
        path: Path,
        seats: Sequence[Seat] | None = None,
    ) -> Table:
        """A saved record imported into a new room: checked by the engine's replay
        (RecordError), then its turns played again as commands (SeatError if the
        seats do not fit the record)."""
        record = parse_record(text)
        dictionary = dictionary or record.dictionary
        lexicon = local.host.lexicons(dictionary)
        game = replay(record, lexicon, can_play_for(get_ruleset(record.ruleset), lexicon))
        chosen = list(seats) if seats is not None else read_seats(text)
        if chosen is None:
            chosen = [Seat(name, HUMAN) for name in game.players]
        if [seat.name for seat in chosen] != game.players:
            raise SeatError("seats_mismatch", ", ".join(game.players))
        room_id = _seated_room(local, chosen, game.ruleset, dictionary)
        with local.bots_held(room_id):  # the bots' turns come from the record
            _check(local.submit(room_id, None, Start(record.seed)))
            table = cls(local, room_id, path)
            for turn in game.turns:
                command = turn_command(turn.as_action())
                _check(local.submit(room_id, table.seat_ids[turn.player], command))
        return table

    @property
    def seat(self) -> Seat:
        return self.seats[self.game.current]

    @property
    def humans(self) -> int:
        return sum(1 for seat in self.seats if seat.human)

    def act(self, action: TurnAction) -> Turn | Refusal:
        """The person to play does `action`: stored, then applied (or refused). The record
        is exported either way: a computer player may have moved meanwhile."""
        seat = self.seat_ids[self.game.current]
        number = len(self.game.turns)
        answer = self.local.submit(self.room_id, seat, turn_command(action))
        self.save()
        if isinstance(answer, Refusal):
            return answer
        return self.game.turns[number]

    def bot_turns(self) -> list[Turn]:
        """Let the computer players whose turn it is play (in a worker thread, stored)."""
        before = len(self.game.turns)
        self.local.settle()
        self.save()
        return self.game.turns[before:]

    def record_text(self) -> str:
        """The game record, with the seats noted as a comment for --resume."""
        header, _, rest = format_record(self.game).partition("\n")
        return f"{header}\n{seats_comment(self.seats)}\n{rest}"

    def save(self) -> None:
        """Export the record to `path`."""
        save_text(self.path, self.record_text())


def _seated_room(
    local: LocalRooms, seats: Sequence[Seat], ruleset: Ruleset, dictionary: str
) -> str:
    """A new room with `seats` in order, not started yet."""
    room_id = local.create(
        TopwordSettings(ruleset=ruleset.name, dictionary=dictionary, bot_seconds=0.0)
    )
    if isinstance(room_id, Refusal):
        raise SeatError("refused", str(room_id.fields.get("detail", "")), why=room_id.code)
    for seat in seats:  # the terminal seats everyone, as the system (seat None)
        if seat.human:
            command: Join | AddBot = Join(seat.name, new_token()[1])
        else:
            command = AddBot(seat.kind, seat.name)
        _check(local.submit(room_id, None, command))
    return room_id


def _check(answer: Ack | Refusal) -> None:
    if isinstance(answer, Refusal):
        raise SeatError("refused", str(answer.fields), why=answer.code)


def can_play_for(ruleset: Ruleset, lexicon: Lexicon) -> CanPlay:
    """T18 (2): whether a rack can still form a word, for the game's end check."""

    def can_play(board: Board, rack: Sequence[str]) -> bool:
        return has_legal_move(board, rack, ruleset, lexicon)

    return can_play
