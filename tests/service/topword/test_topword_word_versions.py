"""W4 for Topword tables: a table keeps the list version it was created with, a table
created after a change gets the new one, each record names its version, and replaying
either record with the version it names gives the game as it was played (the same
moves legal, the same final scores), however the list changed since."""

from __future__ import annotations

from typing import Any

import pytest

from motamot.lexicon.changes import WordChange, WordLists
from motamot.service.brokers.local import LocalBroadcaster
from motamot.service.ports import ManualClock
from motamot.service.rooms.actor import Actor
from motamot.service.rooms.commands import Join
from motamot.service.rooms.host import RoomHost
from motamot.service.rooms.outcomes import Ack, Refusal
from motamot.service.stores.memory import MemoryStore
from motamot.service.topword.commands import Play, Resign, Start
from motamot.service.topword.room import TopwordRoom
from motamot.service.topword.settings import TopwordSettings
from motamot.topword.board import Board, format_position, parse_position
from motamot.topword.hints import hints
from motamot.topword.record import RecordError, parse_record, replay
from motamot.topword.tiles import TOPWORD_FR
from tests.service.conftest import KINDS, digest, lexicons, run

SEED = 5


def test_w4_topword_records_before_and_after_a_change_replay_as_they_were_played() -> None:
    async def body() -> None:
        lists = WordLists(lexicons)
        host = RoomHost(MemoryStore(), LocalBroadcaster(), ManualClock(), lists, KINDS)

        async def table() -> str:
            joins = [Join("Ana", digest("Ana")), Join("Bob", digest("Bob"))]
            room_id = await host.create(TopwordSettings(seats=2, bot_seconds=0), joins)
            assert isinstance(room_id, str)
            assert isinstance(await host.submit(room_id, "s1", Start(SEED)), Ack)
            return room_id

        def position(room: Actor[Any]) -> tuple[str, str, Board, tuple[str, ...]]:
            assert isinstance(room, TopwordRoom) and room.game is not None
            game = room.game
            seat = room.order[game.current]
            board = parse_position(format_position(game.board))  # a copy: the game goes on
            return room.settings.dictionary_name, seat, board, tuple(game.racks[game.current])

        async def play_and_finish(room_id: str, moves: list[str]) -> str:
            """The first of `moves` the table takes, then both resign: its record."""
            found = await host.read(room_id, position)
            assert found is not None
            _, seat, _, _ = found
            for move in moves:
                if isinstance(await host.submit(room_id, seat, Play(move)), Ack):
                    break
            else:
                raise AssertionError("no move taken")
            other = "s2" if seat == "s1" else "s1"
            assert isinstance(await host.submit(room_id, other, Resign()), Ack)
            records = await host.read(room_id, lambda room: room.records())
            assert records
            record: str = records[-1]
            return record

        old = await table()
        found = await host.read(old, position)
        assert found is not None
        old_list, _, board, rack = found
        best = hints(board, rack, TOPWORD_FR, lists(old_list), 5)
        played = best[0].verdict.words[0].word  # the best move's main word
        lists.update("fr", [WordChange("fr", 1, played, False, "test", 1000.0)])
        new = await table()  # the same seed: the same racks, the same starter
        new_found = await host.read(new, position)
        assert new_found is not None and new_found[3] == rack
        assert (old_list, new_found[0]) == ("fr", "fr+1")
        old_record = await play_and_finish(old, [str(best[0].move.move)])
        # the word is out of the new list: the same move is refused there, another plays
        answer = await host.submit(new, new_found[1], Play(str(best[0].move.move)))
        assert isinstance(answer, Refusal) and answer.code == "not_in_dictionary"
        others = hints(board, rack, TOPWORD_FR, lists("fr+1"), 5)
        new_record = await play_and_finish(new, [str(hint.move.move) for hint in others])
        for text, version in ((old_record, "fr"), (new_record, "fr+1")):
            record = parse_record(text)
            assert record.dictionary == version  # every record names its version
            game = replay(record, lists(record.dictionary))  # the final scores are checked
            assert record.final is not None
            assert dict(zip(game.players, game.final_scores(), strict=True)) == record.final
        # the version matters: the old game's word is refused by the list of today
        with pytest.raises(RecordError):
            replay(parse_record(old_record), lists("fr+1"))

    run(body)
