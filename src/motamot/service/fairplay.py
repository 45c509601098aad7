"""What the operator is shown of fair play (docs/rules.md, F2, F4, R5-R7): the plays of
the daily grid and the arena set aside, and the rated games that rated nobody, each with
its evidence (`motamot admin fairplay`).

Everything is read again from what is stored: the rooms' events (a daily room or an
arena round folded as the server folds it) and the games the players' projection kept.
An arena round removed by retention (its summary kept) is no longer listed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import msgspec

from motamot.service.arena.room import ArenaRoom
from motamot.service.boggle.pace import TooFast
from motamot.service.daily.room import DailyRoom
from motamot.service.players.farming import unrated
from motamot.service.players.store import PlayerStore
from motamot.service.ports import EventStore
from motamot.service.rooms.actor import Actor, Lexicons
from motamot.service.rooms.kinds import Kinds
from motamot.service.rooms.results import GameOutcome

_OUTCOME = msgspec.json.Decoder(GameOutcome)


@dataclass(frozen=True)
class Flagged:
    """One play or game the rules set aside: where, when, who, why, and the evidence."""

    what: str
    room: str
    at: float
    #: The daily grid's preset and day, an arena round's preset and number, a game's
    #: rating family.
    where: str
    reason: str
    #: (name, lasting player, account or not) of each person concerned.
    people: tuple[tuple[str, str | None, bool], ...]
    score: int | None = None
    evidence: dict[str, Any] = field(default_factory=dict)


def _pace(fast: TooFast) -> dict[str, Any]:
    return {"bound": fast.bound, "words": fast.words, "seconds": fast.seconds, "at": fast.at}


def daily_flags(room: DailyRoom) -> list[Flagged]:
    where = f"{room.settings.preset} {room.settings.day}"
    found = []
    for seat, play in room.plays.items():
        if play.aside not in ("too_fast", "second_play"):
            continue
        taken = room.seats[seat]
        evidence = _pace(play.fast) if play.fast is not None else {"words": play.found}
        people = ((taken.name, taken.player, taken.account),)
        at = play.ended_at if play.ended_at is not None else play.start
        found.append(
            Flagged("daily", room.room_id, at, where, play.aside, people, play.score, evidence)
        )
    return found


def arena_flags(room: ArenaRoom) -> list[Flagged]:
    if not room.ended or room.round is None:
        return []
    where = f"{room.settings.preset} #{room.settings.number}"
    found = []
    for place in room.results().places.values():
        if place.fast is None:
            continue
        taken = room.seats[place.seat]
        people = ((place.name, place.player, taken.account),)
        found.append(
            Flagged(
                "arena",
                room.room_id,
                room.round.deadline,
                where,
                "too_fast",
                people,
                place.score,
                _pace(place.fast),
            )
        )
    return found


def game_flag(outcome: GameOutcome, why: str) -> Flagged:
    """A rated game that rated nobody (R5-R7), with what decided it."""
    people = tuple((p.name, p.player, True) for p in outcome.places if p.player is not None)
    evidence: dict[str, Any] = {"kind": outcome.kind}
    if why == "short":
        evidence["moves"] = {p.name: p.figures.moves for p in outcome.places}
    elif why == "kin":
        marks: dict[str, list[str]] = {}
        for place in outcome.places:
            for mark in place.marks:
                marks.setdefault(mark, []).append(place.name)
        evidence["shared"] = sorted(names for names in marks.values() if len(names) > 1)
    at = outcome.ended_at
    return Flagged("game", outcome.room, at, outcome.family, why, people, None, evidence)


def room_flags(room: Actor[Any]) -> list[Flagged]:
    if isinstance(room, DailyRoom):
        return daily_flags(room)
    if isinstance(room, ArenaRoom):
        return arena_flags(room)
    return []


async def flagged(
    events: EventStore, players: PlayerStore, kinds: Kinds, lexicons: Lexicons
) -> list[Flagged]:
    """Every play and game set aside in these stores, the latest first."""
    found: list[Flagged] = []
    for room_id in await events.rooms():
        rows = await events.load(room_id)
        if rows and kinds.of_first(rows[0]).name in ("daily", "arena"):
            found.extend(room_flags(kinds.rebuild(rows, lexicons)))
    stored: Sequence[Any] = await players.read(
        lambda tx: tx.execute("SELECT outcome FROM players_games WHERE rated = 1")
    )
    outcomes = [_OUTCOME.decode(str(row[0])) for row in stored]
    found.extend(game_flag(outcome, why) for outcome, why in unrated(outcomes))
    return sorted(found, key=lambda flag: (-flag.at, flag.room))
