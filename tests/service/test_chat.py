"""A room's chat, the same in every kind (docs/rules.md, C1-C5): who talks, the text as
the room keeps it, the rate on the room's clock, set phrases in public rooms and during a
Boggle round or a duplicate turn, the host's switch; every refusal changes nothing."""

from __future__ import annotations

import json
import unicodedata
from contextlib import nullcontext
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from motamot.service.boggle.commands import StartRound, StopRound
from motamot.service.boggle.room import BoggleRoom
from motamot.service.boggle.settings import BoggleSettings
from motamot.service.duplicate.commands import EndTurn, StartDuplicate
from motamot.service.duplicate.room import DuplicateRoom
from motamot.service.duplicate.settings import DuplicateSettings
from motamot.service.ports import ManualClock
from motamot.service.rooms.actor import Actor
from motamot.service.rooms.chat import (
    HISTORY,
    MAX_CHARS,
    PHRASES,
    RATE_COUNT,
    RATE_SECONDS,
    clean,
    scrub,
)
from motamot.service.rooms.codec import EventDecodeError
from motamot.service.rooms.commands import (
    AddBot,
    Command,
    Join,
    Leave,
    Say,
    SayPhrase,
    SwitchChat,
)
from motamot.service.rooms.events import ChatSaid, ChatSwitched, Event
from motamot.service.rooms.outcomes import Ack, Refusal
from motamot.service.rooms.shown import frame_json
from motamot.service.topword.room import TopwordRoom
from motamot.service.topword.settings import TopwordSettings
from motamot.text.chat import PHRASES as PHRASE_WORDS
from tests.service.conftest import (
    KINDS,
    HostBackend,
    SeveralProcesses,
    decode,
    digest,
    encode,
    from_stored,
    lexicons,
    run,
)

T0 = 1_700_000_000.0
#: Bidirectional controls, every one of them (C2 removes them).
BIDI = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"


def room_of(kind: type[Actor[Any]], room_settings: Any, *names: str) -> Actor[Any]:
    """A room of `kind` with `names` seated, s1 first (the host)."""
    room = kind.create("room", room_settings, T0, lexicons)
    assert isinstance(room, kind)
    for name in names:
        assert not isinstance(room.handle(None, Join(name, digest(name)), T0), Refusal)
    return room


def boggle(*names: str, **room_settings: Any) -> BoggleRoom:
    room = room_of(BoggleRoom, BoggleSettings(**room_settings), *names)
    assert isinstance(room, BoggleRoom)
    return room


def refused(room: Actor[Any], seat: str | None, command: Command, now: float = T0) -> str:
    """The code `room` refuses `command` with; the room unchanged (C1-C5: nothing said)."""
    before = (room.last_seq, json.dumps(room.view(seat)), list(room.chat.lines))
    out = room.handle(seat, command, now)
    assert isinstance(out, Refusal), out
    assert (room.last_seq, json.dumps(room.view(seat)), list(room.chat.lines)) == before
    return out.code


def said(room: Actor[Any], seat: str, command: Command, now: float = T0) -> ChatSaid:
    out = room.handle(seat, command, now)
    assert not isinstance(out, Refusal), out
    (event,) = out
    assert isinstance(event, ChatSaid)
    return event


# --- C1: who talks -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "room_settings"),
    [
        (BoggleRoom, BoggleSettings()),
        (TopwordRoom, TopwordSettings()),
        (DuplicateRoom, DuplicateSettings()),
    ],
)
def test_c1_seated_people_talk_in_every_kind_and_everybody_reads(
    kind: type[Actor[Any]], room_settings: Any
) -> None:
    room = room_of(kind, room_settings, "ana", "bob")
    event = said(room, "s2", Say("salut"))
    assert (event.seat, event.text, event.phrase, event.at) == ("s2", "salut", None, T0)
    said(room, "s1", SayPhrase("hello"), T0 + 1)
    for seat in (None, "s1", "s2"):  # a spectator reads what the players read
        lines = room.view(seat)["chat"]["lines"]
        assert lines == [
            {"seq": event.seq, "seat": "s2", "at": T0, "text": "salut"},
            {"seq": event.seq + 1, "seat": "s1", "at": T0 + 1, "phrase": "hello"},
        ]
        shown = room.visible(event, seat)
        assert shown == {
            "type": "room.chat_said",
            "seq": event.seq,
            "seat": "s2",
            "at": T0,
            "text": "salut",
        }


