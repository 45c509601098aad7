"""Reports and bans: what players say of a name, and whom the operator keeps out.

A report names a seat of a room (its name then, and the lasting player behind it when
there is one), one reason from a fixed list, and the reporter's lasting player: one
report per reporter and seat (sent again, it only counts once). The table is bounded:
past `MAX_REPORTS` the oldest go.

A ban is the operator's (`motamot admin ban`): a lasting player (an account or a
browser's identity, by its id), or an account name's key (so that the name is not taken
again by a new account). Each change of the bans bumps a generation in `players_keys`:
every server process reads it to know when to read the bans again. Each function is one
transaction's work.
"""

from __future__ import annotations

from dataclasses import dataclass

from motamot.service.players.db import Tx

#: Why a name may be reported (the page offers these, in this order).
REASONS = ("offensive_name", "impersonation", "cheating", "behaviour")
#: Reports kept at most (the oldest go first).
MAX_REPORTS = 100_000
#: What a ban names.
PLAYER, NAME = "player", "name"
_GENERATION = "bans_generation"


@dataclass(frozen=True)
class Report:
    """One report as it is kept."""

    at: float
    room: str
    seat: str
    name: str
    name_key: str
    player: str | None
    reason: str
    reporter: str


@dataclass(frozen=True)
class Ban:
    """A lasting player (`what` PLAYER) or an account name's key (NAME) kept out."""

    what: str
    value: str
    #: What the operator knows it by: the name, or the id.
    label: str
    at: float


def add_report(tx: Tx, report: Report) -> bool:
    """Keep `report` (False: this reporter reported this seat already); the oldest go
    past MAX_REPORTS."""
    rows = tx.execute(
        "INSERT INTO players_reports"
        " (room, seat, reporter, at, name, name_key, player, reason)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING room",
        (
            report.room,
            report.seat,
            report.reporter,
            report.at,
            report.name,
            report.name_key,
            report.player,
            report.reason,
        ),
    )
    if not rows:
        return False
    (count,) = tx.execute("SELECT count(*) FROM players_reports")[0]
    if int(count) > MAX_REPORTS:
        tx.execute(
            "DELETE FROM players_reports WHERE at <"
            " (SELECT at FROM players_reports ORDER BY at DESC LIMIT 1 OFFSET ?)",
            (MAX_REPORTS - 1,),
        )
    return True


def reports_since(tx: Tx, reporter: str, since: float) -> int:
    """How many reports `reporter` made since `since`."""
    rows = tx.execute(
        "SELECT count(*) FROM players_reports WHERE reporter = ? AND at >= ?", (reporter, since)
    )
    return int(rows[0][0])


def reports(tx: Tx) -> list[Report]:
    """Every report kept, the latest first."""
    rows = tx.execute(
        "SELECT at, room, seat, name, name_key, player, reason, reporter FROM players_reports"
        " ORDER BY at DESC, room, seat, reporter"
    )
    return [
        Report(float(at), str(room), str(seat), str(name), str(key), player, str(reason), str(by))
        for at, room, seat, name, key, player, reason, by in rows
    ]


def ban(tx: Tx, what: str, value: str, label: str, at: float) -> bool:
    """Keep `value` out (False: it was already)."""
    rows = tx.execute(
        "INSERT INTO players_bans (what, value, label, at) VALUES (?, ?, ?, ?)"
        " ON CONFLICT DO NOTHING RETURNING value",
        (what, value, label, at),
    )
    if rows:
        _bump(tx)
    return bool(rows)


def unban(tx: Tx, what: str, value: str) -> bool:
    """Let `value` back in (False: it was not banned)."""
    rows = tx.execute(
        "DELETE FROM players_bans WHERE what = ? AND value = ? RETURNING value", (what, value)
    )
    if rows:
        _bump(tx)
    return bool(rows)


def bans(tx: Tx) -> list[Ban]:
    rows = tx.execute("SELECT what, value, label, at FROM players_bans ORDER BY at, what, value")
    return [Ban(str(what), str(value), str(label), float(at)) for what, value, label, at in rows]


def generation(tx: Tx) -> int:
    """How many times the bans changed (0: never)."""
    rows = tx.execute("SELECT value FROM players_keys WHERE name = ?", (_GENERATION,))
    return int(rows[0][0]) if rows else 0


def _bump(tx: Tx) -> None:
    tx.execute(
        "INSERT INTO players_keys (name, value) VALUES (?, '1') ON CONFLICT (name)"
        " DO UPDATE SET value = CAST(CAST(players_keys.value AS INTEGER) + 1 AS TEXT)",
        (_GENERATION,),
    )


@dataclass(frozen=True)
class Reported:
    """Everything reported of one person: a lasting player, or a name with none behind it."""

    #: The name of the latest report, and every name reported (the latest first).
    name: str
    names: tuple[str, ...]
    player: str | None
    count: int
    reporters: int
    #: How many reports gave each reason (in REASONS' order).
    reasons: dict[str, int]
    #: The rooms, the latest first.
    rooms: tuple[str, ...]
    latest: float


def reported(kept: list[Report]) -> list[Reported]:
    """The reports (the latest first) gathered by person, the latest reported first."""
    groups: dict[str, list[Report]] = {}
    for report in kept:
        key = report.player if report.player is not None else f"name:{report.name_key}"
        groups.setdefault(key, []).append(report)
    found = []
    for group in groups.values():
        counts = {reason: sum(1 for r in group if r.reason == reason) for reason in REASONS}
        found.append(
            Reported(
                group[0].name,
                tuple(dict.fromkeys(r.name for r in group)),
                group[0].player,
                len(group),
                len({r.reporter for r in group}),
                {reason: count for reason, count in counts.items() if count},
                tuple(dict.fromkeys(r.room for r in group)),
                group[0].at,
            )
        )
    return sorted(found, key=lambda one: (-one.latest, one.name))
