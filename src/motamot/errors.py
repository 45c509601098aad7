"""Errors as values: a stable code, named fields, and a plain English `str()`.

Engines raise these so that interfaces can say what went wrong in the
player's language (see `motamot.text.errors`); library users and logs
get the English text of the class's `TEMPLATES`. A field may itself be a
`CodedError` (a record line that holds a bad move): it is rendered in turn.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar


class CodedError(Exception):
    """An error with a code (a key of the class's `TEMPLATES`) and the fields it names."""

    #: English templates by code; every subclass lists all the codes it raises.
    TEMPLATES: ClassVar[Mapping[str, str]] = {}

    def __init__(self, code: str, /, **fields: object) -> None:
        self.code = code
        self.fields = fields
        super().__init__(self.TEMPLATES[code].format(**fields))
