"""Accounts: created from the browser's player (its games come along), signed in on
another device, signed out, password changed, deleted; names unique ignoring case and
accents; sign-in rate limited per address and per name; cross-site posts refused;
expired sessions refused; nothing answers 500."""

from __future__ import annotations

import html

import pytest
from starlette.testclient import TestClient

from motamot.server.players.visitors import IDENTITY_COOKIE, SESSION_COOKIE
from motamot.service.ports import ManualClock
from tests.server.helpers import create, server
from tests.server.players.helpers import (
    PASSWORD,
    post_form,
    rows,
    sign_in,
    sign_up,
    signed_in_as,
    token,
)


def test_an_account_takes_the_browsers_games_along(client: TestClient) -> None:
    client.get("/")
    room, _ = create(client, name="Ana")
    (before,) = rows(client, "SELECT player FROM players_seats")
    answer = sign_up(client, "Ana")
    assert answer.status_code == 303 and answer.headers["location"] == "/compte"
    session = next(h for h in answer.headers.get_list("set-cookie") if SESSION_COOKIE in h)
    assert "HttpOnly" in session and "SameSite=lax" in session
    assert signed_in_as(client) == "Ana"
    stored = rows(client, "SELECT player, name, name_key, password FROM players_players")
    assert [(p, n, k) for p, n, k, _ in stored] == [(before[0], "Ana", "ana")]
    assert stored[0][3].startswith("$argon2id$") and PASSWORD not in stored[0][3]
    assert create(client, name="Ana 2")[0] != room
    players = {p for (p,) in rows(client, "SELECT player FROM players_seats")}
    assert players == {before[0]}


def test_sign_in_elsewhere_sign_out_and_a_wrong_password(clock: ManualClock) -> None:
    with server(clock) as phone:
        sign_up(phone, "Zoé")
        (player,) = rows(phone, "SELECT player FROM players_players WHERE name = 'Zoé'")[0]
        laptop = phone  # a second device: the same app, without the phone's cookies
        laptop.cookies.clear()
        assert signed_in_as(laptop) is None
        wrong = sign_in(laptop, "zoe", "not the password")
        assert wrong.status_code == 401 and "nom ou mot de passe incorrect" in wrong.text
        assert sign_in(laptop, "ZOÉ").status_code == 303  # case and accents do not count
        assert signed_in_as(laptop) == "Zoé"
        room, _ = create(laptop, name="Zoé")
        seat = "SELECT player FROM players_seats WHERE room = ?"
        assert rows(laptop, seat, room[:16]) == [(player,)]
        out = post_form(laptop, "/compte/deconnexion", "/compte")
        assert out.status_code == 303 and signed_in_as(laptop) is None
        room, _ = create(laptop, name="Zoé")
        assert rows(laptop, seat, room[:16]) != [(player,)]


def test_names_collide_ignoring_case_and_accents(client: TestClient) -> None:
    assert sign_up(client, "Ana").status_code == 303
    for name in ("ANA", "Àna", "ana", "ÀNA"):
        client.cookies.clear()
        answer = sign_up(client, name)
        assert answer.status_code == 409, name
        assert "ce nom est déjà pris" in html.unescape(answer.text)
    assert len(rows(client, "SELECT name FROM players_players WHERE name IS NOT NULL")) == 1


def test_name_rules_length_characters_reserved(client: TestClient, clock: ManualClock) -> None:
    refused = {
        "ab": "de 3 à 20 caractères",
        "a" * 21: "de 3 à 20 caractères",
        "a\u202eb c": "caractère invisible",
        "a\u200bna": "caractère invisible",
        "a\x07na": "caractère invisible ou de contrôle",
        "ana<b>": "n'a que des lettres",
        "Admin": "est réservé",
        "MÔTAMOT": "est réservé",
        "   ": "de 3 à 20 caractères",
    }
    for name, reason in refused.items():
        client.cookies.clear()
        clock.advance(60)  # one more try per minute from this address
        answer = sign_up(client, name)
        assert answer.status_code == 400, name
        assert reason in html.unescape(answer.text), (name, answer.text)
    assert rows(client, "SELECT name FROM players_players WHERE name IS NOT NULL") == []
    short = sign_up(client, "Bob", "short")
    assert short.status_code == 400 and "au moins 8 caractères" in short.text
    differ = post_form(client, "/compte/creer", name="Bob", password=PASSWORD, again="other!!!")
    assert differ.status_code == 400 and "les deux mots de passe diffèrent" in differ.text