def test_c1_spectators_gone_players_and_computer_players_do_not_talk() -> None:
    room = boggle("ana", "bob")
    assert not isinstance(room.handle("s1", AddBot("beginner"), T0), Refusal)
    assert refused(room, None, Say("je regarde")) == "not_seated"
    assert refused(room, None, SayPhrase("hello")) == "not_seated"
    assert refused(room, "s3", Say("bip")) == "not_seated"  # the computer player's seat
    assert refused(room, "s9", Say("personne")) == "not_seated"
    assert not isinstance(room.handle("s2", Leave(), T0), Refusal)
    assert refused(room, "s2", Say("parti")) == "not_seated"


# --- C2: the text as the room keeps it ------------------------------------------------


def test_c2_control_and_bidi_characters_are_removed_and_spaces_made_one() -> None:
    assert clean("  bon\tjour\n\n à\r\ntous  ") == "bon jour à tous"
    assert clean(f"a{BIDI}b") == "ab"
    assert clean("\u202eevil\u202c") == "evil"
    assert clean("zero\u200bwidth\ufeff") == "zerowidth"
    assert clean("\x00\x07\x1b[31mred") == "[31mred"
    assert clean("ligne\u2028suivante\u2029fin") == "ligne suivante fin"
    assert clean("\ud800lone") == "lone"  # a lone surrogate could not be stored
    assert clean("\ue000private") == "private"
    assert clean("e\u0301te\u0301") == "été"  # NFC
    assert clean("z" + "\u0336" * 40) == "z" + "\u0336" * 3  # no "zalgo" over other lines
    # what writing needs stays: emoji sequences with their joiner, a region's flag
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    assert clean(family) == family
    scotland = "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"
    assert clean(scotland) == scotland


def test_c2_a_message_is_one_to_200_characters_once_cleaned() -> None:
    room = boggle("ana")
    assert said(room, "s1", Say("x" * MAX_CHARS)).text == "x" * MAX_CHARS
    # control characters do not count: removed before
    assert said(room, "s1", Say("\u202e" * 50 + "y" * MAX_CHARS), T0 + 60).text == "y" * MAX_CHARS
    assert refused(room, "s1", Say("x" * (MAX_CHARS + 1)), T0 + 120) == "chat_too_long"
    assert refused(room, "s1", Say("é" * 10_000), T0 + 120) == "chat_too_long"
    for empty in ("", "   ", "\n\t", BIDI, "\x00\x01", "\u200b"):
        assert refused(room, "s1", Say(empty), T0 + 120) == "chat_empty"
    out = room.handle("s1", Say("x" * (MAX_CHARS + 1)), T0 + 120)
    assert out == Refusal("chat_too_long", {"max": MAX_CHARS})


def test_c2_markup_is_kept_as_text() -> None:
    """The room stores what was typed; pages write it as text, never as HTML."""
    room = boggle("ana")
    attack = '<img src=x onerror="alert(1)"><script>alert(2)</script>'
    assert said(room, "s1", Say(attack)).text == attack


_TEXTS = st.text(
    st.characters(codec=None, exclude_categories=()),  # every code point, surrogates too
    max_size=300,
)


@settings(max_examples=300, deadline=None)
@given(_TEXTS)
def test_c2_cleaned_text_holds_no_control_and_reads_back_the_same(text: str) -> None:
    cleaned = clean(text)
    assert clean(cleaned) == cleaned
    assert cleaned == cleaned.strip() and "  " not in cleaned
    for char in cleaned:
        category = unicodedata.category(char)
        assert category not in ("Cc", "Cs", "Co", "Zl", "Zp") and char not in BIDI
        assert not char.isspace() or char == " "
        assert category != "Cf" or char in "\u200c\u200d" or 0xE0020 <= ord(char) < 0xE0080
    cleaned.encode("utf-8")  # storable


