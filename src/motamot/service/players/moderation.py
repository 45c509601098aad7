"""Reports and bans: what players say of a name, and whom the operator keeps out.

A report names a seat of a room (its name then, and the lasting player behind it when
there is one), a reason from a fixed list, the reporter's lasting player and name, and
what was said around the reported seat's messages when it was made (`SaidLine`: the room
keeps only its last lines, and a message may be removed later). One report per reporter
and seat: sent again, it counts once, but every reason given is kept and the lines said
since are added. An operator closes a person's reports once dealt with (`close_reports`).
The table is bounded: past `MAX_REPORTS` the oldest go.

A ban is the operator's (`motamot admin ban`): a lasting player (an account or a
browser's identity, by its id), an account name's key (so that the name is not taken
again, by a new account or at a table: F19), or a client address. Each change of the
bans bumps a generation in `players_keys`: every server process reads it to know when to
read the bans again. Each function is one transaction's work.
"""

from __future__ import annotations

from dataclasses import dataclass

import msgspec

from motamot.service.players.db import Tx

#: Why a name may be reported (the page offers these, in this order).
REASONS = ("offensive_name", "impersonation", "cheating", "behaviour")
#: Reports kept at most (the oldest go first).
MAX_REPORTS = 100_000
#: Lines of what was said a report keeps at most (the latest).
MAX_SAID = 40
#: What a ban names.
PLAYER, NAME, ADDRESS = "player", "name", "address"
_GENERATION = "bans_generation"


