"""The Topword table: replay equality with bots, seq without holes, refusals change nothing,
racks only to their owner, the seed to nobody until the end, the turn clock, preview."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from motamot.service.brokers.local import LocalBroadcaster
from motamot.service.ports import ManualClock
from motamot.service.rooms.commands import AddBot, Join, Leave
from motamot.service.rooms.events import Event
from motamot.service.rooms.host import RoomHost
from motamot.service.rooms.outcomes import Ack, Refusal
from motamot.service.stores.memory import MemoryStore
from motamot.service.topword.commands import Exchange, Pass, Play, Resign, Start
from motamot.service.topword.events import (
    Exchanged,
    GameEnded,
    GameStarted,
    Passed,
    Played,
    Resigned,
)
from motamot.service.topword.room import TopwordRoom
from motamot.service.topword.settings import TopwordSettings
from motamot.topword.game import Game
from motamot.topword.movegen import legal_moves
from motamot.topword.record import parse_record, replay
from motamot.topword.rules import Legal
from tests.service.conftest import KINDS, decode, digest, encode, lexicons, run

T0 = 1_700_000_000.0


def new_table(**kw: Any) -> TopwordRoom:
    table = TopwordRoom.create("table", TopwordSettings(**kw), T0, lexicons)
    assert isinstance(table, TopwordRoom)
    return table


def snapshot(table: TopwordRoom, views: bool = True) -> str:
    game = table.game
    state: dict[str, Any] = {
        "seq": table.last_seq,
        "seats": [repr(seat) for seat in table.seats.values()],
        "turn_start": table.turn_start,
        "ended": repr(table.ended),
        "game": None
        if game is None
        else [
            game.board.position(),
            [list(rack) for rack in game.racks],
            list(game.bag.tiles),
            list(game.scores),
            game.current,
            [repr(turn) for turn in game.turns],
            repr(game.end_reason),
        ],
        "racks_after": sorted(table.racks_after.items()),
    }
    if views:
        state["views"] = [table.view(seat) for seat in [None, *table.seats]]
    return json.dumps(state, sort_keys=True, default=str)


def check_no_leak(table: TopwordRoom, event: Event) -> None:
    digests = {s.secret_digest for s in table.seats.values() if s.secret_digest}
    over = table.ended is not None
    for seat in [None, *table.seats]:
        shown = table.visible(event, seat)
        assert shown is not None
        assert not any(d in json.dumps(shown) for d in digests)
        owner = getattr(event, "seat", None)
        if "rack" in shown:
            assert isinstance(event, GameStarted) or owner == seat
        if not over:
            assert "seed" not in shown
            if isinstance(event, Exchanged) and owner != seat:
                assert "tile" not in shown


def check_views(table: TopwordRoom) -> None:
    over = table.ended is not None
    for seat in [None, *table.seats]:
        view = table.view(seat)
        game = view["game"]
        text = json.dumps(view)
        assert "secret_digest" not in text
        if game is None:
            continue
        if not over:
            assert "seed" not in game and "racks" not in game
            for turn in game["turns"]:
                if turn["action"] == "exchange" and turn["seat"] != seat:
                    assert "tile" not in turn
        if seat in table.order:
            assert table.game is not None
            own = table.game.racks[table.index_of(seat)]
            assert len(game["rack"]) == len(own)
        else:
            assert "rack" not in game


#: What a person does: the n-th legal move, a bad move, exchange the n-th tile, pass.
HUMAN_ACTS = st.one_of(
    st.tuples(st.just("move"), st.integers(0, 5)),
    st.tuples(st.just("bad"), st.sampled_from(["5E ZZZZ", "nonsense", "1A A", "11K LA"])),
    st.tuples(st.just("exchange"), st.integers(0, 8)),
    st.tuples(st.just("pass"), st.just(0)),
    st.tuples(st.just("resign"), st.just(0)),
    st.tuples(st.just("wait"), st.sampled_from([1.0, 30.0, 200.0])),
    st.tuples(st.just("out_of_turn"), st.just(0)),
)


def human_command(table: TopwordRoom, act: tuple[str, Any]) -> Any:
    game = table.game
    assert game is not None
    kind, n = act
    rack = game.rack()
    if kind == "move":
        moves = legal_moves(game.board, rack, game.ruleset, game.lexicon)
        return Play(moves[min(n, len(moves) - 1)].notation) if moves else Pass()
    if kind == "bad":
        return Play(n)
    if kind == "exchange":
        return Exchange(rack[n] if n < len(rack) else "W")
    if kind == "resign":
        return Resign()
    return Pass()


def play_table(seats: list[str], acts: list[tuple[str, Any]], **kw: Any) -> list[Event]:
    """Seat people and bots, start, then let people act as told and bots as they decide."""
    table = new_table(**kw)
    events: list[Event] = [table.created]
    now = T0

    def send(seat: str | None, command: Any) -> list[Event] | Refusal:
        before = snapshot(table, views=False)
        due = table.tick(now)
        events.extend(due)
        for event in due:
            check_no_leak(table, event)
        if due:
            before = snapshot(table, views=False)
        out = table.handle(seat, command, now)
        if isinstance(out, Refusal):
            assert snapshot(table, views=False) == before, (command, out)
            return out
        events.extend(out)
        for event in out:
            check_no_leak(table, event)
        check_views(table)
        return out

    for n, kind in enumerate(seats):
        if kind == "human":
            assert not isinstance(send(None, Join(f"p{n}", digest(f"p{n}"))), Refusal)
        else:
            assert not isinstance(send("s1", AddBot(kind)), Refusal)
    assert not isinstance(send("s1", Start(len(acts))), Refusal)
    for act in acts:
        if not table.playing:
            break
        pending = table.pending_bot()
        while pending is not None and table.playing:
            now = max(now, pending.not_before)
            assert not isinstance(send(pending.seat, pending.decide()), Refusal)
            pending = table.pending_bot()
        if not table.playing:
            break
        current = table.current
        assert current is not None
        if act[0] == "wait":
            now += act[1]
            events.extend(table.tick(now))
            continue
        if act[0] == "out_of_turn":
            other = next(s for s in table.order if s != current)
            refused = send(other, Pass())
            assert isinstance(refused, Refusal) and refused.code == "not_your_turn"
            continue
        send(current, human_command(table, act))
    rebuilt = TopwordRoom.from_events([decode(encode(e)) for e in events], lexicons)
    assert json.loads(snapshot(rebuilt)) == json.loads(snapshot(table))
    assert [e.seq for e in events] == list(range(1, len(events) + 1))
    return events


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.sampled_from(["human", "greedy", "beginner"]), min_size=1, max_size=3),
    st.lists(HUMAN_ACTS, min_size=1, max_size=25),
    st.sampled_from([None, 60.0]),
)
def test_replay_equality_seq_refusals_and_views(
    others: list[str], acts: list[tuple[str, Any]], turn_seconds: float | None
) -> None:
    play_table(["human", *others], acts, turn_seconds=turn_seconds, bot_seconds=2.0)


def test_bots_alone_with_a_person_who_passes_play_a_whole_game() -> None:
    events = play_table(["human", "greedy", "beginner"], [("pass", 0)] * 200)
    assert isinstance(events[-1], GameEnded)
    assert any(isinstance(e, Played) for e in events)


def seated(*kinds: str, **kw: Any) -> TopwordRoom:
    table = new_table(**kw)
    for n, kind in enumerate(kinds):
        command = Join(f"p{n}", digest(f"p{n}")) if kind == "human" else AddBot(kind)
        assert not isinstance(table.handle(None if kind == "human" else "s1", command, T0), Refusal)
    return table


def test_t21_a_resign_with_three_passes_the_turn_on_and_with_two_ends_the_game() -> None:
    three = seated("human", "human", "human")
    three.handle("s1", Start(7), T0)
    leaver = three.current
    assert leaver is not None
    out = three.handle(leaver, Resign(), T0)
    assert isinstance(out, list) and [type(e).__name__ for e in out] == ["Resigned"]
    assert three.playing and three.current not in (None, leaver)
    shown = three.visible(out[0], None)
    assert shown is not None and shown["current"] == three.current
    assert shown["pile"] == len(three.game.bag)  # type: ignore[union-attr]  # set aside, not in the pile
    refused = three.handle(leaver, Pass(), T0)
    assert isinstance(refused, Refusal) and refused.code == "not_your_turn"
    two = seated("human", "human")
    two.handle("s1", Start(7), T0)
    leaver = two.current
    assert leaver is not None
    out = two.handle(leaver, Resign(), T0)
    assert isinstance(out, list) and isinstance(out[-1], GameEnded)
    assert out[-1].reason == "resigned" and leaver not in out[-1].winners


def test_the_start_names_the_seats_kept_for_friends_that_nobody_took() -> None:
    """Two seats kept at creation: alone, two players are awaited; with a computer player
    sat down the game could start, but the friends' seats are still said to be waiting."""
    table = seated("human", seats_kept=2)
    refused = table.handle("s1", Start(1), T0)
    assert isinstance(refused, Refusal) and refused.fields == {"count": 2}
    assert table.seats_awaited() == 2
    table.handle(None, Join("Bob", digest("Bob")), T0)
    assert table.seats_awaited() == 1
    table.handle("s1", AddBot("greedy"), T0)
    assert table.seats_awaited() == 1  # a computer player takes no friend's seat