@settings(max_examples=300, deadline=None)
@given(_TEXTS | st.text(st.sampled_from("aé \u0301\u00a0\n\u200dQ"), max_size=30))
def test_c2_the_quick_way_cleans_as_the_careful_one(text: str) -> None:
    """A text with nothing to remove skips the character-by-character work: the same."""
    assert clean(text) == scrub(unicodedata.normalize("NFC", text))


@settings(max_examples=100, deadline=None)
@given(_TEXTS)
def test_c2_any_text_is_said_cleaned_or_refused_with_nothing_changed(text: str) -> None:
    room = boggle("ana")
    before = room.last_seq
    out = room.handle("s1", Say(text), T0)
    if isinstance(out, Refusal):
        assert out.code in ("chat_empty", "chat_too_long") and room.last_seq == before
        return
    (event,) = out
    assert isinstance(event, ChatSaid) and event.text == clean(text)
    assert 1 <= len(event.text) <= MAX_CHARS
    assert decode(encode(event)) == event  # stored and read back whole


# --- C2: the rate, on the room's clock ------------------------------------------------


def test_c2_five_messages_in_ten_seconds_then_a_refusal_until_the_oldest_is_ten_seconds_old() -> (
    None
):
    room = boggle("ana", "bob")
    clock = ManualClock(T0)
    for n in range(RATE_COUNT):
        said(room, "s1", Say(f"message {n}"), clock.now())
        clock.advance(1.5)  # T0 ... T0 + 6
    out = room.handle("s1", Say("encore"), clock.now())  # T0 + 7.5: the 6th in 10 s
    assert out == Refusal("chat_too_fast", {"wait": 3})
    assert refused(room, "s1", SayPhrase("oops"), clock.now()) == "chat_too_fast"  # phrases too
    said(room, "s2", Say("moi je peux"), clock.now())  # per seat
    clock.advance(2.4)  # T0 + 9.9: still 5 in the last 10 s
    assert refused(room, "s1", Say("encore"), clock.now()) == "chat_too_fast"
    clock.advance(0.1)  # T0 + 10: the first is 10 s old
    said(room, "s1", Say("enfin"), clock.now())
    assert refused(room, "s1", Say("et encore"), clock.now()) == "chat_too_fast"
    clock.advance(1.5)  # the second is 10 s old
    said(room, "s1", Say("et encore"), clock.now())


def test_c2_refused_messages_do_not_count_and_the_rate_survives_a_replay() -> None:
    room = boggle()
    events: list[Event] = [room.created]
    joined = room.handle(None, Join("ana", digest("ana")), T0)
    assert isinstance(joined, list)
    events += joined
    for n in range(RATE_COUNT):
        assert refused(room, "s1", Say("x" * 500), T0 + n) == "chat_too_long"
    for n in range(RATE_COUNT):
        events.append(said(room, "s1", Say(f"m{n}"), T0 + 5 + n))
    assert refused(room, "s1", Say("de trop"), T0 + 14) == "chat_too_fast"
    rebuilt = BoggleRoom.from_events([decode(encode(e)) for e in events], lexicons)
    assert rebuilt.view("s1") == room.view("s1")
    assert refused(rebuilt, "s1", Say("de trop"), T0 + 14) == "chat_too_fast"
    said(rebuilt, "s1", Say("ça passe"), T0 + 5 + RATE_SECONDS)


