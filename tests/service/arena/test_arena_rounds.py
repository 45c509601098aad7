"""The arena's rounds on one host with a manual clock: the schedule (A2), joining at any
time (A5), words for their writer alone, no crossing out (A1), ranks with ties (A3),
sessions (A4), and every refusal a seat or the system can meet."""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from motamot.boggle.referee import Feedback
from motamot.service.arena.commands import CarrySessions
from motamot.service.arena.room import ArenaRoom
from motamot.service.arena.schedule import EPOCH, ArenaSchedule
from motamot.service.arena.settings import ArenaSettings
from motamot.service.arena.summary import COLUMNS
from motamot.service.boggle.commands import StartRound, WriteWord
from motamot.service.boggle.events import RoundEnded, RoundStarted, WordWritten
from motamot.service.brokers.local import LocalBroadcaster
from motamot.service.ports import ManualClock
from motamot.service.rooms.commands import AddBot, ChangeSettings, Join, SetReady
from motamot.service.rooms.host import RoomHost
from motamot.service.rooms.outcomes import Ack, Refusal
from motamot.service.rooms.retention import DAY, Retention, sweep
from motamot.service.server_secret import ServerSecret
from motamot.service.stores.memory import MemoryStore
from tests.service.arena.helpers import SCHEDULE, SECRET, Arena, arena_on, digest, words_of
from tests.service.conftest import KINDS, lexicons, run

#: A round well after the epoch (the manual clock's default time is in 2023).
N = SCHEDULE.number_at(1_700_000_000.0) + 2


def with_arena(body: Callable[[Arena], Awaitable[None]], opened: bool = True) -> None:
    """`body` on an arena 20 s before round N, N opened (a first player came) or not."""

    async def main() -> None:
        clock = ManualClock(SCHEDULE.start(N) - 20)
        host = RoomHost(MemoryStore(), LocalBroadcaster(), clock, lexicons, KINDS)
        arena = arena_on(host, clock)
        if opened:
            assert isinstance(await arena.keeper.round_room(SCHEDULE.preset, N), str)
        await body(arena)
        await host.close()

    run(main)


def test_arena_A2_rounds_follow_each_other_with_no_gap_and_no_overlap() -> None:
    schedule = ArenaSchedule("classic-fr")
    assert schedule.round_seconds == 180 and 30 <= schedule.pause <= 40
    for number in (0, 1, 2, 500_000):
        assert schedule.start(number) == EPOCH + number * schedule.period
        assert schedule.deadline(number) == schedule.start(number) + 180
        assert schedule.start(number + 1) == schedule.deadline(number) + schedule.pause
        assert schedule.number_at(schedule.start(number)) == number
        assert schedule.number_at(schedule.start(number + 1) - 0.001) == number
    at = schedule.start(7) + 100
    assert schedule.to_join(at) == 7  # mid-round: the rest of it
    assert schedule.to_join(schedule.deadline(7) + 1) == 8  # results: the next one


def test_arena_A2_a_round_is_the_same_for_the_same_secret_and_differs_otherwise() -> None:
    other = ServerSecret(bytes(32))
    assert SCHEDULE.room_id(SECRET, 5) == SCHEDULE.room_id(SECRET, 5)
    assert SCHEDULE.settings(SECRET, 5) == SCHEDULE.settings(SECRET, 5)
    assert SCHEDULE.room_id(SECRET, 5) != SCHEDULE.room_id(SECRET, 6)
    assert SCHEDULE.room_id(SECRET, 5) != SCHEDULE.room_id(other, 5)
    assert SCHEDULE.settings(SECRET, 5).seed != SCHEDULE.settings(other, 5).seed
    assert SCHEDULE.settings(SECRET, 5).seed != SCHEDULE.settings(SECRET, 6).seed
    longer = ArenaSchedule("classic-fr", seconds=90, pause=10)
    assert longer.room_id(SECRET, 5) != SCHEDULE.room_id(SECRET, 5)  # other rounds


