"""The player pages' forms: read whole or refused, and guarded against other sites.

A form is `application/x-www-form-urlencoded`, at most `MAX_FORM_BYTES`, each field at
most `MAX_FIELD` characters, decoded as UTF-8 (anything else is refused, never a 500),
then into its msgspec Struct (`Form` and its subclasses), as a JSON body is decoded into
its request type: a handler reads typed fields, never a dict.
Every state-changing form carries a token (`csrf`) bound to the browser's identity or
session and signed with the server's key; a post from another site has neither the
cookies (SameSite=Lax) nor the token, and its `Origin` is refused (`server.origins`).
"""

from __future__ import annotations

import hashlib
import hmac
from typing import Annotated, ClassVar, TypeVar
from urllib.parse import parse_qsl

import msgspec
from itsdangerous import BadSignature, URLSafeTimedSerializer
from starlette.requests import HTTPConnection, Request

from motamot.errors import CodedError
from motamot.server.players.visitors import SESSION_COOKIE, identity_secret

MAX_FORM_BYTES = 4096
MAX_FIELD = 256
#: A form's token is good this long (a page left open for a day still posts).
CSRF_SECONDS = 86400
#: A form field's text.
Text = Annotated[str, msgspec.Meta(max_length=MAX_FIELD)]


class FormError(CodedError):
    """A form that cannot be read (its code: `too_big`, `malformed`, `csrf`), and the
    HTTP status it answers with."""

    TEMPLATES: ClassVar[dict[str, str]] = {
        "too_big": "the form is too big",
        "malformed": "the form cannot be read",
        "csrf": "the form does not come from this site's page in this browser",
    }

    def __init__(self, code: str, status: int) -> None:
        super().__init__(code, status=status)
        self.status = status


class Form(msgspec.Struct, frozen=True):
    """A posted form: its token, and in a subclass its other fields. A field not posted
    is empty; a field the form does not name is ignored (a browser or an extension may
    add one), as it was when forms were read into dicts."""

    csrf: Text = ""


class NameForm(Form, frozen=True):
    """Signing in: a name and its password."""

    name: Text = ""
    password: Text = ""


class SignUpForm(NameForm, frozen=True):
    """Creating an account: the password typed again too."""

    again: Text = ""


class PasswordForm(Form, frozen=True):
    """The account's password, to delete the account."""

    password: Text = ""


class NewPasswordForm(Form, frozen=True):
    """Changing the password: the current one, then the new one."""

    current: Text = ""
    password: Text = ""


class PrivacyForm(Form, frozen=True):
    """The profile private (its checkbox posts `1`) or not (nothing posted)."""

    private: Text = ""

    @property
    def is_private(self) -> bool:
        return self.private == "1"


class AddressForm(Form, frozen=True):
    """« Me prévenir par e-mail »: the address typed."""

    address: Text = ""


F = TypeVar("F", bound=Form)


async def read_form(request: Request, kind: type[F]) -> F:
    """The posted form as `kind` (a field given twice: the first); FormError if
    unreadable."""
    fields = await _fields(request)
    try:
        return msgspec.convert(fields, kind)
    except msgspec.ValidationError:
        raise FormError("malformed", 400) from None


async def _fields(request: Request) -> dict[str, str]:
    body = b""
    async for chunk in request.stream():  # read first: the app's limits (size, time) apply
        body += chunk
        if len(body) > MAX_FORM_BYTES:
            raise FormError("too_big", 413)
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/x-www-form-urlencoded":
        raise FormError("malformed", 415)
    try:
        text = body.decode("utf-8")
        pairs = parse_qsl(text, keep_blank_values=True, strict_parsing=False, errors="strict")
    except (UnicodeDecodeError, ValueError):
        raise FormError("malformed", 400) from None
    fields: dict[str, str] = {}
    for key, value in pairs:
        if len(key) > 32 or len(value) > MAX_FIELD:
            raise FormError("too_big", 413)
        fields.setdefault(key, value)
    return fields


def _binding(request: HTTPConnection, identity: str | None = None) -> str:
    """What a token is bound to: the session cookie, else the identity (`identity`: one
    just given to the browser, not yet in its cookies)."""
    anchor = request.cookies.get(SESSION_COOKIE) or identity or identity_secret(request) or ""
    return hashlib.sha256(b"csrf:" + anchor.encode("utf-8", "replace")).hexdigest()[:32]


def csrf_token(
    signer: URLSafeTimedSerializer, request: HTTPConnection, identity: str | None = None
) -> str:
    return signer.dumps(_binding(request, identity), salt="csrf")


def check_csrf(signer: URLSafeTimedSerializer, request: Request, form: Form) -> None:
    """FormError("csrf", 403) unless the form comes from one of our pages in this browser
    (the app's `OriginCheck` has refused a post whose Origin is another site's already)."""
    try:
        bound = signer.loads(form.csrf, salt="csrf", max_age=CSRF_SECONDS)
    except BadSignature:
        raise FormError("csrf", 403) from None
    if not isinstance(bound, str) or not hmac.compare_digest(bound, _binding(request)):
        raise FormError("csrf", 403)
