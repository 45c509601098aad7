"""Fair play on the daily grid and in the arena (docs/rules.md, F1-F3): the public lists
rank accounts (an operator may open them), every player still sees their own rank among
all plays, one person has one play in the field (a browser that signs in hands its play
to the account), and a play that found nothing pushes nobody's percentile. The attacks of
issue 35 are played through the real routes; honest players rank as before."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from motamot.service.arena.schedule import ArenaSchedule
from motamot.service.brokers.local import LocalBroadcaster
from motamot.service.daily.commands import AdoptPlay
from motamot.service.ports import ManualClock
from motamot.service.rooms.host import RoomHost
from motamot.service.rooms.outcomes import Ack, Refusal
from motamot.service.stores.memory import MemoryStore
from motamot.text.web import client_catalog
from tests.server.helpers import grid_words
from tests.server.players.helpers import settled, sign_in
from tests.service.arena.helpers import Arena, arena_on
from tests.service.arena.helpers import words_of as arena_words
from tests.service.conftest import KINDS, lexicons, run
from tests.service.daily.helpers import MORNING, SECRET, Day, new_host
from tests.service.daily.test_daily_room import words_of
from tests.web.daily.test_daily_web import Site, site_with


@pytest.fixture
def site() -> Iterator[Site]:
    yield from site_with(SECRET)


def play(site: Site, player: str, words: list[str], pace: float = 2.0) -> None:
    """`player` starts, writes `words` one every `pace` seconds (a person's pace), and is
    done."""
    site.start(player)
    for word in words:
        site.at(site.clock.now() + pace)
        assert site.word(player, word).status_code == 200
    assert site.finish(player).status_code == 200


def test_f1_f3_words_read_by_one_identity_and_pasted_by_another_buy_no_public_place(
    site: Site,
) -> None:
    """Issue 35: identity A starts and is done at once to read every word (`missed`);
    identity B, without an account, writes them: B is not in the public list, and A's
    empty play pushes nobody's percentile. An account's honest play is listed first."""
    site.sign_up("cleo")
    grid = site.start("cleo").json()["view"]["grid"]
    words = grid_words(grid)
    play(site, "cleo", words[-2:])
    site.start("reader")
    missed = site.finish("reader").json()["view"]["result"]["missed"]
    pasted = [m["word"] for m in missed][:12]
    play(site, "paster", pasted)
    view = site.get("nobody")["view"]
    assert [(b["rank"], b["name"]) for b in view["best"]] == [(1, "cleo")]
    assert view["players"] == 2  # the paster and cleo: the empty play is not counted
    paster = site.get("paster")["view"]["result"]
    assert (paster["rank"], paster["players"], paster["top"]) == (1, 2, 50)
    cleo = site.get("cleo")["view"]["result"]
    assert (cleo["rank"], cleo["top"]) == (2, 100)  # her own rank counts every play
    reader = site.get("reader")["view"]["result"]
    assert "rank" not in reader and reader["aside"] == "no_word"
    assert reader["would_rank"] == 3


def test_f2_a_browser_that_signs_in_after_playing_hands_its_play_to_the_account(
    site: Site,
) -> None:
    """Issue 35: an anonymous play, then signing in, gave the same person a second ranked
    play. Now the account adopts the play: one row, and a second start is refused, in
    this browser and in the account's other one."""
    site.sign_up("ana")  # the account, made in another browser
    grid = site.start("phone").json()["view"]["grid"]
    play(site, "phone", grid_words(grid)[:3])
    assert site.get("nobody")["view"]["best"] == []  # anonymous: not listed
    assert sign_in(site.as_("phone"), "Ana").status_code == 303
    site.keep("phone")
    mine = site.get("phone")["view"]
    assert mine["result"]["rank"] == 1 and mine["play"]["over"]
    again = site.start("phone")
    assert again.status_code == 409 and again.json()["refused"] == "daily_played"
    elsewhere = site.start("ana")  # the account's own browser: the same play
    assert elsewhere.status_code == 409 and elsewhere.json()["refused"] == "daily_played"
    view = site.get("nobody")["view"]
    assert view["players"] == 1 and [b["name"] for b in view["best"]] == ["phone"]


def test_f2_an_account_that_has_played_sets_the_browser_s_later_play_aside(
    site: Site,
) -> None:
    site.sign_up("ana")
    grid = site.start("ana").json()["view"]["grid"]
    words = grid_words(grid)
    play(site, "ana", words[-1:])
    play(site, "phone", words[:5])  # the same person, signed out, on their phone
    assert site.get("nobody")["view"]["players"] == 2
    sign_in(site.as_("phone"), "Ana")
    site.keep("phone")
    assert site.get("phone")["view"]["result"]["rank"] == 1  # the account's own play
    view = site.get("nobody")["view"]
    assert view["players"] == 1 and [b["name"] for b in view["best"]] == ["ana"]


def test_f2_a_browser_that_signs_up_after_playing_is_listed(site: Site) -> None:
    grid = site.start("bea").json()["view"]["grid"]
    play(site, "bea", grid_words(grid)[:2])
    assert site.get("nobody")["view"]["best"] == []
    site.sign_up("bea")
    assert site.get("bea")["view"]["result"]["rank"] == 1
    assert [b["name"] for b in site.get("nobody")["view"]["best"]] == ["bea"]


def test_f1_honest_players_rank_as_before_alone_or_a_family_behind_one_address(
    site: Site,
) -> None:
    """A family of four on one address, each with an account, and a player alone: each
    ranked and listed, percentiles as G7 says."""
    family = ("ana", "bob", "cleo", "dan")
    for player in family:
        site.sign_up(player)
    grid = site.start("ana").json()["view"]["grid"]
    words = grid_words(grid)
    for count, player in enumerate(family, start=1):
        play(site, player, words[:count])
    best = site.get("nobody")["view"]["best"]
    ranked = [(b["rank"], b["name"]) for b in best]
    assert ranked == [(1, "dan"), (2, "cleo"), (3, "bob"), (4, "ana")]
    tops = [site.get(p)["view"]["result"]["top"] for p in family]
    assert tops == [100, 75, 50, 25]


def test_f1_the_lone_player_of_a_day_is_first_and_top_100(site: Site) -> None:
    site.sign_up("solo")
    grid = site.start("solo").json()["view"]["grid"]
    play(site, "solo", grid_words(grid)[:4])
    result = site.get("solo")["view"]["result"]
    assert (result["rank"], result["top"], result["players"]) == (1, 100, 1)
    assert [b["name"] for b in site.get("nobody")["view"]["best"]] == ["solo"]


def test_f1_an_open_server_lists_every_play() -> None:
    async def body(day: Day) -> None:
        seat = await day.join("anon")
        await day.start(seat)
        room = await day.room()
        await day.write(seat, words_of(room.view(seat)["grid"])[0])
        await day.finish(seat)
        assert [b["name"] for b in room.view(None)["best"]] == ["anon"]
        assert room.view(None)["settings"]["open_rankings"] is True

    async def main() -> None:
        from motamot.service.daily.schedule import DailyGrids

        clock = ManualClock(MORNING)
        host = new_host(clock)
        await body(Day(host, clock, grids=DailyGrids("classic-fr", open_rankings=True)))
        await host.close()

    run(main)


def test_f2_adoption_is_stored_replayed_and_only_the_system_adopts() -> None:
    async def main() -> None:
        clock = ManualClock(MORNING)
        store = MemoryStore()
        host = new_host(clock, store)
        day = Day(host, clock)
        anon, own = await day.join("browser"), await day.join("account", account=True)
        for seat in (anon, own):
            await day.start(seat)
        room = await day.room()
        await day.write(anon, words_of(room.view(anon)["grid"])[0])
        await day.finish(anon)
        forged = await host.submit(day.room_id, anon, AdoptPlay("account", "browser"))
        assert isinstance(forged, Refusal) and forged.code == "not_host"
        set_aside = await host.submit(day.room_id, None, AdoptPlay("account", "browser"))
        assert isinstance(set_aside, Ack) and room.plays[anon].aside == "second_play"
        assert room.plays[own].aside is None  # the account's own play stands
        again = await host.submit(day.room_id, None, AdoptPlay("account", "browser"))
        assert isinstance(again, Refusal)  # once is enough
        await host.close()
        other = RoomHost(store, LocalBroadcaster(), clock, lexicons, KINDS)
        replayed = await Day(other, clock).room()
        assert replayed.plays[anon].aside == "second_play" and replayed.ranking().players == 0
        solo = await Day(other, clock).join("solo")
        adopted = await other.submit(day.room_id, None, AdoptPlay("someone", "solo"))
        assert isinstance(adopted, Ack)
        replayed = await Day(other, clock).room()
        assert replayed.by_player["someone"] == solo and "solo" not in replayed.by_player
        assert replayed.seats[solo].account and replayed.seats[solo].player == "someone"
        await other.close()

    run(main)


def test_f1_the_arena_lists_accounts_and_each_player_keeps_their_place() -> None:
    async def main(schedule: ArenaSchedule) -> list[tuple[int, str]]:
        n = schedule.number_at(1_700_000_000.0) + 2
        clock = ManualClock(schedule.start(n) - 20)
        host = RoomHost(MemoryStore(), LocalBroadcaster(), clock, lexicons, KINDS)
        arena: Arena = arena_on(host, clock, schedule)
        assert isinstance(await arena.keeper.round_room(schedule.preset, n), str)
        await arena.at(schedule.start(n) + 1)
        anon = await arena.join(n, "anon")
        ana = await arena.join(n, "ana", account=True)
        room = await arena.room(n)
        words = arena_words(room.round.grid.text)  # type: ignore[union-attr]
        for word in words[:3]:
            await arena.write(n, anon, word)
        await arena.write(n, ana, words[-1])
        await arena.at(schedule.deadline(n) + 0.5)
        places = room.results().places
        assert (places[anon].rank, places[ana].rank) == (1, 2)  # own places: everybody
        best = room.view(None)["result"]["best_players"]
        await host.close()
        return [(b["rank"], b["name"]) for b in best]

    schedule = ArenaSchedule("classic-fr", seconds=60, pause=10)
    listed: list[list[tuple[int, str]]] = []

    async def both() -> None:
        listed.append(await main(schedule))
        opened = ArenaSchedule("classic-fr", seconds=60, pause=10, open_rankings=True)
        listed.append(await main(opened))

    run(both)
    assert listed == [[(1, "ana")], [(1, "anon"), (2, "ana")]]


def test_f4_words_pasted_faster_than_people_type_are_hors_classement_even_for_an_account(
    site: Site,
) -> None:
    """Issue 35: the words one identity read, pasted in a blink by an account: the play is
    « hors classement » with the evidence, out of the field and of the public list."""
    site.sign_up("cleo")
    grid = site.start("cleo").json()["view"]["grid"]
    play(site, "cleo", grid_words(grid)[-2:])
    site.start("reader")
    missed = [m["word"] for m in site.finish("reader").json()["view"]["result"]["missed"]]
    site.sign_up("bob")
    play(site, "bob", missed[:25], pace=0.0)  # one instant, as a paste
    bob = site.get("bob")["view"]["result"]
    assert "rank" not in bob and bob["aside"] == "too_fast"
    assert bob["pace"] == {"bound": "burst", "words": 10, "seconds": 0.0}
    assert bob["would_rank"] == 1 and bob["score"] > 0
    view = site.get("nobody")["view"]
    assert view["players"] == 1 and [b["name"] for b in view["best"]] == ["cleo"]
    said = client_catalog("fr")["page"]["daily_aside_too_fast"]  # its page says why
    assert "plus vite qu'on ne tape" in said
    assert "faster than people" in client_catalog("en")["page"]["daily_aside_too_fast"]


def test_f4_an_arena_player_faster_than_people_type_is_out_of_the_field() -> None:
    async def main() -> None:
        schedule = ArenaSchedule("classic-fr", seconds=60, pause=10, open_rankings=True)
        n = schedule.number_at(1_700_000_000.0) + 2
        clock = ManualClock(schedule.start(n) - 20)
        host = RoomHost(MemoryStore(), LocalBroadcaster(), clock, lexicons, KINDS)
        arena = arena_on(host, clock, schedule)
        assert isinstance(await arena.keeper.round_room(schedule.preset, n), str)
        await arena.at(schedule.start(n) + 1)
        bot, ana = await arena.join(n, "script"), await arena.join(n, "ana")
        room = await arena.room(n)
        words = arena_words(room.round.grid.text)  # type: ignore[union-attr]
        for word in words[:12]:  # twelve words at one instant
            await arena.write(n, bot, word)
        await arena.write(n, ana, words[-1])
        await arena.at(schedule.deadline(n) + 0.5)
        results = room.results()
        assert results.players == 1 and results.places[ana].rank == 1
        fast = results.places[bot]
        assert fast.fast is not None and (fast.rank, fast.top) == (1, 50)
        shown = room.view(bot)["result"]
        assert shown["you"]["aside"] == "too_fast" and shown["you"]["pace"]["words"] == 10
        assert [b["name"] for b in shown["best_players"]] == ["ana"]
        await host.close()

    run(main)


def test_f2_a_play_still_running_goes_on_as_the_account_s(site: Site) -> None:
    site.sign_up("ana")
    grid = site.start("phone").json()["view"]["grid"]
    words = grid_words(grid)
    site.at(site.clock.now() + 2)
    assert site.word("phone", words[0]).status_code == 200
    sign_in(site.as_("phone"), "Ana")
    site.keep("phone")
    play = site.get("phone")["view"]["play"]  # the same play, the same clock, its word
    assert not play["over"] and [w["text"] for w in play["words"]] == [words[0]]
    site.at(site.clock.now() + 2)
    assert site.word("phone", words[1]).status_code == 200
    assert site.finish("phone").status_code == 200
    assert site.get("ana")["view"]["result"]["found"] == 2  # the account's, everywhere
    assert [b["words"] for b in site.get("nobody")["view"]["best"]] == [2]


def test_f2_g9_the_adopted_play_is_in_the_account_s_games_and_streak(site: Site) -> None:
    site.sign_up("ana")
    grid = site.start("phone").json()["view"]["grid"]
    play(site, "phone", grid_words(grid)[:2])
    sign_in(site.as_("phone"), "Ana")
    site.keep("phone")
    site.get("phone")  # the grid's page, signed in: the play is handed to the account
    settled(site.client)
    mine = site.as_("ana").get("/mes-parties")  # the account's other browser
    assert mine.status_code == 200 and "La grille du jour" in mine.text
    profile = site.client.get("/joueur/Ana").text
    assert "Grille du jour\u00a0: 1 jour de suite" in profile
