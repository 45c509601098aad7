"""T23: a Topword table keeps the number of seats it was set up with, whoever asks to sit
(the players' link, the lobby, a computer player the host adds, the host's settings), and
the lobby lists the seats really free."""

from __future__ import annotations

import pytest

from motamot.service.rooms.commands import AddBot, ChangeSettings, Join, Leave, RemoveBot
from motamot.service.rooms.outcomes import Refusal
from motamot.service.rooms.settings import SettingsError
from motamot.service.topword.commands import Start
from motamot.service.topword.settings import TopwordSettings
from motamot.text.web import refusal_text
from tests.service.conftest import digest
from tests.service.topword.test_topword_table import T0, new_table, seated, snapshot


def test_t23_a_table_set_up_for_two_takes_two_by_the_link_and_no_computer_player() -> None:
    table = seated("human", "human", seats=2, public=True)
    assert table.seats_free() == 0 and table.listing().free == 0
    assert not table.listing().listed()  # nothing to offer strangers
    before = snapshot(table)
    for seat, command in [
        (None, Join("Cleo", digest("Cleo"))),
        (None, Join("Dan", digest("Dan"), None, "p-dan")),
        ("s1", AddBot("greedy")),
    ]:
        refused = table.handle(seat, command, T0)
        assert isinstance(refused, Refusal) and refused.code == "table_full", command
        assert refused.fields == {"seats": 2}
    assert snapshot(table) == before
    assert len(table.present()) == 2


def test_t23_the_players_own_seat_back_from_a_second_browser_is_not_a_new_seat() -> None:
    """The same person on another device takes their seat back, full table or not."""
    table = new_table(seats=2)
    assert not isinstance(table.handle(None, Join("Ana", digest("a1"), None, "p-ana"), T0), Refusal)
    assert not isinstance(table.handle(None, Join("Bob", digest("b1"), None, "p-bob"), T0), Refusal)
    again = table.handle(None, Join("Bob", digest("b2"), None, "p-bob"), T0)
    assert isinstance(again, list) and [e.seat for e in again] == ["s2"]  # type: ignore[attr-defined]
    other = table.handle(None, Join("Bob", digest("b3"), None, "p-someone-else"), T0)
    assert isinstance(other, Refusal) and other.code == "table_full"


def test_t23_a_seat_left_or_a_computer_player_removed_frees_a_place() -> None:
    table = seated("human", "greedy", seats=2)
    assert table.seats_free() == 0
    assert not isinstance(table.handle("s1", RemoveBot("s2"), T0), Refusal)
    assert table.seats_free() == 1 and table.listing().free == 1
    assert not isinstance(table.handle(None, Join("Bob", digest("Bob")), T0), Refusal)
    assert isinstance(table.handle(None, Join("Cleo", digest("Cleo")), T0), Refusal)
    assert not isinstance(table.handle("s3", Leave(), T0), Refusal)
    assert table.seats_free() == 1


@pytest.mark.parametrize(
    ("seats", "taken", "free"), [(2, 1, 1), (3, 1, 2), (4, 2, 2), (None, 1, 3)]
)
def test_t23_the_lobby_lists_the_seats_minus_the_ones_taken(
    seats: int | None, taken: int, free: int
) -> None:
    table = seated(*["human"] * taken, seats=seats, public=True)
    assert table.listing().free == free
    assert table.view(None)["settings"]["seats"] == (seats or 4)
    assert not isinstance(table.handle("s1", Start(3), T0), Refusal) or taken < 2
    if table.game is not None:
        assert table.listing().free == 0


@pytest.mark.parametrize("seats", [-1, 0, 1, 5, 1000])
def test_t23_a_table_has_two_to_four_seats(seats: int) -> None:
    with pytest.raises(SettingsError) as error:
        TopwordSettings(seats=seats).check()
    assert error.value.code == "bad_seats"
    TopwordSettings(seats=2).check()


def test_t23_the_host_may_not_set_fewer_seats_than_are_taken() -> None:
    table = seated("human", "human", "human", seats=4)
    before = snapshot(table)
    refused = table.handle("s1", ChangeSettings(TopwordSettings(seats=2)), T0)
    assert isinstance(refused, Refusal) and refused.code == "table_full"
    assert snapshot(table) == before
    assert not isinstance(table.handle("s1", ChangeSettings(TopwordSettings(seats=3)), T0), Refusal)
    assert table.seats_free() == 0


def test_t23_the_refusal_says_in_french_that_the_table_is_full() -> None:
    text = refusal_text("table_full", "fr", {"seats": 2})
    assert text.startswith("cette table est complète\u00a0: ses 2 places sont prises")
    assert "full" in refusal_text("table_full", "en", {"seats": 2})