# --- C3: set phrases in public rooms --------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "room_settings"),
    [(BoggleRoom, BoggleSettings(public=True)), (TopwordRoom, TopwordSettings(public=True))],
)
def test_c3_a_public_room_takes_set_phrases_only(
    kind: type[Actor[Any]], room_settings: Any
) -> None:
    room = room_of(kind, room_settings, "ana", "bob")
    assert room.view("s1")["chat"] == {"on": True, "public": True, "lines": []}
    assert refused(room, "s1", Say("bonjour")) == "chat_phrases_only"
    for n, phrase in enumerate(PHRASES):
        assert said(room, "s1" if n % 2 else "s2", SayPhrase(phrase), T0 + 3 * n).phrase == phrase
    assert [line["phrase"] for line in room.view(None)["chat"]["lines"]] == list(PHRASES)
    assert all("text" not in line for line in room.view(None)["chat"]["lines"])


def test_c3_an_unknown_phrase_id_is_refused_and_every_phrase_has_its_words() -> None:
    room = boggle("ana")
    for hostile in ("", "HELLO", "hello ", "<b>", "bonjour", "x" * 10_000, "phrase.hello"):
        assert refused(room, "s1", SayPhrase(hostile)) == "chat_unknown_phrase"
    assert set(PHRASE_WORDS) == set(PHRASES)
    assert all(
        set(words) == {"fr", "en"} and all(words.values()) for words in PHRASE_WORDS.values()
    )


# --- C4: free text would give the game away -------------------------------------------


def test_c4_during_a_boggle_round_friends_say_set_phrases_only() -> None:
    room = boggle("ana", "bob", duration=60)
    said(room, "s2", Say("prêts ?"))
    assert not isinstance(room.handle("s1", StartRound(7), T0 + 1), Refusal)
    assert refused(room, "s2", Say("il y a RAT en haut"), T0 + 2) == "chat_phrases_in_round"
    assert said(room, "s2", SayPhrase("good_luck"), T0 + 2).phrase == "good_luck"
    assert not isinstance(room.handle("s1", StopRound(), T0 + 3), Refusal)
    assert said(room, "s2", Say("j'avais RAT"), T0 + 4).text == "j'avais RAT"
    assert not isinstance(room.handle("s1", StartRound(8), T0 + 5), Refusal)
    assert room.tick(T0 + 70)  # the round ends at its deadline
    assert said(room, "s1", Say("bien joué"), T0 + 71).text == "bien joué"


def test_c4_during_a_duplicate_turn_players_say_set_phrases_only() -> None:
    room = room_of(DuplicateRoom, DuplicateSettings(turn_seconds=None), "ana", "bob")
    said(room, "s2", Say("on commence ?"))
    assert not isinstance(room.handle("s1", StartDuplicate(5), T0 + 1), Refusal)
    assert refused(room, "s2", Say("MAIN en 5E"), T0 + 2) == "chat_phrases_in_turn"
    said(room, "s2", SayPhrase("wait"), T0 + 2)
    assert not isinstance(room.handle("s1", EndTurn(), T0 + 3), Refusal)  # the next turn runs
    assert refused(room, "s2", Say("MAIN en 5E"), T0 + 4) == "chat_phrases_in_turn"


def test_c4_a_topword_table_talks_freely_during_its_game() -> None:
    from motamot.service.topword.commands import Start

    room = room_of(TopwordRoom, TopwordSettings(), "ana", "bob")
    assert not isinstance(room.handle("s1", Start(3), T0), Refusal)
    assert said(room, "s2", Say("joli coup"), T0 + 1).text == "joli coup"


# --- C5: the host's switch ------------------------------------------------------------


def test_c5_the_host_turns_the_chat_off_and_on() -> None:
    room = boggle("ana", "bob")
    assert refused(room, "s2", SwitchChat(False)) == "not_host"
    out = room.handle("s1", SwitchChat(False), T0)
    assert isinstance(out, list) and out == [ChatSwitched(room.last_seq, False, "s1")]
    assert room.view("s2")["chat"]["on"] is False
    assert room.visible(out[0], None) == {
        "type": "room.chat_switched",
        "seq": room.last_seq,
        "on": False,
        "seat": "s1",
    }
    assert room.handle("s1", SwitchChat(False), T0) == []  # already off: nothing to store
    for seat in ("s1", "s2"):  # off for everybody, the host too, phrases too
        assert refused(room, seat, Say("allô ?")) == "chat_off"
        assert refused(room, seat, SayPhrase("hello")) == "chat_off"
    assert not isinstance(room.handle("s1", SwitchChat(True), T0 + 1), Refusal)
    assert room.view(None)["chat"]["on"] is True
    said(room, "s2", Say("merci"), T0 + 2)


