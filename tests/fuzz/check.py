"""The fuzz property: any input gives a result or a coded error, never another exception."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from motamot.errors import CodedError

T = TypeVar("T")


def result_or_coded(function: Callable[[], T]) -> T | CodedError:
    """Run `function`; return its result or the CodedError it raised (anything else escapes)."""
    try:
        return function()
    except CodedError as error:
        return error
