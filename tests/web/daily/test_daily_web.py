"""The daily grid through the real ASGI app and a manual clock: the page and its routes,
the same grid for every player and request of a day (G1), one play per identity with a
reload that resumes it (G3, G5), past days unranked and future ones refused (G4), ranks
and top percent with ties (G7), the words missed (G8), the share text (G10), and every
hostile request to the new endpoints answered 4xx, never 500, with nothing stored."""

from __future__ import annotations

import datetime
import json
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from motamot.server.operations import Operations
from motamot.server.serve import build_app
from motamot.service.daily.choose import BANDS, CHOSEN_FROM
from motamot.service.daily.schedule import DailyGrids
from motamot.service.ports import ManualClock
from motamot.service.server_secret import ServerSecret
from motamot.service.stores.memory import MemoryStore
from motamot.web import default_kinds
from tests.server.helpers import grid_words
from tests.server.players.helpers import settled, sign_up
from tests.service.conftest import lexicons
from tests.service.daily.helpers import DAY, MORNING, SECRET

TODAY = DAY.isoformat()
API = f"/api/daily/classic-fr/{TODAY}"


class Site:
    """The app, its clock and store; each player's cookies (their identity), by name."""

    def __init__(self, client: TestClient, clock: ManualClock, store: MemoryStore) -> None:
        self.client = client
        self.clock = clock
        self.store = store
        self.jars: dict[str, dict[str, str]] = {}

    def as_(self, player: str) -> TestClient:
        self.client.cookies.clear()
        self.client.cookies.update(self.jars.get(player, {}))
        return self.client

    def keep(self, player: str) -> None:
        self.jars[player] = dict(self.client.cookies)

    def start(self, player: str, api: str = API) -> Any:
        answer = self.as_(player).post(api + "/start", json={"name": player})
        self.keep(player)
        return answer

    def get(self, player: str, api: str = API) -> dict[str, Any]:
        answer = self.as_(player).get(api)
        assert answer.status_code == 200, answer.text
        body: dict[str, Any] = answer.json()
        return body

    def word(self, player: str, text: str, api: str = API) -> Any:
        return self.as_(player).post(api + "/word", json={"text": text})

    def finish(self, player: str, api: str = API) -> Any:
        return self.as_(player).post(api + "/finish", json={})

    def sign_up(self, player: str) -> None:
        """`player`'s browser makes an account named after them (and stays signed in)."""
        answer = sign_up(self.as_(player), player.capitalize())
        assert answer.status_code in (200, 303), answer.text
        self.keep(player)

    def at(self, when: float) -> None:
        self.clock.advance(when - self.clock.now())

    def stored(self) -> int:
        assert self.client.portal is not None
        return len(self.client.portal.call(self.store.rooms))


def site_with(secret: ServerSecret) -> Iterator[Site]:
    store = MemoryStore()

    async def opened() -> MemoryStore:
        return store

    clock = ManualClock(MORNING)
    app = build_app(opened, clock, default_kinds([]), ops=Operations(secret=secret))
    with TestClient(app) as client:
        yield Site(client, clock, store)


def data_of(page: str) -> dict[str, Any]:
    """What a page gives its script (its `data` element)."""
    start = page.index('<script type="application/json" id="data">')
    text = page[page.index(">", start) + 1 : page.index("</script>", start)]
    data: dict[str, Any] = json.loads(text)
    return data


@pytest.fixture
def site() -> Iterator[Site]:
    yield from site_with(SECRET)


def test_g1_every_player_and_request_of_a_day_get_the_same_grid(site: Site) -> None:
    grids = DailyGrids("classic-fr")
    expected = grids.grid(SECRET, DAY, lexicons).text
    seen = set()
    for player in ("ana", "bob", "cleo"):
        answer = site.start(player)
        assert answer.status_code == 200, answer.text
        seen.add(answer.json()["view"]["grid"])
        seen.add(site.get(player)["view"]["grid"])
    assert seen == {expected}
    other_day = f"/api/daily/classic-fr/{(DAY - datetime.timedelta(days=1)).isoformat()}"
    assert site.start("ana", other_day).json()["view"]["grid"] != expected


