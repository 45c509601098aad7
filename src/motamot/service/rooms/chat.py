"""Talking in a room, the same in every kind (docs/rules.md, C1-C5): what may be said, the
text cleaned and bounded, and the room's chat as its events leave it.

Seated people talk, spectators read (C1). Free text is cleaned (`clean`) and at most
MAX_CHARS; a seat says at most RATE_COUNT messages in RATE_SECONDS of the room's clock,
so a flood is refused by the room itself, the same on every process and after a restart
(C2). In a public room, and while a kind says free text could give the game away (a
Boggle round running), only set phrases are said, by id: each reader reads them in their
own language, so nobody has to moderate strangers' words (C3, C4). The host turns the
chat off and on (C5). A message is an event (`room.chat_said`): it is stored, replayed
and relayed like any other; a view shows the last HISTORY of them.
"""

from __future__ import annotations

import math
import unicodedata
from collections import deque
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, field

from motamot.service.rooms.commands import Say, SayPhrase
from motamot.service.rooms.events import ChatSaid
from motamot.service.rooms.outcomes import Refusal

#: Characters a message holds at most, once cleaned (code points, after NFC).
MAX_CHARS = 200
#: A seat says at most RATE_COUNT messages in any RATE_SECONDS of the room's clock.
RATE_COUNT = 5
RATE_SECONDS = 10.0
#: Messages a room's view shows (the older ones stay in its events).
HISTORY = 50
#: The set phrases, by id, in the order a page offers them (their words: `text.chat`).
PHRASES = (
    "hello",
    "good_luck",
    "good_game",
    "well_played",
    "bravo",
    "thanks",
    "oops",
    "wait",
    "again",
    "bye",
)
#: Lines before and after each of a reported seat's messages that a report keeps.
AROUND = 3
#: Combining marks kept on one letter (more is the "zalgo" that covers other lines).
MAX_MARKS = 3

#: Bidirectional controls: they would turn the rest of a page's line around.
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
#: Invisible format characters that writing needs: the joiners (emoji sequences, Persian)
#: and the tags of a region's flag.
_KEPT_FORMAT = frozenset("\u200c\u200d") | frozenset(map(chr, range(0xE0020, 0xE0080)))


def clean(text: str) -> str:
    """`text` as a room keeps it: NFC; control, bidi, invisible format, surrogate and
    private-use characters removed; line breaks and every run of spaces made one space;
    at most MAX_MARKS combining marks on a letter; trimmed."""
    text = unicodedata.normalize("NFC", text)
    # most messages: nothing to remove (printable: no control, format or separator but
    # the space) and no combining mark, looked up once per distinct letter
    if text.isprintable() and not any(_is_mark(char) for char in set(text) if not char.isascii()):
        return " ".join(text.split())
    return scrub(text)


def _is_mark(char: str) -> bool:
    return unicodedata.category(char).startswith("M")


def scrub(text: str) -> str:
    """`clean`'s work character by character (for a text that has something to remove)."""
    kept: list[str] = []
    marks = 0
    for char in text:
        category = unicodedata.category(char)
        if char.isspace() or category in ("Cc", "Zl", "Zp"):
            kept.append(" ")
            marks = 0
        elif char in _BIDI or category in ("Cs", "Co"):
            continue
        elif category == "Cf":
            if char in _KEPT_FORMAT:
                kept.append(char)
        elif category.startswith("M"):
            marks += 1
            if marks <= MAX_MARKS:
                kept.append(char)
        else:
            marks = 0
            kept.append(char)
    return " ".join("".join(kept).split())


def around(
    lines: Iterable[ChatSaid], seat: str, removed: Collection[int] = (), context: int = AROUND
) -> list[ChatSaid]:
    """The lines of `lines` (in order, those `removed` left out) within `context` lines of
    one said by `seat`: what a report of `seat` keeps of what was said."""
    kept = [line for line in lines if line.seq not in removed]
    chosen: set[int] = set()
    for index, line in enumerate(kept):
        if line.seat == seat:
            chosen.update(range(max(0, index - context), index + context + 1))
    return [line for index, line in enumerate(kept) if index in chosen]


def text_refusal(text: str) -> Refusal | None:
    """Why a cleaned text cannot be said (empty, too long), or None."""
    if not text:
        return Refusal("chat_empty")
    if len(text) > MAX_CHARS:
        return Refusal("chat_too_long", {"max": MAX_CHARS})
    return None


@dataclass
class Chat:
    """A room's chat as its events leave it: on or off, its last lines, and each seat's
    last messages' times (what the rate is judged by)."""

    on: bool = True
    lines: deque[ChatSaid] = field(default_factory=lambda: deque(maxlen=HISTORY))
    #: The numbers of the lines the server's operator removed (`room.chat_removed`).
    removed: set[int] = field(default_factory=set)
    _times: dict[str, deque[float]] = field(default_factory=dict)

    def said(self, event: ChatSaid) -> None:
        self.lines.append(event)
        times = self._times.setdefault(event.seat, deque(maxlen=RATE_COUNT))
        times.append(event.at)

    def removal(self, said: int) -> Refusal | None:
        """Why the line numbered `said` cannot be removed (not among the last lines, or
        removed already), or None."""
        if not any(line.seq == said for line in self.lines):
            return Refusal("no_such_message", {"said": said})
        if said in self.removed:
            return Refusal("message_removed_already", {"said": said})
        return None

    def remove(self, said: int) -> None:
        self.removed.add(said)
        # only the lines still shown are remembered (a set as long as the history)
        self.removed &= {line.seq for line in self.lines}

    def message(
        self,
        seat: str,
        said: Say | SayPhrase,
        now: float,
        public: bool,
        free_text_closed: Callable[[], Refusal | None],
    ) -> Refusal | tuple[str | None, str | None]:
        """C2-C5: what a seated person says (the text as cleaned, or the phrase), or why
        the room does not take it: off, an unknown phrase, free text in a public room or
        while the kind closes it (C4), empty or too long, too fast."""
        if not self.on:
            return Refusal("chat_off")
        if isinstance(said, SayPhrase):
            if said.phrase not in PHRASES:
                return Refusal("chat_unknown_phrase")
            return self.too_fast(seat, now) or (None, said.phrase)
        refusal = Refusal("chat_phrases_only") if public else free_text_closed()
        text = clean(said.text)
        refusal = refusal or text_refusal(text)
        return refusal or self.too_fast(seat, now) or (text, None)

    def too_fast(self, seat: str, now: float) -> Refusal | None:
        """C2: the refusal when `seat` said RATE_COUNT messages in the last RATE_SECONDS
        (with the seconds to wait), or None."""
        times = self._times.get(seat)
        if times is None or len(times) < RATE_COUNT:
            return None
        wait = times[0] + RATE_SECONDS - now
        if wait <= 0:
            return None
        return Refusal("chat_too_fast", {"wait": math.ceil(min(wait, RATE_SECONDS))})
