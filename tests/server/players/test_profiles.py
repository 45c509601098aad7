"""Profiles, « Mes parties » and the leaderboards, from matches played through the app:
the figures and ratings of the rooms' events, provisional « ? », the history chart, the
last games with their links, private profiles, English on the same routes, and odd
requests answered, never a 500."""

from __future__ import annotations

import html
import re

from starlette.testclient import TestClient

from motamot.service.ports import ManualClock
from tests.server.helpers import create
from tests.server.players.helpers import (
    Browsers,
    post_form,
    rated_boggle_match,
    settled,
    sign_up,
)


def text_of(page: str) -> str:
    """The page's text, tags dropped (what a reader reads)."""
    main = page.split('<main id="main">', 1)[1].split("</main>", 1)[0]
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", main)))


def two_accounts(client: TestClient) -> Browsers:
    browsers = Browsers(client, own_addresses=True)
    for person in ("Ana", "Bob"):
        sign_up(browsers.be(person), person)
    return browsers


def test_r3_a_rated_match_shows_on_both_profiles_with_provisional_ratings(
    client: TestClient,
) -> None:
    browsers = two_accounts(client)
    room = rated_boggle_match(browsers, ["Ana", "Bob"], [3, 1])
    ana = client.get("/joueur/ana")  # any case: the name's key finds the account
    assert ana.status_code == 200
    said = text_of(ana.text)
    assert "Profil d' Ana" in said and "Boggle 4×4" in said  # (tags dropped for a space)
    rating = int(re.search(r"(\d{4})\?", said)[1])  # type: ignore[index]
    assert rating > 1500  # the winner went up, provisional
    assert "Boggle · 4×4 français (classique)" in said
    assert "1re sur 2" in said and "Bob (" in said
    assert f'href="/r/{room}/watch"' in ana.text
    assert "<svg" in ana.text and "polyline" in ana.text
    bob = text_of(client.get("/joueur/Bob").text)
    assert int(re.search(r"(\d{4})\?", bob)[1]) < 1500  # type: ignore[index]
    assert "2e sur 2" in bob
    english = text_of(client.get("/joueur/Ana?lang=en").text)
    assert "Player Ana" in english and "1st of 2" in english and "Last games" in english


def test_r3_r8_ten_rated_games_make_a_rating_no_longer_provisional_and_listed(
    client: TestClient, clock: ManualClock
) -> None:
    browsers = two_accounts(client)
    for _ in range(10):
        board = text_of(client.get("/classements").text)
        assert "Ana" not in board.split("Les plus actifs", 1)[0]  # provisional: not listed
        rated_boggle_match(browsers, ["Ana", "Bob"], [2, 1])
        clock.advance(86400)  # one match a day: R7 rates a pair's first three a day
    said = text_of(client.get("/joueur/Ana").text)
    assert re.search(r"\b\d{4}\b(?!\?)", said.split("Cotes", 1)[1])
    assert "Parties : 10" in said
    assert "10 10" in said  # ten games, ten wins for Ana
    top = text_of(client.get("/classements").text).split("Les plus actifs", 1)[0]
    assert "Ana" in top and "Bob" in top and top.index("Ana") < top.index("Bob")