def test_g1_another_secret_plays_another_grid() -> None:
    other = ServerSecret(bytes(range(100, 132)))
    for site in site_with(other):
        grid = site.start("ana").json()["view"]["grid"]
        assert grid == DailyGrids("classic-fr").grid(other, DAY, lexicons).text
        assert grid != DailyGrids("classic-fr").grid(SECRET, DAY, lexicons).text


def test_g1_the_page_links_from_home_and_speaks_both_languages(site: Site) -> None:
    home = site.client.get("/")
    assert 'href="/grille-du-jour"' in home.text and "La grille du jour" in home.text
    page = site.client.get("/grille-du-jour")
    assert page.status_code == 200
    assert data_of(page.text)["day"] == "2026-12-01" and data_of(page.text)["today"] is True
    big = site.client.get("/grille-du-jour?jeu=big")
    assert big.status_code == 200 and data_of(big.text)["preset"] == "big"
    assert (
        data_of(big.text)["heading"] == "La grille 5×5 du jour"
        and "<title>La grille 5×5" in big.text
    )
    past = site.client.get("/grille-du-jour/2026-11-28")
    assert past.status_code == 200 and data_of(past.text)["today"] is False
    assert "La grille du 28 novembre" in past.text
    assert 'href="/grille-du-jour/2026-11-27"' in past.text  # the day before it
    assert 'href="/grille-du-jour"' in past.text  # and today's
    english = site.client.get("/grille-du-jour?lang=en")
    assert "The daily grid" in english.text and 'lang="en"' in english.text


def test_g3_g5_a_reload_resumes_the_play_and_a_second_play_is_refused(site: Site) -> None:
    first = site.start("ana").json()
    play = first["view"]["play"]
    assert play["deadline"] == MORNING + 180 and not play["over"]
    word = grid_words(first["view"]["grid"])[0]
    verdict = site.word("ana", word).json()["word"]
    assert verdict["feedback"] == "accepted" and verdict["points"] > 0
    site.at(MORNING + 70)
    again = site.get("ana")["view"]  # a reload
    assert again["play"]["deadline"] == MORNING + 180
    assert [w["text"] for w in again["play"]["words"]] == [word]
    resumed = site.start("ana")  # the start button again: the same play goes on
    assert resumed.status_code == 200 and resumed.json()["view"]["play"]["start"] == MORNING
    site.at(MORNING + 181)
    over = site.get("ana")
    assert over["view"]["play"]["over"] and over["view"]["result"]["rank"] == 1
    second = site.start("ana")
    assert second.status_code == 409 and second.json()["refused"] == "daily_played"
    assert "une seule partie par jour" in second.json()["text"]
    late = site.word("ana", grid_words(first["view"]["grid"])[1])
    assert late.status_code == 409 and late.json()["refused"] == "after_deadline"


def test_g4_a_past_day_is_unranked_and_a_future_day_is_a_404(site: Site) -> None:
    past = "/api/daily/classic-fr/2026-11-28"
    answer = site.start("ana", past).json()
    assert answer["view"]["play"]["ranked"] is False
    done = site.finish("ana", past).json()
    assert "top" not in done["view"]["result"] and "top" not in done["share"]
    for future in ("2026-12-02", "2999-01-01"):
        url = f"/api/daily/classic-fr/{future}"
        for response in (
            site.client.get(url),
            site.client.post(url + "/start", json={"name": "x"}),
        ):
            assert response.status_code == 404 and response.json()["refused"] == "daily_future"
        assert site.client.get(f"/grille-du-jour/{future}").status_code == 404


def test_g7_g10_ranks_with_ties_top_percent_and_the_share_text(site: Site) -> None:
    for player in ("ana", "bob", "cleo"):
        site.sign_up(player)
    grid = site.start("ana").json()["view"]["grid"]
    words = grid_words(grid)
    for player, count in (("ana", 2), ("bob", 2), ("cleo", 1)):
        site.start(player)
        for word in words[:count]:
            site.word(player, word)
        site.finish(player)
    results = {p: site.get(p)["view"]["result"] for p in ("ana", "bob", "cleo")}
    assert [results[p]["rank"] for p in ("ana", "bob", "cleo")] == [1, 1, 3]
    assert [results[p]["top"] for p in ("ana", "bob", "cleo")] == [34, 34, 100]
    share = site.get("cleo")["share"]
    score = results["cleo"]["score"]
    pts = "pts" if score >= 2 else "pt"
    assert share.startswith(
        f"motamot · grille du 1er décembre · {score} {pts} · 1 mot · top 100\u00a0%\n"
    )
    assert share.endswith("/grille-du-jour/2026-12-01")
    first = site.get("ana")["share"].split("\n")[0]  # the first of three: no « top 34 % »
    assert first.endswith("· 1re place sur 3") and "top" not in first
    assert not any(word.upper() in share.upper() for word in words)  # no spoiler
    english = site.as_("cleo").get(API + "?lang=en").json()["share"]
    assert english.startswith(f"motamot · grid of December 1 · {score} {pts} · 1 word · top 100%")
    best = site.get("nobody")["view"]["best"]
    assert [b["rank"] for b in best] == [1, 1, 3] and "result" not in site.get("nobody")["view"]


