"""P1: the host removes a person from the room, in every kind of room: the seat goes
(`room.seat_removed`), and neither its token, its lasting player nor its name sits in
the room again; a Topword player in a game resigns at once (T21), even out of turn."""

from __future__ import annotations

import json
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from motamot.service.boggle.commands import StartRound, WriteWord
from motamot.service.boggle.room import BoggleRoom
from motamot.service.boggle.settings import BoggleSettings
from motamot.service.duplicate.room import DuplicateRoom
from motamot.service.duplicate.settings import DuplicateSettings
from motamot.service.rooms.actor import Actor
from motamot.service.rooms.commands import AddBot, Join, Leave, RemovePlayer, SetReady
from motamot.service.rooms.events import Event, SeatRemoved
from motamot.service.rooms.outcomes import Refusal
from motamot.service.topword.commands import Pass, Start
from motamot.service.topword.events import GameEnded, Resigned
from motamot.service.topword.room import TopwordRoom
from motamot.service.topword.settings import TopwordSettings
from tests.service.conftest import decode, digest, encode, lexicons

T0 = 1_700_000_000.0

ROOMS: dict[str, tuple[type[Actor[Any]], Any]] = {
    "boggle": (BoggleRoom, BoggleSettings()),
    "topword": (TopwordRoom, TopwordSettings()),
    "duplicate": (DuplicateRoom, DuplicateSettings()),
}


def new_room(kind: str, **settings_changes: Any) -> Actor[Any]:
    cls, room_settings = ROOMS[kind]
    room = cls.create(
        "room", msgspec.structs.replace(room_settings, **settings_changes), T0, lexicons
    )
    assert isinstance(room, cls)
    return room


def sit(room: Actor[Any], name: str, player: str | None = None) -> str:
    out = room.handle(None, Join(name, digest(name), player=player, account=True), T0)
    assert isinstance(out, list), out
    seat = out[-1].seat  # type: ignore[attr-defined]
    assert isinstance(seat, str)
    return seat


def replayed(room: Actor[Any], events: list[Event]) -> Actor[Any]:
    """The room rebuilt from its events as a store gives them back (encoded, decoded)."""
    again = type(room).from_events([decode(encode(e)) for e in events], lexicons)
    return again


def state(room: Actor[Any]) -> str:
    return json.dumps([repr(s) for s in room.seats.values()] + [room.view(None)], default=str)


@pytest.mark.parametrize("kind", sorted(ROOMS))
def test_p1_the_host_removes_a_person_who_may_not_sit_again(kind: str) -> None:
    room = new_room(kind)
    host = sit(room, "Ana", "player-ana")
    troll = sit(room, "Troll", "player-troll")
    out = room.handle(host, RemovePlayer(troll), T0 + 1)
    assert isinstance(out, list) and isinstance(out[-1], SeatRemoved)
    assert out[-1].seat == troll and not room.seats[troll].present
    assert room.seats[troll].removed
    shown = room.visible(out[-1], host)
    assert shown is not None and shown["type"] == "room.seat_removed"
    assert shown["seat"] == troll and shown["host"] == host
    # back with the same token, the same lasting player under another name, or the name
    for join in (
        Join("Troll", digest("Troll")),
        Join("Gentil", digest("other device"), player="player-troll"),
    ):
        refused = room.handle(None, join, T0 + 2)
        assert isinstance(refused, Refusal) and refused.code == "removed"
    taken = room.handle(None, Join("troll", digest("a stranger")), T0 + 2)
    assert isinstance(taken, Refusal) and taken.code == "name_taken"
    # a newcomer with another name sits
    assert sit(room, "Bea") not in (host, troll)


