"""`motamot serve --smtp`: the mail options read into the operator's choices, and each
wrong or missing one refused with what to do, never showing the SMTP password."""

from __future__ import annotations

import pytest

from motamot.cli.errors import CliError
from motamot.cli.main import build_parser
from motamot.cli.serve_cmd import _operations
from motamot.service.mail.smtp import SmtpServer

PASSWORD = "s3cr3t-pw"


def operations(*options: str, lang: str = "fr") -> object:
    words = ["--lang", lang, "serve", *options]
    return _operations(build_parser(words=words).parse_args(words))


def test_without_smtp_there_is_no_mail() -> None:
    assert operations().mail is None  # type: ignore[attr-defined]


def test_the_mail_options_make_the_mailing() -> None:
    ops = operations(
        "--smtp", f"smtp://ana:{PASSWORD}@smtp.jeu.exemple:587?starttls=1",
        "--mail-from", "motamot@jeu.exemple",
        "--public-url", "https://Jeu.Exemple/",
        "--mail-per-day", "5",
    )  # fmt: skip
    mail = ops.mail  # type: ignore[attr-defined]
    assert mail.smtp == SmtpServer("smtp.jeu.exemple", 587, "starttls", "ana", PASSWORD)
    assert (mail.sender, mail.site, mail.per_day) == (
        "motamot@jeu.exemple",
        "https://jeu.exemple",
        5,
    )
    from_origin = operations(
        "--smtp", "smtps://mail.jeu.exemple", "--mail-from", "m@jeu.exemple",
        "--origin", "https://jeu.exemple",
    )  # fmt: skip
    assert from_origin.mail.site == "https://jeu.exemple"  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (["--smtp", f"http://ana:{PASSWORD}@host"], "--smtp : smtp://"),
        (["--smtp", f"smtp://ana:{PASSWORD}@host/x", "--mail-from", "m@a.fr"], "--smtp"),
        (["--smtp", "smtp://host", "--public-url", "https://a.fr"], "--mail-from"),
        (["--smtp", "smtp://host", "--mail-from", "m@a.fr"], "--public-url"),
        (["--smtp", "smtp://host", "--mail-from", "m@a\r\n.fr", "--public-url", "https://a.fr"],
         "--mail-from : une adresse"),
        (["--smtp", "smtp://host", "--mail-from", "m@a.fr", "--public-url", "https://a.fr/x"],
         "--public-url : une adresse"),
        (["--smtp", "smtp://host", "--mail-from", "m@a.fr", "--public-url", "https://a.fr",
          "--mail-per-day", "0"], "--mail-per-day"),
    ],
)  # fmt: skip
def test_a_wrong_or_missing_mail_option_is_refused_without_the_password(
    options: list[str], said: str
) -> None:
    with pytest.raises(CliError) as refused:
        operations(*options)
    assert said in str(refused.value) and PASSWORD not in str(refused.value)


def test_the_refusals_are_in_english_too() -> None:
    with pytest.raises(CliError) as refused:
        operations("--smtp", "smtp://host", lang="en")
    assert "--smtp also needs --mail-from" in str(refused.value)
