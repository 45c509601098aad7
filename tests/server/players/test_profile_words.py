"""What a profile says, as a French player reads it (issue 37): words with their accents
as the rooms write them, Boggle's figures under Boggle's headings and Topword's under
Topword's, a rating (« cote ») whose curve has dates and values, places as feminine
ordinals (« 1re sur 3 », never « 1er »), dates in French; and deleting an account lands
on a page that says it was done."""

from __future__ import annotations

import datetime
import html
import re

import pytest
from starlette.testclient import TestClient

from motamot.server.players.profiles import written
from motamot.service.players import queries
from motamot.service.players.ratings import SCALE, Rating
from motamot.service.players.store import PlayerStore, Profile
from motamot.text.mail import place_text as mail_place
from motamot.text.ordinals import ordinal
from tests.server.players.helpers import PASSWORD, Browsers, post_form, sign_up
from tests.server.players.test_profiles import text_of

#: 2026-12-01, 2026-12-03 and 2026-12-06 at noon UTC.
DAYS = [datetime.datetime(2026, 12, d, 12, tzinfo=datetime.UTC).timestamp() for d in (1, 3, 6)]


def seat(name: str, rank: int, score: int) -> queries.Seat:
    return queries.Seat(f"s{rank}", name, None, None, rank, score)


def made_up(player: str) -> Profile:
    """A profile with a Boggle row and a Topword row, a rating over three games, and two
    games: Béa first of three, then second of two."""
    boggle = queries.VariantFigures(
        "boggle", "classic-fr", games=3, wins=1, best_round=21, rounds=4, words=30,
        best_word="DEGOISEE", best_word_points=11, longest_word="DEGONDEES",
    )  # fmt: skip
    topword = queries.VariantFigures(
        "topword", "classic", games=2, wins=2, best_round=36, moves=20, points=410,
        best_word="ETE", best_word_points=9, longest_word="ELEVE",
    )  # fmt: skip
    mus = [1540, 1490, 1610]
    rating = Rating(1610 / SCALE, 2.0, 3)
    history = tuple((at, mu / SCALE) for at, mu in zip(DAYS, mus, strict=True))
    first = queries.PastGame(
        "room1", 9, "boggle", "classic-fr", DAYS[0], True, seat("Béa", 1, 40),
        [seat("Béa", 1, 40), seat("Bob", 2, 30), seat("Cid", 3, 10)],
    )  # fmt: skip
    second = queries.PastGame(
        "room2", 9, "boggle", "classic-fr", DAYS[2], False, seat("Béa", 2, -12),
        [seat("Ana", 1, 20), seat("Béa", 2, -12)],
    )  # fmt: skip
    ratings = [queries.RatingLine("boggle-4", rating, history)]
    return Profile([boggle, topword], ratings, [second, first])