def test_t3_the_start_draw_is_the_engines_and_shown_to_all() -> None:
    table = seated("human", "human", "human")
    out = table.handle("s1", Start(42), T0)
    assert isinstance(out, list) and isinstance(out[0], GameStarted)
    game = Game(["p0", "p1", "p2"], 42, lexicons("fr"))
    assert [[tile for _, tile in draw] for draw in out[0].start_draws] == [
        [tile for _, tile in draw] for draw in game.start_draws
    ]
    assert out[0].starter == f"s{game.starter + 1}"
    for seat in (None, "s1", "s2", "s3"):
        shown = table.visible(out[0], seat)
        assert shown is not None and "start_draws" in shown and "seed" not in shown
    s2 = table.visible(out[0], "s2")
    assert s2 is not None and s2["rack"] == list(game.racks[1])


def test_t22_the_turn_clock_passes_for_a_sleeping_player_until_the_third_resigns() -> None:
    """Two timeouts are not the passes that end the game (T18 (3)): both sleep on, each
    turn passes at its deadline, and the first whose clock runs out a third time in a row
    resigns (T21): the other wins, nobody pays for the tiles held."""
    table = seated("human", "human", turn_seconds=30.0)
    table.handle("s1", Start(3), T0)
    first = table.current
    due = table.tick(T0 + 1000)
    passes = [e for e in due if isinstance(e, Passed)]
    assert [p.at for p in passes] == [T0 + 30, T0 + 60, T0 + 90, T0 + 120]
    assert all(p.timed_out for p in passes)
    resigned = [e for e in due if isinstance(e, Resigned)]
    assert [(r.seat, r.at) for r in resigned] == [(first, T0 + 150)]
    assert isinstance(due[-1], GameEnded) and due[-1].reason == "resigned"
    assert first not in due[-1].winners and due[-1].scores == (0, 0)
    assert table.next_wakeup() is None


