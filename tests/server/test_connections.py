"""The count of connections per address (issue 26 item 3): a place is taken on admission,
given back once however often a close is reported, and proxies are never capped."""

from __future__ import annotations

import json

from motamot.server.connections import Addresses, refusal


def test_an_address_holds_its_limit_and_gets_its_places_back() -> None:
    addresses = Addresses(limit=2, unlimited=frozenset({"10.0.0.1"}))
    first, second, third = object(), object(), object()
    assert addresses.admit("1.2.3.4", first) and addresses.admit("1.2.3.4", second)
    assert not addresses.admit("1.2.3.4", third)
    assert addresses.admit("5.6.7.8", third)  # another address has its own places
    addresses.release(first)
    addresses.release(first)  # reported twice (the HTTP and websocket sides): once
    assert addresses.held("1.2.3.4") == 1
    assert addresses.admit("1.2.3.4", object())
    assert not addresses.admit("1.2.3.4", object())
    addresses.release(object())  # never admitted: nothing
    assert addresses.held("1.2.3.4") == 2


def test_proxies_unknown_addresses_and_no_limit_are_never_capped() -> None:
    capped = Addresses(limit=1, unlimited=frozenset({"127.0.0.1"}))
    assert all(capped.admit("127.0.0.1", object()) for _ in range(1000))
    assert all(capped.admit(None, object()) for _ in range(1000))  # a unix socket
    uncapped = Addresses(limit=0, unlimited=frozenset())
    assert all(uncapped.admit("1.2.3.4", object()) for _ in range(1000))
    assert capped.held("127.0.0.1") == uncapped.held("1.2.3.4") == 0


def test_a_refusal_is_a_whole_http_answer_with_the_code_and_the_text() -> None:
    answer = refusal(431, "too_many_headers", "fr")
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 431 ") and b"connection: close" in head
    assert f"content-length: {len(body)}".encode() in head
    assert json.loads(body) == {
        "error": "too_many_headers",
        "text": "trop d'en-têtes dans la requête",
    }
    english = json.loads(refusal(429, "too_many_connections", "en").partition(b"\r\n\r\n")[2])
    assert english["text"] == "too many connections from your address: try again in a moment"
