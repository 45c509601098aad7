"""The duplicate record (D1-D6): a finished room writes it, the parser reads it back, the
replay plays it again to the same racks, tops, scores, totals and end; every fault names
its line. And what else a finished game leaves: its outcome, its retention."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from motamot.lexicon import load_lexicon
from motamot.service.duplicate.commands import EndTurn, StartDuplicate, Submit
from motamot.service.duplicate.events import DuplicateEnded
from motamot.service.rooms.commands import Join
from motamot.service.rooms.outcomes import Refusal
from motamot.service.rooms.retention import write_records
from motamot.topword.duplicate import top_key
from motamot.topword.duplicate_record import (
    HEADER,
    MAX_TURNS,
    DuplicateRecordError,
    format_record,
    parse_record,
    replay,
)
from motamot.topword.movegen import legal_moves
from tests.service.conftest import digest
from tests.service.duplicate.test_duplicate_room import Played


def play_to_the_end(played: Played, seed: int, bad_every: int = 3) -> None:
    """Self-paced from `seed`: s1 plays the top, s2 the lowest legal move, s3 (if seated)
    a move the rack cannot make every `bad_every` turns and nothing otherwise."""
    room = played.room
    played.ok("s1", StartDuplicate(seed))
    for number in range(200):
        if room.ended is not None:
            return
        game = room.game
        assert game is not None
        moves = sorted(legal_moves(game.board, game.rack, room.ruleset, room.lexicon), key=top_key)
        if moves:
            played.ok("s1", Submit(moves[0].notation))
            played.ok("s2", Submit(moves[-1].notation))
        if "s3" in room.seats and number % bad_every == 0:
            played.ok("s3", Submit("A1 ZZZZZ"))
        played.ok("s1", EndTurn())
    raise AssertionError("the game never ended")


def finished(
    names: tuple[str, ...] = ("Ana", "Bob", "Cat"), seed: int = 31, **rules: str
) -> Played:
    played = Played(names, turn_seconds=None, **rules)
    play_to_the_end(played, seed)
    return played


@pytest.fixture(scope="module")
def game() -> Played:
    return finished()


def test_d1_d6_a_finished_room_writes_a_record_that_replays_to_its_results(game: Played) -> None:
    room = game.room
    (text,) = room.records()
    assert text.startswith(HEADER + "\nseed: 31\nruleset: topword-fr\ndictionary: fr\n")
    assert "players: Ana, Bob, Cat\n" in text
    record = parse_record(text)
    assert format_record(record) == text  # read back as written
    replayed = replay(record, load_lexicon("fr"))
    view = room.view(None)["game"]
    names = {"s1": "Ana", "s2": "Bob", "s3": "Cat"}
    assert replayed.totals == {names[s["seat"]]: s["total"] for s in view["standings"]}
    assert replayed.top_total == view["top_total"] == replayed.totals["Ana"]  # Ana: the tops
    assert room.ended is not None and replayed.game.end is not None
    assert replayed.game.end.value == room.ended.reason == record.end
    assert len(record.turns) == len(view["sheet"])
    cat = [move for turn in record.turns for move in turn.moves if move.player == "Cat"]
    assert cat and all(move.points == 0 for move in cat)  # D3: refused, 0, still recorded
    assert game.rebuilt().records() == [text]  # the same from the stored events


def test_d1_an_upwords_en_duplicate_plays_to_its_end_and_its_record_replays() -> None:
    played = finished(("Ann", "Bill"), seed=7, ruleset="upwords-en")
    room = played.room
    assert room.ruleset.name == "upwords-en" and room.lexicon is load_lexicon("en")
    (text,) = room.records()
    record = parse_record(text)
    assert record.ruleset == "upwords-en" and record.dictionary == "en"
    replayed = replay(record, load_lexicon("en"))
    standings = room.view("s1")["game"]["standings"]
    assert [s["total"] for s in standings] == [replayed.totals["Ann"], replayed.totals["Bill"]]
    assert standings[0]["percent"] == 100.0 and standings[0]["gap"] == 0
    assert len(record.turns) >= 10 and replayed.top_total > 100
    counts = sum(1 for turn in record.turns for tile in turn.rack if tile == "E")
    assert counts > 0  # English tiles (E 8): the draws are upwords-en's, seeded


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**63 - 1))
def test_d2_any_seed_s_record_reads_back_as_written_and_replays(seed: int) -> None:
    played = finished(("Ana", "Bob"), seed=seed)
    (text,) = played.room.records()
    assert format_record(parse_record(text)) == text
    replay(parse_record(text), load_lexicon("fr"))


def with_line(text: str, number: int, new: str) -> str:
    """`text` with its line `number` (from 1) replaced."""
    lines = text.split("\n")
    lines[number - 1] = new
    return "\n".join(lines)


def line_of(text: str, start: str) -> int:
    return next(n for n, line in enumerate(text.split("\n"), 1) if line.startswith(start))


def test_d4_every_fault_in_a_record_names_its_line(game: Played) -> None:
    (text,) = game.room.records()
    lexicon = load_lexicon("fr")
    first = line_of(text, "1. ")
    rack = text.split("\n")[first - 1].split("]")[0] + "]"
    top_line = text.split("\n")[first - 1]
    move = line_of(text, "  Ana: ")
    faults = {
        "wrong_rack": with_line(text, first, "1. [ZZZZZZZ] -"),
        "wrong_top": with_line(text, first, f"{rack} -"),
        "wrong_top_points": with_line(text, first, top_line.split(" +")[0] + " +999"),
        "wrong_total": with_line(text, first, top_line.split(" =")[0] + " = 999"),
        "wrong_move_points": with_line(
            text, move, text.split("\n")[move - 1].split(" +")[0] + " +998"
        ),
        "unknown_player": with_line(text, move, "  Zoé: 5E MAIN"),
        "bad_move_line": with_line(text, move, "  Ana 5E MAIN"),
        "bad_move": with_line(text, move, "  Ana: n'importe quoi"),
        "turn_number": with_line(text, first, "2." + top_line[2:]),
        "bad_turn": with_line(text, first, "1. 5E MAIN"),
        "bad_rack": with_line(text, first, "1. [AB²] 5E MAIN"),
        "bad_number": with_line(text, first, top_line.split(" +")[0] + " +1234567890"),
        "unknown_line": with_line(text, first, "chevalet: ABC"),
        "after_end": text + "99. [ABC] -\n".replace("99", str(len(parse_record(text).turns) + 1)),
    }
    for code, changed in faults.items():
        with pytest.raises(DuplicateRecordError) as raised:
            replay(parse_record(changed), lexicon)
        assert raised.value.code == code, (code, raised.value)
        assert raised.value.fields.get("line"), code  # said where
    moved_twice = text.replace("\n  Bob: ", "\n  Ana: 5E MAIN\n  Bob: ", 1)
    with pytest.raises(DuplicateRecordError) as raised:
        parse_record(moved_twice.replace("  Ana: 5E MAIN\n", "  Bob: 5E MAIN\n", 1))
    assert raised.value.code == "moved_twice"
    header_faults = {
        "missing_key": text.replace("players: Ana, Bob, Cat\n", "").split("\n1. ")[0],
        "repeated_key": text.replace("ruleset:", "seed: 1\nruleset:"),
        "bad_seed": text.replace("seed: 31", "seed: trente"),
        "unknown_ruleset": text.replace("ruleset: topword-fr", "ruleset: scrabble"),
        "bad_players": text.replace("players: Ana, Bob, Cat", "players: Ana, Ana, Cat"),
        "move_before_turn": text.replace(
            "players: Ana, Bob, Cat\n", "players: Ana, Bob, Cat\n  Ana: 5E MAIN\n"
        ),
        "bad_final": text.replace("final: ", "final: Ana douze, "),
    }
    for code, changed in header_faults.items():
        with pytest.raises(DuplicateRecordError) as raised:
            parse_record(changed)
        assert raised.value.code == code, (code, raised.value)
    for code, changed in {
        "wrong_end": text.replace("end: ", "end: pile_empty\n# was: "),
        "wrong_final": text.replace("final: Ana ", "final: Ana 1"),
    }.items():
        with pytest.raises(DuplicateRecordError) as raised:
            replay(parse_record(changed), lexicon)
        assert raised.value.code == code, (code, raised.value)


def test_a_record_past_its_bounds_is_refused_quickly() -> None:
    players = "players: " + ", ".join(f"p{n}" for n in range(501))
    with pytest.raises(DuplicateRecordError) as raised:
        parse_record(f"{HEADER}\nseed: 1\n{players}\n")
    assert raised.value.code == "too_many_players"
    turns = "".join(f"{n}. [A] -\n" for n in range(1, MAX_TURNS + 2))
    with pytest.raises(DuplicateRecordError) as raised:
        parse_record(f"{HEADER}\nseed: 1\nplayers: Ana\n{turns}")
    assert raised.value.code == "too_many_turns"
    for line in ("1. [" + " " * 200_000, "1. [A] " + "+" * 200_000, "  Ana:" + " =" * 100_000):
        began = time.perf_counter()
        with pytest.raises(DuplicateRecordError):
            parse_record(f"{HEADER}\nseed: 1\nplayers: Ana\n1. [A] -\n{line}\n")
        assert time.perf_counter() - began < 1.0  # linear: no pattern that backtracks


def test_a_name_that_holds_the_record_s_separators_is_refused_a_seat() -> None:
    played = Played(("Ana",))
    for name in ("Bo:b", "Bob, Cat", "Bob #1"):
        refused = played.send(None, Join(name, digest(name)))
        assert isinstance(refused, Refusal) and refused.code == "bad_name", (name, refused)


def test_d6_the_outcome_places_people_by_total_and_is_never_rated(game: Played) -> None:
    room = game.room
    ended = next(e for e in game.events if isinstance(e, DuplicateEnded))
    outcome = room.outcome(ended)
    assert outcome is not None and outcome.kind == "duplicate" and not outcome.rated
    assert outcome.variant == "topword-fr" and outcome.family == "duplicate-topword-fr"
    places = {place.name: place for place in outcome.places}
    standings = {s["seat"]: s for s in room.view(None)["game"]["standings"]}
    for place in outcome.places:
        assert place.score == standings[place.seat]["total"]
        assert place.rank == standings[place.seat]["rank"]
    assert places["Ana"].rank == 1 and places["Cat"].score == 0 and places["Cat"].rank == 3
    assert places["Ana"].figures.best_round >= places["Bob"].figures.best_round > 0


def test_a_duplicate_room_is_finished_in_its_lobby_and_at_its_end_not_while_played(
    game: Played, tmp_path: Path
) -> None:
    lobby = Played(("Ana",))
    assert lobby.room.finished() and lobby.room.records() == []
    playing = Played(("Ana",), turn_seconds=None)
    playing.ok("s1", StartDuplicate(5))
    assert not playing.room.finished() and playing.room.records() == []
    assert game.room.finished()
    (path,) = write_records(game.room, tmp_path)  # what retention keeps before removing it
    assert path.name == f"duplicate-{game.room.room_id}.txt"
    assert path.read_text("utf-8") == game.room.records()[0]