@pytest.mark.parametrize("kind", sorted(ROOMS))
def test_p1_refusals_change_nothing(kind: str) -> None:
    room = new_room(kind)
    host = sit(room, "Ana")
    other = sit(room, "Bob")
    cases = [
        (other, RemovePlayer(host), "not_host"),  # only the host removes
        (host, RemovePlayer(host), "remove_self"),  # the host leaves instead
        (host, RemovePlayer("s99"), "not_a_person"),
        (host, RemovePlayer(""), "not_a_person"),
    ]
    if room.BOT_LEVELS:  # duplicate has no computer players
        bot_out = room.handle(host, AddBot(sorted(room.BOT_LEVELS)[0]), T0)
        assert isinstance(bot_out, list)
        bot = bot_out[-1].seat  # type: ignore[attr-defined]
        cases.append((host, RemovePlayer(bot), "not_a_person"))  # remove_bot does that
    before = (room.last_seq, state(room))
    for seat, command, code in cases:
        refused = room.handle(seat, command, T0)
        assert isinstance(refused, Refusal) and refused.code == code, (command, refused)
        assert (room.last_seq, state(room)) == before
    assert isinstance(room.handle(host, RemovePlayer(other), T0), list)
    again = room.handle(host, RemovePlayer(other), T0)
    assert isinstance(again, Refusal) and again.code == "already_removed"
    assert again.fields == {"name": "Bob"}
    for acting in (Leave(), SetReady(True)):  # a removed seat acts no more
        refused = room.handle(other, acting, T0)
        # (a kind without « ready » does not know the command at all)
        assert isinstance(refused, Refusal)
        assert refused.code in ("not_seated", "" if room.HAS_READY else "unknown_command")


def test_p1_a_person_who_left_may_be_removed_so_that_they_do_not_come_back() -> None:
    room = new_room("boggle")
    host = sit(room, "Ana")
    gone = sit(room, "Bob", "player-bob")
    assert isinstance(room.handle(gone, Leave(), T0), list)
    assert isinstance(room.handle(host, RemovePlayer(gone), T0), list)
    refused = room.handle(None, Join("Bob", digest("Bob"), player="player-bob"), T0)
    assert isinstance(refused, Refusal) and refused.code == "removed"


def test_p1_a_removed_boggle_writer_keeps_the_words_written_and_writes_no_more() -> None:
    room = new_room("boggle", duration=60)
    host = sit(room, "Ana")
    troll = sit(room, "Troll")
    assert isinstance(room.handle(host, StartRound(7), T0), list)
    assert isinstance(room.handle(troll, WriteWord("zzz"), T0 + 1), list)
    assert isinstance(room.handle(host, RemovePlayer(troll), T0 + 2), list)  # mid-round
    refused = room.handle(troll, WriteWord("tes"), T0 + 3)
    assert isinstance(refused, Refusal) and refused.code == "not_seated"
    assert isinstance(room, BoggleRoom)
    state_now = room.running
    assert state_now is not None and troll in state_now.players
    room.tick(T0 + 61)
    result = room.result(room.rounds[-1])
    assert "Troll" in [one.player for one in result.players]  # what they did stays


def test_p1_t21_a_topword_player_removed_out_of_turn_resigns_and_the_turn_stays() -> None:
    room = new_room("topword")
    assert isinstance(room, TopwordRoom)
    host = sit(room, "Ana")
    sit(room, "Bob")
    sit(room, "Cy")
    assert isinstance(room.handle(host, Start(7), T0), list)
    to_play = room.current
    assert to_play is not None
    target = next(s for s in room.order if s not in (to_play, host))
    out = room.handle(host, RemovePlayer(target), T0 + 5)
    assert isinstance(out, list)
    assert [type(e) for e in out] == [Resigned, SeatRemoved]
    assert room.current == to_play and room.turn_start == T0  # their turn, their clock
    assert room.game is not None and room.index_of(target) in room.game.resigned
    assert room.rack_of(target) == ()
    shown = room.visible(out[0], to_play)
    assert shown is not None and shown["current"] == to_play


