"""W4: a server's list is the shipped list plus its changes; a room keeps the version it
was created with, a new room gets the new one, a record names its version."""

from __future__ import annotations

from typing import Any

import pytest

from motamot.boggle.grid import Grid
from motamot.boggle.record import parse_record, replay
from motamot.lexicon import Lexicon
from motamot.lexicon.changes import WordChange, WordLists, split_version, version_name
from motamot.service.boggle.commands import StartRound, StopRound, WriteWord
from motamot.service.boggle.room import BoggleRoom
from motamot.service.boggle.settings import BoggleSettings
from motamot.service.brokers.local import LocalBroadcaster
from motamot.service.ports import ManualClock
from motamot.service.rooms.actor import Actor
from motamot.service.rooms.commands import ChangeSettings, Join
from motamot.service.rooms.host import RoomHost
from motamot.service.rooms.outcomes import Ack
from motamot.service.stores.memory import MemoryStore
from tests.service.conftest import KINDS, digest, lexicons, run


def a_path_not_a_word(grid: Grid, lexicon: Lexicon) -> str:
    """Letters of three touching dice that make no word of `lexicon`."""
    letters, near = grid.letters, grid.neighbours
    for a in range(len(letters)):
        for b in near[a]:
            for c in near[b]:
                text = letters[a] + letters[b] + letters[c]
                if c != a and text.isalpha() and text not in lexicon:
                    return text
    raise AssertionError("every path is a word")


def change(number: int, word: str, added: bool = True) -> WordChange:
    return WordChange("fr", number, word, added, "test", 1000.0 + number)


def test_w4_versions_are_named_and_compiled_from_their_changes() -> None:
    assert split_version("fr+12") == ("fr", 12)
    assert split_version("fr") == ("fr", 0)
    assert split_version("fr+01") == ("fr+01", 0)  # not a version: left as a name
    assert version_name("fr", 0) == "fr" and version_name("fr", 2) == "fr+2"
    lists = WordLists(lexicons)
    assert lists.update("fr", [change(1, "KIP"), change(2, "ZEF"), change(3, "KIP", False)])
    assert not lists.update("fr", [change(1, "KIP")])  # changes never go back
    assert lists.current("fr") == lists.current("fr+1") == "fr+3"
    assert "KIP" not in lists("fr") and "KIP" in lists("fr+1") and "ZEF" not in lists("fr+1")
    assert "KIP" in lists("fr+2") and "ZEF" in lists("fr+2")
    assert "KIP" not in lists("fr+3") and "ZEF" in lists("fr+3")
    assert len(lists("fr+3")) == len(lists("fr")) + 1
    assert lists("fr+2") is lists("fr+2")  # compiled once
    with pytest.raises(LookupError):
        lists("fr+4")


def test_w4_a_word_added_mid_game_is_refused_there_and_accepted_in_the_next_room() -> None:
    async def body() -> None:
        lists = WordLists(lexicons)
        host = RoomHost(MemoryStore(), LocalBroadcaster(), ManualClock(), lists, KINDS)

        async def room_with_round() -> tuple[str, Grid]:
            room_id = await host.create(BoggleSettings(), [Join("ana", digest("ana"))])
            assert isinstance(room_id, str)
            assert isinstance(await host.submit(room_id, "s1", StartRound(7)), Ack)
            grid = await host.read(room_id, lambda room: room.rounds[-1].grid)  # type: ignore[attr-defined]
            assert isinstance(grid, Grid)
            return room_id, grid

        old, grid = await room_with_round()
        word = a_path_not_a_word(grid, lexicons("fr"))
        lists.update("fr", [change(1, word)])
        new, _ = await room_with_round()  # the same seed: the same grid
        for room_id in (old, new):
            assert isinstance(await host.submit(room_id, "s1", WriteWord(word.lower())), Ack)
            assert isinstance(await host.submit(room_id, "s1", StopRound()), Ack)

        def judged(room: Actor[Any]) -> tuple[str, bool, str]:
            assert isinstance(room, BoggleRoom)
            (entry,) = room.result(room.rounds[-1]).players[0].entries
            return room.settings.dictionary_name, entry.points > 0, room.records()[-1]

        old_judged, new_judged = await host.read(old, judged), await host.read(new, judged)
        assert old_judged is not None and new_judged is not None
        old_list, old_valid, old_record = old_judged
        new_list, new_valid, new_record = new_judged
        assert (old_list, old_valid) == ("fr", False)
        assert (new_list, new_valid) == ("fr+1", True)
        # a record names its version, and its replay judges as when it was played
        for text, valid in ((old_record, False), (new_record, True)):
            record = parse_record(text)
            (played,) = replay(record, lists(record.dictionary)).rounds
            assert (played.players[0].entries[0].points > 0) is valid
        # read again from the store (a restart), the old room keeps its list
        host2 = RoomHost(host.store, LocalBroadcaster(), ManualClock(), lists, KINDS)
        again = await host2.read(old, judged)
        assert again is not None and again[:2] == ("fr", False)
        # new settings are pinned too: to the version new games get now
        settings = BoggleSettings(dictionary="fr")
        assert isinstance(await host.submit(old, "s1", ChangeSettings(settings)), Ack)
        assert await host.read(old, lambda room: room.settings.dictionary) == "fr+1"

    run(body)
