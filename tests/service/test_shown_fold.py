"""Every event is shown with what a page needs to fold it: from the view a seat held, the
events it is shown lead to the view it would be sent now (so a page asks for the whole
room only after a gap). The folds here are the reference the pages' folds follow
(`boggle/room.js`, `topword/table.js`, the shared `client.js`)."""

from __future__ import annotations

import copy
from typing import Any

import msgspec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from motamot.service.boggle.commands import (
    AddPaperSeat,
    NewMatch,
    StartRound,
    StopRound,
    WriteWord,
)
from motamot.service.boggle.room import BoggleRoom
from motamot.service.boggle.settings import BoggleSettings
from motamot.service.rooms.actor import Actor
from motamot.service.rooms.chat import HISTORY
from motamot.service.rooms.commands import (
    AddBot,
    CloseRoom,
    Command,
    Join,
    Leave,
    RemoveBot,
    RemoveMessage,
    Say,
    SayPhrase,
    SetReady,
    SwitchChat,
)
from motamot.service.rooms.events import Event
from motamot.service.rooms.outcomes import Refusal
from motamot.service.rooms.shown import frame_json
from motamot.service.topword.commands import Exchange, OfferRematch, Pass, Play, Resign, Start
from motamot.service.topword.room import TopwordRoom
from motamot.service.topword.settings import TopwordSettings
from motamot.topword.movegen import legal_moves
from tests.service.conftest import digest, lexicons

T0 = 1_700_000_000.0
View = dict[str, Any]
#: B16, B17: the grid a box room with a scorer plays (the rulebook's).
BOX_GRID = "ORTE/BEST/INAM/GTED"

#: The verdicts the others count (a refused word is not).
STANDING = ("accepted", "written")


def fold_shared(view: View, event: View) -> bool:
    """The events every room shares (`client.js`); False for a kind's own."""
    seats = {seat["seat"]: seat for seat in view["seats"]}
    match event["type"]:
        case "room.seat_taken":
            if event["seat"] in seats:
                seats[event["seat"]]["present"] = True
            else:
                seat = {"seat": event["seat"], "name": event["name"], "bot": event["level"]}
                view["seats"].append({**seat, "present": True})
            view["host"] = event["host"]
        case "room.seat_left":
            seats[event["seat"]]["present"] = False
            view["host"] = event["host"]
        case "room.ready_changed":
            seats[event["seat"]]["ready"] = event["ready"]
        case "room.settings_changed":
            view["settings"] = event["settings"]
            view["chat"]["public"] = event["public"]
        case "room.chat_said":
            lines = view["chat"]["lines"]
            lines.append({key: value for key, value in event.items() if key != "type"})
            del lines[: max(0, len(lines) - HISTORY)]
        case "room.chat_switched":
            view["chat"]["on"] = event["on"]
        case "room.chat_removed":  # the operator's: the words go, the line says so
            for line in view["chat"]["lines"]:
                if line["seq"] == event["said"]:
                    line.pop("text", None), line.pop("phrase", None)
                    line["removed"] = True
        case "room.closed":
            pass
        case _:
            return False
    return True


def fold_boggle(view: View, event: View) -> None:
    """A Boggle room's own events (`boggle/room.js`)."""
    kind = event["type"]
    if kind in ("room.seat_taken", "room.seat_left"):
        for seat in view["seats"]:
            seat.setdefault("ready", False)
            seat.setdefault("paper", False)
            if seat["seat"] == event["seat"] and kind == "room.seat_left":
                seat["ready"] = False
            if seat["seat"] == event["seat"] and kind == "room.seat_taken":
                seat["paper"] = event["paper"]  # B17: a seat without a phone
    if "match" in event:
        view["match"] = event["match"]
    round_ = view["round"]
    match kind:
        case "boggle.round_started":
            players = event["players"]
            view["round"] = {
                **{key: event[key] for key in ("number", "grid", "start", "deadline")},
                "running": True,
                "players": list(players),
                "counts": dict.fromkeys(players, 0),
            }
            for seat in view["seats"]:
                if seat["seat"] in players:
                    seat["ready"] = False
        case "boggle.word_written":
            seat = event["seat"]
            if seat not in round_["players"]:
                round_["players"].append(seat)
            if "feedback" in event:  # the writer's own word, with its verdict
                own = {k: v for k, v in event.items() if k not in ("type", "seq", "seat")}
                round_.setdefault("words", []).append(own)
                standing = [w for w in round_["words"] if w["feedback"] in STANDING]
                round_["counts"][seat] = len(standing)
            else:
                round_["counts"][seat] = event.get("count", round_["counts"].get(seat, 0) + 1)
        case "boggle.round_ended":
            round_.update(running=False, ended_at=event["at"], stopped=event["stopped"])
            round_["result"] = event["result"]


