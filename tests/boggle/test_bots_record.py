"""Computer players (B15) and the text record of a round or a match (B3, B10)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from motamot.boggle import (
    BOT_LEVELS,
    CLASSIC_FR,
    GameRecord,
    MatchFormat,
    RecordError,
    RoundRecord,
    Sheet,
    bot_sheet,
    format_record,
    get_level,
    judge_round,
    parse_record,
    replay,
    roll,
    solve,
)
from motamot.boggle.round import Entry
from motamot.lexicon import Lexicon


def test_b15_bots_find_a_realistic_share_shorter_words_first(fr: Lexicon) -> None:
    shares = {}
    for name, level in BOT_LEVELS.items():
        found = total = 0
        short_first = 0
        for seed in range(10):
            grid = roll(CLASSIC_FR, seed)
            words = solve(grid, CLASSIC_FR, fr)
            sheet = bot_sheet("bot", grid, CLASSIC_FR, fr, level, seed)
            result = judge_round(grid, CLASSIC_FR, fr, [sheet], CLASSIC_FR.duration_seconds)
            assert not result.players[0].refused  # bots write valid words in time
            times = [e.at for e in sheet.entries]
            assert times == sorted(times) and all(0 < t <= 180 for t in times)
            if len(times) > 1:
                assert min(b - a for a, b in itertools.pairwise(times)) > 0
            found += len(sheet.entries)
            total += words.count
            if sheet.entries:
                mine = [len(e.text) for e in sheet.entries]
                short_first += sum(mine) / len(mine) <= sum(len(w.word) for w in words.words) / max(
                    1, words.count
                )
        shares[name] = found / total
        assert short_first >= 8, name
    assert 0.02 < shares["beginner"] < shares["intermediate"] < shares["advanced"]
    assert shares["advanced"] < shares["expert"] < 0.6


def test_b15_bots_replay_from_their_seed(fr: Lexicon) -> None:
    grid = roll(CLASSIC_FR, 5)
    level = get_level("advanced")
    assert bot_sheet("b", grid, CLASSIC_FR, fr, level, 9) == bot_sheet(
        "b", grid, CLASSIC_FR, fr, level, 9
    )
    assert bot_sheet("b", grid, CLASSIC_FR, fr, level, 9) != bot_sheet(
        "b", grid, CLASSIC_FR, fr, level, 10
    )
    with pytest.raises(ValueError, match="unknown bot level"):
        get_level("godlike")


LEXICON = Lexicon.from_words(["MANIES", "ORBITE", "TESTAMENT", "DANSE", "SANTE", "ANS", "DANS"])
GRID_TEXT = "ORTE/BEST/INAM/GTED"

SAMPLE = """\
# motamot boggle record
preset: classic-fr
dictionary: fr
players: ana, bob
match: rounds 2

