"""B16: a room plays the grid typed from the box's dice: every round, judged as any;
never rated; a grid of another size or unreadable is refused and changes nothing."""

from __future__ import annotations

import pytest

from motamot.service.boggle.commands import SetBoxGrid, StartRound, StopRound, WriteWord
from motamot.service.boggle.room import BoggleRoom
from motamot.service.boggle.settings import BoggleSettings
from motamot.service.boggle.views import settings_shown
from motamot.service.rooms.commands import Join
from motamot.service.rooms.outcomes import Refusal
from tests.service.conftest import digest, lexicons

T0 = 1_700_000_000.0
BOX = "orte/best/inam/gted"


def test_b16_every_round_plays_the_typed_grid_and_is_judged_as_any() -> None:
    room = BoggleRoom.create("room", BoggleSettings(box_grid=BOX, rounds=3), T0, lexicons)
    assert isinstance(room, BoggleRoom)
    for command in (Join("Ana", digest("Ana")), Join("Bob", digest("Bob"))):
        assert not isinstance(room.handle(None, command, T0), Refusal)

    def play(seed: int, now: float) -> None:
        for seat, command in (("s1", StartRound(seed)), ("s1", WriteWord("danse")),
                              ("s2", WriteWord("danse")), ("s2", WriteWord("ânes")),
                              ("s1", StopRound())):  # fmt: skip
            outcome = room.handle(seat, command, now)
            assert not isinstance(outcome, Refusal), outcome

    play(1, T0 + 1)
    play(2, T0 + 400)
    for state in room.rounds:
        assert state.grid.text == "ORTE/BEST/INAM/GTED"
        ana, bob = room.result(state).players
        assert ana.entries[0].status.value == "crossed"  # B11, as for any grid
        assert bob.total == 1  # ÂNES
    assert settings_shown(room.settings).box_grid == "ORTE/BEST/INAM/GTED"


@pytest.mark.parametrize(
    ("settings", "code"),
    [
        (BoggleSettings(box_grid=BOX, rated=True), "bad_setting"),
        (BoggleSettings(box_grid=BOX, preset="big"), "bad_grid"),
        (BoggleSettings(box_grid="OR1E/BEST/INAM/GTED"), "bad_grid"),
        (BoggleSettings(box_grid=""), "bad_grid"),
    ],
)
def test_b16_a_box_grid_that_cannot_be_played_is_refused(
    settings: BoggleSettings, code: str
) -> None:
    refused = BoggleRoom.create("room", settings, T0, lexicons)
    assert isinstance(refused, Refusal) and refused.code == code


def test_b16_the_host_types_the_next_grid_between_rounds() -> None:
    room = BoggleRoom.create("room", BoggleSettings(box_grid=BOX, rounds=3), T0, lexicons)
    assert isinstance(room, BoggleRoom)
    for command in (Join("Ana", digest("Ana")), Join("Bob", digest("Bob"))):
        assert not isinstance(room.handle(None, command, T0), Refusal)
    assert not isinstance(room.handle("s1", StartRound(1), T0), Refusal)
    refused = room.handle("s1", SetBoxGrid("AAAA/BBBB/CCCC/DDDD"), T0 + 1)
    assert isinstance(refused, Refusal) and refused.code == "round_running"
    assert not isinstance(room.handle("s1", StopRound(), T0 + 2), Refusal)
    refused = room.handle("s2", SetBoxGrid("AAAA/BBBB/CCCC/DDDD"), T0 + 3)
    assert isinstance(refused, Refusal)  # the host's alone
    for bad in ("AAA/BBB/CCC", "A1AA/BBBB/CCCC/DDDD"):
        refused = room.handle("s1", SetBoxGrid(bad), T0 + 3)
        assert isinstance(refused, Refusal) and refused.code == "bad_grid"
    assert not isinstance(room.handle("s1", SetBoxGrid("aaaa/bbbb/cccc/dddd"), T0 + 3), Refusal)
    assert not isinstance(room.handle("s1", StartRound(2), T0 + 4), Refusal)
    assert [state.grid.text for state in room.rounds] == [BOX.upper(), "AAAA/BBBB/CCCC/DDDD"]
    assert room.match_rounds == room.rounds  # the match went on
    rolled = BoggleRoom.create("room2", BoggleSettings(), T0, lexicons)
    assert isinstance(rolled, BoggleRoom)
    rolled.handle(None, Join("Ana", digest("Ana")), T0)
    refused = rolled.handle("s1", SetBoxGrid(BOX), T0)
    assert isinstance(refused, Refusal) and refused.code == "not_a_box"