def test_t22_a_turn_played_between_timeouts_starts_the_count_again_and_replays() -> None:
    """Timeouts, a pass, timeouts: only three of one's own turns in a row resign; a real
    pass after a timeout is one pass of T18 (3), not two; the room and its record replay."""
    table = new_table(turn_seconds=30.0)
    events: list[Any] = [table.created]
    for name in ("Ana", "Bob"):
        events += table.handle(None, Join(name, digest(name)), T0)  # type: ignore[arg-type]
    events += table.handle("s1", Start(5), T0)  # type: ignore[arg-type]
    first = table.current
    assert first is not None
    second = next(s for s in table.order if s != first)
    events += table.tick(T0 + 30)  # first: timeout 1
    events += table.handle(second, Pass(), T0 + 31)  # type: ignore[arg-type]
    assert table.playing  # a timeout and a pass are not everybody passing
    events += table.tick(T0 + 61)  # first: timeout 2
    assert table.timeouts_in_row == {first: 2, second: 0}
    events += table.handle(second, Pass(), T0 + 62)  # type: ignore[arg-type]
    assert table.playing
    events += table.handle(first, Pass(), T0 + 63)  # type: ignore[arg-type]
    assert table.timeouts_in_row[first] == 0
    assert table.game is not None and table.game.end_reason is not None  # two real passes
    assert table.game.end_reason.value == "all_passed"
    record = table.records()[0]
    assert record.count("timeout") == 2 and record.count(" pass ") == 3
    replayed = replay(parse_record(record), lexicons("fr"))
    assert replayed.final_scores() == table.game.final_scores()
    rebuilt = TopwordRoom.from_events([decode(encode(e)) for e in events], lexicons)
    assert rebuilt.timeouts_in_row == table.timeouts_in_row


