"""The players' side of the app in tests: its store, read in the app's own event loop."""

from __future__ import annotations

import hashlib
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from starlette.testclient import TestClient

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
#: The account pages' forms: urlencoded posts with a token, not JSON routes.
ACCOUNT_FORMS = (
    "/compte/creer",
    "/compte/connexion",
    "/compte/deconnexion",
    "/compte/mot-de-passe",
    "/compte/confidentialite",
    "/compte/supprimer",
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
    found = re.search(r"(?:Connecté en tant que|Signed in as) (.+?)\.", page.text)
    return None if found is None else found[1]
