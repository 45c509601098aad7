"""W5 on a Topword table through the real app: a move the referee refuses for a word the
list lacks says the word (the page puts « Contester » beside it), and that word is then
contested from the table; a word of a move played is contested for removal. A spectator
contests nothing, a removal of a word the list lacks is refused, and nothing is kept."""

from __future__ import annotations

from itertools import permutations
from typing import Any

from starlette.testclient import TestClient, WebSocketTestSession

from motamot.lexicon import load_lexicon
from tests.server.helpers import hello, join, send, until
from tests.server.test_contests import browser, contest, groups
from tests.web.topword.test_topword_ws import create_table, play_best, start, view_of


def a_first_move_not_a_word(rack: list[str]) -> tuple[str, str]:
    """A first move over the centre (`5E` across) of three rack tiles the list lacks,
    and that word."""
    lexicon = load_lexicon("fr")
    letters = [label for label in rack if label.isalpha() and len(label) == 1]
    for trio in permutations(letters, 3):
        word = "".join(trio).upper()
        if word not in lexicon:
            return f"5E {word}", word
    raise AssertionError(f"every three tiles of {rack} make a word")


def the_seat_to_play(sockets: dict[str, WebSocketTestSession]) -> str:
    seat: str = view_of(sockets["s1"])["game"]["current"]
    return seat


def test_w5_a_refused_topword_move_names_its_word_and_its_player_contests_it(
    client: TestClient,
) -> None:
    room, ana = create_table(client, seats=["person"])
    bob = join(client, room, "Bob")
    with (
        client.websocket_connect(f"/ws/{room}") as s1,
        client.websocket_connect(f"/ws/{room}") as s2,
    ):
        sockets = {"s1": s1, "s2": s2}
        hello(s1, ana)
        hello(s2, bob)
        start(s1)
        seat = the_seat_to_play(sockets)
        game: dict[str, Any] = view_of(sockets[seat])["game"]
        move, word = a_first_move_not_a_word(game["rack"])
        send(sockets[seat], {"type": "play", "move": move, "id": 7})
        refused = until(sockets[seat], lambda m: m["type"] in ("ack", "refused"))
        assert refused["type"] == "refused", refused
        assert refused["code"] == "not_in_dictionary"
        assert refused["fields"]["detail"] == word  # the word the page contests
        assert word in refused["text"]
    answer = contest(client, room, {"word": word, "reason": "dans l'ODS"})
    assert answer.status_code == 200, answer.text
    assert answer.json() == {"proposed": True, "new": True, "word": word, "dictionary": "fr"}
    (group,) = groups(client)
    assert (group.word, group.added, group.count) == (word, True, 1)


def test_w5_a_word_of_a_move_played_is_contested_for_removal_by_a_seated_player(
    client: TestClient,
) -> None:
    room, ana = create_table(client, seats=["person"])
    bob = join(client, room, "Bob")
    with (
        client.websocket_connect(f"/ws/{room}") as s1,
        client.websocket_connect(f"/ws/{room}") as s2,
    ):
        sockets = {"s1": s1, "s2": s2}
        hello(s1, ana)
        hello(s2, bob)
        start(s1)
        played = None
        for request in range(9, 13):  # a rack with no first word passes: the other plays
            seat = the_seat_to_play(sockets)
            played = play_best(sockets[seat], view_of(sockets[seat])["game"], request)
            if played is not None:
                break
        assert played is not None
        words = [w["word"] for w in played["score"]["words"]]
    assert words
    answer = contest(client, room, {"word": words[0], "remove": True, "reason": "un sigle"})
    assert answer.status_code == 200, answer.text
    (group,) = groups(client)
    assert (group.word, group.added, group.reasons) == (words[0], False, ("un sigle",))
    # a spectator (another browser) contests nothing; the list lacks what is not a word
    watcher = browser(client, "10.0.0.9")
    refused = contest(watcher, room, {"word": words[0], "remove": True})
    assert refused.status_code == 403 and refused.json()["refused"] == "not_seated"
    absent = contest(client, room, {"word": "zzkq", "remove": True})
    assert absent.status_code == 409 and absent.json()["refused"] == "not_in_list"
    assert [g.count for g in groups(client)] == [1]


def test_w5_a_table_that_does_not_exist_is_never_contested(client: TestClient) -> None:
    room, _ = create_table(client, seats=["person"])
    for target in ("nosuchroom12", room[::-1], "zz", "%2E%2E"):
        answer = contest(client, target, {"word": "kip"})
        assert answer.status_code == 404, (target, answer.text)
    assert groups(client) == []
