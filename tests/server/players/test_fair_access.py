"""Issue 35's attacks on the accounts, each a hostile test (docs/rules.md, F10-F14):
nobody locks an owner out of their own browser, an address's budget counts failures
only and holds a school, a refusal says when to come back, and no name passes for
another's (look-alikes, mixed scripts, reserved names in disguise), at a table either."""

from __future__ import annotations

import html
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from motamot.server.players.known import KNOWN_COOKIE
from motamot.server.players.visitors import IDENTITY_COOKIE
from motamot.service.players.names import account_keys
from motamot.service.players.store import PlayerStore
from motamot.service.ports import ManualClock
from tests.server.helpers import create
from tests.server.players.helpers import (
    Browsers,
    post_form,
    rows,
    sign_in,
    sign_up,
    signed_in_as,
)

#: These tests count tries, hundreds of them (`conftest.quick_passwords`).
pytestmark = pytest.mark.usefixtures("quick_passwords")


def sign_out(client: TestClient) -> None:
    assert post_form(client, "/compte/deconnexion", "/compte").status_code == 303


def test_f10_five_wrong_passwords_do_not_lock_the_owner_out_of_their_browser(
    client: TestClient, clock: ManualClock
) -> None:
    browsers = Browsers(client)
    assert sign_up(browsers.be("ana"), "Ana").status_code == 303
    sign_out(client)  # her browser keeps knowing her (F10), not her session
    attacker = browsers.be("attacker")
    for _ in range(5):
        assert sign_in(attacker, "Ana", "guess guess").status_code == 401
    assert sign_in(attacker, "Ana", "guess guess").status_code == 429
    for _ in range(30):  # renewed every minute, half an hour: the owner comes in each time
        clock.advance(60)
        assert sign_in(browsers.be("attacker"), "Ana", "guess guess").status_code in (401, 429)
        ana = browsers.be("ana")
        assert sign_in(ana, "ANA").status_code == 303
        assert signed_in_as(ana) == "Ana"
        sign_out(ana)


def test_f10_the_browser_an_account_was_made_in_is_known_without_the_cookie(
    client: TestClient,
) -> None:
    browsers = Browsers(client)
    sign_up(browsers.be("ana"), "Ana")
    client.cookies.delete(KNOWN_COOKIE)
    client.cookies.delete("motamot_session")  # the identity still is the account's
    assert IDENTITY_COOKIE in client.cookies
    attacker = browsers.be("attacker")
    for _ in range(6):
        sign_in(attacker, "Ana", "guess guess")
    assert sign_in(attacker, "Ana").status_code == 429
    assert sign_in(browsers.be("ana"), "Ana").status_code == 303


def test_f10_a_forged_or_borrowed_known_cookie_is_no_key(client: TestClient) -> None:
    browsers = Browsers(client)
    sign_up(browsers.be("bob"), "Bob")
    bobs = client.cookies[KNOWN_COOKIE]  # Bob's browser knows Bob, not Ana
    sign_up(browsers.be("ana"), "Ana")
    attacker = browsers.be("attacker")
    for forged in (bobs, bobs[:-3] + "abc", "x" * 2000, ""):
        attacker.cookies.set(KNOWN_COOKIE, forged)
        for _ in range(6):
            sign_in(attacker, "Ana", "guess guess")
        assert sign_in(attacker, "Ana").status_code == 429, forged


def test_f10_a_known_browser_has_its_own_budget_for_its_typos(
    client: TestClient, clock: ManualClock
) -> None:
    sign_up(client, "Ana")
    sign_out(client)
    for _ in range(5):
        assert sign_in(client, "Ana", "typo typo").status_code == 401
    blocked = sign_in(client, "Ana")
    assert blocked.status_code == 429
    assert "réessayez dans 1 min" in html.unescape(blocked.text)
    clock.advance(int(blocked.headers["retry-after"]))
    assert sign_in(client, "Ana").status_code == 303


def test_f11_successes_spend_nothing_a_school_signs_up_and_in(
    client: TestClient, clock: ManualClock
) -> None:
    """30 pupils behind one address: each makes an account, signs out, mistypes once and
    signs in on the classroom's other computer (a browser it never used), in a minute."""
    browsers = Browsers(client)
    pupils = [f"Élève {number}" for number in range(30)]
    for pupil in pupils:
        assert sign_up(browsers.be(pupil), pupil).status_code == 303, pupil
    for pupil in pupils:
        other = browsers.be(pupil + " again")
        assert sign_in(other, pupil, "typo typo").status_code == 401
        assert sign_in(other, pupil).status_code == 303, pupil
    family = ["Maman", "Papa", "Léa", "Hugo"]
    for person in family:
        assert sign_up(browsers.be(person), person).status_code == 303
        for _ in range(3):  # signing in and out all day long costs nothing
            sign_out(client)
            assert sign_in(client, person).status_code == 303
    assert len(rows(client, "SELECT name FROM players_players WHERE name IS NOT NULL")) == 34
    room, _ = create(browsers.be("Maman"), name="Maman")  # and the family plays together
    for person in family[1:]:
        answer = browsers.be(person).post(f"/api/rooms/{room}/join", json={"name": person})
        assert answer.status_code == 200, answer.text


