"""An arena page folds what its socket is shown into the view it would be sent: the
round's start and end (sent to everybody), its own words (in their answers). The
counts of the people in the round (`seated`, `players`) are not folded: the page is told
them by `arena.activity`; nor is `seq` (the page's socket takes numbers with holes). The
fold here is the reference that `arena/fold.js` follows (tests/js/fold.test.js)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from motamot.service.arena.room import ArenaRoom
from motamot.service.boggle.commands import WriteWord
from motamot.service.rooms.commands import Command, Join
from motamot.service.rooms.events import Event
from tests.service.arena.helpers import SCHEDULE, SECRET, digest, words_of
from tests.service.conftest import lexicons

View = dict[str, Any]
#: What an arena page's view holds that no event it is shown changes.
NOT_FOLDED = ("seq", "seated", "players")


def comparable(view: View) -> View:
    return {key: value for key, value in copy.deepcopy(view).items() if key not in NOT_FOLDED}


def fold_arena(view: View, event: View) -> None:
    """An arena round's events (`arena/fold.js`)."""
    match event["type"]:
        case "arena.round_started":
            view.update(phase="running", grid=event["grid"], deadline=event["deadline"])
            if view["you"] is not None:  # a spectator's view has no words
                view.setdefault("words", [])
        case "arena.word_written":
            word = {key: value for key, value in event.items() if key not in ("type", "seq")}
            view["words"] = [*view.get("words", []), word]
        case "arena.round_ended":
            view.update(phase="ended", result=event["result"], next_start=event["next_start"])


class Follower:
    """What one seat's page holds: the view it was welcomed with, then each event it is
    shown (the round's to everybody, its own words in their answers), folded."""

    def __init__(self, room: ArenaRoom, seat: str | None) -> None:
        self.room, self.seat = room, seat
        self.view: View = copy.deepcopy(room.view(seat))
        self.first = comparable(self.view)
        #: Each batch of events as shown, and the view they lead to (tests/js/folds.py).
        self.batches: list[tuple[list[View], View]] = []
        self.folded = 0

    def take(self, events: list[Event], writer: str | None = None) -> None:
        batch = []
        for event in events:
            audience = self.room.audience(event)
            if audience is not None and self.seat not in audience and self.seat != writer:
                continue  # sent to nobody else as it happens
            shown = self.room.visible(event, self.seat)
            assert shown is not None and shown["type"] != "hidden", event
            batch.append(copy.deepcopy(shown))
            fold_arena(self.view, shown)
            self.folded += 1
        assert comparable(self.view) == comparable(self.room.view(self.seat))
        if batch:
            self.batches.append((batch, comparable(self.view)))


def play_arena(number: int, writes: list[tuple[str, int]]) -> list[Follower]:
    """Round `number` of the test arena: three players join before its start, a spectator
    and two of them follow it, the seats write `writes` ((seat, the grid's n-th word; -1:
    a word not in it)) one a second, then the round ends at its deadline."""
    settings = SCHEDULE.settings(SECRET, number)
    start = settings.start
    room = ArenaRoom.create("a", settings, start - 5, lexicons)
    assert isinstance(room, ArenaRoom)
    for name in ("ana", "bob", "cat"):
        joined = room.handle(None, Join(name, digest(name), None, name), start - 4)
        assert isinstance(joined, list), joined
    followers = [Follower(room, seat) for seat in (None, "s1", "s2")]

    def drive(seat: str | None, command: Command | None, now: float) -> None:
        due = room.tick(now)
        for follower in followers:
            follower.take(due)
        if command is not None:
            out = room.handle(seat, command, now)
            for follower in followers:  # a refusal (a word written twice) changes nothing
                follower.take(out if isinstance(out, list) else [], writer=seat)

    drive(None, None, start)
    words = words_of(room.view(None)["grid"])
    for n, (seat, index) in enumerate(writes):
        drive(seat, WriteWord(words[index] if index >= 0 else "ZZQX"), start + 1 + n)
    drive(None, None, settings.deadline + 1)
    assert room.view(None)["phase"] == "ended"
    return followers


@pytest.mark.parametrize("number", [3, 40])
def test_an_arena_page_folds_what_it_is_shown_into_the_view_it_would_be_sent(
    number: int,
) -> None:
    writes = [("s1", 0), ("s2", 0), ("s1", 1), ("s3", 2), ("s1", -1), ("s2", 3), ("s1", 0)]
    followers = play_arena(number, writes)
    assert [f.folded for f in followers] == [2, 5, 4]  # the start and the end, and its words