@pytest.fixture
def bea(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> TestClient:
    async def profile(self: PlayerStore, player: str) -> Profile:
        return made_up(player)

    sign_up(Browsers(client, own_addresses=True).be("Béa"), "Béa")
    monkeypatch.setattr(PlayerStore, "profile", profile)
    return client


def section(page: str, title: str) -> str:
    return page.split(f'id="{title}"', 1)[1].split("</section>", 1)[0]


def test_profile_words_keep_their_accents_as_the_rooms_write_them(bea: TestClient) -> None:
    said = text_of(bea.get("/joueur/Béa").text)
    assert "DÉGOISÉE (11 points)" in said and "DÉGONDÉES" in said
    assert "DEGOISEE" not in said and "DEGONDEES" not in said
    assert "ÉTÉ (9 points)" in said and "ÉLÈVE" in said
    assert written("DEGOISEE", "classic-fr") == "DÉGOISÉE"
    assert written("ZZZZ", "classic-fr") == "ZZZZ"  # no other form: as folded
    assert written("ETE", "classic-en") == "ETE"  # English words: no French accents


def test_boggle_rows_have_boggle_headings_and_topword_rows_topword_ones(bea: TestClient) -> None:
    page = bea.get("/joueur/Béa").text
    rounds = page.split('id="figures-rounds"', 1)[1].split("</table>", 1)[0]
    moves = page.split('id="figures-moves"', 1)[1].split("</table>", 1)[0]
    assert "Meilleure manche" in rounds and "Mots par manche" in rounds
    assert "Meilleur coup" not in rounds and "Points par coup" not in rounds
    assert "Boggle" in rounds and "Topword" not in text_of('<main id="main">' + rounds)
    assert "Meilleur coup" in moves and "Points par coup" in moves
    assert "Meilleure manche" not in moves and "Mots par manche" not in moves
    assert "7,5" in rounds and "20,5" in moves  # means with a French decimal comma
    english = bea.get("/joueur/Béa?lang=en").text
    assert "Best round" in english.split('id="figures-moves"', 1)[0]
    assert "20.5" in english


def test_the_rating_is_a_cote_and_its_curve_has_dates_and_values(bea: TestClient) -> None:
    page = bea.get("/joueur/Béa").text
    ratings = section(page, "ratings-title")
    said = html.unescape(re.sub(r"<[^>]+>", " ", ratings))
    assert "Cotes" in said and "Classement" not in said
    assert "Évolution de la cote" in html.unescape(ratings)
    ticks = [html.unescape(t) for t in re.findall(r'class="tick"[^>]*>([^<]*)<', ratings)]
    assert ticks == ["1610", "1490", "1er\u00a0déc. 2026", "6\u00a0déc. 2026"]
    titles = [html.unescape(t) for t in re.findall(r"<title>([^<]*)</title>", ratings)]
    assert titles == [
        "1er\u00a0déc. 2026\u00a0: 1540",
        "3\u00a0déc. 2026\u00a0: 1490",
        "6\u00a0déc. 2026\u00a0: 1610",
    ]
    english = section(bea.get("/joueur/Béa?lang=en").text, "ratings-title")
    assert "<title>Dec 6, 2026: 1610</title>" in english and ">1490<" in english


def test_places_are_feminine_ordinals_and_dates_are_french(bea: TestClient) -> None:
    games = text_of(bea.get("/joueur/Béa").text).split("Dernières parties", 1)[1]
    assert "1re sur 3" in games and "2e sur 2" in games
    assert "1er sur" not in games and "top" not in games
    assert "1er décembre 2026" in games and "6 décembre 2026" in games
    assert "2026-12" not in games
    assert "\u221212" in games and "-12" not in games  # the minus sign, not a hyphen
    english = text_of(bea.get("/joueur/Béa?lang=en").text)
    assert "1st of 3" in english and "2nd of 2" in english and "December 6, 2026" in english


def test_the_profile_is_titled_for_anybody_with_french_elision(bea: TestClient) -> None:
    page = bea.get("/joueur/Béa").text
    assert "<h1>Profil de <bdi>Béa</bdi></h1>" in page and "Joueur" not in text_of(page)
    assert "<title>Profil de Béa" in page
    sign_up(Browsers(bea, own_addresses=True).be("Anne"), "Anne")
    assert "<h1>Profil d'<bdi>Anne</bdi></h1>" in bea.get("/joueur/Anne").text.replace("&#39;", "'")
    missing = bea.get("/joueur/Hugo-nobody")
    assert missing.status_code == 404 and "Profil d'" in missing.text.replace("&#39;", "'")
    assert "<h1>Player <bdi>Béa</bdi></h1>" in bea.get("/joueur/Béa?lang=en").text


def test_ordinals_never_say_1er_and_english_ones_take_their_endings() -> None:
    assert [ordinal(n, "fr") for n in (1, 2, 3, 11)] == ["1re", "2e", "3e", "11e"]
    assert [ordinal(n, "en") for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st", "111th",
    ]  # fmt: skip
    assert (
        mail_place(1, "fr") == "1re place" and mail_place(2, "fr", tied=True) == "2e place ex aequo"
    )
    assert mail_place(1, "en") == "1st" and mail_place(3, "en", tied=True) == "tied 3rd"


def test_deleting_the_account_lands_on_a_page_that_says_it_was_done(client: TestClient) -> None:
    sign_up(client, "Béa")
    gone = post_form(client, "/compte/supprimer", "/compte", password=PASSWORD)
    assert gone.status_code == 303 and gone.headers["location"] == "/compte/supprime"
    said = text_of(client.get("/compte/supprime").text)
    assert "Compte supprimé" in said and "Votre compte est supprimé" in said
    assert "Créer un compte" in said
    english = text_of(client.get("/compte/supprime?lang=en").text)
    assert "Your account is deleted" in english
    # a page anybody may open: it holds nothing of anybody's, and refuses other methods
    assert client.post("/compte/supprime").status_code == 405
