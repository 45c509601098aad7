"""The HTML pages: small server-rendered shells; the client script fills them.

Everything from outside (names, room ids) reaches the page through
`html.escape` or as JSON in a `<script type="application/json">` block
with `<` escaped, and the client writes it with `textContent` only.
"""

from __future__ import annotations

import html
import json
from typing import Any

from motamot.boggle.bots import BOT_LEVELS
from motamot.boggle.rules import DEFAULT_PRESET, PRESETS
from motamot.names import MAX_NAME_LENGTH
from motamot.text.i18n import LANGUAGES, Language
from motamot.text.web import client_catalog, page_text
from motamot.topword.bots import LEVELS as TOPWORD_LEVELS
from motamot.topword.tiles import RULESETS

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


def _options(values: list[tuple[str, str]], selected: str) -> str:
    return "".join(
        f'<option value="{html.escape(v)}"{" selected" if v == selected else ""}>'
        f"{html.escape(label)}</option>"
        for v, label in values
    )


def home_page(lang: Language, dictionaries: list[str], defaults: dict[str, Any]) -> str:
    """The form that creates a room (`defaults` prefill it: the same grid later)."""

    def t(key: str, **fields: object) -> str:
        return html.escape(page_text(key, lang, **fields))

    preset = str(defaults.get("preset", DEFAULT_PRESET))
    presets = _options([(name, page_text(f"preset.{name}", lang)) for name in PRESETS], preset)
    dictionary_names = [("", page_text("dictionary.auto", lang))] + [
        (name, page_text(f"dictionary.{name}", lang) if name in ("fr", "en") else name)
        for name in dictionaries
    ]
    dicts = _options(dictionary_names, str(defaults.get("dictionary") or ""))
    levels = _options(
        [(name, page_text(f"level.{name}", lang)) for name in BOT_LEVELS], "intermediate"
    )
    duration = int(defaults.get("duration") or 180)
    verify_at_end = bool(defaults.get("verify_at_end"))
    target = defaults.get("target")
    body = f"""
<h1>{t("create_title")}</h1>
<p class="tagline">{t("tagline")}</p>
{f'<p class="note" id="same-grid-note">{t("same_grid_note")}</p>' if "seed" in defaults else ""}
<form id="create" class="card" novalidate>
  <p class="field"><label for="name">{t("your_name")}</label>
    <input id="name" name="name" required maxlength="{MAX_NAME_LENGTH}" autocomplete="nickname"
      aria-describedby="name-rule">
    <small id="name-rule">{t("name_rule", limit=MAX_NAME_LENGTH)}</small></p>
  <p class="field"><label for="preset">{t("preset")}</label>
    <select id="preset" name="preset">{presets}</select></p>
  <p class="field"><label for="dictionary">{t("dictionary")}</label>
    <select id="dictionary" name="dictionary">{dicts}</select></p>
  <p class="field"><label for="duration">{t("duration")}</label>
    <input id="duration" name="duration" type="number" min="10" max="3600" step="1"
      value="{duration}" inputmode="numeric"></p>
  <fieldset><legend>{t("match")}</legend>
    <label><input type="radio" name="match" value="rounds"{"" if target else " checked"}>
      {t("match.rounds")}</label>
    <label><input type="radio" name="match" value="target"{" checked" if target else ""}>
      {t("match.target")}</label>
    <p class="field"><label for="count">{t("rounds")} / {t("target")}</label>
      <input id="count" name="count" type="number" min="1" max="1000"
        value="{int(target or defaults.get("rounds") or 3)}" inputmode="numeric"></p>
  </fieldset>
  <fieldset><legend>{t("verdict")}</legend>
    <label><input type="radio" name="verify" value="now"{"" if verify_at_end else " checked"}>
      {t("verdict.now")}</label>
    <label><input type="radio" name="verify" value="end"{" checked" if verify_at_end else ""}>
      {t("verdict.end")}</label>
  </fieldset>
  <p class="field"><label for="penalty">{t("penalty")}</label>
    <input id="penalty" name="penalty" type="number" min="0" max="100"
      value="{int(defaults.get("invalid_penalty") or 0)}" inputmode="numeric"></p>
  <fieldset><legend>{t("bots")}</legend>
    <p class="hint">{t("bots_hint")}</p>
    <p class="field"><label for="bot-count">{t("bot_count")}</label>
      <input id="bot-count" name="bot_count" type="number" min="0" max="10" value="0"
        inputmode="numeric"></p>
    <p class="field"><label for="bot-level">{t("bot_level")}</label>
      <select id="bot-level" name="bot_level">{levels}</select></p>
  </fieldset>
  <p id="create-error" class="error" role="alert"></p>
  <button type="submit" class="primary">{t("create")}</button>
</form>
{_table_form(lang, dicts)}
<section id="my-tables" class="card my-tables" aria-labelledby="my-tables-title">
  <h2 id="my-tables-title">{t("my_tables")}</h2>
  <ul id="table-list"><li class="hint">{t("no_tables")}</li></ul>
</section>
"""
    return layout(lang, page_text("site_title", lang), "/", body, "home.js", {"defaults": defaults})