def test_p1_t21_removing_the_player_to_play_passes_the_turn_on() -> None:
    room = new_room("topword")
    assert isinstance(room, TopwordRoom)
    host = sit(room, "Ana")
    sit(room, "Bob")
    sit(room, "Cy")
    room.handle(host, Start(7), T0)
    if room.current == host:
        assert isinstance(room.handle(host, Pass(), T0 + 1), list)
    to_play = room.current
    assert to_play is not None and to_play != host
    out = room.handle(host, RemovePlayer(to_play), T0 + 2)
    assert isinstance(out, list) and [type(e) for e in out] == [Resigned, SeatRemoved]
    assert room.current not in (None, to_play) and room.turn_start == T0 + 2


def test_p1_t21_removing_the_only_opponent_ends_the_game_the_host_wins() -> None:
    room = new_room("topword")
    assert isinstance(room, TopwordRoom)
    host = sit(room, "Ana")
    other = sit(room, "Bob")
    room.handle(host, Start(7), T0)
    out = room.handle(host, RemovePlayer(other), T0 + 1)
    assert isinstance(out, list)
    assert [type(e) for e in out] == [Resigned, GameEnded, SeatRemoved]
    ended = out[1]
    assert isinstance(ended, GameEnded) and ended.reason == "resigned"
    assert ended.winners == (host,)
    assert "resign" in room.records()[0]


@pytest.mark.parametrize("kind", ["boggle", "topword"])
def test_p1_a_rated_game_in_play_removes_nobody(kind: str) -> None:
    room = new_room(kind, rated=True)
    host = sit(room, "Ana", "acc-ana")
    other = sit(room, "Bob", "acc-bob")
    start = StartRound(7) if kind == "boggle" else Start(7)
    assert isinstance(room.handle(host, start, T0), list)
    refused = room.handle(host, RemovePlayer(other), T0 + 1)
    assert isinstance(refused, Refusal) and refused.code == "rated_in_play"


def test_p1_a_rated_room_before_its_game_removes_a_person() -> None:
    room = new_room("topword", rated=True)
    host = sit(room, "Ana", "acc-ana")
    other = sit(room, "Bob", "acc-bob")
    assert isinstance(room.handle(host, RemovePlayer(other), T0), list)


ACTIONS = st.lists(
    st.tuples(
        st.sampled_from(["join", "leave", "remove", "start", "pass"]),
        st.integers(0, 4),
    ),
    max_size=25,
)


@settings(max_examples=60, deadline=None)
@given(kind=st.sampled_from(["boggle", "topword"]), actions=ACTIONS)
def test_p1_removed_seats_never_sit_again_and_the_room_replays(
    kind: str, actions: list[tuple[str, int]]
) -> None:
    """Whatever the order of joins, leaves, removals and play: a removed seat is never
    present again, its player's joins are refused, and the events rebuild the room."""
    room = new_room(kind)
    events: list[Event] = [room.created]
    names = ["Ana", "Bob", "Cy", "Di", "Ed"]

    def send(seat: str | None, command: Any, at: float) -> None:
        out = room.handle(seat, command, at)
        if isinstance(out, list):
            events.extend(out)

    send(None, Join("Ana", digest("Ana"), player="p-Ana"), T0)
    removed_players: set[str] = set()
    for step, (action, who) in enumerate(actions):
        at = T0 + step
        events.extend(room.tick(at))
        name = names[who]
        seat = next((s.seat for s in room.seats.values() if s.name == name), None)
        match action:
            case "join":
                before = room.last_seq
                send(None, Join(name, digest(name), player=f"p-{name}"), at)
                if f"p-{name}" in removed_players:
                    assert room.last_seq == before
            case "leave" if seat is not None:
                send(seat, Leave(), at)
            case "remove" if seat is not None and room.host is not None:
                send(room.host, RemovePlayer(seat), at)
                if room.seats[seat].removed:
                    removed_players.add(f"p-{name}")
            case "start" if room.host is not None:
                send(room.host, StartRound(step) if kind == "boggle" else Start(step), at)
            case "pass":
                current = getattr(room, "current", None)
                if current is not None:
                    send(current, Pass(), at)
    for one in room.seats.values():
        if one.removed:
            assert not one.present and f"p-{one.name}" in removed_players
    assert state(replayed(room, events)) == state(room)
