"""The Boggle pages: the room (drawn by `room.js` from the socket) and the home page's form."""

from __future__ import annotations

import html
from typing import Any

from motamot.boggle.bots import BOT_LEVELS
from motamot.boggle.rules import DEFAULT_PRESET, PRESETS
from motamot.names import MAX_NAME_LENGTH
from motamot.server.pages import dictionary_options, options, room_page
from motamot.service.boggle.settings import BoggleSettings
from motamot.text.i18n import Language
from motamot.text.web import page_text


def room(lang: Language, room_id: str, mode: str) -> str:
    return room_page(lang, "room_title", room_id, mode, "boggle/room.js", "room")


def _range(name: str) -> str:
    """The `min` and `max` attributes of a number field, from the setting's one bound."""
    bound = BoggleSettings.BOUNDS[name]
    return f'min="{int(bound.low)}" max="{int(bound.high)}"'


def _preset_options(lang: Language, selected: str) -> str:
    """The presets, each with its own round duration (the form starts from it)."""
    return "".join(
        f'<option value="{html.escape(name)}" data-duration="{rules.duration_seconds}"'
        f"{' selected' if name == selected else ''}>"
        f"{html.escape(page_text(f'preset.{name}', lang))}</option>"
        for name, rules in PRESETS.items()
    )


def home_form(lang: Language, dictionaries: list[str], defaults: dict[str, Any]) -> str:
    """The form that creates a room (`defaults` prefill it: the same grid later)."""

    def t(key: str, **fields: object) -> str:
        return html.escape(page_text(key, lang, **fields))

    preset = str(defaults.get("preset", DEFAULT_PRESET))
    presets = _preset_options(lang, preset if preset in PRESETS else DEFAULT_PRESET)
    dicts = dictionary_options(lang, dictionaries, str(defaults.get("dictionary") or ""))
    levels = options(
        [(name, page_text(f"level.{name}", lang)) for name in BOT_LEVELS], "intermediate"
    )
    own = PRESETS.get(preset, PRESETS[DEFAULT_PRESET]).duration_seconds
    duration = int(defaults.get("duration") or own)
    verify_at_end = bool(defaults.get("verify_at_end"))
    target = defaults.get("target")
    return f"""
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
    <input id="duration" name="duration" type="number" {_range("duration")} step="1"
      value="{duration}" inputmode="numeric"></p>
  <fieldset><legend>{t("match")}</legend>
    <label><input type="radio" name="match" value="rounds"{"" if target else " checked"}>
      {t("match.rounds")}</label>
    <label><input type="radio" name="match" value="target"{" checked" if target else ""}>
      {t("match.target")}</label>
    <p class="field"><label for="count">{t("rounds")} / {t("target")}</label>
      <input id="count" name="count" type="number" {_range("rounds")}
        value="{int(target or defaults.get("rounds") or 3)}" inputmode="numeric"></p>
  </fieldset>
  <fieldset><legend>{t("verdict")}</legend>
    <label><input type="radio" name="verify" value="now"{"" if verify_at_end else " checked"}>
      {t("verdict.now")}</label>
    <label><input type="radio" name="verify" value="end"{" checked" if verify_at_end else ""}>
      {t("verdict.end")}</label>
  </fieldset>
  <p class="field"><label for="penalty">{t("penalty")}</label>
    <input id="penalty" name="penalty" type="number" {_range("invalid_penalty")}
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
"""
