"""The HTML pages: Jinja2 templates, autoescaped, the server's layout and each kind's own.

The pages are small shells; the client script fills them. Everything from outside
(names, room ids, a link's defaults) reaches a page through the templates' escaping, or
as JSON (`script_json`: `<`, `>` and `&` escaped) in a `<script type="application/json">`
block, and the client writes it with `textContent` only. The server's templates are in
`server/templates/`; a kind's are found as `<kind>/<file>` (`WebKind.templates`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from jinja2 import (
    BaseLoader,
    ChoiceLoader,
    Environment,
    FileSystemLoader,
    PrefixLoader,
    StrictUndefined,
)
from markupsafe import Markup, escape
from starlette.requests import Request
from starlette.responses import Response
from starlette.templating import Jinja2Templates

from motamot.names import MAX_NAME_LENGTH
from motamot.server.assets import Assets
from motamot.server.kinds import Page, WebKind
from motamot.server.links import room_of
from motamot.server.players.visitors import ensure_identity
from motamot.server.texts import LANG_COOKIE
from motamot.service.rooms import chat
from motamot.text.i18n import LANGUAGES, Language
from motamot.text.web import client_catalog, page_text

TEMPLATES = Path(__file__).parent / "templates"
#: The player pages' templates, found as `players/<file>` (`server.players`).
PLAYER_TEMPLATES = Path(__file__).parent / "players" / "templates"
#: Each language's name in itself, for the switch.
LANGUAGE_NAMES = {"fr": "Français", "en": "English"}


def texts(lang: Language) -> Callable[..., str]:
    """`t(key, **fields)` in the templates: a page text in `lang`. A field given as markup
    (`bdi(name)`) goes in as it is, the text around it escaped."""

    def t(key: str, **fields: object) -> str:
        marked = {key: value for key, value in fields.items() if isinstance(value, Markup)}
        if not marked:
            return page_text(key, lang, **fields)
        marks = {key: f"\x00{number}\x00" for number, key in enumerate(marked)}
        shown = escape(page_text(key, lang, **{**fields, **marks}))
        for field, mark in marks.items():
            shown = shown.replace(mark, marked[field])
        return shown

    return t


def bdi(name: object) -> Markup:
    """A player's name isolated from the text around it (`<bdi>`, escaped): a
    right-to-left name never reorders the words or names beside it (issue 26 item 7)."""
    return Markup("<bdi>{}</bdi>").format(name)


def script_json(value: Any) -> Markup:
    """`value` as JSON for a `<script type="application/json">` block: `<`, `>` and `&`
    escaped, so nothing in it can close the block or open a comment."""
    text = json.dumps(value, ensure_ascii=False)
    for char, escaped in (("&", "\\u0026"), ("<", "\\u003c"), (">", "\\u003e")):
        text = text.replace(char, escaped)
    return Markup(text)


def dictionary_options(lang: Language, dictionaries: list[str]) -> list[tuple[str, str]]:
    """The word lists offered, as (value, label), the rules' own language first ("auto")."""
    return [("", page_text("dictionary.auto", lang))] + [
        (name, page_text(f"dictionary.{name}", lang) if name in ("fr", "en") else name)
        for name in dictionaries
    ]


def remember_language(request: Request, response: Response) -> Response:
    """`?lang=` (the language switch) is remembered in a cookie."""
    lang = request.query_params.get("lang")
    if lang in LANGUAGES:
        secure = request.url.scheme == "https"  # over https, never sent over plain http
        response.set_cookie(LANG_COOKIE, lang, max_age=365 * 86400, samesite="lax", secure=secure)
    return response