def test_g14_g15_the_share_text_pictures_the_words_found_by_length(site: Site) -> None:
    grid = site.start("ana").json()["view"]["grid"]
    words = grid_words(grid)
    for word in words[:4]:
        site.word("ana", word)
    state = site.finish("ana").json()
    result = state["view"]["result"]
    assert {w["word"] for w in result["found_words"]} == set(words[:4])  # G15
    lines = state["share"].split("\n")
    rows = [(b["letters"], b["longer"], b["found"], b["all"]) for b in result["lengths"]]
    assert len(lines) == len(rows) + 2 and rows
    for line, (letters, longer, found, held) in zip(lines[1:-1], rows, strict=True):
        label, squares, counts = line.split(" ")
        assert label == f"{letters}{'+' if longer else ''}" and counts == f"{found}/{held}"
        assert len(squares) == 5 and set(squares) <= {"\U0001f7e9", "\u2b1c"}
        assert (squares.count("\U0001f7e9") == 5) == (found == held)
    letters = set(grid.replace("/", "").upper()) - set("0123456789")
    assert not letters & set("".join(lines[1:-1]).upper())  # the picture: no letter at all


def test_g8_the_words_missed_are_the_grid_minus_those_found(site: Site) -> None:
    grid = site.start("ana").json()["view"]["grid"]
    words = grid_words(grid)
    for word in words[:2]:
        site.word("ana", word)
    result = site.finish("ana").json()["view"]["result"]
    assert {m["word"] for m in result["missed"]} == set(words) - set(words[:2])


HOSTILE_DAYS = [
    "2026-02-30", "2026-12-1", "26-12-01", "aujourdhui", "x" * 5000, "2026-12-01%00",
    "..%2F..%2Fetc", "2026-13-01", "-0001-01-01", "2019-12-31",
]  # fmt: skip


@pytest.mark.parametrize("day", HOSTILE_DAYS)
def test_g2_malformed_or_old_dates_are_refused_never_a_500(site: Site, day: str) -> None:
    url = f"/api/daily/classic-fr/{day}"
    assert 400 <= site.client.get(url).status_code < 500
    for path in ("/start", "/word", "/finish"):
        response = site.client.post(url + path, json={})
        assert 400 <= response.status_code < 500, (day, path, response.status_code)
    assert 400 <= site.client.get(f"/grille-du-jour/{day}").status_code < 500
    assert site.stored() == 0


def test_g2_unknown_presets_wrong_bodies_and_huge_strings_are_4xx(site: Site) -> None:
    for preset in ("nope", "classic-en", "x" * 3000, "%00"):
        assert site.client.get(f"/api/daily/{preset}/{TODAY}").status_code == 404
        assert (
            site.client.post(f"/api/daily/{preset}/{TODAY}/start", json={"name": "a"}).status_code
            == 404
        )
        assert site.client.get(f"/grille-du-jour?jeu={preset}").status_code == 404
    bodies: list[dict[str, Any]] = [
        {"content": b"name=ana", "headers": {"content-type": "application/x-www-form-urlencoded"}},
        {"content": b"{not json", "headers": {"content-type": "application/json"}},
        {"json": {"name": ""}},
        {"json": {"name": "x" * 100_000}},
        {"json": {"name": 12}},
        {"json": {"name": "ana", "extra": 1}},
        {"json": ["ana"]},
        {"json": {"name": "a\u0000b"}},
        {"json": {"name": "a,b"}},
    ]
    for body in bodies:
        answer = site.client.post(API + "/start", **body)
        assert 400 <= answer.status_code < 500, (body, answer.status_code)
    assert site.stored() == 0
    site.start("ana")
    words: list[dict[str, Any]] = [
        {"json": {"text": "x" * 100_000}}, {"json": {"text": None}}, {"json": {}},
        {"content": b"text", "headers": {"content-type": "text/plain"}},
        {"json": {"text": "\u0000" * 10}}, {"json": {"text": "   "}},
    ]  # fmt: skip
    for body in words:
        answer = site.as_("ana").post(API + "/word", **body)
        assert 400 <= answer.status_code < 500, (body, answer.status_code)
    assert site.finish("ana").status_code == 200
    stranger = site.as_("stranger").post(API + "/word", json={"text": "maison"})
    assert stranger.status_code == 409 and stranger.json()["refused"] == "daily_not_started"
    assert site.as_("stranger").post(API + "/finish", json={}).status_code == 409


