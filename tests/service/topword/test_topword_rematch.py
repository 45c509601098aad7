"""A rematch: once the game is over, one person who played it says where the new table
is; the others are shown it (the first offer stands), and the room replays to it."""

from __future__ import annotations

import json
from typing import Any

from motamot.service.rooms.commands import AddBot, Join
from motamot.service.rooms.outcomes import Refusal
from motamot.service.topword.commands import OfferRematch, Pass, Resign, Start
from motamot.service.topword.events import RematchOffered
from motamot.service.topword.room import TopwordRoom
from tests.service.conftest import decode, digest, encode, lexicons
from tests.service.topword.test_topword_table import T0, new_table, snapshot

LINK = "AbCdEfGhIjKlMnOpQrStUvWxYz01"


def played(table: TopwordRoom, events: list[Any], seat: str | None, command: Any) -> Any:
    out = table.handle(seat, command, T0)
    if isinstance(out, list):
        events.extend(out)
    return out


def over_table() -> tuple[TopwordRoom, list[Any]]:
    """Ana and Bob seated; no rematch before the game, nor during it; both pass: over."""
    table = new_table()
    events: list[Any] = [table.created]
    for name in ("Ana", "Bob"):
        played(table, events, None, Join(name, digest(name)))
    assert isinstance(played(table, events, "s1", OfferRematch(LINK)), Refusal)  # no game
    played(table, events, "s1", Start(4))
    early = played(table, events, "s1", OfferRematch(LINK))
    assert isinstance(early, Refusal) and early.code == "game_not_over"
    while table.playing:
        played(table, events, table.current, Pass())
    return table, events


def test_a_rematch_is_offered_once_by_a_player_once_the_game_is_over() -> None:
    table, events = over_table()
    before = snapshot(table)
    for who in (None, "nobody", "s9"):
        refused = table.handle(who, OfferRematch(LINK), T0 + 1)
        assert isinstance(refused, Refusal) and refused.code == "not_seated", who
    assert snapshot(table) == before
    out = played(table, events, "s2", OfferRematch(LINK))
    assert isinstance(out, list) and isinstance(out[0], RematchOffered)
    assert (out[0].seat, out[0].link) == ("s2", LINK)
    for seat in (None, "s1", "s2"):
        assert table.view(seat)["rematch"] == LINK
        shown = table.visible(out[0], seat)
        assert shown == {"type": "topword.rematch_offered", "seq": out[0].seq, "seat": "s2"} | {
            "link": LINK,
            "at": T0,
        }
    again = table.handle("s1", OfferRematch("another-link-0000000000000"), T0 + 3)
    assert isinstance(again, Refusal) and again.code == "rematch_offered"
    assert again.fields == {"link": LINK}  # the first offer stands
    rebuilt = TopwordRoom.from_events([decode(encode(e)) for e in events], lexicons)
    assert json.loads(snapshot(rebuilt)) == json.loads(snapshot(table))


def test_a_computer_player_offers_no_rematch() -> None:
    table = new_table()
    table.handle(None, Join("Ana", digest("Ana")), T0)
    table.handle("s1", AddBot("greedy"), T0)
    table.handle("s1", Start(3), T0)
    while table.playing:
        pending = table.pending_bot()
        if pending is not None:
            table.handle(pending.seat, pending.decide(), T0)
        else:
            table.handle(table.current, Resign(), T0)
    refused = table.handle("s2", OfferRematch(LINK), T0)
    assert isinstance(refused, Refusal) and refused.code == "not_seated"