def test_arena_A2_rounds_are_opened_ahead_start_at_their_time_and_end_at_the_deadline() -> None:
    async def body(arena: Arena) -> None:
        await arena.at(SCHEDULE.start(N) - 10)  # round N - 1's results
        assert await arena.host.store.rooms() == []  # nobody came: nothing stored
        await arena.join(N, "ana")  # the first player makes the round
        waiting = await arena.room(N)
        assert waiting.round is None and waiting.next_wakeup() == SCHEDULE.start(N)
        view = waiting.view(None)
        assert view["phase"] == "waiting" and "grid" not in view
        await arena.at(SCHEDULE.start(N) + 0.5)
        started = await arena.room(N)
        assert started.round is not None
        assert started.round.start == SCHEDULE.start(N)  # its start, not the tick's time
        assert started.round.deadline == SCHEDULE.deadline(N)
        assert (await arena.room(N + 1)).round is None  # people play: the next one waits
        await arena.at(SCHEDULE.deadline(N) + 3)  # a late tick
        assert started.round.ended_at == SCHEDULE.deadline(N)
        assert (await arena.room(N + 1)).round is None
        await arena.at(SCHEDULE.start(N + 1))
        nxt = await arena.room(N + 1)
        assert nxt.round is not None and nxt.round.start == SCHEDULE.start(N + 1)
        # nobody came back for N + 1: no round is opened after it
        await arena.at(SCHEDULE.start(N + 1) + 5)
        # the keeper stepping again (another process, a restart) opens nothing twice
        for _ in range(3):
            await arena.keeper.step()
        rooms = await arena.host.store.rooms()
        assert sorted(rooms) == sorted(arena.room_id(n) for n in (N, N + 1))
        events = await arena.host.events_since(arena.room_id(N + 1), 0)
        assert sum(isinstance(e, RoundStarted) for e in events) == 1

    with_arena(body, opened=False)


def test_arena_A5_a_player_joining_mid_round_gets_the_grid_and_the_time_left() -> None:
    async def body(arena: Arena) -> None:
        await arena.at(SCHEDULE.start(N) + 25)
        seat = await arena.join(N, "late")
        view = (await arena.room(N)).view(seat)
        assert view["phase"] == "running" and view["you"] == seat
        assert view["grid"] == (await arena.room(N)).round.grid.text  # type: ignore[union-attr]
        assert view["deadline"] == SCHEDULE.deadline(N)  # 35 s left by the referee's clock
        assert view["deadline"] - arena.clock.now() == pytest.approx(35)
        word = words_of(view["grid"])[0]
        answer = await arena.write(N, seat, word)
        assert isinstance(answer, Ack) and answer.events[0]["feedback"] == "accepted"

    with_arena(body)


def test_arena_A5_between_rounds_a_newcomer_waits_for_the_next_one() -> None:
    async def body(arena: Arena) -> None:
        await arena.at(SCHEDULE.start(N) + 2)
        await arena.join(N, "ana")
        await arena.at(SCHEDULE.deadline(N) + 2)
        assert SCHEDULE.to_join(arena.clock.now()) == N + 1
        seat = await arena.join(N + 1, "early")
        view = (await arena.room(N + 1)).view(seat)
        assert view["phase"] == "waiting" and view["settings"]["start"] == SCHEDULE.start(N + 1)
        refused = await arena.write(N + 1, seat, "rat")
        assert isinstance(refused, Refusal) and refused.code == "round_not_started"
        closed = await arena.host.submit(arena.room_id(N), None, Join("x", digest("x"), None, "x"))
        assert isinstance(closed, Refusal) and closed.code == "round_over"

    with_arena(body)


def test_arena_A1_A3_nothing_is_crossed_out_and_ties_share_their_rank() -> None:
    async def body(arena: Arena) -> None:
        await arena.at(SCHEDULE.start(N) + 1)
        grid = (await arena.room(N)).round.grid.text  # type: ignore[union-attr]
        words = words_of(grid)
        seats = {name: await arena.join(N, name) for name in ("ana", "bea", "cy", "dan")}
        for text in words[:3]:  # ana and bea write the same words: both score them
            assert isinstance(await arena.write(N, seats["ana"], text), Ack)
            assert isinstance(await arena.write(N, seats["bea"], text), Ack)
        assert isinstance(await arena.write(N, seats["cy"], "zzzxq"), Ack)  # refused: 0
        # dan sits and writes nothing: not a player of the round
        await arena.at(SCHEDULE.deadline(N) + 0.2)
        room = await arena.room(N)
        results = room.results()
        assert results.players == 3
        ana, bea, cy = (results.places[seats[n]] for n in ("ana", "bea", "cy"))
        assert room.round is not None
        points = sum(room.round.verdicts[w.seq].points for w in room.round.words[seats["ana"]])
        assert ana.score == bea.score == points > 0 and ana.words == 3
        assert (ana.rank, bea.rank, cy.rank) == (1, 1, 3)
        assert (ana.top, cy.top) == (34, 100)
        assert seats["dan"] not in results.places
        best = results.best_words[0]
        assert best.word == words[0] and best.found_by == 2

    with_arena(body)