def test_c5_the_switch_follows_the_host_and_survives_a_rebuild() -> None:
    room = boggle()
    events: list[Event] = [room.created]
    for seat, command in (
        (None, Join("ana", digest("ana"))),
        (None, Join("bob", digest("bob"))),
        ("s1", SwitchChat(False)),
        ("s1", Leave()),
    ):
        out = room.handle(seat, command, T0)
        assert isinstance(out, list)
        events += out
    assert room.host == "s2"  # ana left: bob is the host, and may turn it on again
    rebuilt = BoggleRoom.from_events([decode(encode(e)) for e in events], lexicons)
    assert rebuilt.chat.on is False
    assert not isinstance(rebuilt.handle("s2", SwitchChat(True), T0), Refusal)
    said(rebuilt, "s2", Say("de retour"), T0 + 1)


# --- the view keeps the last messages -------------------------------------------------


def test_the_view_shows_the_last_50_messages_oldest_first() -> None:
    room = boggle("ana", "bob")
    for n in range(HISTORY + 12):
        said(room, f"s{1 + n % 2}", Say(f"message {n}"), T0 + 2.0 * n)
    lines = room.view("s1")["chat"]["lines"]
    assert len(lines) == HISTORY
    assert [line["text"] for line in lines] == [f"message {n}" for n in range(12, HISTORY + 12)]
    assert [line["seq"] for line in lines] == sorted(line["seq"] for line in lines)


# --- hostile shapes -------------------------------------------------------------------


@pytest.mark.parametrize(
    "command",
    [
        {"type": "say", "text": 5},
        {"type": "say", "text": None},
        {"type": "say", "text": ["a"]},
        {"type": "say"},
        {"type": "say", "text": "a", "phrase": "hello"},
        {"type": "say_phrase", "phrase": 1},
        {"type": "say_phrase", "phrase": {"id": "hello"}},
        {"type": "switch_chat", "on": "yes"},
        {"type": "switch_chat", "on": 1},
        {"type": "switch_chat"},
    ],
)
def test_hostile_chat_commands_between_processes_are_refused_whole(command: dict[str, Any]) -> None:
    relayed = json.dumps({"kind": "boggle", "seat": "s1", "command": command})
    with pytest.raises(ValueError):
        KINDS.commands.decode(relayed)


def test_chat_commands_travel_between_processes_as_they_are() -> None:
    for command in (Say("é<b>\u202e"), SayPhrase("thanks"), SwitchChat(False)):
        for kind in ("boggle", "topword", "duplicate"):
            seat, back = KINDS.commands.decode(
                json.dumps(
                    {"kind": kind, "seat": "s1", "command": msgspec.to_builtins(command)},
                )
            )
            assert (seat, back) == ("s1", command)


@pytest.mark.parametrize(
    "stored",
    [
        {"type": "room.chat_said", "seq": 2, "seat": "s1", "at": "now", "text": "a"},
        {"type": "room.chat_said", "seq": 2, "seat": 1, "at": 0.0, "text": "a"},
        {"type": "room.chat_said", "seq": 2, "seat": "s1", "at": 0.0, "text": 3},
        {"type": "room.chat_switched", "seq": 2, "on": "off"},
        {"type": "room.chat_said", "seq": 2, "seat": "s1", "at": 0.0, "extra": 1},
    ],
)
def test_a_stored_chat_event_of_the_wrong_shape_is_refused(stored: dict[str, Any]) -> None:
    with pytest.raises(EventDecodeError):
        KINDS["boggle"].codec.decode(json.dumps(stored))


# --- stored like every event: restarts, several processes -----------------------------