def test_f11_one_address_cannot_keep_names_locked_against_their_owners(
    client: TestClient, clock: ManualClock
) -> None:
    browsers = Browsers(client)
    for owner in ("Ana", "Bob"):
        sign_up(browsers.be(owner), owner)
        sign_out(client)
    for minute in range(60):  # one try a minute on each name, an hour long
        clock.advance(60)
        for owner in ("Ana", "Bob"):
            sign_in(browsers.be("script"), owner, "guess guess")
        if minute % 15 == 0:
            for owner in ("Ana", "Bob"):
                assert sign_in(browsers.be(owner), owner).status_code == 303, (minute, owner)
                sign_out(client)


def test_f12_a_refusal_says_when_to_come_back(client: TestClient) -> None:
    client.get("/")
    for _ in range(5):
        assert sign_up(client, "Zoé", "court").status_code == 400
    blocked = sign_up(client, "Zoé")
    assert blocked.status_code == 429 and int(blocked.headers["retry-after"]) == 120
    assert "trop d'essais : réessayez dans 2 min" in html.unescape(blocked.text)
    english = client.post("/compte/creer", data={"name": "Zoé"}, headers={"accept-language": "en"})
    assert english.status_code in (403, 429)  # the token first, or the wait


@pytest.mark.parametrize(
    ("imitation", "reason"),
    [
        ("Fаrmer", "mêle plusieurs écritures (latin, cyrillique)"),  # Cyrillic а
        ("FΑRMER", "mêle plusieurs écritures (latin, grec)"),  # Greek Α
        ("FARMER", "déjà pris"),
        ("Farrner", "déjà pris"),  # rn for m
        ("Fármer", "déjà pris"),
        ("аdmin", "mêle plusieurs écritures"),
        ("ADMlN", "est réservé"),
        ("b0t", "est réservé"),
        ("R00T", "est réservé"),
        ("ВОТ", "est réservé"),  # all Cyrillic: В О Т, as `BOT` looks
    ],
)
def test_f13_a_name_that_imitates_another_is_refused_with_why(
    client: TestClient, imitation: str, reason: str
) -> None:
    browsers = Browsers(client)
    assert sign_up(browsers.be("farmer"), "Farmer").status_code == 303
    answer = sign_up(browsers.be("imitator"), imitation)
    assert answer.status_code in (400, 409), answer.text
    assert reason in html.unescape(answer.text), answer.text
    names = rows(client, "SELECT name FROM players_players WHERE name IS NOT NULL")
    assert names == [("Farmer",)]


def test_f13_a_whole_script_imitation_is_refused_after_its_original(client: TestClient) -> None:
    browsers = Browsers(client)
    assert sign_up(browsers.be("one"), "Happy").status_code == 303
    answer = sign_up(browsers.be("two"), "Нарру")  # Cyrillic: Н а р р у
    assert answer.status_code == 409 and "déjà pris" in html.unescape(answer.text)


def test_f13_accented_french_and_other_single_script_names_still_pass(
    client: TestClient,
) -> None:
    browsers = Browsers(client)
    names = ["Béa", "Zoé", "François", "Anaïs", "Maël", "Chloé", "Noël-Éloi", "Дмитрий",
             "Αλέξης", "田中さん", "김민준", "Ola 2"]  # fmt: skip
    for name in names:
        answer = sign_up(browsers.be(name), name)
        assert answer.status_code == 303, (name, answer.text)
    assert sign_in(browsers.be("Béa again"), "BEA").status_code == 303


def test_f13_accounts_made_before_looks_were_kept_get_theirs(tmp_path: Path) -> None:
    import asyncio

    async def body() -> None:
        url = str(tmp_path / "players.sqlite3")
        store = await PlayerStore.open(url)
        first = await store.player_of_identity("a" * 64, 0.0)
        assert await store.claim(first, "Farmer", account_keys("Farmer"), "hash")
        await store.db.run(lambda tx: tx.execute("UPDATE players_players SET name_look = NULL"))
        await store.close()
        store = await PlayerStore.open(url)  # opening again fills the look in
        looks = await store.db.run(lambda tx: tx.execute("SELECT name_look FROM players_players"))
        assert looks == [("farrner",)]
        second = await store.player_of_identity("b" * 64, 0.0)
        assert not await store.claim(second, "Farrner", account_keys("Farrner"), "hash")
        await store.close()

    asyncio.run(body())


def test_f14_a_seat_name_mixing_scripts_or_imitating_a_seat_is_refused(
    client: TestClient,
) -> None:
    mixed = client.post("/api/rooms", json={"name": "Fаrmer"})
    assert mixed.status_code == 409, mixed.text
    body = mixed.json()
    assert body["refused"] == "bad_name" and "écritures (latin, cyrillique)" in body["text"]
    room, _ = create(client, name="Happy")
    for name in ("Нарру", "HAPPY", "Fаrmer"):
        answer = client.post(f"/api/rooms/{room}/join", json={"name": name})
        assert answer.status_code == 409, (name, answer.text)
    for name in ("Béa", "François", "Дмитрий"):
        answer = client.post(f"/api/rooms/{room}/join", json={"name": name})
        assert answer.status_code == 200, (name, answer.text)