def test_arena_A3_results_for_every_player_each_with_their_own_place() -> None:
    async def body(arena: Arena) -> None:
        await arena.at(SCHEDULE.start(N) + 1)
        room = await arena.room(N)
        words = words_of(room.round.grid.text)  # type: ignore[union-attr]
        seats = [await arena.join(N, f"p{i}", account=True) for i in range(30)]
        for index, seat in enumerate(seats):
            for text in words[: index % 7]:
                await arena.write(N, seat, text)
            await arena.write(N, seat, "qqqq")
        await arena.at(SCHEDULE.deadline(N) + 0.5)
        ended = [
            e
            for e in await arena.host.events_since(arena.room_id(N), 0)
            if isinstance(e, RoundEnded)
        ]
        (end,) = ended
        results = room.results()
        assert results.players == 30
        shown = {seat: room.visible(end, seat) for seat in seats}
        ranks = []
        for seat in seats:
            you = shown[seat]["result"]["you"]  # type: ignore[index]
            place = results.places[seat]
            assert (you["rank"], you["score"], you["words"]) == (
                place.rank,
                place.score,
                place.words,
            )
            ranks.append(you["rank"])
        scores = [results.places[s].score for s in seats]
        for seat, rank in zip(seats, ranks, strict=True):
            assert rank == 1 + sum(1 for other in scores if other > results.places[seat].score)
        spectator = room.visible(end, None)
        assert spectator is not None and "you" not in spectator["result"]
        assert len(spectator["result"]["best_players"]) == 10
        assert spectator["result"]["best_players"][0]["score"] == max(scores)

    with_arena(body)


def test_arena_a_word_is_shown_to_its_writer_alone() -> None:
    async def body(arena: Arena) -> None:
        await arena.at(SCHEDULE.start(N) + 1)
        room = await arena.room(N)
        ana, bea = await arena.join(N, "ana"), await arena.join(N, "bea")
        word = words_of(room.round.grid.text)[0]  # type: ignore[union-attr]
        answer = await arena.write(N, ana, word)
        assert isinstance(answer, Ack)
        (written,) = [e for e in await arena.host.events_since(arena.room_id(N), answer.seq - 1)]
        assert isinstance(written, WordWritten)
        assert room.audience(written) == ()  # nobody live: the writer has it in the answer
        assert room.visible(written, ana)["feedback"] == "accepted"  # type: ignore[index]
        assert room.visible(written, bea) is None and room.visible(written, None) is None
        assert "words" not in room.view(None) and room.view(bea)["words"] == []
        assert [w["word"] for w in room.view(ana)["words"]] == [word]

    with_arena(body)


def test_arena_A4_a_session_runs_over_the_rounds_played_in_a_row() -> None:
    async def body(arena: Arena) -> None:
        scores: dict[tuple[int, str], int] = {}
        # ana plays N, N+1, N+3; bea plays N and N+1 under another name each time
        plays = {N: ("ana", "bea"), N + 1: ("ana", "bea"), N + 2: (), N + 3: ("ana",)}
        for number, players in plays.items():
            await arena.at(SCHEDULE.start(number) + 1)
            seats = [await arena.join(number, p, f"{p}{number}") for p in players]
            if not seats:
                await arena.at(SCHEDULE.deadline(number) + 1)
                continue
            room = await arena.room(number)
            words = words_of(room.round.grid.text)  # type: ignore[union-attr]
            for index, seat in enumerate(seats):
                for text in words[index : index + 3]:
                    await arena.write(number, seat, text)
            await arena.at(SCHEDULE.deadline(number) + 1)
            for place in room.results().places.values():
                assert place.player is not None
                scores[(number, place.player)] = place.score
        session = {
            (number, place.player): (place.session_total, place.session_rounds)
            for number, players in plays.items()
            if players
            for place in (await arena.room(number)).results().places.values()
        }
        a = scores[(N, "ana")], scores[(N + 1, "ana")], scores[(N + 3, "ana")]
        assert session[(N, "ana")] == (a[0], 1)
        assert session[(N + 1, "ana")] == (a[0] + a[1], 2)
        assert session[(N + 3, "ana")] == (a[2], 1)  # N+2 missed: a new session
        assert session[(N + 1, "bea")] == (scores[(N, "bea")] + scores[(N + 1, "bea")], 2)

    with_arena(body)


