"""The languages a player may read: French by default, English available."""

from __future__ import annotations

from typing import Literal

Language = Literal["fr", "en"]
LANGUAGES: tuple[Language, ...] = ("fr", "en")
DEFAULT_LANGUAGE: Language = "fr"
