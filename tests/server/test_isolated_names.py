"""Issue 26 item 7 in the server's templates: a player's name is isolated (`<bdi>`) and
escaped, and the text around it is escaped too when a field is markup."""

from __future__ import annotations

from markupsafe import Markup

from motamot.server.pages import bdi, texts


def test_a_name_is_isolated_and_escaped() -> None:
    assert bdi("<b>Bo</b>") == "<bdi>&lt;b&gt;Bo&lt;/b&gt;</bdi>"
    assert bdi("שרה") == "<bdi>שרה</bdi>"


def test_a_text_with_a_name_in_it_keeps_the_name_isolated_and_escapes_the_rest() -> None:
    t = texts("fr")
    names = Markup(", ").join([bdi("<i>x</i>"), bdi("שרה")])
    shown = t("against", names=names)
    assert isinstance(shown, Markup)
    assert shown == "contre <bdi>&lt;i&gt;x&lt;/i&gt;</bdi>, <bdi>שרה</bdi>"
    title = t("profile_title", name=bdi("Zoé & co"))
    assert title == "Profil de <bdi>Zoé &amp; co</bdi>"
    plain = t("against", names="<i>")  # no markup: plain text, escaped by the template
    assert plain == "contre <i>" and not isinstance(plain, Markup)