def test_a_move_after_the_turn_clock_is_refused_and_changes_nothing() -> None:
    table = seated("human", "human", turn_seconds=30.0)
    table.handle("s1", Start(3), T0)
    before = snapshot(table)
    current = table.current
    late = table.handle(current, Pass(), T0 + 30.5)
    assert isinstance(late, Refusal) and late.code == "after_deadline"
    assert snapshot(table) == before


def test_preview_judges_with_the_askers_rack_and_changes_nothing() -> None:
    table = seated("human", "human")
    table.handle("s1", Start(8), T0)
    game = table.game
    assert game is not None
    before = snapshot(table)
    waiting = next(s for s in table.order if s != table.current)
    rack = game.racks[table.index_of(waiting)]
    move = legal_moves(game.board, rack, game.ruleset, game.lexicon)[0]
    verdict = table.preview(waiting, move.notation)
    assert isinstance(verdict, Legal) and verdict.points == move.points
    bad = table.preview(waiting, "not a move")
    assert isinstance(bad, Refusal) and bad.code == "bad_move"
    assert not isinstance(table.preview(waiting, "5E ZZZZZ"), Legal)
    assert isinstance(table.preview("nobody", move.notation), Refusal)
    assert snapshot(table) == before


def test_seating_rules() -> None:
    table = seated("human", "greedy", "greedy", "human")
    full = table.handle(None, Join("late", digest("late")), T0)
    assert isinstance(full, Refusal) and full.code == "table_full"
    alone = seated("human")
    refused = alone.handle("s1", Start(1), T0)
    assert isinstance(refused, Refusal) and refused.code == "players_awaited"
    assert refused.fields == {"count": 1}  # says who is awaited, not « 2 to 4 players »
    two = seated("human", "human")
    assert isinstance(two.handle("s2", Start(1), T0), Refusal)  # not the host
    two.handle("s1", Start(1), T0)
    for command in (Leave(), Join("x", digest("x")), AddBot("greedy")):
        out = two.handle("s1", command, T0)
        assert isinstance(out, Refusal) and out.code in {"game_started", "already_seated"}


def test_the_host_plays_bots_in_a_worker_and_stores_every_move() -> None:
    async def body() -> None:
        store = MemoryStore()
        host = RoomHost(store, LocalBroadcaster(), ManualClock(T0), lexicons, KINDS)
        room_id = await host.create(TopwordSettings(bot_seconds=0.0))
        assert isinstance(room_id, str)
        await host.submit(room_id, None, Join("ana", digest("ana")))
        await host.submit(room_id, "s1", AddBot("greedy"))
        await host.submit(room_id, "s1", AddBot("beginner"))
        await host.submit(room_id, "s1", Start(77))
        for _ in range(6):
            await host.settle()
            view = await host.view(room_id, "s1")
            assert view is not None and view["game"]["current"] == "s1"
            answer = await host.submit(room_id, "s1", Pass())
            assert isinstance(answer, Ack)
        await host.settle()
        rows = await store.load(room_id)
        events = [decode(row.data) for row in rows]
        bot_turns = [
            e for e in events if isinstance(e, (Played, Exchanged, Passed)) and e.seat != "s1"
        ]
        assert len(bot_turns) >= 10
        rebuilt = TopwordRoom.from_events(events, lexicons)
        assert rebuilt.view("s1") == await host.view(room_id, "s1")
        await host.close()

    run(body)