def test_sign_in_is_rate_limited_per_name(client: TestClient) -> None:
    sign_up(client, "Ana")
    client.cookies.clear()  # a browser Ana never signed in on
    for _ in range(5):
        assert sign_in(client, "Ana", "guess guess").status_code == 401
    blocked = sign_in(client, "Ana")  # even the right password, for a while, from here
    assert blocked.status_code == 429 and "trop d'essais" in html.unescape(blocked.text)
    assert 1 <= int(blocked.headers["retry-after"]) <= 120  # a name's try is back in 2 min
    assert "réessayez dans 2 min" in html.unescape(blocked.text)
    assert signed_in_as(client) is None
    assert sign_in(client, "Bob", "guess guess").status_code == 401  # another name still may


@pytest.mark.usefixtures("quick_passwords")  # 61 tries
def test_sign_in_is_rate_limited_per_address_and_comes_back(
    client: TestClient, clock: ManualClock
) -> None:
    sign_up(client, "Ana")
    client.cookies.clear()
    for number in range(60):  # a school's worth of typos (F11), spread over names
        assert sign_in(client, f"nobody{number}", "guess guess").status_code == 401, number
    blocked = sign_in(client, "someone", "guess guess")
    assert blocked.status_code == 429 and "réessayez dans 12 s" in html.unescape(blocked.text)
    assert sign_in(client, "Ana").status_code == 429
    clock.advance(12)  # a try comes back every 12 s
    assert sign_in(client, "Ana").status_code == 303


def test_account_creation_is_rate_limited_per_name_with_retry_after(
    client: TestClient, clock: ManualClock
) -> None:
    client.get("/")
    for _ in range(5):  # one name tried over and over (too short a password each time)
        assert sign_up(client, "Zoé", "court").status_code == 400
    blocked = sign_up(client, "Zoé")
    assert blocked.status_code == 429 and "trop d'essais" in html.unescape(blocked.text)
    assert 1 <= int(blocked.headers["retry-after"]) <= 120
    assert rows(client, "SELECT name FROM players_players WHERE name IS NOT NULL") == []
    assert sign_up(client, "Bob").status_code == 303  # another name still may
    clock.advance(int(blocked.headers["retry-after"]))
    client.cookies.clear()
    client.get("/")
    assert sign_up(client, "Zoé").status_code == 303  # and the name, once the wait is over


def test_cross_site_form_posts_are_refused(client: TestClient) -> None:
    sign_up(client, "Ana")
    good = token(client, "/compte")
    # no token, a forged one, one from another browser: refused, nothing changed
    for fields in ({}, {"csrf": "x"}, {"csrf": good + "x"}):
        answer = client.post("/compte/confidentialite", data={**fields, "private": "1"})
        assert answer.status_code == 403, fields
        assert "formulaire refusé" in html.unescape(answer.text)
    evil = client.post(
        "/compte/confidentialite",
        data={"csrf": good, "private": "1"},
        headers={"origin": "https://evil.example"},
    )
    assert evil.status_code == 403
    assert rows(client, "SELECT private FROM players_players") == [(0,)]
    ok = client.post("/compte/confidentialite", data={"csrf": good, "private": "1"},
                     follow_redirects=False)  # fmt: skip
    assert ok.status_code == 303 and rows(client, "SELECT private FROM players_players") == [(1,)]


