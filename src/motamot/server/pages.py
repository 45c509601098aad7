"""The HTML pages: small server-rendered shells; the client script fills them.

Everything from outside (names, room ids) reaches the page through
`html.escape` or as JSON in a `<script type="application/json">` block
with `<` escaped, and the client writes it with `textContent` only.
"""

from __future__ import annotations

import html
import json
from typing import Any

from motamot.names import MAX_NAME_LENGTH
from motamot.text.i18n import LANGUAGES, Language
from motamot.text.web import client_catalog, page_text

#: Bumped with the static files so browsers do not keep an old client.
ASSET_VERSION = "7"


def _json_block(element_id: str, data: Any) -> str:
    text = json.dumps(data, ensure_ascii=False).replace("<", "\\u003c").replace(">", "\\u003e")
    return f'<script type="application/json" id="{element_id}">{text}</script>'


def _language_switch(lang: Language, path: str) -> str:
    links = []
    for other in LANGUAGES:
        label = {"fr": "Français", "en": "English"}[other]
        if other == lang:
            links.append(f'<span aria-current="true" lang="{other}">{label}</span>')
        else:
            links.append(f'<a href="{html.escape(path)}?lang={other}" lang="{other}">{label}</a>')
    label = html.escape(page_text("language", lang))
    return f'<nav class="langs" aria-label="{label}">{" · ".join(links)}</nav>'


def layout(lang: Language, title: str, path: str, body: str, script: str, data: Any) -> str:
    """A whole page: head, header with the language switch, `body`, texts and data as JSON."""
    t = html.escape
    return f"""<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{t(title)}</title>
<link rel="stylesheet" href="/static/app.css?v={ASSET_VERSION}">
</head>
<body>
<header class="top"><a class="brand" href="/">motamot</a>{_language_switch(lang, path)}</header>
<main id="main">
{body}
</main>
{_json_block("texts", client_catalog(lang))}
{_json_block("data", data)}
<script type="module" src="/static/{script}?v={ASSET_VERSION}"></script>
</body>
</html>
"""


def options(values: list[tuple[str, str]], selected: str) -> str:
    """`<option>`s of a select, `selected` chosen (values and labels escaped)."""
    return "".join(
        f'<option value="{html.escape(v)}"{" selected" if v == selected else ""}>'
        f"{html.escape(label)}</option>"
        for v, label in values
    )


def dictionary_options(lang: Language, dictionaries: list[str], selected: str) -> str:
    """The word lists offered, the rules' own language first ("auto")."""
    names = [("", page_text("dictionary.auto", lang))] + [
        (name, page_text(f"dictionary.{name}", lang) if name in ("fr", "en") else name)
        for name in dictionaries
    ]
    return options(names, selected)


def room_page(
    lang: Language, title_key: str, room_id: str, mode: str, script: str, root: str
) -> str:
    """A room's page (`mode`: play, watch...): an empty element `root` that `script` (a
    kind's static module) fills from the socket."""
    path = f"/r/{room_id}" + ("" if mode == "play" else f"/{mode}")
    body = (
        f'<div id="{root}" aria-busy="true"></div>'
        '<div id="live" class="sr-only" aria-live="polite"></div>'
    )
    data = {"room": room_id, "mode": mode, "watch": mode == "watch", "max_name": MAX_NAME_LENGTH}
    return layout(lang, page_text(title_key, lang), path, body, script, data)


def home_page(lang: Language, sections: list[str], data: dict[str, Any]) -> str:
    """The home page: each kind's part (its create form), then this browser's rooms;
    `data` is what the kinds' forms read (a link's defaults)."""

    def t(key: str) -> str:
        return html.escape(page_text(key, lang))

    body = (
        "".join(sections)
        + f"""
<section id="my-tables" class="card my-tables" aria-labelledby="my-tables-title">
  <h2 id="my-tables-title">{t("my_tables")}</h2>
  <ul id="table-list"><li class="hint">{t("no_tables")}</li></ul>
</section>
"""
    )
    return layout(lang, page_text("site_title", lang), "/", body, "home.js", data)


def message_page(lang: Language, key: str) -> str:
    title, home = html.escape(page_text(key, lang)), html.escape(page_text("home", lang))
    body = f'<h1>{title}</h1><p><a href="/">{home}</a></p>'
    return layout(lang, page_text(key, lang), "/", body, "home.js", {"defaults": {}})
