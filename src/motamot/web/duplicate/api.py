"""Creating a duplicate room over HTTP, the whole request checked before anything is stored;
« rejouer ce tirage »: a finished game's draw played again, from the link its end shows;
once a game is over, its text record and its replay turn by turn (the seed is in both:
never before the end)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

import msgspec
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route

from motamot.names import MAX_NAME_LENGTH
from motamot.server.create import create_routes
from motamot.server.http import refused
from motamot.server.kinds import Rooms
from motamot.server.links import room_of
from motamot.server.texts import request_language
from motamot.service.duplicate import views
from motamot.service.duplicate.results import record_of
from motamot.service.duplicate.room import DuplicateRoom
from motamot.service.duplicate.settings import DEFAULT_TURN_SECONDS, SERIES, DuplicateSettings
from motamot.service.rooms.outcomes import Refusal
from motamot.service.rooms.settings import SettingsError, bounded
from motamot.topword.duplicate_record import format_record
from motamot.topword.tiles import RULESETS, tile_label
from motamot.web.duplicate.export import numbered_game, standings_csv
from motamot.web.duplicate.simultane import simultane_routes

Name = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_NAME_LENGTH)]
RoomId = Annotated[str, msgspec.Meta(max_length=40, pattern="^[A-Za-z0-9_-]+$")]
MAX_SEED = 2**63 - 1
#: A seed as the pages send it: its digits (a browser's numbers hold 53 bits, seeds 63).
SeedText = Annotated[str, msgspec.Meta(pattern="^[0-9]{1,19}$")]
#: The home page's query keys of a replay link (the Boggle form reads `seed` and `from`).
REPLAY_SEED, REPLAY_FROM = "tirage", "depuis"


class DuplicateRequest(msgspec.Struct, forbid_unknown_fields=True):
    """The home page's duplicate form: rules, word list, the pace (null: self-paced), and
    for a game played again its seed and the room that played it."""

    name: Name
    ruleset: Annotated[str, msgspec.Meta(max_length=32)] = "topword-fr"
    dictionary: Annotated[str, msgspec.Meta(max_length=40)] | None = None
    turn_seconds: bounded(DuplicateSettings, "turn_seconds", float) | None = DEFAULT_TURN_SECONDS  # type: ignore[valid-type]
    seed: SeedText | None = None
    origin: RoomId | None = None
    #: D7: the creator arbitrates (does not play); D8: the pause between live turns.
    arbiter: bool = False
    pause_seconds: bounded(DuplicateSettings, "pause_seconds", float) = 0.0  # type: ignore[valid-type]
    #: D9: the solo bonus (0: none).
    solo_bonus: bounded(DuplicateSettings, "solo_bonus", int) = 0  # type: ignore[valid-type]
    #: D10: a numbered game imported from its file (with its seed; an arbiter's room).
    number: bounded(DuplicateSettings, "number", int) | None = None  # type: ignore[valid-type]
    #: D12: the club's series (a slug).
    series: Annotated[str, msgspec.Meta(pattern="^" + SERIES.pattern + "$")] | None = None

    def __post_init__(self) -> None:
        if self.seed is not None and int(self.seed) > MAX_SEED:  # a clear error, nothing stored
            raise ValueError(f"a seed is at most {MAX_SEED}")

    def settings(self) -> DuplicateSettings:
        known = RULESETS.get(self.ruleset.strip().lower())  # stored by its own name
        return DuplicateSettings(
            self.ruleset if known is None else known.name,
            self.dictionary or None,
            self.turn_seconds,
            None if self.seed is None else int(self.seed),
            # the origin is shown to every player: its id only, never a player's link
            None if self.origin is None else room_of(self.origin),
            self.arbiter,
            self.pause_seconds,
            self.solo_bonus,
            self.number,
            self.series,
        )


def replay_defaults(query: Mapping[str, str], dictionaries: list[str]) -> dict[str, Any]:
    """What a « rejouer ce tirage » link carries (anything unreadable is left out: the
    form is then a plain one)."""
    seed, origin = query.get(REPLAY_SEED, ""), query.get(REPLAY_FROM, "")
    if not (seed.isascii() and seed.isdigit() and len(seed) <= 19 and int(seed) <= MAX_SEED):
        return {}
    if not (origin and len(origin) <= 40 and all(c.isalnum() or c in "-_" for c in origin)):
        return {}
    defaults: dict[str, Any] = {"seed": seed, "origin": origin}
    if query.get("ruleset") in RULESETS:
        defaults["ruleset"] = query["ruleset"]
    if query.get("dictionary") in dictionaries:
        defaults["dictionary"] = query["dictionary"]
    return defaults


async def seed_refusal(rooms: Rooms, form: DuplicateRequest) -> Refusal | None:
    """A draw chosen in advance is only one another room played to its end, with the same
    rules and word list (its seed is public then): nobody may fix a draw in secret and
    know its tops before the game."""
    if form.number is not None:  # D10: a numbered game's draws, known to its arbiter only
        if form.seed is None:
            return Refusal("number_without_draw")
        if not form.arbiter:
            return Refusal("numbered_needs_arbiter")
        if form.origin is None:
            return None
    if form.seed is None:
        # an origin is shown to every player as the game this one plays again: none without its draw
        return None if form.origin is None else Refusal("origin_without_draw")
    if form.origin is None:
        return None if rooms.chosen_grids else Refusal("draw_without_origin")
    settings, seed = form.settings(), int(form.seed)
    try:
        words = settings.dictionary_name
    except SettingsError as error:
        return Refusal(error.code, {"detail": str(error.fields.get("detail", ""))})

    def played(room: Any) -> bool:
        return (
            isinstance(room, DuplicateRoom)
            and room.ended is not None
            and room.started is not None
            and room.started.seed == seed
            and room.settings.ruleset == settings.ruleset
            and room.settings.dictionary_name == words
        )

    if not await rooms.read(form.origin, played):
        return Refusal("unknown_draw_origin")
    return None


def routes(rooms: Rooms) -> list[Route]:
    async def record(request: Request) -> Response:
        text = await _when_over(rooms, request, lambda room: format_record(record_of(room)))
        if isinstance(text, Response):
            return text
        name = f"duplicate-{room_of(request.path_params['room'])}.txt"
        disposition = {"content-disposition": f'attachment; filename="{name}"'}
        return PlainTextResponse(text, headers=disposition)

    async def standings(request: Request) -> Response:
        def read(room: Any) -> str | None:
            return standings_csv(room) if isinstance(room, DuplicateRoom) else None

        text = await rooms.read(request.path_params["room"], read)
        if text is None:
            return refused(Refusal("no_room"), request_language(request), 404)
        name = f"classement-{room_of(request.path_params['room'])}.csv"
        disposition = {"content-disposition": f'attachment; filename="{name}"'}
        return Response(text, media_type="text/csv; charset=utf-8", headers=disposition)

    async def numbered(request: Request) -> Response:
        asked = request.query_params.get("numero")
        made = await _when_over(rooms, request, lambda room: numbered_game(room, asked))
        if isinstance(made, Response):
            return made
        if isinstance(made, Refusal):
            return refused(made, request_language(request), 400)
        name = f"partie-{made['number']}.json"
        disposition = {"content-disposition": f'attachment; filename="{name}"'}
        return JSONResponse(made, headers=disposition)

    async def replay(request: Request) -> Response:
        steps = await _when_over(rooms, request, replay_json)
        return steps if isinstance(steps, Response) else JSONResponse(steps)

    return [
        *create_routes(
            rooms,
            "duplicate",
            DuplicateRequest,
            check=lambda form: seed_refusal(rooms, form),
            answered={"kind": "duplicate"},
        ),
        Route("/api/duplicate/{room}/record", record),
        Route("/api/duplicate/{room}/replay", replay),
        Route("/api/duplicate/{room}/standings.csv", standings),
        Route("/api/duplicate/{room}/game", numbered),
        *simultane_routes(rooms),
    ]


async def _when_over(rooms: Rooms, request: Request, make: Any) -> Any:
    """`make(room)` for a duplicate game that is over, read in its actor; the answer when
    there is no such room (404) or the game is not over (409)."""

    def read(room: Any) -> Any:
        if not isinstance(room, DuplicateRoom):
            return "no_room"
        return make(room) if room.ended is not None else "game_not_over"

    found = await rooms.read(request.path_params["room"], read)
    if found is None or found == "no_room":
        return JSONResponse({"error": "no_room"}, 404)
    if found == "game_not_over":
        return JSONResponse({"error": "game_not_over"}, 409)
    return found


def replay_json(room: DuplicateRoom) -> dict[str, Any]:
    """The board before the first turn and after each one, with its rack, its top (its
    cells lit) and who found it, and the standings at the end."""
    names = {seat.seat: seat.name for seat in room.seats.values()}
    heights = [0] * 100
    steps: list[dict[str, Any]] = [{"board": {"tops": [""] * 100, "heights": heights}}]
    for turn in room.turns:
        if not turn.ended:
            break
        _, tops, after = turn.board
        steps.append(
            {
                "number": turn.number,
                "rack": [tile_label(tile) for tile in turn.rack],
                "top": turn.top,
                "points": turn.top_points,
                "top_total": turn.top_total,
                "found_by": [names[seat] for seat in turn.found_by],
                "board": {"tops": [tile_label(t) for t in tops], "heights": list(after)},
                "placed": [cell for cell in range(100) if after[cell] > heights[cell]],
            }
        )
        heights = list(after)
    standings = [
        {**msgspec.structs.asdict(line), "name": names[line.seat]} for line in views.standings(room)
    ]
    # the ruleset: each draw may be analysed on « Le plateau sur la table » (T20)
    return {
        "steps": steps,
        "standings": standings,
        "top_total": room.top_total,
        "ruleset": room.settings.ruleset,
    }
