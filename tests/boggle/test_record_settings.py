"""A Boggle record replays to the same end (issue 14): the deadline a record omits is
the preset's or the record's duration (B10), and every setting that differs from the
preset (minimum length, duration, invalid-word penalty B12) is kept."""

from __future__ import annotations

from dataclasses import replace

import pytest

from motamot.boggle import (
    CLASSIC_FR,
    MatchFormat,
    RecordError,
    RoundRecord,
    Sheet,
    format_record,
    judge_round,
    replay,
    roll,
    solve,
)
from motamot.boggle import parse_record as parse
from motamot.boggle.grid import parse_grid
from motamot.boggle.record import GameRecord, record_of
from motamot.boggle.round import Status
from motamot.lexicon import Lexicon

GRID = "ORTE/BEST/INAM/GTED"
OLD_RECORD = f"""# motamot boggle record
preset: classic-fr
dictionary: fr
players: ana

round 1
grid: {GRID}
12 ana: manies
200 ana: danse
"""


def test_b10_record_without_deadline_takes_the_preset_duration(fr: Lexicon) -> None:
    record = parse(OLD_RECORD)  # an old record: no deadline line, no settings
    assert record.rounds[0].deadline == CLASSIC_FR.duration_seconds == 180
    entries = replay(record, fr).rounds[0].players[0].entries
    assert [entry.status for entry in entries] == [Status.SCORED, Status.REFUSED]
    assert entries[1].reason is not None and entries[1].reason.value == "after_deadline"


def test_b10_record_without_deadline_takes_the_record_duration(fr: Lexicon) -> None:
    record = parse(OLD_RECORD.replace("players: ana", "players: ana\nduration: 10"))
    assert record.duration == 10 and record.rounds[0].deadline == 10
    entries = replay(record, fr).rounds[0].players[0].entries
    assert all(entry.status is Status.REFUSED for entry in entries)
    # `deadline: none` still says the round had no deadline.
    untimed = parse(OLD_RECORD.replace("12 ana", "deadline: none\n12 ana"))
    assert untimed.rounds[0].deadline is None
    assert replay(untimed, fr).rounds[0].players[0].entries[1].status is Status.SCORED


def test_b12_record_keeps_settings_that_differ_from_the_preset(fr: Lexicon) -> None:
    rules = replace(CLASSIC_FR, min_length=4, invalid_penalty=2)
    sheet = Sheet.of("ana", (3, "ORBE"), (4, "TES"), (5, "zzzz"), (40, "MANIES"))
    rounds = (RoundRecord(parse_grid(GRID), 45.0, (sheet,), 7),)
    record = record_of(rules, 45.0, "fr", ("ana",), rounds, None)
    assert (record.min_length, record.duration, record.invalid_penalty) == (4, 45.0, 2)
    text = format_record(record)
    assert "min length: 4\nduration: 45\npenalty: 2\n" in text
    again = parse(text)
    assert again == record and again.rules == rules
    result = replay(again, fr).rounds[0].players[0]
    # TES is too short under min length 4, zzzz is not a word: two invalid words, -4.
    assert result.penalty == 4
    assert result.total == replay(record, fr).rounds[0].players[0].total
    # A setting equal to the preset's is not written: the record stays as it was.
    plain = record_of(CLASSIC_FR, 180.0, "fr", ("ana",), rounds, None)
    assert plain == GameRecord("classic-fr", "fr", ("ana",), rounds)
    assert "penalty" not in format_record(plain) and "duration" not in format_record(plain)


def test_b12_penalty_floors_a_round_total_at_zero(fr: Lexicon) -> None:
    # [choice] documented in round.py: a penalty never takes a round total below 0.
    text = OLD_RECORD.replace("players: ana", "players: ana\npenalty: 5").replace(
        "200 ana: danse", "20 ana: zzzz"
    )
    result = replay(parse(text), fr).rounds[0].players[0]
    scored = sum(entry.points for entry in result.entries)
    assert 0 < scored < result.penalty == 5
    assert result.total == 0


@pytest.mark.parametrize(
    ("line", "code"),
    [
        ("min length: 0", "bad_min_length"),
        ("min_length: 3000000000", "bad_min_length"),
        ("Min-Length: four", "bad_min_length"),
        ("duration: 0", "bad_duration"),
        ("duration: nan", "bad_duration"),
        ("duration: 1e400", "bad_duration"),
        ("penalty: -1", "bad_penalty"),
        ("penalty: 99999999999", "bad_penalty"),
    ],
)
def test_record_settings_out_of_bounds_are_refused(line: str, code: str) -> None:
    with pytest.raises(RecordError) as caught:
        parse(OLD_RECORD.replace("players: ana", f"players: ana\n{line}"))
    assert caught.value.code == code and caught.value.line == 5


def test_record_settings_come_before_the_first_round() -> None:
    with pytest.raises(RecordError) as caught:
        parse(OLD_RECORD + "penalty: 1\n")
    assert caught.value.code == "header_after_round"


def test_b12_penalty_match_record_replays_to_the_same_totals(fr: Lexicon) -> None:
    rules = replace(CLASSIC_FR, invalid_penalty=1)
    grid = roll(rules, 11)
    found = solve(grid, rules, fr).words[0].word
    sheet = Sheet.of("Vous", *((1, word) for word in (found, "zzz", "qqq")))
    result = judge_round(grid, rules, fr, [sheet], 30.0)
    assert result.players[0].penalty == 2
    assert result.players[0].entries[0].status is Status.SCORED
    rounds = (RoundRecord(grid, 30.0, (sheet,), 11),)
    written = record_of(rules, 30.0, "fr", ("Vous",), rounds, MatchFormat(rounds=1))
    record = parse(format_record(written))
    assert (record.invalid_penalty, record.duration) == (1, 30.0)
    assert replay(record, fr).rounds == (result,)


def test_b12_penalty_option_is_checked(capsys: pytest.CaptureFixture[str]) -> None:
    from motamot.cli.main import main

    for value in ("-1", "1001"):
        assert main(["boggle", "play", "--penalty", value]) == 2
        assert "--penalty : un nombre entier de points de 0 à 1000" in capsys.readouterr().err


def test_b10_record_keeps_word_at_deadline_choice(fr: Lexicon) -> None:
    text = OLD_RECORD.replace("200 ana: danse", "180 ana: danse")
    assert [e.status for e in replay(parse(text), fr).rounds[0].players[0].entries] == [
        Status.SCORED,
        Status.SCORED,  # [choice] a word at exactly the deadline counts
    ]
    strict = replace(CLASSIC_FR, word_at_deadline_counts=False)
    record = parse(text)
    kept = record_of(strict, 180.0, "fr", record.players, record.rounds, None)
    written = format_record(kept)
    assert "word at deadline counts: no\n" in written
    again = parse(written)
    assert again.rules == strict
    entries = replay(again, fr).rounds[0].players[0].entries
    assert entries[1].reason is not None and entries[1].reason.value == "after_deadline"
    with pytest.raises(RecordError) as caught:
        parse(OLD_RECORD.replace("players: ana", "players: ana\nword at deadline counts: maybe"))
    assert caught.value.code == "bad_yes_no"