class Pages:
    """The templates of the server and of the kinds it serves, with their assets' URLs."""

    def __init__(self, kinds: Iterable[WebKind], assets: Assets) -> None:
        self.kinds = tuple(kinds)
        own: dict[str, BaseLoader] = {
            kind.name: FileSystemLoader(kind.templates)
            for kind in self.kinds
            if kind.templates is not None
        }
        own["players"] = FileSystemLoader(PLAYER_TEMPLATES)
        env = Environment(
            loader=ChoiceLoader([FileSystemLoader(TEMPLATES), PrefixLoader(own)]),
            autoescape=True,
            undefined=StrictUndefined,
            trim_blocks=True,
            lstrip_blocks=True,
        )
        env.globals["asset"] = assets.url
        # every kind's style sheets, after the server's (`WebKind.styles`)
        styles = [path for kind in self.kinds for path in kind.styles]
        env.globals["kind_styles"] = [assets.url(path) for path in styles]
        # every kind's own ways to play with anyone (`WebKind.ways_in`)
        env.globals["ways_in"] = [way for kind in self.kinds for way in kind.ways_in]
        env.globals["bdi"] = bdi
        env.filters["bdi"] = bdi
        env.filters["script_json"] = script_json
        self.env = env
        self.templates = Jinja2Templates(env=env)

    def render(
        self,
        request: Request,
        lang: Language,
        page: Page,
        path: str,
        data: Any,
        status: int = 200,
    ) -> Response:
        """A whole page: `page.template` (extending `base.html`), its texts and `data`."""
        context: dict[str, Any] = {
            **page.context,
            "lang": lang,
            "t": texts(lang),
            "languages": [(code, LANGUAGE_NAMES[code]) for code in LANGUAGES],
            "title": page_text(page.title, lang, **page.context.get("title_fields", {})),
            "path": path,
            "script": page.script,
            "texts": client_catalog(lang),
            "data": data,
        }
        response = self.templates.TemplateResponse(request, page.template, context, status)
        ensure_identity(request, response)
        return remember_language(request, response)

    def section(self, lang: Language, page: Page, remembered: str = "") -> Markup:
        """A part of a page (a kind's form on the home page), rendered by its template;
        `remembered`: the name this browser's player sat under last (its forms' default)."""
        template = self.env.get_template(page.template)
        context = {**page.context, "t": texts(lang), "lang": lang, "remembered": remembered}
        return Markup(template.render(context))

    def room(
        self, request: Request, lang: Language, page: Page, room_id: str, mode: str
    ) -> Response:
        """A room's page (`mode`: play, watch...), drawn by the kind's module from the socket."""
        path = f"/r/{room_id}" + ("" if mode == "play" else f"/{mode}")
        data = {
            "room": room_id,
            "watch_id": room_of(room_id),
            "mode": mode,
            # every mode but play only watches (a replay, a room's screen): no seat's token
            "watch": mode != "play",
            "max_name": MAX_NAME_LENGTH,
            # the chat panel's bounds and set phrases (docs/rules.md, C2, C3)
            "chat": {
                "max": chat.MAX_CHARS,
                "history": chat.HISTORY,
                "phrases": list(chat.PHRASES),
            },
            # what else the kind's page reads (`Page.context["data"]`)
            **page.context.get("data", {}),
        }
        return self.render(request, lang, page, path, data)

    def home(
        self,
        request: Request,
        lang: Language,
        sections: list[Page],
        data: dict[str, Any],
        remembered: str = "",
        awaiting: Sequence[Any] = (),
    ) -> Response:
        """The home page: the games waiting for this player's move (`awaiting`), the games
        side by side (each kind's intro) and the ways to play with anyone, each kind's
        part (its create form, and the module that posts it), then this browser's rooms;
        `data` is what the kinds' forms read (a link's defaults), `remembered` the name
        the browser's player sat under last."""
        shown = [self.section(lang, section, remembered) for section in sections]
        intros = [self.section(lang, intro) for intro in self.intros(lang)]
        scripts = [section.script for section in sections if section.script]
        context = {
            "sections": shown,
            "intros": intros,
            "awaiting": list(awaiting),
            "section_scripts": scripts,
        }
        page = Page("home.html", "site_title", "home.js", context)
        return self.render(request, lang, page, "/", data)

    def intros(self, lang: Language) -> list[Page]:
        """Each kind's card on the home page, in the order the kinds are served."""
        return [intro for kind in self.kinds if (intro := kind.intro(lang)) is not None]

    def message(self, request: Request, lang: Language, key: str, status: int) -> Response:
        """A page that says one thing (`key`: no_room, not_found) and links home."""
        page = Page("message.html", key, "home.js")
        return self.render(request, lang, page, "/", {"defaults": {}}, status)
