"""Seats and lasting players in the shared room model: the player a seat is linked to is
in its event, a rated room seats only accounts and computer players (R1), the choice is
fixed at creation, and an account deleted leaves its seats an anonymous name."""

from __future__ import annotations

from typing import Any

from motamot.service.boggle.room import BoggleRoom
from motamot.service.boggle.settings import BoggleSettings
from motamot.service.rooms.actor import Actor
from motamot.service.rooms.commands import AddBot, Anonymise, ChangeSettings, Join, Leave
from motamot.service.rooms.events import Event, SeatRenamed, SeatTaken
from motamot.service.rooms.outcomes import Refusal
from motamot.service.topword.room import TopwordRoom
from motamot.service.topword.settings import TopwordSettings
from tests.service.conftest import KINDS, decode, digest, encode, lexicons

T0 = 1_700_000_000.0


class Driven:
    """A room and every event it emitted (to rebuild it from them)."""

    def __init__(self, room: Actor[Any]) -> None:
        self.room = room
        self.events: list[Event] = [room.created]

    def send(self, seat: str | None, command: Any) -> list[Event] | Refusal:
        out = self.room.handle(seat, command, T0)
        if isinstance(out, list):
            self.events.extend(out)
        return out

    def rebuilt(self) -> Actor[Any]:
        codec = KINDS[self.room.KIND].codec
        rows = [codec.to_stored(self.room.room_id, event) for event in self.events]
        return KINDS.rebuild(rows, lexicons)


def boggle(rated: bool = False) -> Driven:
    room = BoggleRoom.create("room", BoggleSettings(rated=rated), T0, lexicons)
    assert isinstance(room, BoggleRoom)
    return Driven(room)


def test_a_seat_carries_its_player_and_keeps_it_when_taken_back() -> None:
    driven = boggle()
    taken = driven.send(None, Join("Ana", digest("a"), player="p-ana"))
    assert isinstance(taken, list) and isinstance(taken[0], SeatTaken)
    assert taken[0].player == "p-ana" and decode(encode(taken[0])) == taken[0]
    driven.send("s1", Leave())
    again = driven.send(None, Join("Ana", digest("a"), player="p-other"))
    assert isinstance(again, list) and isinstance(again[0], SeatTaken)
    assert again[0].seat == "s1" and again[0].player == "p-ana"
    assert driven.rebuilt().seats["s1"].player == "p-ana"


def test_the_same_player_from_another_device_takes_its_seat_back_with_a_new_token() -> None:
    driven = boggle()
    driven.send(None, Join("Ana", digest("phone"), player="p-ana"))
    driven.send(None, Join("Bob", digest("bob"), player="p-bob"))
    again = driven.send(None, Join("Ana", digest("laptop"), player="p-ana"))
    assert isinstance(again, list) and isinstance(again[0], SeatTaken)
    assert (again[0].seat, again[0].name, again[0].player) == ("s1", "Ana", "p-ana")
    for room in (driven.room, driven.rebuilt()):
        assert room.seat_with_digest(digest("laptop")) == "s1"
        assert room.seat_with_digest(digest("phone")) is None
    # somebody else's player takes nobody's seat; the same player under another name (two
    # people at one browser) sits apart
    other = driven.send(None, Join("Ana", digest("eve"), player="p-eve"))
    assert other == Refusal("name_taken", {"name": "Ana"})
    apart = driven.send(None, Join("Cléo", digest("cleo"), player="p-ana"))
    assert isinstance(apart, list) and isinstance(apart[0], SeatTaken)
    assert apart[0].seat == "s3"


def test_r1_a_rated_room_seats_accounts_and_computer_players_only() -> None:
    driven = boggle(rated=True)
    refused = driven.send(None, Join("Eve", digest("e"), player="p-eve"))
    assert refused == Refusal("rated_needs_account")
    assert driven.room.last_seq == 1 and driven.room.seats == {}
    assert isinstance(driven.send(None, Join("Ana", digest("a"), None, "p-ana", True)), list)
    assert isinstance(driven.send("s1", AddBot("beginner")), list)
    assert [seat.player for seat in driven.room.seats.values()] == ["p-ana", None]
    table = TopwordRoom.create("table", TopwordSettings(rated=True), T0, lexicons)
    assert isinstance(table, TopwordRoom)
    assert table.handle(None, Join("Eve", digest("e")), T0) == Refusal("rated_needs_account")


def test_r1_rated_or_not_is_chosen_at_creation() -> None:
    driven = boggle()
    driven.send(None, Join("Ana", digest("a"), player="p-ana"))
    refused = driven.send("s1", ChangeSettings(BoggleSettings(rated=True)))
    assert refused == Refusal("rated_fixed") and not driven.room.rated
    assert isinstance(driven.send("s1", ChangeSettings(BoggleSettings(rounds=2))), list)


def test_anonymise_gives_the_players_seats_free_names_only_when_the_system_asks() -> None:
    driven = boggle()
    driven.send(None, Join("Ana", digest("a"), player="p-ana"))
    driven.send(None, Join("Anonyme 1", digest("b"), player="p-bob"))
    assert driven.send("s1", Anonymise("p-ana")) == Refusal("not_host")
    assert driven.send(None, Anonymise("p-ana")) == [SeatRenamed(4, "s1", "Anonyme 2")]
    assert driven.room.name_of("s1") == "Anonyme 2"
    assert driven.room.name_of("s2") == "Anonyme 1"
    assert driven.rebuilt().name_of("s1") == "Anonyme 2"
    assert driven.send(None, Anonymise("p-nobody")) == []
