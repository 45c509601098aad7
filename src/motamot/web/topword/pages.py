"""The Topword pages: the table (play, watch), its replay and analysis, and the home form."""

from __future__ import annotations

import html

from motamot.names import MAX_NAME_LENGTH
from motamot.server.pages import dictionary_options, options, room_page
from motamot.service.topword.settings import TopwordSettings
from motamot.text.i18n import Language
from motamot.text.web import page_text
from motamot.topword.bots import LEVELS
from motamot.topword.tiles import RULESETS


def table(lang: Language, room_id: str, mode: str) -> str:
    """A table (`mode`: play, watch, replay or analysis), drawn by `table.js` or, once the
    game is over, replayed by `review.js`."""
    script = "topword/table.js" if mode in ("play", "watch") else "topword/review.js"
    return room_page(lang, "table_title", room_id, mode, script, "table")


def _range(name: str) -> str:
    """The `min` and `max` attributes of a number field, from the setting's one bound."""
    bound = TopwordSettings.BOUNDS[name]
    return f'min="{int(bound.low)}" max="{int(bound.high)}"'


def home_form(lang: Language, dictionaries: list[str]) -> str:
    """The form that creates a table: rules, word list, the other seats, the pace."""

    def t(key: str, **fields: object) -> str:
        return html.escape(page_text(key, lang, **fields))

    rulesets = options([(name, page_text(f"ruleset.{name}", lang)) for name in RULESETS], "")
    kinds = [("", page_text("seat.none", lang)), ("person", page_text("seat.person", lang))]
    kinds += [(level, page_text(f"tw_level.{level}", lang)) for level in LEVELS]
    seats = "".join(
        f'<p class="field"><label for="tw-seat-{n}">{t("tw_seat_n", number=n + 1)}</label>'
        f'<select id="tw-seat-{n}" name="seat{n}">'
        f"{options(kinds, 'greedy' if n == 1 else '')}</select></p>"
        for n in range(1, 4)
    )
    dicts = dictionary_options(lang, dictionaries, "")
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
    <select id="tw-dictionary" name="dictionary">{dicts}</select></p>
  <fieldset><legend>{t("tw_seats")}</legend>{seats}</fieldset>
  <fieldset><legend>{t("tw_pace")}</legend>
    <label><input type="radio" name="pace" value="live" checked> {t("pace.live")}</label>
    <label><input type="radio" name="pace" value="correspondence">
      {t("pace.correspondence")}</label>
    <p class="field"><label for="tw-clock">{t("tw_turn_seconds")}</label>
      <input id="tw-clock" name="turn_seconds" type="number" {_range("turn_seconds")}
        inputmode="numeric"></p>
  </fieldset>
  <label class="check"><input type="checkbox" name="hints"> {t("tw_hints")}</label>
  <p id="table-error" class="error" role="alert"></p>
  <button type="submit" class="primary">{t("tw_create")}</button>
</form>"""
