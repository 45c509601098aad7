"""The play services: a live Boggle round and match, a Topword table (seats, saving, resuming)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from motamot.boggle import Status, parse_record, replay
from motamot.boggle.record import format_record
from motamot.boggle.referee import Feedback
from motamot.lexicon import Lexicon
from motamot.service.boggle.feedback import RoundOutcome
from motamot.service.boggle.local import LocalMatch, LocalRound
from motamot.service.boggle.settings import BoggleSettings
from motamot.service.local import LocalRooms
from motamot.service.ports import ManualClock
from motamot.service.storage import DATA_ENV, data_dir, new_save_path, save_text
from motamot.service.topword.local import (
    HUMAN,
    Seat,
    SeatError,
    Table,
    hints,
    parse_seats,
    read_seats,
)
from motamot.topword import TOPWORD_FR
from motamot.topword.game import Action, Exchange, Pass, Turn
from motamot.web import default_kinds

GRID_SEED = 3  # EFSR/OTEM/QuLEA/XLZU


@dataclass
class Played:
    """A local match on a manual clock: `at(seconds)` moves the referee to that time."""

    local: LocalRooms
    clock: ManualClock
    match: LocalMatch
    live: LocalRound

    def at(self, seconds: float) -> LocalRound:
        self.clock.advance(self.live.start + seconds - self.clock.now())
        return self.live

    def finish(self) -> RoundOutcome:
        self.at(self.live.duration + 1)
        return self.match.end_round(self.live)


@pytest.fixture
def play(tmp_path: Path) -> Iterator[Callable[..., Played]]:
    opened: list[LocalRooms] = []

    def start(bots: int = 1, duration: float = 8.0, seed: int = GRID_SEED, **kw: Any) -> Played:
        clock = ManualClock()
        local = LocalRooms(default_kinds().rooms, tmp_path / f"rooms-{len(opened)}.sqlite3", clock)
        opened.append(local)
        names = [("Ordi 1", "expert"), ("Ordi 2", "expert")][:bots]
        settings = BoggleSettings(duration=duration, **kw)
        match = LocalMatch.new(local, settings, "Vous", names, seed)
        return Played(local, clock, match, match.new_round())

    yield start
    for local in opened:
        local.close()


def test_live_feedback_codes(play: Callable[..., Played]) -> None:
    game = play()
    live = game.live
    assert live.grid.text == "EFSR/OTEM/QuLEA/XLZU"
    accepted = game.at(1.0).submit("Fermeté")
    assert accepted.feedback is Feedback.ACCEPTED and accepted.points == 5
    assert game.at(2.0).submit("FERMETE ").feedback is Feedback.DUPLICATE
    assert game.at(2.5).submit("ab").feedback is Feedback.TOO_SHORT
    assert game.at(3.0).submit("maison").feedback is Feedback.NO_PATH
    assert game.at(3.5).submit("tema").feedback is Feedback.NOT_IN_DICTIONARY  # on the grid
    assert game.at(4.0).submit("xyzzy").feedback is Feedback.NO_PATH  # B12: the grid first
    # the duplicate is not written twice; the refused words stay on the sheet, as on paper
    assert live.written == ("Fermeté", "ab", "maison", "tema", "xyzzy")


def test_b10_nothing_is_written_after_the_deadline(play: Callable[..., Played]) -> None:
    game = play()
    assert game.at(8.5).submit("fermete").feedback is Feedback.AFTER_DEADLINE
    assert game.live.written == ()


def test_b10_live_word_at_exactly_the_deadline_follows_the_setting(
    play: Callable[..., Played],
) -> None:
    assert play().at(8.0).submit("fermete").feedback is Feedback.ACCEPTED
    strict = play(word_at_deadline_counts=False)
    assert strict.at(8.0).submit("fermete").feedback is Feedback.AFTER_DEADLINE


def test_verify_at_end_keeps_the_dictionary_verdict_for_the_end(
    play: Callable[..., Played],
) -> None:
    game = play(verify_at_end=True)
    assert game.at(1).submit("xyzzy").feedback is Feedback.NO_PATH
    assert game.at(1.5).submit("fetez").feedback is Feedback.WRITTEN
    assert game.at(2).submit("fetel").feedback is Feedback.WRITTEN  # on the grid, not a word
    result = game.finish().result.result_of("Vous")
    assert [(e.word, e.status) for e in result.entries[1:]] == [
        ("FETEZ", Status.SCORED),
        ("FETEL", Status.REFUSED),
    ]


def test_b11_a_word_the_bot_also_wrote_is_crossed_out(play: Callable[..., Played]) -> None:
    game = play()
    bot_word = game.live.state.plan[0][2]
    game.at(0.5).submit(bot_word)
    outcome = game.finish()
    mine = outcome.result.result_of("Vous").entries[0]
    assert mine.status is Status.CROSSED and mine.crossed_by == ("Ordi 1",)
    assert outcome.result.result_of("Ordi 1").entries[0].status is Status.CROSSED


def test_b15_missed_words_are_the_grids_words_the_human_did_not_find(
    play: Callable[..., Played],
) -> None:
    game = play()
    game.at(1).submit("fermete")
    outcome = game.finish()
    missed = {w.word for w in outcome.missed}
    assert "FERMETE" not in missed and "FOLLETS" in missed
    assert len(missed) == outcome.all_words - 1


def test_bot_counts_grow_with_time(play: Callable[..., Played]) -> None:
    game = play(bots=2)
    plan = game.live.state.plan
    assert [count for _, count in game.live.bot_counts()] == [0, 0]
    game.at(8).tick()
    expected = [sum(1 for _, seat, _ in plan if seat == s) for s in ("s2", "s3")]
    assert [count for _, count in game.live.bot_counts()] == expected


def test_b14_match_record_replays_to_the_same_standing(
    play: Callable[..., Played], fr: Lexicon
) -> None:
    game = play(bots=0, duration=5.0, seed=11, rounds=2)
    match = game.match
    for word in ("les", "tes"):
        game.at(1).submit(word)
        game.finish()
        if len(match.rounds) < 2:
            game.live = match.new_round()
    assert match.standing().finished
    grids = [r.result.grid for r in match.rounds]
    assert grids[0] != grids[1]  # round k is rolled from seed + k - 1
    replayed = replay(parse_record(format_record(match.game_record())), fr)
    assert replayed.standing == match.standing()


def test_an_interrupted_round_is_saved_as_written(play: Callable[..., Played]) -> None:
    game = play(bots=0, duration=60.0)
    game.at(4.2).submit("fermete")
    record = parse_record(format_record(game.match.game_record(game.live)))
    assert [(e.text, e.at) for e in record.rounds[0].sheets[0].entries] == [("fermete", 4.2)]
    assert game.live.state.running  # still on in the store, for --resume


def test_b10_a_round_stopped_early_keeps_only_what_the_bots_had_written(
    play: Callable[..., Played],
) -> None:
    game = play(duration=60.0)
    plan = game.live.state.plan
    stop = plan[len(plan) // 2][0] - game.live.start
    game.at(1.0).submit("fermete")
    game.at(stop).stop()
    kept = [text for at, _, text in plan if at - game.live.start <= stop]
    assert 0 < len(kept) < len(plan)
    assert [w.text for w in game.live.state.words["s2"]] == kept
    assert game.live.stopped_at == pytest.approx(stop)


def test_save_paths_live_in_the_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from datetime import datetime

    monkeypatch.setenv(DATA_ENV, str(tmp_path))
    assert data_dir() == tmp_path
    when = datetime(2026, 1, 2, 3, 4, 5)
    first = new_save_path("topword", 7, when)
    assert first == tmp_path / "topword" / "20260102-030405-7.txt"
    save_text(first, "x\n")
    assert first.read_text() == "x\n"
    assert new_save_path("topword", 7, when).name == "20260102-030405-7-2.txt"


def test_parse_seats_names_and_levels() -> None:
    seats = parse_seats("human, expert,human:Léa,greedy", ["J1", "J2"], ["O1", "O2"])
    assert seats == [
        Seat("J1", HUMAN),
        Seat("O1", "expert"),
        Seat("Léa", HUMAN),
        Seat("O2", "greedy"),
    ]
    with pytest.raises(SeatError) as error:
        parse_seats("human,grandmaster", ["J1"], ["O1"])
    assert error.value.code == "unknown_kind" and error.value.item == "grandmaster"
    with pytest.raises(SeatError):
        parse_seats("human:A,human:A", ["J1"], ["O1"])
    with pytest.raises(SeatError):
        parse_seats("human:A:B", ["J1"], ["O1"])


def test_t17_table_saves_seats_and_resumes(tmp_path: Path) -> None:
    local = LocalRooms(default_kinds().rooms, tmp_path / "rooms.sqlite3")
    seats = [Seat("Vous", HUMAN), Seat("Ordi", "greedy")]
    table = Table.new(local, seats, 5, TOPWORD_FR, "fr", tmp_path / "g.txt")
    if table.seat.human:
        assert isinstance(table.act(Pass()), Turn)
    table.bot_turns()
    assert table.seat.human
    best = hints(table.game)
    assert best and best[0].verdict.points == max(h.move.points for h in best)
    assert all(h.verdict.words for h in best)  # itemised
    assert isinstance(table.act(Exchange(table.game.rack()[0])), Turn)
    refused = table.act(Pass())  # not this seat's turn any more: the bot's
    assert isinstance(refused, Turn) or refused.code == "not_your_turn"
    table.bot_turns()  # the computer's move, made in its thread meanwhile, is in too
    text = table.record_text()
    assert (tmp_path / "g.txt").read_text() == text  # exported after each turn
    assert read_seats(text) == seats
    again = Table.resume(local, text, None, tmp_path / "g2.txt")
    assert again.seats == seats
    assert again.room_id != table.room_id
    assert [t.action for t in again.game.turns] == [t.action for t in table.game.turns]
    assert again.game.racks == table.game.racks and again.game.scores == table.game.scores
    assert Action.EXCHANGE in {t.action for t in again.game.turns}
    local.close()


def test_a_close_after_ctrl_c_as_a_run_ended_still_closes_the_store(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C as a run's task ends leaves the loop's stop queued (asyncio's own
    callback); the close after it still runs to its end and closes the store."""
    local = LocalRooms(default_kinds().rooms, tmp_path / "rooms.sqlite3")
    local.run(local.store.rooms())
    closed: list[bool] = []
    store_close = local.store.close

    async def close_store() -> None:
        await asyncio.sleep(0.01)  # a close that takes more than one turn of the loop
        await store_close()
        closed.append(True)

    monkeypatch.setattr(local.store, "close", close_store)
    loop = local._runner.get_loop()
    loop.call_soon(loop.stop)  # what the interrupted run left behind
    local.close()
    assert closed == [True] and loop.is_closed()
