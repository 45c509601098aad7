"""`motamot serve`'s options of the kinds (issue 33): each kind adds its own (the arena's
`--arena*`, the daily grid's `--daily`), the help shows them in the player's language, and
a value a kind refuses is said as any option's error."""

from __future__ import annotations

import pytest

from motamot.cli.errors import CliError
from motamot.cli.main import build_parser, main
from motamot.cli.serve_cmd import configured_kinds
from motamot.server.kinds import WebKinds
from motamot.web.arena import ArenaWeb

KIND_OPTIONS = (
    "--arena",
    "--no-arena",
    "--arena-seconds",
    "--arena-pause",
    "--daily",
    "--no-daily",
)


def kinds(*options: str, lang: str = "fr") -> WebKinds:
    words = ["--lang", lang, "serve", *options]
    return configured_kinds(build_parser(lang, words).parse_args(words))  # type: ignore[arg-type]


def help_of(lang: str, capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit):
        main(["--lang", lang, "serve", "--help"])
    return capsys.readouterr().out


def test_the_help_shows_every_kind_option_in_its_language(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "400")  # one line per option
    french, english = help_of("fr", capsys), help_of("en", capsys)
    for option in KIND_OPTIONS:
        assert option in french and option in english
    assert "aucune arène" in french and "no arena" in english
    assert "no arena" not in french and "aucune arène" not in english
    assert "Défaut\u00a0: classic-fr, big" in french and "Default: classic-fr, big" in english


def test_the_arena_options_make_its_schedules() -> None:
    arena = kinds("--arena", "big", "--arena", "big", "--arena-seconds", "60").get("arena")
    assert isinstance(arena, ArenaWeb)
    assert [(s.preset, s.seconds, s.pause) for s in arena.schedules] == [("big", 60.0, 35.0)]
    none = kinds("--no-arena").get("arena")
    assert isinstance(none, ArenaWeb) and none.schedules == ()


@pytest.mark.parametrize(
    ("options", "lang", "said"),
    [
        (("--arena", "nope"), "fr", "--arena : pas de jeu nope"),
        (("--arena", "nope"), "en", "--arena: no game nope"),
        (("--arena-pause", "0"), "fr", "--arena-pause : un nombre entier de 1 à"),
        (("--arena-seconds", "99999"), "en", "--arena-seconds: a whole number from"),
        (("--daily", "nope"), "en", "--daily: no game nope"),
    ],
)
def test_a_value_a_kind_refuses_is_an_option_error(
    options: tuple[str, ...], lang: str, said: str
) -> None:
    with pytest.raises(CliError, match=said):
        kinds(*options, lang=lang)