ACTIONS = {
    "topword.played": "play",
    "topword.exchanged": "exchange",
    "topword.passed": "pass",
    "topword.resigned": "resign",
}


def fold_topword(view: View, event: View) -> None:
    """A Topword table's own events (`topword/table.js`)."""
    game = view["game"]
    match event["type"]:
        case "topword.game_started":
            keys = ("order", "start_draws", "starter", "current", "turn_deadline", "board", "pile")
            view["game"] = {key: event[key] for key in keys}
            view["game"].update(
                turn=1,
                rack_sizes=event["rack_sizes"],
                scores=dict.fromkeys(event["order"], 0),
                turns=[],
                finished=False,
            )
            if "rack" in event:
                view["game"]["rack"] = event["rack"]
        case "topword.played" | "topword.exchanged" | "topword.passed" | "topword.resigned":
            turn = {"seat": event["seat"], "action": ACTIONS[event["type"]]}
            turn.update(points=event.get("points", 0), total=event["total"])
            for key in ("move", "score", "tile"):
                if key in event:
                    turn[key] = event[key]
            if event.get("timed_out"):
                turn["timed_out"] = True
            game["turns"].append(turn)
            game["turn"] = len(game["turns"]) + 1
            game["scores"][event["seat"]] = event["total"]
            for key in ("current", "turn_deadline", "pile", "rack_sizes", "rack"):
                if key in event:
                    game[key] = event[key]
            for tile in event.get("tiles", ()):
                game["board"]["tops"][tile["cell"]] = tile["tile"]
                game["board"]["heights"][tile["cell"]] = tile["height"]
        case "topword.game_ended":
            game.update(current=None, turn_deadline=None, finished=True)
            game.update(end_reason=event["reason"], winners=event["winners"])
            for key in ("final_scores", "penalties", "seed", "racks", "turns"):
                game[key] = event[key]
        case "topword.rematch_offered":
            view["rematch"] = event["link"]


def comparable(view: View) -> View:
    """A view without the board's record notation (no page reads it; the cells say it)."""
    shown = copy.deepcopy(view)
    if shown.get("game"):
        shown["game"]["board"].pop("position")
    return shown


class Follower:
    """What one seat's page holds: a view, then every event it is shown, folded."""

    def __init__(self, room: Actor[Any], seat: str | None) -> None:
        self.room, self.seat = room, seat
        self.view: View = copy.deepcopy(room.view(seat))
        self.first = comparable(self.view)
        #: Each batch of events as shown, and the view they lead to (tests/js/folds.py).
        self.batches: list[tuple[list[View], View]] = []
        self.folded = 0

    def take(self, events: list[Event]) -> None:
        own = fold_boggle if isinstance(self.room, BoggleRoom) else fold_topword
        batch = []
        for event in events:
            frame = self.room.visible(event, self.seat)
            assert frame is not None
            shown = frame_json(frame)
            batch.append(copy.deepcopy(shown))
            assert shown["type"] != "hidden", event
            if not fold_shared(self.view, shown) or own is fold_boggle:
                own(self.view, shown)
            self.view["seq"] = shown["seq"]
            self.folded += 1
        assert comparable(self.view) == comparable(self.room.view(self.seat))
        if batch:
            self.batches.append((batch, comparable(self.view)))


def drive(
    room: Actor[Any], followers: list[Follower], seat: str | None, command: Command, now: float
) -> list[Event] | Refusal:
    """Tick, then the command; every follower folds what came of it."""
    due = room.tick(now)
    if due:
        for follower in followers:
            follower.take(due)
    out = room.handle(seat, command, now)
    if not isinstance(out, Refusal):
        for follower in followers:
            follower.take(out)
    return out


#: The acts of the host (`s1`) in `play_boggle`.
HOST_ACTS = ("stop", "start", "bot", "unbot", "rematch", "chat_off", "chat_on", "paper", "score")

BOGGLE_ACTS = st.lists(
    st.sampled_from(
        [
            "word",
            "word",
            "word",
            "wait",
            "stop",
            "start",
            "join",
            "leave",
            "ready",
            "bot",
            "unbot",
            "rematch",
            "ready_off",
            "say",
            "phrase",
            "chat_off",
            "chat_on",
            "unsay",
            "paper",
            "score",
        ]
    ),
    min_size=5,
    max_size=40,
)


