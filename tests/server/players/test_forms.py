"""The account forms decoded into their Structs (`server.players.forms`): typed fields,
the first of a field given twice, unknown fields ignored; anything unreadable a FormError
with its 4xx status, never another exception (a 500)."""

from __future__ import annotations

import asyncio

import pytest
from starlette.requests import Request

from motamot.server.players.forms import (
    MAX_FIELD,
    F,
    Form,
    FormError,
    NewPasswordForm,
    PrivacyForm,
    SignUpForm,
    read_form,
)

FORM = "application/x-www-form-urlencoded"


def posted(body: bytes, kind: str = FORM) -> Request:
    sent = False

    async def receive() -> dict[str, object]:
        nonlocal sent
        if sent:
            return {"type": "http.disconnect"}
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}

    headers = [(b"content-type", kind.encode())] if kind else []
    scope = {"type": "http", "method": "POST", "path": "/", "headers": headers}
    return Request(scope, receive)


def read(body: bytes, kind: type[F], content_type: str = FORM) -> F:
    return asyncio.run(read_form(posted(body, content_type), kind))


def test_a_form_is_its_struct_with_the_first_of_a_field_given_twice() -> None:
    form = read(b"csrf=t&name=Ana&name=Bob&password=p%C3%A9&again=x&extra=1", SignUpForm)
    assert form == SignUpForm(csrf="t", name="Ana", password="pé", again="x")


def test_a_field_not_posted_is_empty() -> None:
    assert read(b"csrf=t", NewPasswordForm) == NewPasswordForm("t", "", "")
    assert read(b"", Form) == Form()


def test_the_privacy_checkbox_is_private_only_when_it_posts_1() -> None:
    assert read(b"private=1", PrivacyForm).is_private
    assert not read(b"", PrivacyForm).is_private
    assert not read(b"private=on", PrivacyForm).is_private


@pytest.mark.parametrize(
    ("body", "content_type", "status"),
    [
        (b"\xff\xfe\x00", FORM, 400),
        (b"name=%ff%fe", FORM, 400),
        (b"name=" + b"A" * (MAX_FIELD + 1), FORM, 413),
        (b"x" * 5000, FORM, 413),
        (b"k" * 33 + b"=1", FORM, 413),
        (b'{"name": "Ana"}', "application/json", 415),
        (b"name=Ana", "multipart/form-data; boundary=x", 415),
        (b"name=Ana", "", 415),
    ],
)
def test_an_unreadable_form_is_a_form_error_with_its_4xx(
    body: bytes, content_type: str, status: int
) -> None:
    with pytest.raises(FormError) as caught:
        read(body, SignUpForm, content_type)
    assert caught.value.status == status
