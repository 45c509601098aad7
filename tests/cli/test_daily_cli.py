"""`motamot boggle daily`: the grid a server with the same secret plays that day (G1),
read from `--secret-file` or the data folder's `server.secret`, checked against the grid
the page plays; bad dates, unknown presets and a missing secret are told, not raised."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from motamot.cli.errors import CliError
from motamot.cli.main import build_parser, main
from motamot.cli.serve_cmd import configured_kinds
from motamot.server.operations import Operations
from motamot.server.serve import build_app
from motamot.service.daily.schedule import DailyGrids
from motamot.service.ports import ManualClock
from motamot.service.server_secret import ServerSecret
from motamot.service.storage import DATA_ENV
from motamot.service.stores.memory import MemoryStore
from motamot.web import default_kinds
from motamot.web.arena import ArenaWeb
from motamot.web.daily import DailyWeb
from tests.service.conftest import lexicons
from tests.service.daily.helpers import DAY, MORNING


def played_grid(secret: ServerSecret, preset: str) -> str:
    """The grid the page's route starts a play on, on DAY, for a server of `secret`."""

    async def opened() -> MemoryStore:
        return MemoryStore()

    app = build_app(opened, ManualClock(MORNING), default_kinds([]), ops=Operations(secret=secret))
    with TestClient(app) as client:
        answer = client.post(f"/api/daily/{preset}/{DAY.isoformat()}/start", json={"name": "Ana"})
        assert answer.status_code == 200, answer.text
        grid: str = answer.json()["view"]["grid"]
        return grid


@pytest.mark.parametrize("preset", ["classic-fr", "big"])
def test_g1_the_cli_prints_the_grid_the_page_plays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], preset: str
) -> None:
    path = tmp_path / "server.secret"
    secret = ServerSecret.load(path)
    code = main(["boggle", "daily", "--date", DAY.isoformat(), "--preset", preset,
                 "--secret-file", str(path)])  # fmt: skip
    printed = capsys.readouterr().out.strip()
    assert code == 0 and printed == played_grid(secret, preset)
    code = main(["boggle", "daily", "--date", "2026-12-02", "--secret-file", str(path), "--json"])
    other = json.loads(capsys.readouterr().out)
    assert other["date"] == "2026-12-02" and other["grid"] != printed


def test_g1_the_cli_reads_the_data_folders_secret_as_the_server_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(DATA_ENV, str(tmp_path))
    assert main(["boggle", "daily", "--date", "2026-12-01"]) == 2
    assert "server.secret" in capsys.readouterr().err  # never made here: nobody's grid
    secret = ServerSecret.load()  # as `motamot serve` makes it on its first start
    assert main(["boggle", "daily", "--date", "2026-12-01"]) == 0
    printed = capsys.readouterr().out.strip()
    assert printed == DailyGrids("classic-fr").grid(secret, DAY, lexicons).text
    assert printed == played_grid(secret, "classic-fr")


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--date", "2026-02-30"], "AAAA-MM-JJ"),
        (["--date", "x" * 5000], "AAAA-MM-JJ"),
        (["--preset", "nope"], "préréglage inconnu"),
    ],
)
def test_g2_the_cli_refuses_bad_dates_and_presets(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], said: str
) -> None:
    path = tmp_path / "server.secret"
    ServerSecret.load(path)
    assert main(["boggle", "daily", "--secret-file", str(path), *args]) == 2
    assert said in capsys.readouterr().err


def test_g1_serve_plays_the_daily_grids_it_is_told() -> None:
    def grids(*args: str) -> list[str]:
        namespace = build_parser("fr", ["serve"]).parse_args(["serve", *args])
        daily = configured_kinds(namespace).get("daily")
        assert isinstance(daily, DailyWeb)
        return list(daily.grids)

    assert grids() == ["classic-fr", "big"]
    assert grids("--daily", "big") == ["big"] and grids("--no-daily") == []
    with pytest.raises(CliError, match="--daily\u00a0: pas de jeu nope"):
        grids("--daily", "nope")
    for args, lists_opened in (((), False), (("--open-rankings",), True)):  # F1
        namespace = build_parser("fr", ["serve"]).parse_args(["serve", *args])
        kinds = configured_kinds(namespace)
        daily, arena = kinds.get("daily"), kinds.get("arena")
        assert isinstance(daily, DailyWeb) and isinstance(arena, ArenaWeb)
        assert [g.open_rankings for g in daily.grids.values()] == [lists_opened] * 2
        assert [s.open_rankings for s in arena.schedules] == [lists_opened]

    async def opened() -> MemoryStore:
        return MemoryStore()

    app = build_app(opened, ManualClock(MORNING), default_kinds([], []))
    with TestClient(app) as client:
        assert client.get("/grille-du-jour").status_code == 404
        assert "daily-home" not in client.get("/").text
        assert client.get(f"/api/daily/classic-fr/{DAY.isoformat()}").status_code == 404
