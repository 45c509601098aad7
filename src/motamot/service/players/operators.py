"""The operator's helpers and what they did: accounts named with `motamot admin operators
add NAME` may open the moderation page (`server.players.moderation_page`); every action
taken there or from the command line is kept in a log (`players_moderation_log`), the
latest first, so that the operators can see who did what. The command line's actions on
rooms are queued here (`players_moderation_queue`): a server process takes each one
once, submits it to its room and writes what came of it.

An operator is a signed-in account, never a browser's identity: a page that anybody could
open by copying a cookie would be a hole. A deleted account stops being an operator (its
row stays until `remove`, its player has no name any more). Each function is one
transaction's work.
"""

from __future__ import annotations

from dataclasses import dataclass

from motamot.service.players.db import Tx

#: Who the moderation log says acted, for the command line.
CLI = "cli"
#: Log lines kept at most (the oldest go first).
MAX_LOG = 10_000
#: Longest text of a log line's target.
MAX_TARGET = 200


@dataclass(frozen=True)
class Operator:
    player: str
    #: The account's name when it was named operator.
    name: str
    at: float


@dataclass(frozen=True)
class Action:
    """One thing an operator did: `action` is a code (`ban.player`, `chat.remove`...)."""

    at: float
    operator: str
    action: str
    target: str
    room: str | None = None


def add(tx: Tx, player: str, name: str, at: float) -> bool:
    """Name `player` (an account, called `name`) operator (False: it was already)."""
    rows = tx.execute(
        "INSERT INTO players_operators (player, name, at) VALUES (?, ?, ?)"
        " ON CONFLICT DO NOTHING RETURNING player",
        (player, name, at),
    )
    return bool(rows)


def remove(tx: Tx, player: str) -> bool:
    """`player` is no operator any more (False: it was not)."""
    rows = tx.execute("DELETE FROM players_operators WHERE player = ? RETURNING player", (player,))
    return bool(rows)


def operators(tx: Tx) -> list[Operator]:
    """Every operator, the first named first."""
    rows = tx.execute("SELECT player, name, at FROM players_operators ORDER BY at, player")
    return [Operator(str(player), str(name), float(at)) for player, name, at in rows]


def is_operator(tx: Tx, player: str) -> bool:
    """Whether `player` is an operator and still an account (not deleted)."""
    rows = tx.execute(
        "SELECT 1 FROM players_operators o JOIN players_players p ON p.player = o.player"
        " WHERE o.player = ? AND p.deleted = 0 AND p.name IS NOT NULL",
        (player,),
    )
    return bool(rows)


def log(tx: Tx, action: Action) -> None:
    """Keep `action` (its target cut to MAX_TARGET); the oldest go past MAX_LOG."""
    tx.execute(
        "INSERT INTO players_moderation_log (at, operator, action, target, room)"
        " VALUES (?, ?, ?, ?, ?)",
        (action.at, action.operator, action.action, action.target[:MAX_TARGET], action.room),
    )
    (count,) = tx.execute("SELECT count(*) FROM players_moderation_log")[0]
    if int(count) > MAX_LOG:
        tx.execute(
            "DELETE FROM players_moderation_log WHERE at <"
            " (SELECT at FROM players_moderation_log ORDER BY at DESC LIMIT 1 OFFSET ?)",
            (MAX_LOG - 1,),
        )


def actions(tx: Tx, limit: int) -> list[Action]:
    """The last `limit` actions, the latest first."""
    rows = tx.execute(
        "SELECT at, operator, action, target, room FROM players_moderation_log"
        " ORDER BY at DESC LIMIT ?",
        (max(0, limit),),
    )
    return [
        Action(float(at), str(by), str(what), str(target), room)
        for at, by, what, target, room in rows
    ]


@dataclass(frozen=True)
class Queued:
    """A room action the command line asked for: its id, room and command (JSON)."""

    id: str
    room: str
    command: str
    at: float
    #: When a process took it (None: waiting), and what came of it (`done` or a
    #: refusal's code; None: not yet).
    taken: float | None = None
    outcome: str | None = None


def enqueue(tx: Tx, queued: Queued) -> None:
    tx.execute(
        "INSERT INTO players_moderation_queue (id, room, command, at) VALUES (?, ?, ?, ?)",
        (queued.id, queued.room, queued.command, queued.at),
    )


def waiting(tx: Tx, limit: int) -> list[Queued]:
    """The actions no process took yet, the oldest first."""
    rows = tx.execute(
        "SELECT id, room, command, at FROM players_moderation_queue WHERE taken IS NULL"
        " ORDER BY at, id LIMIT ?",
        (limit,),
    )
    return [Queued(str(i), str(room), str(command), float(at)) for i, room, command, at in rows]


def take(tx: Tx, queued_id: str, at: float) -> bool:
    """This process takes the action (False: another one did)."""
    rows = tx.execute(
        "UPDATE players_moderation_queue SET taken = ? WHERE id = ? AND taken IS NULL RETURNING id",
        (at, queued_id),
    )
    return bool(rows)


def settle(tx: Tx, queued_id: str, outcome: str, forget_before: float) -> None:
    """Write what came of the action; actions taken before `forget_before` go (their
    command has long printed what came of them)."""
    tx.execute("UPDATE players_moderation_queue SET outcome = ? WHERE id = ?", (outcome, queued_id))
    tx.execute(
        "DELETE FROM players_moderation_queue WHERE outcome IS NOT NULL AND taken < ?",
        (forget_before,),
    )


def queued(tx: Tx, queued_id: str) -> Queued | None:
    rows = tx.execute(
        "SELECT id, room, command, at, taken, outcome FROM players_moderation_queue WHERE id = ?",
        (queued_id,),
    )
    if not rows:
        return None
    i, room, command, at, taken, outcome = rows[0]
    return Queued(
        str(i),
        str(room),
        str(command),
        float(at),
        None if taken is None else float(taken),
        None if outcome is None else str(outcome),
    )


def write_live(tx: Tx, process: str, at: float, rooms: str) -> None:
    """What `process` holds live now (`rooms`: JSON), replacing what it wrote before."""
    tx.execute(
        "INSERT INTO players_live (process, at, rooms) VALUES (?, ?, ?) ON CONFLICT (process)"
        " DO UPDATE SET at = excluded.at, rooms = excluded.rooms",
        (process, at, rooms),
    )


def forget_live(tx: Tx, process: str, before: float) -> None:
    """`process` stopped, and processes silent since `before` are gone."""
    tx.execute("DELETE FROM players_live WHERE process = ? OR at < ?", (process, before))


def live(tx: Tx, since: float) -> list[tuple[str, float, str]]:
    """What each process that wrote since `since` holds: (process, when, JSON)."""
    rows = tx.execute(
        "SELECT process, at, rooms FROM players_live WHERE at >= ? ORDER BY process", (since,)
    )
    return [(str(process), float(at), str(rooms)) for process, at, rooms in rows]