round 1
grid: ORTE/BEST/INAM/GTED
seed: 42
deadline: 180
12.5 ana: manies
21 ana: danse
14 bob: "santé "
20 bob: danse
"""


def test_record_reads_and_writes_back() -> None:
    record = parse_record(SAMPLE)
    assert record.players == ("ana", "bob")
    assert record.match == MatchFormat(rounds=2)
    game_round = record.rounds[0]
    assert game_round.grid.text == GRID_TEXT and game_round.seed == 42
    assert game_round.sheets[1].entries[0] == Entry("santé ", 14.0)
    assert format_record(record) == SAMPLE
    # Lines of different players may come in any order (a log in time order).
    lines = SAMPLE.splitlines()
    interleaved = "\n".join([*lines[:-4], lines[-4], lines[-2], lines[-1], lines[-3]])
    assert parse_record(interleaved) == record


def test_record_replays_the_round() -> None:
    played = replay(parse_record(SAMPLE), LEXICON)
    ana, bob = played.rounds[0].players
    assert (ana.total, bob.total) == (3, 2)
    assert played.standing is not None and not played.standing.finished


def test_record_parser_forgives_layout() -> None:
    loose = """
    Grid = orte/best/inam/gted
    DEADLINE: 180   # seconds
      3   ana :  manies

    5 bob: danse
    """
    record = parse_record(loose)
    assert record.players == ("ana", "bob") and record.preset == "classic-fr"
    assert record.match is None
    assert record.rounds[0].sheets[0].entries == (Entry("manies", 3.0),)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "no round"),
        ("grid: ORTE/BEST\n", "line 1"),
        ("grid: ORTE/BEST/INAM/GTED\n3 ana manies\n", "line 2"),
        ("grid: ORTE/BEST/INAM/GTED\nxx ana: manies\n", "line 2"),
        ("players: ana\ngrid: ORTE/BEST/INAM/GTED\n3 bob: manies\n", "not among the players"),
        ("preset: huge\ngrid: ORTE/BEST/INAM/GTED\n1 a: b\n", "unknown preset"),
        ("preset: big\ngrid: ORTE/BEST/INAM/GTED\n1 a: b\n", "4x4 grid in a big record"),
        ("match: forever\ngrid: ORTE/BEST/INAM/GTED\n1 a: b\n", "match"),
        ("3 ana: manies\n", "before any grid"),
        ("grid: ORTE/BEST/INAM/GTED\nfoo bar\n", "line 2"),
        ('grid: ORTE/BEST/INAM/GTED\n1 a: "unclosed\n', "badly quoted"),
        ("grid: ORTE/BEST/INAM/GTED\ndeadline: soon\n1 a: b\n", "line 2"),
    ],
)
def test_record_errors_say_where(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        parse_record(text)


words = st.sampled_from(["manies", "DANSE", "santé", " ans", "xyz", "te", "l'eau", '"q', "#x"])
times = st.floats(min_value=0, max_value=300, allow_nan=False) | st.integers(0, 300).map(float)


@settings(max_examples=50, deadline=None)
@given(
    st.lists(
        st.lists(st.lists(st.tuples(times, words), max_size=5), min_size=2, max_size=2),
        min_size=1,
        max_size=3,
    ),
    st.integers(1, 2**31),
    st.sampled_from([None, 180.0, 90.5]),
    st.sampled_from([None, MatchFormat(rounds=3), MatchFormat(target=40)]),
)
def test_record_replays_identically(
    rounds: list[list[list[tuple[float, str]]]],
    seed: int,
    deadline: float | None,
    match: MatchFormat | None,
) -> None:
    players = ("ana", "bob")
    records = tuple(
        RoundRecord(
            roll(CLASSIC_FR, seed + number),
            deadline,
            tuple(Sheet.of(p, *entries) for p, entries in zip(players, sheets, strict=True)),
            seed + number,
        )
        for number, sheets in enumerate(rounds)
    )
    record = GameRecord("classic-fr", "fr", players, records, match)
    text = format_record(record)
    again = parse_record(text)
    assert again == record
    assert format_record(again) == text
    try:
        first = replay(record, LEXICON)
    except RecordError:  # e.g. a round played after the match was won
        with pytest.raises(RecordError):
            replay(again, LEXICON)
        return
    assert replay(again, LEXICON) == first
    assert all(p.total >= 0 for r in first.rounds for p in r.players)


def test_record_of_a_match_with_bots_replays(fr: Lexicon) -> None:
    rounds = []
    for number in range(2):
        grid = roll(CLASSIC_FR, 100 + number)
        sheets = (
            Sheet.of("ana", (30, "les"), (40, "une")),
            bot_sheet("robot", grid, CLASSIC_FR, fr, get_level("expert"), number),
        )
        rounds.append(RoundRecord(grid, 180.0, sheets, 100 + number))
    record = GameRecord("classic-fr", "fr", ("ana", "robot"), tuple(rounds), MatchFormat(rounds=2))
    first = replay(record, fr)
    second = replay(parse_record(format_record(record)), fr)
    assert first == second
    assert first.standing is not None and first.standing.finished
    assert first.standing.winners == ("robot",)
