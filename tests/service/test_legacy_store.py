"""A store written by an older motamot still loads (issue 20): its events, under the tags
of the time before the rooms shared their vocabulary, are read as today's, and every room
shows each seat and spectator what that version showed them.

The word list changed since (the French two-letter words were reviewed: UD is gone), and
that store's Topword game made UD with 2B AEDE, and its Boggle bot wrote words planned
with the older list: stored facts are folded as they were played, never judged again.
"""

from __future__ import annotations

import asyncio
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from motamot.service.boggle import BOGGLE
from motamot.service.brokers.local import LocalBroadcaster
from motamot.service.ports import EventStore, ManualClock
from motamot.service.rooms.codec import EventDecodeError
from motamot.service.rooms.host import RoomHost, cached_lexicons
from motamot.service.stores.sqlite import SqliteStore
from motamot.web import default_kinds

LEGACY = Path(__file__).resolve().parents[1] / "data" / "legacy"


async def _views(path: Path) -> dict[str, Any]:
    return await _views_in(SqliteStore(path))


async def _views_of(store: EventStore) -> tuple[dict[str, Any], dict[str, Any]]:
    """What the rooms of `store` show each seat now (JSON, as a page gets it), and what
    619c8bb showed."""
    views = json.loads(json.dumps(await _views_in(store), sort_keys=True))
    return views, json.loads((LEGACY / "views-619c8bb.json").read_text("utf-8"))


async def _views_in(store: EventStore) -> dict[str, Any]:
    host = RoomHost(
        store,
        LocalBroadcaster(),
        ManualClock(1_764_000_400.0),
        cached_lexicons(),
        default_kinds().rooms,
    )
    try:  # each room as its events left it (no tick: a clock that ran out stays as stored)
        views: dict[str, Any] = {}
        for room_id in await store.rooms():
            room = await host.load(room_id)
            assert room is not None
            views[room_id] = {str(seat): room.view(seat) for seat in [None, *room.seats]}
        return views
    finally:
        await host.close()
        await store.close()


def test_a_store_written_by_619c8bb_loads_with_the_same_views(tmp_path: Path) -> None:
    copy = tmp_path / "rooms.sqlite3"
    shutil.copy(LEGACY / "rooms-619c8bb.sqlite3", copy)
    views = json.loads(json.dumps(asyncio.run(_views(copy)), sort_keys=True))
    expected = json.loads((LEGACY / "views-619c8bb.json").read_text("utf-8"))
    assert set(views) == set(expected) and len(views) == 3
    for room_id, seats in expected.items():
        for seat, view in seats.items():
            assert _still_shown(view, views[room_id][seat]), (room_id, seat)
    assert _standing_counts(views) > 0


def _still_shown(old: Any, new: Any) -> bool:
    """Every fact of `old` is in `new`, the same (newer views may add keys of their own; a
    seed is shown as its digits now, which a page's JavaScript cannot round; a round's
    live counts are of the words that stand now, not of every entry: issue 21)."""
    if isinstance(old, dict):
        return isinstance(new, dict) and all(
            key in new and _same_fact(key, value, new[key]) for key, value in old.items()
        )
    if isinstance(old, list):
        return (
            isinstance(new, list)
            and len(old) == len(new)
            and all(_still_shown(a, b) for a, b in zip(old, new, strict=True))
        )
    return bool(old == new)


def _same_fact(key: str, old: Any, new: Any) -> bool:
    if key == "seed":
        return bool(new == str(old))
    if key == "counts":  # fewer when refused words were counted: see _standing_counts
        return set(new) == set(old) and all(new[seat] <= old[seat] for seat in old)
    return _still_shown(old, new)


def _standing_counts(views: dict[str, Any]) -> int:
    """Each seat's own count in its view is its words that stand; how many views said so."""
    checked = 0
    for seats in views.values():
        for seat, view in seats.items():
            words = (view.get("round") or {}).get("words")
            if words is None or view.get("kind") != "boggle":
                continue
            standing = [w for w in words if w["feedback"] in ("accepted", "written")]
            assert view["round"]["counts"][seat] == len(standing), (seat, words)
            checked += 1
    return checked


def test_a_wrongly_typed_event_is_refused_naming_the_field() -> None:
    text = '{"type":"boggle.word_written","seq":"seven","seat":"s1","text":"MAIN","at":1.0}'
    with pytest.raises(EventDecodeError, match=r"Expected `int`, got `str` - at `\$\.seq`"):
        BOGGLE.codec.decode(text)
