"""A Boggle match in the terminal as a client of a room: one person against bots.

`LocalMatch` and `LocalRound` give the screen what it draws (grid, counts,
verdicts, judged rounds, standings) from a `BoggleRoom` run by `LocalRooms`:
every word is stored before its verdict is shown, the bots' words arrive at
their times through the room's clock, and a match left half-way resumes
(mid-round, with the time that is left). The text record is an export of
the room's events (`game_record`, `save`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from motamot.boggle.bots import get_level
from motamot.boggle.grid import Grid
from motamot.boggle.match import MatchFormat, Standing, standing
from motamot.boggle.record import GameRecord, RoundRecord, format_record, record_of
from motamot.boggle.referee import Feedback, Verdict
from motamot.boggle.round import Entry, Sheet
from motamot.boggle.rules import BoggleRules
from motamot.lexicon import Lexicon, try_fold
from motamot.service.boggle.commands import StartRound, StopRound, WriteWord
from motamot.service.boggle.feedback import Player, RoundOutcome, round_seed
from motamot.service.boggle.room import BoggleRoom
from motamot.service.boggle.rounds import RoundState
from motamot.service.boggle.settings import BoggleSettings
from motamot.service.local import LocalRooms, new_token
from motamot.service.rooms.commands import AddBot, Join
from motamot.service.rooms.outcomes import Ack, Refusal
from motamot.service.storage import save_text

KIND = "boggle"

#: Refusals of a word, as the screen's verdicts.
_REFUSED_AS = {
    "after_deadline": Feedback.AFTER_DEADLINE,
    "round_not_running": Feedback.AFTER_DEADLINE,
    "duplicate_entry": Feedback.DUPLICATE,
    "too_long": Feedback.INVALID_CHARACTERS,
    "empty_word": Feedback.INVALID_CHARACTERS,
}


class LocalPlayError(RuntimeError):
    """The room refused what the terminal set up (a word list not found, a damaged store)."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(f"the room refused: {refusal.code} {refusal.fields}")
        self.refusal = refusal


def _accepted(answer: Ack | Refusal) -> Ack:
    if isinstance(answer, Refusal):
        raise LocalPlayError(answer)
    return answer


@dataclass
class LocalRound:
    """A round of the room (by number), as the screen sees it."""

    match: LocalMatch
    number: int

    @property
    def state(self) -> RoundState:
        return self.match.room.rounds[self.number - 1]

    @property
    def grid(self) -> Grid:
        return self.state.grid

    @property
    def rules(self) -> BoggleRules:
        return self.match.rules

    @property
    def duration(self) -> float:
        return self.state.deadline - self.state.start

    @property
    def start(self) -> float:
        return self.state.start

    @property
    def deadline(self) -> float:
        return self.state.deadline

    @property
    def human(self) -> str:
        return self.match.human

    @property
    def stopped_at(self) -> float | None:
        """Seconds into the round when it was stopped early, if it was."""
        if self.state.stopped and self.state.ended_at is not None:
            return self.state.ended_at - self.state.start
        return None

    def submit(self, text: str) -> Verdict:
        """Write `text` now: stored, then its verdict (the referee's clock decides lateness)."""
        answer = self.match.local.submit(self.match.room_id, self.match.seat, WriteWord(text))
        if isinstance(answer, Refusal):
            feedback = _REFUSED_AS.get(answer.code, Feedback.AFTER_DEADLINE)
            return Verdict.told(text, try_fold(text), feedback)
        shown = answer.events[-1]
        path = tuple((int(r), int(c)) for r, c in shown.get("path", ()))
        return Verdict.told(
            text, shown["word"], Feedback(shown["feedback"]), shown.get("points", 0), path
        )

    def tick(self) -> None:
        """Let the room's clock run: bot words due by now, the end at the deadline."""
        self.match.local.tick(self.match.room_id)

    def stop(self) -> None:
        """End the round now (/fin): the bots keep only what they had written."""
        if self.state.running:
            self.match.local.submit(self.match.room_id, self.match.seat, StopRound())

    @property
    def written(self) -> tuple[str, ...]:
        return tuple(w.text for w in self.state.words.get(self.match.seat, ()))

    def my_words(self) -> list[Verdict]:
        """The person's words so far with the verdict each was given (after a resume too)."""
        room = self.match.room
        return [room.verdict(word) for word in self.state.words.get(self.match.seat, ())]

    def bot_counts(self) -> list[tuple[str, int]]:
        """How many words of each computer player stand so far."""
        return [
            (player.name, self.state.standing(seat))
            for seat, player in zip(self.match.seats, self.match.players, strict=True)
            if player.level is not None
        ]

    def record(self) -> RoundRecord:
        """The round as written so far, times to the tenth of a second."""
        sheets = []
        for seat, player in zip(self.match.seats, self.match.players, strict=True):
            entries = tuple(
                Entry(w.text, round(w.at - self.state.start, 1))
                for w in self.state.words.get(seat, ())
            )
            sheets.append(Sheet(player.name, entries))
        return RoundRecord(self.grid, self.match.duration, tuple(sheets), self.state.seed)