def test_g9_a_ranked_play_is_listed_in_my_games_and_its_room_page_leads_to_the_grid(
    site: Site,
) -> None:
    room = site.start("ana").json()["view"]["room"]
    site.finish("ana")
    settled(site.client)
    mine = site.as_("ana").get("/mes-parties")
    assert mine.status_code == 200 and "La grille du jour" in mine.text
    watch = site.client.get(f"/r/{room}/watch")
    assert watch.status_code == 200 and 'href="/grille-du-jour"' in watch.text


def test_g6_a_flood_of_words_is_refused_a_burst_is_fine(site: Site) -> None:
    grid = site.start("ana").json()["view"]["grid"]
    words = grid_words(grid)
    codes = [site.word("ana", f"{words[n % len(words)]}{'x' * (n // len(words))}").status_code
             for n in range(60)]  # fmt: skip
    assert all(c in (200, 409, 429) for c in codes) and 429 not in codes[:30]  # a burst
    assert 429 in codes  # the clock stands still: past the credits, too fast
    assert site.word("ana", "maison").json()["refused"] == "daily_too_fast"
    site.at(MORNING + 2)  # two seconds later, credits again
    assert site.word("ana", "zzzz").status_code in (200, 409)


def test_a_word_sent_again_with_its_key_is_written_once_and_a_hostile_key_refused(
    site: Site,
) -> None:
    """Issue 34: the page sends a word again (its answer lost) with the same key: the
    second answer has no `word` (written already) and the play holds it once; a key that
    is not 1-64 of [A-Za-z0-9_-] is a 400 that stores nothing."""
    first = site.start("ana").json()
    word = grid_words(first["view"]["grid"])[0]
    body = {"text": word, "key": "daily-1"}
    sent = site.as_("ana").post(API + "/word", json=body)
    assert sent.status_code == 200 and sent.json()["word"]["feedback"] == "accepted"
    again = site.as_("ana").post(API + "/word", json=body)
    assert again.status_code == 200 and again.json() == {"word": None}
    assert [w["text"] for w in site.get("ana")["view"]["play"]["words"]] == [word]
    for key in ("", "k" * 65, "a b", "clé", 7):
        hostile = site.as_("ana").post(API + "/word", json={"text": "rat", "key": key})
        assert hostile.status_code == 400 and hostile.json()["error"] == "malformed"
    assert len(site.get("ana")["view"]["play"]["words"]) == 1


def test_g11_g13_the_route_plays_the_chosen_grid_from_the_chooser_s_first_day(site: Site) -> None:
    grids = DailyGrids("classic-fr")
    for offset in (-1, 0, 6):  # the day before the chooser, its first day, a Sunday
        day = CHOSEN_FROM + datetime.timedelta(days=offset)
        site.at(datetime.datetime.combine(day, datetime.time(10), datetime.UTC).timestamp())
        api = f"/api/daily/classic-fr/{day.isoformat()}"
        grid = site.start("ana", api).json()["view"]["grid"]
        assert grid == grids.grid(SECRET, day, lexicons).text
        result = site.finish("ana", api).json()["view"]["result"]
        assert result["seed"] == str(grids.grid_seed(SECRET, day, lexicons))
        if offset < 0:  # G13: the raw roll of the day's seed, as before
            assert result["seed"] == str(grids.seed(SECRET, day))
        else:  # G11, G12: in the weekday's band
            assert BANDS["classic-fr"].week[day.weekday()].holds(result["grid_words"])