def play_boggle(acts: list[str], verify_at_end: bool, box: bool = False) -> list[Follower]:
    """A Boggle room played by `acts` (BOGGLE_ACTS), followed by a spectator and two seats;
    `box`: the box's grid with a scorer (B17: paper seats, lists typed for others)."""
    settings = BoggleSettings(rounds=2, duration=30.0, verify_at_end=verify_at_end)
    if box:
        settings = msgspec.structs.replace(settings, box_grid=BOX_GRID, box_scorer=True)
    room = BoggleRoom.create("r", settings, T0, lexicons)
    assert isinstance(room, BoggleRoom)
    now = T0
    room.handle(None, Join("ana", digest("ana")), now)
    followers = [Follower(room, seat) for seat in (None, "s1")]
    drive(room, followers, None, Join("bob", digest("bob")), now)
    followers.append(Follower(room, "s2"))
    drive(room, followers, "s1", AddBot("beginner"), now)
    drive(room, followers, "s1", StartRound(7), now)
    words = ["main", "faim", "tes", "net", "rat", "zzz", "art", "roi"]
    for n, act in enumerate(acts):
        now += 1.0
        writer = "s1" if n % 2 else "s2"
        command: Command = {
            "word": WriteWord(words[n % len(words)]),
            "stop": StopRound(),
            "start": StartRound(n),
            "join": Join(f"p{n}", digest(f"p{n}")),
            "leave": Leave(),
            "ready": SetReady(True),
            "ready_off": SetReady(False),
            "bot": AddBot("intermediate"),
            "unbot": RemoveBot("s3"),
            "rematch": NewMatch(),
            "say": Say(f"message {n}"),
            "phrase": SayPhrase("well_played"),
            "chat_off": SwitchChat(False),
            "chat_on": SwitchChat(True),
            # the operator removes the last line (none yet: refused), or closes the room
            "unsay": RemoveMessage(room.chat.lines[-1].seq if room.chat.lines else 1),
            "close": CloseRoom(),
            "paper": AddPaperSeat(f"papier{n}"),
            "score": WriteWord(words[n % len(words)], for_seat="s2"),
        }.get(act, SetReady(True))
        if act == "wait":
            now += 20.0
        seat = None if act in ("join", "unsay", "close") else ("s1" if act in HOST_ACTS else writer)
        drive(room, followers, seat, command, now)
    return followers


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(BOGGLE_ACTS, st.booleans(), st.booleans())
def test_a_boggle_page_folds_every_event_into_the_view_it_would_be_sent(
    acts: list[str], verify_at_end: bool, box: bool
) -> None:
    followers = play_boggle(acts, verify_at_end, box)
    assert all(f.folded >= 2 for f in followers)


TOPWORD_ACTS = st.lists(
    st.sampled_from(["play", "play", "exchange", "pass", "resign", "say", "chat_off"]),
    min_size=1,
    max_size=40,
)


def play_topword(acts: list[str], turn_seconds: float | None, bot: bool) -> list[Follower]:
    """A Topword table played by `acts` (TOPWORD_ACTS) to its end, followed by a spectator
    and two seats."""
    table = TopwordRoom.create("t", TopwordSettings(turn_seconds=turn_seconds), T0, lexicons)
    assert isinstance(table, TopwordRoom)
    now = T0
    table.handle(None, Join("ana", digest("ana")), now)
    followers = [Follower(table, seat) for seat in (None, "s1")]
    drive(table, followers, None, Join("bob", digest("bob")), now)
    followers.append(Follower(table, "s2"))
    if bot:
        drive(table, followers, "s1", AddBot("greedy"), now)
    drive(table, followers, "s1", Start(len(acts)), now)
    for act in [*acts, *["pass"] * 300]:  # then the people pass until the game is over
        if not table.playing:
            break
        pending = table.pending_bot()
        if pending is not None:
            now = max(now, pending.not_before)
            drive(table, followers, pending.seat, pending.decide(), now)
            continue
        if act in ("say", "chat_off"):  # talk between turns, or the host turns it off
            said = Say("joli coup") if act == "say" else SwitchChat(False)
            drive(table, followers, "s2" if act == "say" else "s1", said, now)
            continue
        game, current = table.game, table.current
        assert game is not None and current is not None
        now += 40.0 if act == "pass" else 1.0  # a long pass: the clock may pass for them
        moves = legal_moves(game.board, game.rack(), game.ruleset, game.lexicon)
        command: Command = Pass()
        if act == "play" and moves:
            command = Play(moves[0].notation)
        elif act == "exchange" and game.bag:
            command = Exchange(game.rack()[0])
        elif act == "resign":  # T21: with a bot seated the others play on
            command = Resign()
        drive(table, followers, current, command, now)
    assert table.ended is not None  # the end and what it shows are folded too
    drive(table, followers, "s2", OfferRematch("rematch-table-0000000000"), now + 5)
    return followers


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(TOPWORD_ACTS, st.sampled_from([None, 30.0]), st.booleans())
def test_a_topword_page_folds_every_event_into_the_view_it_would_be_sent(
    acts: list[str], turn_seconds: float | None, bot: bool
) -> None:
    play_topword(acts, turn_seconds, bot)