def test_arena_hostile_commands_change_nothing() -> None:
    async def body(arena: Arena) -> None:
        await arena.at(SCHEDULE.start(N) + 1)
        room_id = arena.room_id(N)
        seat = await arena.join(N, "ana")
        before = (await arena.room(N)).last_seq
        refused = {
            "not_host": await arena.host.submit(room_id, seat, CarrySessions((("x", 10**9, 1),))),
            "arena_needs_player": await arena.host.submit(room_id, None, Join("n", digest("n"))),
            "unknown_command": await arena.host.submit(room_id, seat, StartRound(1)),
            "arena_no_bots": await arena.host.submit(room_id, None, AddBot("expert")),
            "arena_fixed": await arena.host.submit(
                room_id, None, ChangeSettings(ArenaSettings(N, 0.0, 1))
            ),
            "bad_secret": await arena.host.submit(room_id, None, Join("n", "nope", None, "p")),
            "not_seated": await arena.host.submit(room_id, "s99", WriteWord("rat")),
            "empty_word": await arena.write(N, seat, "   "),
            "too_long": await arena.write(N, seat, "a" * 65),
        }
        for code, answer in refused.items():
            assert isinstance(answer, Refusal) and answer.code == code, (code, answer)
        ready = await arena.host.submit(room_id, seat, SetReady(True))
        assert isinstance(ready, Refusal)
        bad_name = await arena.host.submit(room_id, None, Join("a,b", digest("q"), None, "q"))
        assert isinstance(bad_name, Refusal) and bad_name.code == "bad_name"
        assert (await arena.room(N)).last_seq == before
        # the same lasting player again (a reload): their seat back, not a second one
        again = await arena.join(N, "ana", "another name")
        assert again == seat and len((await arena.room(N)).seats) == 1
        # from another device (a new token): the same seat, proved by the new token only
        moved = await arena.host.submit(room_id, None, Join("ana", digest("ana-2"), None, "ana"))
        assert isinstance(moved, Ack)
        room = await arena.room(N)
        assert room.seat_with_digest(digest("ana-2")) == seat
        assert room.seat_with_digest(digest("ana")) is None
        # two strangers may share a name
        other = await arena.host.submit(room_id, None, Join("ana", digest("zed"), None, "zed"))
        assert isinstance(other, Ack)
        # sessions are carried once
        await arena.keeper.step()  # N has players: N + 1 is opened ahead
        carried = await arena.host.submit(arena.room_id(N + 1), None, CarrySessions(()))
        assert isinstance(carried, Ack)
        twice = await arena.host.submit(arena.room_id(N + 1), None, CarrySessions(()))
        assert isinstance(twice, Refusal) and twice.code == "already_carried"

    with_arena(body)


def test_arena_an_empty_round_leaves_the_store_and_a_played_one_leaves_memory() -> None:
    async def body(arena: Arena) -> None:
        await arena.at(SCHEDULE.start(N) + 1)
        await arena.join(N, "ana")
        await arena.at(SCHEDULE.start(N) + 2)  # people play: the next one is opened
        await arena.at(SCHEDULE.start(N + 1) + 1)
        assert arena.room_id(N + 1) in await arena.host.store.rooms()
        await arena.join(N + 2, "bea")
        for number in (N + 2, N + 3, N + 4):
            await arena.at(SCHEDULE.start(number) + 1)
        stored = set(await arena.host.store.rooms())
        assert arena.room_id(N) in stored  # somebody sat: kept (retention decides later)
        assert arena.room_id(N + 1) not in stored  # nobody came: gone
        assert arena.host.loaded(arena.room_id(N)) is None  # but out of memory
        assert {arena.room_id(n) for n in (N + 2, N + 3)} <= stored
        assert isinstance(arena.host.loaded(arena.room_id(N + 3)), ArenaRoom)

    with_arena(body)


