"""Creating a Boggle room over HTTP: the home page's form, checked whole before anything
is stored, and the defaults a "play this grid later" link carries."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

import msgspec
from starlette.routing import Route

from motamot.boggle.bots import BOT_LEVELS
from motamot.boggle.rules import DEFAULT_PRESET, PRESETS
from motamot.names import MAX_NAME_LENGTH
from motamot.server.create import create_routes
from motamot.server.kinds import Rooms
from motamot.server.links import room_of
from motamot.service.boggle.room import MAX_BOTS, BoggleRoom
from motamot.service.boggle.settings import BoggleSettings, box_grid
from motamot.service.rooms.outcomes import Refusal
from motamot.service.rooms.settings import Bound, SettingsError, bounded

#: M1: a room's rounds last from 30 s to an hour: « 3 » typed for three minutes is refused
#: with a sentence that says the bound (the terminal and records keep the engine's bounds).
ROOM_ROUND = Bound(30, 3600)

Name = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_NAME_LENGTH)]
Level = Annotated[str, msgspec.Meta(max_length=32)]
RoomId = Annotated[str, msgspec.Meta(max_length=40, pattern="^[A-Za-z0-9_-]+$")]
MAX_SEED = 2**63 - 1
Seed = Annotated[int, msgspec.Meta(ge=0, le=MAX_SEED)]
#: A seed as the pages send it: its digits (a browser's numbers hold 53 bits, seeds 63).
SeedText = Annotated[str, msgspec.Meta(pattern="^[0-9]{1,19}$")]
#: The longest box grid read (a 6×6 grid of two-letter faces, with its slashes).
MAX_BOX_GRID = 120


class CreateRequest(msgspec.Struct, forbid_unknown_fields=True):
    """The home page's form: the room's settings, the creator's name, the bots."""

    name: Name
    preset: Annotated[str, msgspec.Meta(max_length=32)] = "classic-fr"
    dictionary: Annotated[str, msgspec.Meta(max_length=40)] | None = None
    #: Any number: the room's settings say which are refused, and why (M1).
    duration: float | None = None
    rounds: bounded(BoggleSettings, "rounds", int) | None = 3  # type: ignore[valid-type]
    target: bounded(BoggleSettings, "target", int) | None = None  # type: ignore[valid-type]
    verify_at_end: bool = False
    #: M2 [choice]: a tie at the top plays an announced decider round; False shares the win.
    extra_round_on_tie: bool = True
    invalid_penalty: bounded(BoggleSettings, "invalid_penalty", int) = 0  # type: ignore[valid-type]
    #: The same grid later: the seed of the round played again (digits, or a number from
    #: an older link), and the room it came from.
    seed: Seed | SeedText | None = None
    origin: RoomId | None = None
    bots: Annotated[list[Level], msgspec.Meta(max_length=10)] = []
    rated: bool = False
    #: « Partie publique »: listed in the lobby for strangers to join.
    public: bool = False
    #: « Grille de la boîte »: the grid rolled with the real dice, typed.
    box_grid: Annotated[str, msgspec.Meta(max_length=MAX_BOX_GRID)] | None = None
    #: B17 « Un compteur tape les listes » (a box room only).
    box_scorer: bool = False

    def __post_init__(self) -> None:
        if isinstance(self.seed, str):  # checked while decoding: a clear error, nothing stored
            if int(self.seed) > MAX_SEED:
                raise ValueError(f"a seed is at most {MAX_SEED}")
            self.seed = int(self.seed)

    def settings(self) -> BoggleSettings:
        return BoggleSettings(
            preset=self.preset,
            dictionary=self.dictionary or None,
            duration=self.duration,
            invalid_penalty=self.invalid_penalty,
            verify_at_end=self.verify_at_end,
            rounds=None if self.target is not None else self.rounds,
            target=self.target,
            extra_round_on_tie=self.extra_round_on_tie,
            seeds=() if self.seed is None else (int(self.seed),),
            # the origin is shown to every player: its id only, never a player's link
            origin=None if self.origin is None else room_of(self.origin),
            rated=self.rated,
            public=self.public,
            box_grid=self.box_grid.strip() or None if self.box_grid is not None else None,
            box_scorer=self.box_scorer,
        )