class SaidLine(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A line of a room's chat as a report keeps it: free text, or a set phrase's id."""

    seq: int
    seat: str
    name: str
    at: float
    text: str | None = None
    phrase: str | None = None


_SAID = msgspec.json.Decoder(list[SaidLine])
_REASONS = msgspec.json.Decoder(list[str])


@dataclass(frozen=True)
class Report:
    """One report as it is kept."""

    at: float
    room: str
    seat: str
    name: str
    name_key: str
    player: str | None
    #: The first reason given.
    reason: str
    reporter: str
    #: Every reason this reporter gave for this seat, in order (read back; a new report
    #: has its `reason` only).
    reasons: tuple[str, ...] = ()
    #: The reporter's name (their seat's in the room, or their account's; None: neither).
    reporter_name: str | None = None
    said: tuple[SaidLine, ...] = ()
    #: When an operator closed it (None: open).
    closed: float | None = None

    @property
    def given(self) -> tuple[str, ...]:
        """Every reason given (at least the first)."""
        return self.reasons or (self.reason,)


@dataclass(frozen=True)
class Ban:
    """A lasting player (`what` PLAYER), an account name's key (NAME) or a client
    address (ADDRESS) kept out."""

    what: str
    value: str
    #: What the operator knows it by: the name, or the id.
    label: str
    at: float


def add_report(tx: Tx, report: Report) -> bool:
    """Keep `report` (False: this reporter reported this seat already: its reason and the
    lines said since are added); the oldest go past MAX_REPORTS."""
    said = msgspec.json.encode(list(report.said[-MAX_SAID:])).decode()
    rows = tx.execute(
        "INSERT INTO players_reports (room, seat, reporter, at, name, name_key, player,"
        " reason, reasons, reporter_name, said) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT DO NOTHING RETURNING room",
        (
            report.room,
            report.seat,
            report.reporter,
            report.at,
            report.name,
            report.name_key,
            report.player,
            report.reason,
            msgspec.json.encode([report.reason]).decode(),
            report.reporter_name,
            said,
        ),
    )
    if not rows:
        _add_to(tx, report)
        return False
    (count,) = tx.execute("SELECT count(*) FROM players_reports")[0]
    if int(count) > MAX_REPORTS:
        tx.execute(
            "DELETE FROM players_reports WHERE at <"
            " (SELECT at FROM players_reports ORDER BY at DESC LIMIT 1 OFFSET ?)",
            (MAX_REPORTS - 1,),
        )
    return True


def _add_to(tx: Tx, report: Report) -> None:
    """A reporter reports a seat again: the new reason and lines added to the report, which
    is open again."""
    key = (report.room, report.seat, report.reporter)
    rows = tx.execute(
        "SELECT reason, reasons, said FROM players_reports"
        " WHERE room = ? AND seat = ? AND reporter = ?",
        key,
    )
    if not rows:
        return
    first, reasons, said = rows[0]
    given = list(dict.fromkeys([*_reasons(reasons, str(first)), report.reason]))
    lines = {line.seq: line for line in (*_said(said), *report.said)}
    kept = [lines[seq] for seq in sorted(lines)][-MAX_SAID:]
    tx.execute(
        "UPDATE players_reports SET reasons = ?, said = ?, closed = NULL"
        " WHERE room = ? AND seat = ? AND reporter = ?",
        (msgspec.json.encode(given).decode(), msgspec.json.encode(kept).decode(), *key),
    )


def _reasons(stored: object, first: str) -> tuple[str, ...]:
    if not isinstance(stored, str):
        return (first,)
    try:
        return tuple(_REASONS.decode(stored)) or (first,)
    except msgspec.DecodeError:
        return (first,)


def _said(stored: object) -> tuple[SaidLine, ...]:
    if not isinstance(stored, str):
        return ()
    try:
        return tuple(_SAID.decode(stored))
    except msgspec.DecodeError:
        return ()


def close_reports(tx: Tx, player: str | None, key: str, at: float) -> int:
    """Close the open reports of lasting player `player` (None: of the name whose key is
    `key`, with no player behind it); how many."""
    if player is not None:
        rows = tx.execute(
            "UPDATE players_reports SET closed = ? WHERE closed IS NULL AND player = ?"
            " RETURNING room",
            (at, player),
        )
    else:
        rows = tx.execute(
            "UPDATE players_reports SET closed = ? WHERE closed IS NULL AND player IS NULL"
            " AND name_key = ? RETURNING room",
            (at, key),
        )
    return len(rows)


def reports_since(tx: Tx, reporter: str, since: float) -> int:
    """How many reports `reporter` made since `since`."""
    rows = tx.execute(
        "SELECT count(*) FROM players_reports WHERE reporter = ? AND at >= ?", (reporter, since)
    )
    return int(rows[0][0])


def reports(tx: Tx, open_only: bool = False) -> list[Report]:
    """Every report kept (or those still open), the latest first."""
    rows = tx.execute(
        "SELECT at, room, seat, name, name_key, player, reason, reporter, reasons,"
        " reporter_name, said, closed FROM players_reports"
        + (" WHERE closed IS NULL" if open_only else "")
        + " ORDER BY at DESC, room, seat, reporter"
    )
    return [_report(row) for row in rows]


def _report(row: tuple[object, ...]) -> Report:
    at, room, seat, name, key, player, reason, by, reasons, by_name, said, closed = row
    return Report(
        float(str(at)), str(room), str(seat), str(name), str(key),
        None if player is None else str(player), str(reason), str(by),
        _reasons(reasons, str(reason)), None if by_name is None else str(by_name), _said(said),
        None if closed is None else float(str(closed)),
    )  # fmt: skip


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
    #: The reports themselves, the latest first.
    reports: tuple[Report, ...] = ()


def reported(kept: list[Report]) -> list[Reported]:
    """The reports (the latest first) gathered by person, the latest reported first."""
    groups: dict[str, list[Report]] = {}
    for report in kept:
        key = report.player if report.player is not None else f"name:{report.name_key}"
        groups.setdefault(key, []).append(report)
    found = []
    for group in groups.values():
        counts = {reason: sum(1 for r in group if reason in r.given) for reason in REASONS}
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
                tuple(group),
            )
        )
    return sorted(found, key=lambda one: (-one.latest, one.name))
