"""The play services: a live Boggle round and match, a Topword table (seats, saving, resuming)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from motamot.boggle import CLASSIC_FR, MatchFormat, Status, get_level, parse_record, replay
from motamot.boggle.record import format_record
from motamot.boggle.rules import BoggleRules
from motamot.lexicon import Lexicon, load_lexicon
from motamot.service.boggle_play import (
    BoggleMatch,
    Feedback,
    LiveRound,
    Player,
    seat_players,
)
from motamot.service.local import LocalRooms
from motamot.service.storage import DATA_ENV, data_dir, new_save_path, save_text
from motamot.service.topword_play import (
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

GRID_SEED = 3  # EFSR/OTEM/QuLEA/XLZU


@pytest.fixture(scope="module")
def fr() -> Lexicon:
    return load_lexicon("fr")


def _round(
    fr: Lexicon, verify_at_end: bool = False, bots: int = 1, rules: BoggleRules = CLASSIC_FR
) -> LiveRound:
    match = BoggleMatch(
        rules,
        fr,
        "fr",
        seat_players("Vous", ["Ordi 1", "Ordi 2"][:bots], [get_level("expert")] * bots),
        GRID_SEED,
        8.0,
        MatchFormat(rounds=1),
        verify_at_end,
    )
    return match.new_round()


def test_live_feedback_codes(fr: Lexicon) -> None:
    live = _round(fr)
    assert live.grid.text == "EFSR/OTEM/QuLEA/XLZU"
    accepted = live.submit("Fermeté", 1.0)
    assert accepted.feedback is Feedback.ACCEPTED and accepted.points == 5
    assert live.submit("FERMETE ", 2.0).feedback is Feedback.DUPLICATE
    assert live.submit("ab", 2.5).feedback is Feedback.TOO_SHORT
    assert live.submit("maison", 3.0).feedback is Feedback.NO_PATH
    assert live.submit("xyzzy", 3.5).feedback is Feedback.NOT_IN_DICTIONARY
    # the duplicate is not written twice; the refused words stay on the sheet, as on paper
    assert live.written == ("Fermeté", "ab", "maison", "xyzzy")


def test_b10_nothing_is_written_after_the_deadline(fr: Lexicon) -> None:
    live = _round(fr)
    assert live.submit("fermete", 8.5).feedback is Feedback.AFTER_DEADLINE
    assert live.written == ()


def test_b10_live_word_at_exactly_the_deadline_follows_the_setting(fr: Lexicon) -> None:
    assert _round(fr).submit("fermete", 8.0).feedback is Feedback.ACCEPTED
    strict = replace(CLASSIC_FR, word_at_deadline_counts=False)
    assert _round(fr, rules=strict).submit("fermete", 8.0).feedback is Feedback.AFTER_DEADLINE


def test_verify_at_end_keeps_the_dictionary_verdict_for_the_end(fr: Lexicon) -> None:
    live = _round(fr, verify_at_end=True)
    assert live.submit("xyzzy", 1).feedback is Feedback.NO_PATH
    assert live.submit("fetez", 1.5).feedback is Feedback.WRITTEN
    assert live.submit("fetel", 2).feedback is Feedback.WRITTEN  # on the grid, not a word
    result = live.finish().result.result_of("Vous")
    assert [(e.word, e.status) for e in result.entries[1:]] == [
        ("FETEZ", Status.SCORED),
        ("FETEL", Status.REFUSED),
    ]


def test_b11_a_word_the_bot_also_wrote_is_crossed_out(fr: Lexicon) -> None:
    live = _round(fr)
    bot_word = live.bot_sheets["Ordi 1"].entries[0]
    live.submit(bot_word.text, 1.0)
    outcome = live.finish()
    mine = outcome.result.result_of("Vous").entries[0]
    assert mine.status is Status.CROSSED and mine.crossed_by == ("Ordi 1",)
    assert outcome.result.result_of("Ordi 1").entries[0].status is Status.CROSSED


def test_b15_missed_words_are_the_grids_words_the_human_did_not_find(fr: Lexicon) -> None:
    live = _round(fr)
    live.submit("fermete", 1)
    outcome = live.finish()
    missed = {w.word for w in outcome.missed}
    assert "FERMETE" not in missed and "FOLLETS" in missed
    assert len(missed) == outcome.all_words - 1


def test_bot_counts_grow_with_time(fr: Lexicon) -> None:
    live = _round(fr, bots=2)
    sheets = live.bot_sheets
    assert [count for _, count in live.bot_counts(0)] == [0, 0]
    assert [count for _, count in live.bot_counts(8)] == [len(s.entries) for s in sheets.values()]


def test_b14_match_record_replays_to_the_same_standing(fr: Lexicon) -> None:
    match = BoggleMatch(CLASSIC_FR, fr, "fr", (Player("Vous"),), 11, 5.0, MatchFormat(rounds=2))
    for word in ("les", "tes"):
        live = match.new_round()
        live.submit(word, 1)
        match.end_round(live)
    assert match.standing().finished
    grids = [r.result.grid for r in match.rounds]
    assert grids[0] != grids[1]  # round k is rolled from seed + k - 1
    replayed = replay(parse_record(format_record(match.game_record())), fr)
    assert replayed.standing == match.standing()


def test_an_interrupted_round_is_saved_as_written(fr: Lexicon) -> None:
    match = BoggleMatch(CLASSIC_FR, fr, "fr", (Player("Vous"),), 3, 60, MatchFormat(rounds=1))
    live = match.new_round()
    live.submit("fermete", 4.2)
    record = parse_record(format_record(match.game_record(live)))
    assert [e.text for e in record.rounds[0].sheets[0].entries] == ["fermete"]


def test_b10_a_round_stopped_early_keeps_only_what_the_bots_had_written(fr: Lexicon) -> None:
    match = BoggleMatch(
        CLASSIC_FR,
        fr,
        "fr",
        seat_players("Vous", ["Ordi"], [get_level("expert")]),
        3,
        60,
        MatchFormat(rounds=1),
    )
    live = match.new_round()
    bot = live.bot_sheets["Ordi"].entries
    stop = bot[len(bot) // 2].at
    live.submit("fermete", 1.0)
    live.stop(stop)
    kept = [entry for entry in bot if entry.at <= stop]
    assert 0 < len(kept) < len(bot)
    assert live.bot_sheets["Ordi"].entries == tuple(kept)
    outcome = match.end_round(live)
    assert outcome.result.result_of("Ordi").entries[-1].at <= stop
    record = parse_record(format_record(match.game_record()))
    assert record.rounds[0].sheets[1].entries == tuple(kept)
    assert replay(record, fr).rounds[0] == outcome.result


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
    assert error.value.reason == "unknown_kind" and error.value.item == "grandmaster"
    with pytest.raises(SeatError):
        parse_seats("human:A,human:A", ["J1"], ["O1"])
    with pytest.raises(SeatError):
        parse_seats("human:A:B", ["J1"], ["O1"])


def test_t17_table_saves_seats_and_resumes(tmp_path: Path) -> None:
    local = LocalRooms(tmp_path / "rooms.sqlite3")
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