def test_profiles_figures_best_and_longest_words(client: TestClient) -> None:
    browsers = two_accounts(client)
    rated_boggle_match(browsers, ["Ana", "Bob"], [4, 1])
    page = client.get("/joueur/Ana").text
    figures = page.split('id="figures-title"', 1)[1].split("</table>", 1)[0]
    cells = [html.unescape(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", figures, re.S)]
    games, wins, best_round, best_word, longest, per_round = cells
    assert (games, wins) == ("1", "1") and int(best_round) >= 4
    # words as the rooms write them (accents kept: ÉTÉ), means with a French comma
    assert re.fullmatch(r"[A-ZÀ-Ý/ ]+ \(\d+ points?\)", best_word)
    assert longest.replace(" / ", "").isalpha()
    assert per_round == "4,0"


def test_a_private_profile_shows_nothing_but_to_its_owner(client: TestClient) -> None:
    browsers = two_accounts(client)
    rated_boggle_match(browsers, ["Ana", "Bob"], [2, 1])
    ana = browsers.be("Ana")
    assert post_form(ana, "/compte/confidentialite", "/compte", private="1").status_code == 303
    own = text_of(ana.get("/joueur/Ana").text)
    assert "vous seul le voyez" in own and "Dernières parties" in own
    browsers.be("Bob")
    other = text_of(client.get("/joueur/Ana").text)
    assert "Ce profil est privé." in other and "Dernières parties" not in other
    board = client.get("/classements").text
    assert "Ana" in board and 'href="/joueur/Ana"' not in board  # named, not linked
    assert 'href="/joueur/Bob"' in board
    bob = client.get("/joueur/Bob").text
    assert 'href="/joueur/Ana"' not in bob


def test_the_leaderboards_rank_by_rating_and_by_games(
    client: TestClient, clock: ManualClock
) -> None:
    browsers = two_accounts(client)
    sign_up(browsers.be("Cléo"), "Cléo")
    rated_boggle_match(browsers, ["Ana", "Bob", "Cléo"], [3, 2, 1])
    clock.advance(10 * 86400)
    rated_boggle_match(browsers, ["Bob", "Cléo"], [2, 1])
    board = client.get("/classements")
    assert board.status_code == 200
    top = text_of(board.text).split("Les 100 meilleurs : Boggle 4×4", 1)[1].split("Les plus", 1)[0]
    assert not re.findall(r"\b(Ana|Bob|Cléo)\b", top)  # provisional ratings are not listed (R8)
    week = text_of(board.text).split("Les plus actifs", 1)[1]
    assert "Ana" not in week and "Bob" in week  # Ana has played no game this week
    month = text_of(client.get("/classements?activite=mois").text).split("Les plus actifs", 1)[1]
    assert "Bob 2" in month and "Cléo 2" in month and month.index("Ana 1") > month.index("Bob 2")
    ever = text_of(client.get("/classements?activite=toujours&lang=en").text)
    assert "Most active: all time" in ever


def test_my_games_lists_this_browsers_rooms_with_the_players_link(client: TestClient) -> None:
    assert "Aucune partie" in text_of(client.get("/mes-parties").text)
    room, _ = create(client, name="Ana")
    settled(client)
    page = client.get("/mes-parties").text
    assert f'href="/r/{room}"' in page  # the players' link: the seat can be taken back
    assert "en cours" in text_of(page)
    client.cookies.clear()
    assert f"/r/{room}" not in client.get("/mes-parties").text


def test_the_reading_pages_answer_odd_requests_without_a_500(client: TestClient) -> None:
    sign_up(client, "Ana")
    for name in ("x" * 5000, "%00", "..%2F..", "%E2%80%AE", "Ana%20", "ANA", "%ff", "a/b"):
        answer = client.get(f"/joueur/{name}")
        assert answer.status_code in (200, 404), name
    for query in ("activite=%ff", "activite=" + "x" * 3000, "lang=xx", "activite=mois&activite=x"):
        assert client.get(f"/classements?{query}").status_code == 200
    client.cookies.set("motamot_id", "z" * 43)
    client.cookies.set("motamot_session", "forged.value.here")
    assert client.get("/mes-parties").status_code == 200


def test_t21_a_rated_topword_game_resigned_shows_its_figures_and_links(
    client: TestClient,
) -> None:
    """Ana plays two moves against a computer player, then resigns (T21): her profile
    shows the game lost (a resigner places after whoever played on, whatever the scores),
    her points per move from her moves, and the game's results, replay and analysis."""
    from tests.server.helpers import hello, of_type, send, until
    from tests.web.topword.test_topword_ws import play_best, start, wait_turn

    sign_up(client, "Ana")
    answer = client.post(
        "/api/tables", json={"name": "Ana", "bot_seconds": 0, "seats": ["beginner"], "rated": True}
    )
    assert answer.status_code == 200, answer.text
    room, token = answer.json()["room"], answer.json()["token"]
    with client.websocket_connect(f"/ws/{room}") as socket:
        hello(socket, token)
        start(socket)
    points: list[int] = []
    for request in range(10, 40):  # a rack with no move passes (rare: the seed is drawn)
        with client.websocket_connect(f"/ws/{room}") as socket:
            hello(socket, token)
            game = wait_turn(socket, "s1")
            laid = sum(
                1 for turn in game["turns"] if (turn["seat"], turn["action"]) == ("s2", "play")
            )
            if len(points) == 2 and laid >= 2:  # R5: each side laid two moves, it rates
                break
            if len(points) == 2:  # the computer player has not laid two yet: Ana passes
                send(socket, {"type": "pass", "id": request})
                until(socket, of_type("ack"))
                continue
            played = play_best(socket, game, request)
            if played is not None:
                points.append(played["points"])
    assert len(points) == 2
    with client.websocket_connect(f"/ws/{room}") as socket:
        hello(socket, token)
        wait_turn(socket, "s1")
        send(socket, {"type": "resign", "id": 50})
        assert until(socket, lambda m: m.get("id") == 50)["type"] == "ack"
    settled(client)
    page = client.get("/joueur/Ana").text
    said = text_of(page)
    assert "2e sur 2" in said and "Topword (français)" in said
    figures = page.split('id="figures-title"', 1)[1].split("</table>", 1)[0]
    cells = [html.unescape(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", figures, re.S)]
    games, wins, best_move, _, _, per_move = cells
    assert (games, wins, int(best_move)) == ("1", "0", max(points))
    assert per_move == f"{sum(points) / 2:.1f}".replace(".", ",")
    rating = int(re.search(r"(\d{4})\?", said)[1])  # type: ignore[index]
    assert rating < 1500  # the game was lost: the rating went down
    short = room[:16]
    for link in (f"/r/{short}/watch", f"/r/{short}/replay", f"/r/{short}/analysis"):
        assert f'href="{link}"' in page
        assert client.get(link).status_code == 200
