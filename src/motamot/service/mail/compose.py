"""A row of the outbox made into the mail the SMTP server is handed.

Headers are built by Python's `email` package under the SMTP policy, which refuses any
header value holding a CR or an LF; before that, every text that comes from players
(seat names in a subject) has its control, format and separator characters turned into
blanks and is cut short, so a name can neither end a header nor start another one.
Every mail carries the `List-Unsubscribe` header (with RFC 8058's one-click POST) and the
same link in its text.
"""

from __future__ import annotations

import unicodedata
from datetime import UTC, datetime
from email.headerregistry import Address
from email.message import EmailMessage
from email.policy import SMTP
from email.utils import format_datetime, make_msgid
from typing import Any

from motamot.service.mail.outbox import Outgoing
from motamot.service.mail.settings import Mailing
from motamot.service.mail.tokens import MailTokens
from motamot.text.i18n import Language
from motamot.text.mail import game_name, mail_text, names_text, place_text

#: Longest subject written (characters): a long list of names is cut.
MAX_SUBJECT = 150
_UNSEEN = frozenset({"Cc", "Cf", "Cn", "Co", "Cs", "Zl", "Zp"})


def one_line(text: str, limit: int = MAX_SUBJECT) -> str:
    """`text` as one header's line: controls and separators as blanks, blanks collapsed,
    at most `limit` characters."""
    shown = "".join(" " if unicodedata.category(char) in _UNSEEN else char for char in text)
    shown = " ".join(shown.split())
    return shown if len(shown) <= limit else shown[: limit - 1] + "…"


def _names(data: dict[str, Any], key: str) -> list[str]:
    value = data.get(key, [])
    return [one_line(str(name), 60) for name in value] if isinstance(value, list) else []


def compose(
    out: Outgoing,
    to: str,
    lang: Language,
    mailing: Mailing,
    tokens: MailTokens,
    now: float,
) -> EmailMessage:
    """The mail for `out`, to the address `to`, in `lang`."""
    unsubscribe = f"{mailing.site}/e-mail/desabonner?t={tokens.unsubscribe(out.player, to)}"
    subject, paragraphs = _content(out, lang, mailing, tokens, to)
    paragraphs.append(mail_text("unsubscribe", lang, link=unsubscribe))
    message = EmailMessage(policy=SMTP)
    message["From"] = Address("motamot", addr_spec=mailing.sender)
    message["To"] = Address(addr_spec=to)
    message["Subject"] = one_line(subject)
    message["Date"] = format_datetime(datetime.fromtimestamp(now, UTC))
    message["Message-ID"] = make_msgid("motamot", mailing.sender.rpartition("@")[2])
    message["List-Unsubscribe"] = f"<{unsubscribe}>"
    message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    message["Auto-Submitted"] = "auto-generated"
    message.set_content("\n\n".join(paragraphs) + "\n", charset="utf-8")
    return message


def _content(
    out: Outgoing, lang: Language, mailing: Mailing, tokens: MailTokens, to: str
) -> tuple[str, list[str]]:
    """The subject and the paragraphs before the unsubscribe line."""
    data, site = out.data, mailing.site
    if out.what == "confirm":
        link = f"{site}/e-mail/confirmer?t={tokens.confirm(out.player, to, out.seq)}"
        hours = round(mailing.confirm_seconds / 3600)
        return mail_text("confirm.subject", lang), [
            mail_text("hello_nobody", lang),
            mail_text("confirm.body", lang, site=site),
            mail_text("confirm.link", lang, hours=hours, link=link),
            mail_text("confirm.why", lang),
        ]
    name = one_line(str(data.get("name", "")), 60)
    hello = mail_text("hello", lang, name=name) if name else mail_text("hello_nobody", lang)
    if out.what in ("paired", "digest"):
        return _tournament_or_digest(out, lang, site, hello)
    game = game_name(str(data.get("kind", "")), lang)
    others = names_text(_names(data, "others"), lang)
    link = f"{site}{data.get('link', '/')}"
    fields = {"game": game, "others": others}
    if out.what == "turn":
        return mail_text("turn.subject", lang, **fields), [
            hello,
            mail_text("turn.body", lang, **fields),
            mail_text("turn.link", lang, link=link),
            mail_text("turn.why", lang, site=site),
        ]
    places = sorted(data.get("places", []), key=lambda place: (place[2], place[0]))
    lines = [
        mail_text("ended.line", lang, place=rank, name=one_line(str(who), 60), score=score)
        for who, score, rank in places
    ]
    rank, score = int(data.get("rank", 0)), int(data.get("score", 0))
    tied = sum(1 for _, _, other in places if other == rank) > 1
    subject = "ended.subject.tied" if tied and rank == 1 else "ended.subject"
    if rank == 1 and not tied:
        subject = "ended.subject.won"
    result = mail_text(
        "ended.result", lang, place=place_text(rank, lang, tied), count=len(places), score=score
    )
    return mail_text(subject, lang, **fields), [
        hello,
        mail_text("ended.body", lang, **fields),
        result,
        "\n".join(lines),
        mail_text("ended.link", lang, link=link),
        mail_text("ended.why", lang, site=site),
    ]


def _tournament_or_digest(
    out: Outgoing, lang: Language, site: str, hello: str
) -> tuple[str, list[str]]:
    """A tournament's table opened (K10), or the day's digest of games to play."""
    data = out.data
    if out.what == "paired":
        fields = {"round": int(data.get("round", 0)),
                  "tournament": one_line(str(data.get("tournament", "")), 60)}  # fmt: skip
        return mail_text("paired.subject", lang, **fields), [
            hello,
            mail_text("paired.body", lang, **fields),
            mail_text("paired.table", lang, link=f"{site}{data.get('table', '/')}"),
            mail_text("paired.link", lang, link=f"{site}{data.get('link', '/')}"),
            mail_text("paired.why", lang, site=site),
        ]
    games = [game for game in data.get("games", []) if isinstance(game, dict)]
    lines = []
    for game in games:
        name = game_name(str(game.get("kind", "")), lang)
        others = names_text(_names(game, "others"), lang)
        link = f"{site}{game.get('link', '/')}"
        lines.append(mail_text("digest.line", lang, game=name, others=others, link=link))
    return mail_text("digest.subject", lang, count=len(games)), [
        hello,
        mail_text("digest.body", lang, count=len(games)),
        "\n".join(lines),
        mail_text("digest.why", lang, site=site),
    ]
