"""A duplicate page folds every event it is shown into the view it would be sent (D1-D6):
from the view a seat held, the events lead to the view the room sends now, for players
and spectators, clocked and self-paced, to the end. The fold here is the reference that
`duplicate/duplicate.js` follows."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from motamot.service.duplicate.commands import EndTurn, StartDuplicate, Submit
from motamot.service.duplicate.room import DuplicateRoom
from motamot.service.duplicate.settings import DuplicateSettings
from motamot.service.rooms.commands import Command, Join, Leave
from motamot.service.rooms.events import Event
from motamot.topword.movegen import legal_moves
from tests.service.conftest import digest, lexicons
from tests.service.test_shown_fold import comparable, fold_shared

T0 = 1_700_000_000.0
View = dict[str, Any]


def percent(total: int, top_total: int) -> float:
    """D6 in whole numbers, as the page computes it."""
    return 100.0 if top_total <= 0 else (2000 * total + top_total) // (2 * top_total) / 10


def standings(view: View, totals: dict[str, int], top_total: int) -> list[View]:
    """D6: every person seated who plays (D7: not the arbiter, nobody excluded), best total
    first (then by seat), ties sharing a rank."""
    out_of_it = {view["arbiter"], *view["excluded"]}
    people = [s["seat"] for s in view["seats"] if not s["bot"] and s["seat"] not in out_of_it]
    ordered = sorted(((totals.get(seat, 0), seat) for seat in people), key=lambda t: (-t[0], t[1]))
    out: list[View] = []
    for position, (total, seat) in enumerate(ordered):
        rank = out[-1]["rank"] if out and out[-1]["total"] == total else position + 1
        gap = total - top_total
        out.append({"seat": seat, "total": total, "gap": gap, "percent": percent(total, top_total)})
        out[-1]["rank"] = rank
    return out


def sheet_line(game: View, event: View, me: str | None) -> View:
    """A turn of the sheet: its rack (the one played), the top, who found it, my move."""
    line = {key: event[key] for key in ("number", "top", "top_points", "found_by")}
    line["rack"] = list(game["rack"])
    if me is not None:
        if me in event["moves"]:
            line["move"] = event["moves"][me]
        score = next((s for s in event["scores"] if s["seat"] == me), None)
        line["points"] = score["points"] if score else 0
        line["reason"] = score["reason"] if score else "no_move"
        if score and score["detail"]:
            line["detail"] = score["detail"]
        if me in event["bonuses"]:
            line["bonus"] = event["bonuses"][me]
    return line


def fold_duplicate(view: View, event: View) -> bool:
    """A duplicate room's own events (`duplicate/duplicate.js`); False for one the page
    does not fold (D7: an arbiter's decision: it asks for the room again)."""
    game = view["game"]
    match event["type"]:
        case "duplicate.started":
            board = {"position": "", "tops": [""] * 100, "heights": [0] * 100}
            view["game"] = {"turn": 0, "rack": [], "board": board, "deadline": None, "pile": 0}
            view["game"].update(submitted=[], my_move=None, top_total=0, finished=False)
            view["game"].update(standings=standings(view, {}, 0), sheet=[])
            view["game"].update(paused_left=None, next_at=None)
        case "duplicate.turn_started":
            game.update(turn=event["number"], rack=event["rack"], deadline=event["deadline"])
            game.update(pile=event["pile"], submitted=[], my_move=None)
            game.update(paused_left=None, next_at=None)
        case "duplicate.submitted":
            game["submitted"] = sorted({*game["submitted"], event["seat"]})
            if event["seat"] == view["you"] and "move" in event:
                game["my_move"] = event["move"]
        case "duplicate.turn_ended":
            game["sheet"].append(sheet_line(game, event, view["you"]))
            game.update(board=event["board"], rack=event["rack"], pile=event["pile"])
            game.update(top_total=event["top_total"], deadline=None, submitted=[], my_move=None)
            game.update(paused_left=None, next_at=event["next_at"])
            game["standings"] = standings(view, event["totals"], event["top_total"])
        case "duplicate.ended":
            game.update(finished=True, deadline=None, end_reason=event["reason"])
            game.update(seed=event["seed"], paused_left=None, next_at=None)
        case _:
            return False
    return True


class Follower:
    """What one seat's page holds: a view, then every event it is shown, folded."""

    def __init__(self, room: DuplicateRoom, seat: str | None) -> None:
        self.room, self.seat = room, seat
        self.view: View = copy.deepcopy(room.view(seat))
        self.first = comparable(self.view)
        #: Each batch of events as shown, and the view they lead to (tests/js/folds.py).
        self.batches: list[tuple[list[View], View]] = []
        self.folded = 0

    def take(self, events: list[Event]) -> None:
        batch = []
        for event in events:
            shown = self.room.visible(event, self.seat)
            assert shown is not None and shown["type"] != "hidden", event
            shown = copy.deepcopy(shown)
            batch.append(copy.deepcopy(shown))
            if not fold_shared(self.view, shown) and not fold_duplicate(self.view, shown):
                raise AssertionError(f"not folded: {shown['type']}")
            self.view["seq"] = shown["seq"]
            self.folded += 1
        assert comparable(self.view) == comparable(self.room.view(self.seat))
        if batch:
            self.batches.append((batch, comparable(self.view)))


def drive(
    room: DuplicateRoom, followers: list[Follower], seat: str | None, command: Command, now: float
) -> None:
    """Tick, then the command; every follower folds what came of it."""
    due = room.tick(now)
    for follower in followers:
        follower.take(due)
    out = room.handle(seat, command, now)
    if isinstance(out, list):
        for follower in followers:
            follower.take(out)


ACTS = st.lists(st.sampled_from(["top", "lower", "bad", "wait", "end", "leave"]), max_size=40)


def play_duplicate(
    acts: list[str], turn_seconds: float | None, seed: int, pause: float = 0.0, solo: int = 0
) -> list[Follower]:
    """A duplicate game played by `acts` (ACTS) to its end, followed by a spectator and
    three seats (`pause`: D8, between live turns; `solo`: D9, the solo bonus)."""
    settings = DuplicateSettings(turn_seconds=turn_seconds, pause_seconds=pause, solo_bonus=solo)
    room = DuplicateRoom.create("d", settings, T0, lexicons)
    assert isinstance(room, DuplicateRoom)
    now = T0
    room.handle(None, Join("ana", digest("ana")), now)
    followers = [Follower(room, seat) for seat in (None, "s1")]
    for name in ("bob", "cat"):
        drive(room, followers, None, Join(name, digest(name)), now)
    followers += [Follower(room, "s2"), Follower(room, "s3")]
    drive(room, followers, "s1", StartDuplicate(seed), now)
    for n, act in enumerate([*acts, *["end"] * 200]):  # then turns end until the game does
        if room.ended is not None:
            break
        game = room.game
        assert game is not None
        seat: str | None = ("s1", "s2", "s3")[n % 3]
        moves = sorted(
            legal_moves(game.board, game.rack, room.ruleset, room.lexicon), key=lambda m: -m.points
        )
        command: Command = EndTurn()  # a clocked turn refuses it: its tick ends it
        if act in ("top", "lower") and moves:
            command = Submit((moves[0] if act == "top" else moves[-1]).notation)
        elif act == "bad":
            command = Submit("A1 ZZZZZ")
        elif act == "leave":
            command, seat = Leave(), "s3"
        elif act in ("end", "wait"):
            seat = room.host if act == "end" else seat
            if turn_seconds is not None:
                now += turn_seconds if act == "end" else 20.0
        now += 1.0
        drive(room, followers, seat, command, now)
    assert room.ended is not None
    return followers


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    ACTS,
    st.sampled_from([None, 60.0]),
    st.integers(0, 2**32),
    st.sampled_from([0.0, 30.0]),
    st.sampled_from([0, 10]),
)
@pytest.mark.slow
def test_d1_d6_d8_d9_a_duplicate_page_folds_every_event_into_the_view_it_would_be_sent(
    acts: list[str], turn_seconds: float | None, seed: int, pause: float, solo: int
) -> None:
    followers = play_duplicate(acts, turn_seconds, seed, pause, solo)
    assert all(f.folded >= 3 for f in followers)