def _number(text: str, key: str) -> int | None:
    """`text` as the setting `key` (a seed, or a number in its bound), else None."""
    if not (text.isascii() and text.isdigit() and len(text) <= 19):
        return None
    value = int(text)
    if key == "seed":
        return value if value <= MAX_SEED else None
    bound = ROOM_ROUND if key == "duration" else BoggleSettings.BOUNDS[key]  # M1
    return value if bound.low <= value <= bound.high else None


def same_grid_defaults(query: Mapping[str, str], dictionaries: list[str]) -> dict[str, Any]:
    """The settings a "play this grid later" link carries: the rules, the match (rounds or
    a target, and its tie rule), the computer players' levels, the grid's seed (anything
    unreadable is left out; the page's language is the link's `lang`, read as on every
    page)."""
    defaults: dict[str, Any] = {}
    if query.get("preset") in PRESETS:
        defaults["preset"] = query["preset"]
    if query.get("dictionary") in dictionaries:
        defaults["dictionary"] = query["dictionary"]
    for key in ("duration", "invalid_penalty", "rounds", "target", "seed"):
        value = _number(query.get(key, ""), key)
        if value is not None:
            # the seed stays a string: the page's JavaScript would round it
            defaults[key] = str(value) if key == "seed" else value
    levels = query.get("bots", "").split(",")[:MAX_BOTS]
    if all(level in BOT_LEVELS for level in levels):
        defaults["bots"] = levels
    if query.get("verify_at_end") == "1":
        defaults["verify_at_end"] = True
    if query.get("tie") == "shared":  # M2: the win shared rather than a deciding round
        defaults["extra_round_on_tie"] = False
    origin = query.get("from", "")
    if origin and len(origin) <= 40 and all(c.isalnum() or c in "-_" for c in origin):
        defaults["origin"] = origin
    grid = _box_grid(query.get("box_grid", ""), str(defaults.get("preset", DEFAULT_PRESET)))
    if grid is not None:  # « Jouer cette grille » (the records page): the box's grid, B16
        defaults["box_grid"] = grid
    return defaults


def _box_grid(text: str, preset: str) -> str | None:
    """A link's box grid in text form when it is one of the preset's size, else None."""
    if not text or len(text) > MAX_BOX_GRID:
        return None
    try:
        return box_grid(text, PRESETS[preset].size).text
    except SettingsError:
        return None


def _duration_refusal(form: CreateRequest) -> Refusal | None:
    """M1: a round shorter than 30 s or longer than an hour, refused with its bound."""
    duration = form.duration
    if duration is None:
        return None
    if not duration >= ROOM_ROUND.low:
        return Refusal("round_too_short", {"min": int(ROOM_ROUND.low)})
    if not duration <= ROOM_ROUND.high:
        return Refusal("round_too_long", {"max": int(ROOM_ROUND.high)})
    return None


async def _refusal(rooms: Rooms, form: CreateRequest) -> Refusal | None:
    """What the form alone cannot refuse: a round's length (M1), a chosen grid's origin."""
    return _duration_refusal(form) or await _seed_refusal(rooms, form)


async def _seed_refusal(rooms: Rooms, form: CreateRequest) -> Refusal | None:
    """A chosen grid is only one another room played and ended (its seed is public then):
    nobody may fix a grid in secret and have solved it before the round."""
    if form.seed is None:
        return None
    if form.origin is None:
        return None if rooms.chosen_grids else Refusal("seed_without_origin")
    seed = int(form.seed)

    def played(room: Any) -> bool:
        return isinstance(room, BoggleRoom) and any(
            state.seed == seed and not state.running for state in room.rounds
        )

    if not await rooms.read(form.origin, played):
        return Refusal("unknown_origin")
    return None


def routes(rooms: Rooms) -> list[Route]:
    """`POST /api/boggle` (and `/api/rooms`, its older path): a Boggle room."""
    return create_routes(
        rooms,
        "boggle",
        CreateRequest,
        ("/api/rooms",),
        check=lambda form: _refusal(rooms, form),
        bots=lambda form: form.bots,
    )