def test_messages_survive_a_restart_and_the_rate_holds_across_processes(
    hosts: HostBackend,
) -> None:
    async def body() -> None:
        clock = ManualClock(T0)
        async with hosts.host(clock) as host:
            room_id = await host.create(BoggleSettings())
            assert isinstance(room_id, str)
            for name in ("ana", "bob"):
                assert isinstance(await host.submit(room_id, None, Join(name, digest(name))), Ack)
            for n in range(RATE_COUNT - 1):
                answer = await host.submit(room_id, "s1", Say(f"m{n}"))
                assert isinstance(answer, Ack) and answer.events[0]["text"] == f"m{n}"
            assert isinstance(await host.submit(room_id, "s1", SwitchChat(False)), Ack)
            assert isinstance(await host.submit(room_id, "s1", SwitchChat(True)), Ack)
        async with (
            hosts.host(clock) as first,
            hosts.host(clock)
            if isinstance(hosts, SeveralProcesses)
            else nullcontext(first) as second,
        ):
            # after a restart; with several processes, the fifth from one and the sixth
            # from another: the room's owner decides, on the room's events
            assert isinstance(await first.submit(room_id, "s1", Say("m4")), Ack)
            too_fast = await second.submit(room_id, "s1", Say("m5"))
            assert isinstance(too_fast, Refusal) and too_fast.code == "chat_too_fast"
            assert isinstance(await second.submit(room_id, "s2", SayPhrase("hello")), Ack)
            clock.advance(RATE_SECONDS)
            assert isinstance(await second.submit(room_id, "s1", Say("m5")), Ack)
            rows = [from_stored(e) for e in await second.store.load(room_id)]
            texts = [e.text or e.phrase for e in rows if isinstance(e, ChatSaid)]
            assert texts == ["m0", "m1", "m2", "m3", "m4", "hello", "m5"]
            for host in (first, second):
                view = await host.view(room_id, None)
                assert view is not None
                assert [line.get("text", line.get("phrase")) for line in view["chat"]["lines"]] == (
                    texts
                )

    run(body)


def test_c1_the_arena_has_no_chat() -> None:
    """Each message would go to every one of thousands of sockets (a word goes to its
    writer alone): an arena round refuses talk, its players and its system alike."""
    from motamot.service.arena.room import ArenaRoom
    from motamot.service.arena.settings import ArenaSettings

    room = ArenaRoom.create("arena", ArenaSettings(1, T0 + 60, 7), T0, lexicons)
    assert isinstance(room, ArenaRoom)
    joined = room.handle(None, Join("ana", digest("ana"), player="p-ana"), T0)
    assert isinstance(joined, list), joined
    for command in (Say("salut"), SayPhrase("hello")):
        for seat in ("s1", None):
            assert refused(room, seat, command) == "chat_none"
    assert refused(room, None, SwitchChat(False)) == "chat_none"
    assert refused(room, "s1", SwitchChat(False)) == "not_host"  # nobody is the arena's host


def test_c3_a_room_opened_to_the_public_takes_set_phrases_only_from_then_on() -> None:
    """The host lists a room in the lobby while friends talk: its pages are told with the
    settings (`room.settings_changed` carries `public`), free text is refused from then."""
    from motamot.service.rooms.commands import SetPublic

    room = boggle("ana", "bob")
    said(room, "s2", Say("on ouvre ?"))
    out = room.handle("s1", SetPublic(True), T0 + 1)
    assert isinstance(out, list) and len(out) == 1
    frame = room.visible(out[0], "s2")
    assert frame is not None
    shown = frame_json(frame)
    assert shown["type"] == "room.settings_changed"
    assert shown["public"] is True
    assert room.view("s2")["chat"]["public"] is True
    assert refused(room, "s2", Say("bienvenue"), T0 + 2) == "chat_phrases_only"
    said(room, "s2", SayPhrase("hello"), T0 + 2)
    assert not isinstance(room.handle("s1", SetPublic(False), T0 + 3), Refusal)
    said(room, "s2", Say("entre nous"), T0 + 4)