def test_arena_A3_retention_keeps_a_round_s_ranking_as_its_summary(tmp_path: Path) -> None:
    """Retention removes an old round's room with its words (the store stops growing) and
    keeps its ranking: one line a player in rank order, ties sharing a rank, beside the
    grid and seed the words can be found again from."""

    async def body(arena: Arena) -> None:
        await arena.at(SCHEDULE.start(N) + 1)
        room = await arena.room(N)
        assert room.records() == []  # nothing worth keeping yet
        assert room.round is not None
        grid, seed = room.round.grid.text, room.round.seed
        words = words_of(grid)
        seats = {name: await arena.join(N, name) for name in ("ana", "bea", "cy")}
        for text in words[:2]:
            assert isinstance(await arena.write(N, seats["ana"], text), Ack)
            assert isinstance(await arena.write(N, seats["bea"], text), Ack)
        assert isinstance(await arena.write(N, seats["cy"], words[2]), Ack)
        await arena.at(SCHEDULE.deadline(N) + 0.2)
        retention = Retention(days=90.0, records=tmp_path)
        later = time.time() + 91 * DAY  # the store dates its events by the machine's clock
        assert await sweep(arena.host, retention, now=later) >= 1
        assert await arena.host.store.load(arena.room_id(N)) == []  # its events are gone
        (kept,) = tmp_path.glob(f"*/arena-{arena.room_id(N)}.txt")
        lines = kept.read_text("utf-8").splitlines()
        assert lines[0] == "motamot arena round 1" and f"grid: {grid}" in lines
        assert f"seed: {seed}" in lines and "players: 3" in lines
        ranking = [line.split("\t") for line in lines[lines.index(COLUMNS) + 1 :]]
        assert [(row[0], row[4]) for row in ranking] == [("1", "ana"), ("1", "bea"), ("3", "cy")]
        assert ranking[0][2] == ranking[1][2] != ranking[2][2]  # the tie's equal score

    with_arena(body)


def test_arena_A1_A3_the_tally_of_verdicts_is_a_plain_recount_and_survives_a_reload() -> None:
    """The scores summed as words are folded (`results.Tally`) are those a plain pass
    over every word's verdict gives, and a room rebuilt from its events sums the same."""

    async def body(arena: Arena) -> None:
        await arena.at(SCHEDULE.start(N) + 1)
        room = await arena.room(N)
        assert room.round is not None
        words = words_of(room.round.grid.text)
        rng = random.Random(7)
        seats = [await arena.join(N, f"p{i}") for i in range(20)]
        for _ in range(200):
            text = rng.choice([*words[:40], "zzzxq", "qqqq", "ab"])
            await arena.write(N, rng.choice(seats), text)
        await arena.at(SCHEDULE.deadline(N) + 0.2)
        state = room.round
        plain: dict[str, tuple[int, int]] = {}
        found: Counter[str] = Counter()
        for seat, written in state.words.items():
            accepted = [v for v in map(state.verdict, written) if v.feedback is Feedback.ACCEPTED]
            if accepted:
                plain[seat] = (sum(v.points for v in accepted), len(accepted))
                found.update(v.word for v in accepted if v.word is not None)
        assert room.tally.sheets == plain and room.tally.found == found and len(plain) > 5
        rebuilt = RoomHost(arena.host.store, LocalBroadcaster(), arena.clock, lexicons, KINDS)
        again = await rebuilt.load(room.room_id)
        assert isinstance(again, ArenaRoom)
        assert (again.tally.sheets, again.tally.found) == (plain, found)
        places = {seat: (p.score, p.words, p.rank) for seat, p in room.results().places.items()}
        assert places == {s: (p.score, p.words, p.rank) for s, p in again.results().places.items()}
        await rebuilt.close()

    with_arena(body)