def test_a_token_of_another_browser_or_session_is_refused(clock: ManualClock) -> None:
    with server(clock) as client:
        sign_up(client, "Ana")
        ana = dict(client.cookies)
        ana_token = token(client, "/compte")
        client.cookies.clear()
        sign_up(client, "Bob")
        answer = client.post("/compte/confidentialite", data={"csrf": ana_token, "private": "1"})
        assert answer.status_code == 403
        # Ana's session cookie is Ana's: with it, what changes is Ana's, never Bob's
        client.cookies.clear()
        client.cookies.update(ana)
        assert signed_in_as(client) == "Ana"
        assert rows(client, "SELECT name, private FROM players_players ORDER BY name") == [
            ("Ana", 0),
            ("Bob", 0),
        ]


def test_expired_sessions_are_refused(client: TestClient, clock: ManualClock) -> None:
    sign_up(client, "Ana")
    assert signed_in_as(client) == "Ana"
    clock.advance(29 * 86400)
    assert signed_in_as(client) == "Ana"
    clock.advance(2 * 86400)
    assert signed_in_as(client) is None
    assert rows(client, "SELECT count(*) FROM players_sessions") == [(0,)]
    assert sign_in(client, "Ana").status_code == 303


def test_a_tampered_session_cookie_signs_nobody_in(client: TestClient) -> None:
    sign_up(client, "Ana")
    value = client.cookies[SESSION_COOKIE]
    for forged in (value[:-2] + "xx", "x" * 300, "", value.replace(".", "", 1)):
        client.cookies.clear()
        client.cookies.set(SESSION_COOKIE, forged)
        assert signed_in_as(client) is None, forged


def test_change_password_signs_the_other_devices_out(clock: ManualClock) -> None:
    with server(clock) as client:
        sign_up(client, "Ana")
        first = dict(client.cookies)
        client.cookies.clear()
        sign_in(client, "Ana")
        second = dict(client.cookies)
        wrong = post_form(
            client, "/compte/mot-de-passe", "/compte", current="nope", password="x" * 9
        )
        assert wrong.status_code == 401
        changed = post_form(
            client, "/compte/mot-de-passe", "/compte", current=PASSWORD, password="new password!"
        )
        assert changed.status_code == 303
        assert signed_in_as(client) == "Ana"
        client.cookies.clear()
        client.cookies.update(first)
        assert signed_in_as(client) is None
        client.cookies.update(second)
        assert sign_in(client, "Ana").status_code == 401
        assert sign_in(client, "Ana", "new password!").status_code == 303


def test_deleting_the_account_removes_its_personal_data(client: TestClient) -> None:
    client.get("/")
    room, _ = create(client, name="Ana")
    sign_up(client, "Ana")
    refused = post_form(client, "/compte/supprimer", "/compte", password="not it")
    assert refused.status_code == 401 and signed_in_as(client) == "Ana"
    gone = post_form(client, "/compte/supprimer", "/compte", password=PASSWORD)
    assert gone.status_code == 303 and signed_in_as(client) is None
    assert any(h.startswith(IDENTITY_COOKIE) for h in gone.headers.get_list("set-cookie"))
    stored = rows(
        client, "SELECT name, name_key, password, seat_name, deleted FROM players_players"
    )
    assert stored == [(None, None, None, None, 1)]
    assert rows(client, "SELECT count(*) FROM players_sessions") == [(0,)]
    assert rows(client, "SELECT count(*) FROM players_identities") == [(0,)]
    # the room's seat keeps a name that says nobody
    view = client.get(f"/r/{room}/watch")
    assert view.status_code == 200
    host = client.app.state.rooms.host  # type: ignore[attr-defined]
    seat = client.portal.call(host.read, room[:16], lambda r: r.name_of("s1"))  # type: ignore[union-attr]
    assert seat == "Anonyme 1"
    assert sign_in(client, "Ana").status_code == 401
    assert sign_up(client, "Ana").status_code == 303  # the name is free again