class LocalMatch:
    """A match in a local room: the person in one seat, bots in the others."""

    def __init__(self, local: LocalRooms, room_id: str, seed: int) -> None:
        self.local = local
        self.room_id = room_id
        self.seed = seed
        room = local.room(room_id)
        if not isinstance(room, BoggleRoom):
            raise LocalPlayError(Refusal("unknown_room"))
        humans = [s for s in room.seats.values() if not s.is_bot]
        self.seat = humans[0].seat
        self.seats = [s.seat for s in room.seats.values() if s.present]
        self.players = tuple(
            Player(s.name, get_level(s.level) if s.level is not None else None)
            for s in (room.seats[seat] for seat in self.seats)
        )

    @classmethod
    def new(
        cls,
        local: LocalRooms,
        settings: BoggleSettings,
        human: str,
        bots: list[tuple[str, str]],
        seed: int,
    ) -> LocalMatch:
        """A new room: `human` sits first, then one bot per (name, level)."""
        room_id = local.create(settings)
        if isinstance(room_id, Refusal):
            raise LocalPlayError(room_id)
        _, digest = new_token()
        _accepted(local.submit(room_id, None, Join(human, digest)))
        for name, level in bots:
            _accepted(local.submit(room_id, "s1", AddBot(level, name)))
        local.remember(KIND, room_id, str(seed))
        return cls(local, room_id, seed)

    @classmethod
    def resume(cls, local: LocalRooms) -> LocalMatch | None:
        """The last match played here, if it is not over."""
        last = local.last_room(KIND)
        if last is None or not last[1].lstrip("-").isdigit():
            return None
        match = cls(local, last[0], int(last[1]))
        local.tick(match.room_id)
        return None if match.room.match_over else match

    # --- what the screen reads ----------------------------------------------------------

    @property
    def room(self) -> BoggleRoom:
        """The room as the host holds it now (it is rebuilt if a write ever fails)."""
        room = self.local.host.room(self.room_id)
        assert isinstance(room, BoggleRoom)
        return room

    @property
    def rules(self) -> BoggleRules:
        return self.room.rules

    @property
    def lexicon(self) -> Lexicon:
        return self.room.lexicon

    @property
    def dictionary(self) -> str:
        return self.room.settings.dictionary_name

    @property
    def match(self) -> MatchFormat:
        return self.room.settings.match()

    @property
    def verify_at_end(self) -> bool:
        return self.room.settings.verify_at_end

    @property
    def duration(self) -> float:
        return float(self.rules.duration_seconds)

    @property
    def human(self) -> str:
        return self.room.name_of(self.seat)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(player.name for player in self.players)

    def _ended(self) -> list[RoundState]:
        return [state for state in self.room.match_rounds if not state.running]

    @property
    def rounds(self) -> list[RoundOutcome]:
        """The judged rounds of the match, with what the person missed (B15)."""
        return [self.outcome(state) for state in self._ended()]

    def outcome(self, state: RoundState) -> RoundOutcome:
        result = self.room.result(state)
        found = result.result_of(self.human).accepted_words
        solution = self.room.solution(state)
        missed = tuple(entry for entry in solution.words if entry.word not in found)
        return RoundOutcome(result, missed, solution.count)

    def standing(self) -> Standing:
        results = [self.room.result(state) for state in self._ended()]
        return standing(self.match, self.names, results)

    def live(self) -> LocalRound | None:
        """The round in progress (after a resume), if one is."""
        state = self.room.running
        return LocalRound(self, state.number) if state is not None else None

    # --- what the screen does -----------------------------------------------------------

    def new_round(self) -> LocalRound:
        number = len(self._ended()) + 1
        _accepted(
            self.local.submit(self.room_id, self.seat, StartRound(round_seed(self.seed, number)))
        )
        state = self.room.running
        assert state is not None
        return LocalRound(self, state.number)

    def end_round(self, live: LocalRound) -> RoundOutcome:
        """The round's judgement, once its deadline has come or it was stopped."""
        live.tick()
        if live.state.running:
            live.stop()
        return self.outcome(live.state)

    def game_record(self, unfinished: LocalRound | None = None) -> GameRecord:
        """The record of the match's rounds (and of a round in progress, as written so far)."""
        states = self._ended()
        if unfinished is not None and unfinished.state not in states:
            states = [*states, unfinished.state]
        rounds = tuple(LocalRound(self, state.number).record() for state in states)
        return record_of(self.rules, self.duration, self.dictionary, self.names, rounds, self.match)

    def save(self, path: Path, unfinished: LocalRound | None = None) -> None:
        """Export the match as a text record at `path`."""
        save_text(path, format_record(self.game_record(unfinished)))
