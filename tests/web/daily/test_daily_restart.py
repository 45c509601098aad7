"""Kill -9 mid-play and start again (G3): a real server process on a SQLite file, a play
started and words written over the daily routes, then SIGKILL, then a new process on the
same file and secret: the same browser finds the same play, its deadline and its words,
and a second play is still refused once it is over."""

from __future__ import annotations

import datetime
import http.cookiejar
import json
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tests.server.helpers import grid_words
from tests.server.live import LiveServer


class Browser:
    """One browser's cookies (its lasting identity) over plain HTTP."""

    def __init__(self, server: LiveServer) -> None:
        self.server = server
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def call(self, path: str, body: dict[str, Any] | None = None) -> tuple[int, dict[str, Any]]:
        data = None if body is None else json.dumps(body).encode()
        headers = {"content-type": "application/json"} if body is not None else {}
        request = urllib.request.Request(self.server.url + path, data=data, headers=headers)
        try:
            with self.opener.open(request, timeout=10) as answer:
                return answer.status, json.loads(answer.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())


@pytest.mark.slow
def test_g3_kill_9_mid_play_then_the_same_play_with_its_deadline_and_words(
    tmp_path: Path,
) -> None:
    secret = tmp_path / "server.secret"
    server = LiveServer(tmp_path / "rooms.sqlite3", args=("--secret-file", str(secret)))
    server.start()
    try:
        api = f"/api/daily/classic-fr/{datetime.datetime.now(datetime.UTC).date().isoformat()}"
        ana = Browser(server)
        status, started = ana.call(api + "/start", {"name": "Ana"})
        assert status == 200, started
        play = started["view"]["play"]
        words = grid_words(started["view"]["grid"])[:2]
        for word in words:
            assert ana.call(api + "/word", {"text": word})[0] == 200
        server.kill()
        server.start()
        status, again = ana.call(api)
        assert status == 200 and again["view"]["grid"] == started["view"]["grid"]
        resumed = again["view"]["play"]
        assert resumed["deadline"] == play["deadline"] and not resumed["over"]
        assert [w["text"] for w in resumed["words"]] == words
        assert ana.call(api + "/finish", {})[0] == 200
        status, second = ana.call(api + "/start", {"name": "Ana"})
        assert status == 409 and second["refused"] == "daily_played"
    finally:
        server.stop()
