"""The players' side of the app in tests: its store, read in the app's own event loop."""

from __future__ import annotations

import hashlib
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar, cast

from starlette.testclient import TestClient, _TestClientTransport

from motamot.service.players.store import PlayerStore

T = TypeVar("T")


def players_store(client: TestClient) -> PlayerStore:
    store: PlayerStore = client.app.state.players.store  # type: ignore[attr-defined]
    return store


def call(client: TestClient, work: Callable[..., Awaitable[T]], *args: Any) -> T:
    """`await work(*args)` in the app's event loop (where its store lives)."""
    assert client.portal is not None
    return client.portal.call(work, *args)


def rows(client: TestClient, sql: str, *params: Any) -> list[tuple[Any, ...]]:
    """What a query of the players' tables gives."""
    store = players_store(client)
    return call(client, store.db.run, lambda tx: tx.execute(sql, params))


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


PASSWORD = "correct horse battery"
#: The account pages' forms: urlencoded posts with a token, not JSON routes; with them
#: the mail's (`server.players.mail`: 404 without --smtp), the one-click unsubscribe
#: post a mail provider sends (its token is in its address, not in a form), and the
#: operators' page (403 for anybody else).
ACCOUNT_FORMS = (
    "/compte/creer",
    "/compte/connexion",
    "/compte/deconnexion",
    "/compte/mot-de-passe",
    "/compte/confidentialite",
    "/compte/supprimer",
    "/compte/e-mail",
    "/compte/e-mail/retirer",
    "/e-mail/desabonner",
    "/moderation",
    "/moderation/mots",
)


def token(client: TestClient, path: str = "/compte/creer") -> str:
    """The form token of a page of this browser."""
    import re

    page = client.get(path)
    assert page.status_code == 200, page.text
    found = re.search(r'name="csrf" value="([^"]+)"', page.text)
    assert found is not None, page.text
    return found[1]


def post_form(client: TestClient, path: str, page: str | None = None, **fields: str) -> Any:
    """Post a form as its page does (with the page's token), without following redirects."""
    data = {"csrf": token(client, page or path), **fields}
    return client.post(path, data=data, follow_redirects=False)


def sign_up(client: TestClient, name: str, password: str = PASSWORD) -> Any:
    return post_form(client, "/compte/creer", name=name, password=password, again=password)


def sign_in(client: TestClient, name: str, password: str = PASSWORD) -> Any:
    return post_form(client, "/compte/connexion", name=name, password=password)


def signed_in_as(client: TestClient) -> str | None:
    """The account the browser is signed in to (None: nobody)."""
    import re

    page = client.get("/compte", follow_redirects=False)
    if page.status_code != 200:
        return None
    found = re.search(r"(?:Connecté en tant que|Signed in as) <bdi>(.+?)</bdi>\.", page.text)
    return None if found is None else found[1]


def settled(client: TestClient) -> None:
    """Wait until the projections hold everything the rooms stored so far."""
    projector = client.app.state.players.projector  # type: ignore[attr-defined]
    call(client, projector.settle)


class Browsers:
    """Several people's browsers on one test client: each one's cookies, switched in turn;
    all behind the client's one address, or each behind its own with `own_addresses`
    (people in different homes: they rate each other, docs/rules.md R6)."""

    def __init__(self, client: TestClient, own_addresses: bool = False) -> None:
        self.client = client
        self.jars: dict[str, list[Any]] = {}
        self.addresses: dict[str, str] | None = {} if own_addresses else None

    def be(self, person: str) -> TestClient:
        """The client as `person`'s browser (a new one the first time): its cookies kept
        whole (domain and path too, so that a cookie set again replaces its own)."""
        current = getattr(self, "current", None)
        if current is not None:
            self.jars[current] = list(self.client.cookies.jar)
        self.client.cookies.clear()
        for cookie in self.jars.get(person, []):
            self.client.cookies.jar.set_cookie(cookie)
        self.current = person
        if self.addresses is not None:
            transport = cast(_TestClientTransport, self.client._transport)
            transport.client = (self.address_of(person), 50000)
        return self.client

    def address_of(self, person: str) -> str:
        """The address `person`'s browser is behind (`own_addresses`: one each)."""
        if self.addresses is None:
            return "testclient"
        return self.addresses.setdefault(person, f"198.51.100.{len(self.addresses) + 1}")


def rated_boggle_match(
    browsers: Browsers, people: list[str], words_each: list[int], rounds: int = 1
) -> str:
    """The people (signed in already) play a rated Boggle match: the first creates the
    room, the others join; each writes `words_each` words of the grid (no two the same);
    the host stops each round. The room's id."""
    from tests.server.helpers import create, grid_words, hello, join, of_type, send, until

    client = browsers.be(people[0])
    room, first = create(client, name=people[0], rated=True, rounds=rounds, duration=600)
    tokens = [first]
    for person in people[1:]:
        tokens.append(join(browsers.be(person), room, person))
    sockets = [client.websocket_connect(f"/ws/{room}") for _ in people]
    opened = [socket.__enter__() for socket in sockets]
    try:
        for socket, seat_token in zip(opened, tokens, strict=True):
            hello(socket, seat_token)
        for number in range(rounds):
            send(opened[0], {"type": "start", "id": 100 + number})
            ack = until(opened[0], of_type("ack"))
            grid = next(e for e in ack["events"] if e["type"] == "boggle.round_started")["grid"]
            words = sorted(grid_words(grid), key=len)
            start = 0
            for socket, count in zip(opened, words_each, strict=True):
                for offset, word in enumerate(words[start : start + count]):
                    send(socket, {"type": "word", "text": word, "id": 1 + offset})
                    until(socket, of_type("ack"))
                start += count
            send(opened[0], {"type": "stop", "id": 200 + number})
            until(opened[0], of_type("ack"))
    finally:
        for socket in sockets:
            socket.__exit__(None, None, None)
    settled(client)
    return room[:16]