def _table_form(lang: Language, dictionary_options: str) -> str:
    """The form that creates a Topword table: rules, word list, the other seats, the pace."""

    def t(key: str, **fields: object) -> str:
        return html.escape(page_text(key, lang, **fields))

    rulesets = _options([(name, page_text(f"ruleset.{name}", lang)) for name in RULESETS], "")
    kinds = [("", page_text("seat.none", lang)), ("person", page_text("seat.person", lang))]
    kinds += [(level, page_text(f"tw_level.{level}", lang)) for level in TOPWORD_LEVELS]
    seats = "".join(
        f'<p class="field"><label for="tw-seat-{n}">{t("tw_seat_n", number=n + 1)}</label>'
        f'<select id="tw-seat-{n}" name="seat{n}">'
        f"{_options(kinds, 'greedy' if n == 1 else '')}</select></p>"
        for n in range(1, 4)
    )
    return f"""
<h2>{t("tw_create_title")}</h2>
<p class="tagline">{t("tw_tagline")}</p>
<form id="create-table" class="card" novalidate>
  <p class="field"><label for="tw-name">{t("your_name")}</label>
    <input id="tw-name" name="name" required maxlength="{MAX_NAME_LENGTH}"
      autocomplete="nickname"></p>
  <p class="field"><label for="tw-ruleset">{t("tw_ruleset")}</label>
    <select id="tw-ruleset" name="ruleset">{rulesets}</select></p>
  <p class="field"><label for="tw-dictionary">{t("dictionary")}</label>
    <select id="tw-dictionary" name="dictionary">{dictionary_options}</select></p>
  <fieldset><legend>{t("tw_seats")}</legend>{seats}</fieldset>
  <fieldset><legend>{t("tw_pace")}</legend>
    <label><input type="radio" name="pace" value="live" checked> {t("pace.live")}</label>
    <label><input type="radio" name="pace" value="correspondence">
      {t("pace.correspondence")}</label>
    <p class="field"><label for="tw-clock">{t("tw_turn_seconds")}</label>
      <input id="tw-clock" name="turn_seconds" type="number" min="5" max="3600"
        inputmode="numeric"></p>
  </fieldset>
  <label class="check"><input type="checkbox" name="hints"> {t("tw_hints")}</label>
  <p id="table-error" class="error" role="alert"></p>
  <button type="submit" class="primary">{t("tw_create")}</button>
</form>"""


def table_page(lang: Language, room_id: str, mode: str) -> str:
    """A Topword table (`mode`: play, watch, replay or analysis), drawn by `table.js`."""
    path = f"/r/{room_id}" + ("" if mode == "play" else f"/{mode}")
    body = (
        '<div id="table" aria-busy="true"></div>'
        '<div id="live" class="sr-only" aria-live="polite"></div>'
    )
    data = {"room": room_id, "mode": mode, "max_name": MAX_NAME_LENGTH}
    script = "table.js" if mode in ("play", "watch") else "review.js"
    return layout(lang, page_text("table_title", lang), path, body, script, data)


def room_page(lang: Language, room_id: str, watch: bool) -> str:
    """The room: lobby, round and results are drawn by `room.js` from the socket."""
    path = f"/r/{room_id}" + ("/watch" if watch else "")
    body = (
        '<div id="room" aria-busy="true"></div>'
        '<div id="live" class="sr-only" aria-live="polite"></div>'
    )
    data = {"room": room_id, "watch": watch, "max_name": MAX_NAME_LENGTH}
    return layout(lang, page_text("room_title", lang), path, body, "room.js", data)


def message_page(lang: Language, key: str) -> str:
    title, home = html.escape(page_text(key, lang)), html.escape(page_text("home", lang))
    body = f'<h1>{title}</h1><p><a href="/">{home}</a></p>'
    return layout(lang, page_text(key, lang), "/", body, "home.js", {"defaults": {}})
