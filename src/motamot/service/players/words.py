"""This server's changes of its word lists, and the players' proposals of changes.

Changes (`lexicon.changes.WordChange`) are kept in the players' store, not the rooms'
events: they belong to the server, not to a room; every process of a cluster reads
them from the one database; and accepting a proposal is one transaction that numbers
the change and answers everyone who asked. A change is numbered per list with no holes
(its key is the list and the number: two operators accepting at once cannot both take
one number) and never edited, so a list's version (`fr+3`) means the same for ever.

A proposal (« Contester ») is a player's: a word, a way (add it, or remove it), their
reason and the room it came from, once per player, word and way. The operator sees
them grouped by word with how many asked (`open_groups`); accepting makes the change,
refusing gives a reason every asker is shown (`answers_of`). Each function is one
transaction's work.
"""

from __future__ import annotations

from dataclasses import dataclass

from motamot.lexicon.changes import WordChange
from motamot.service.players.db import Tx

#: An open proposal's answer.
OPEN = ""
ACCEPTED = "accepted"
#: Proposals kept at most (the oldest answered ones go first).
MAX_PROPOSALS = 50_000


@dataclass(frozen=True)
class Proposal:
    """One player's proposal of one change."""

    dictionary: str
    word: str
    added: bool
    player: str
    #: Where it came from: the client's address, hashed (a limit per address).
    origin: str
    room: str
    reason: str
    at: float
    #: ACCEPTED, the operator's reason for refusing, or OPEN.
    answer: str = OPEN
    answered: float | None = None


@dataclass(frozen=True)
class ProposalGroup:
    """The open proposals of one change, for the operator."""

    dictionary: str
    word: str
    added: bool
    #: How many players asked, and from how many addresses (one person's several
    #: accounts or browsers count once there).
    count: int
    origins: int
    first: float
    reasons: tuple[str, ...]
    rooms: tuple[str, ...]


def _change(row: tuple[object, ...]) -> WordChange:
    dictionary, number, word, added, reason, at = row
    return WordChange(
        str(dictionary), int(str(number)), str(word), bool(added), str(reason), float(str(at))
    )


def changes(tx: Tx, dictionary: str | None = None) -> list[WordChange]:
    """The changes of one list (or of every list), in order."""
    sql = "SELECT dictionary, number, word, added, reason, at FROM players_word_changes"
    if dictionary is None:
        rows = tx.execute(sql + " ORDER BY dictionary, number")
    else:
        rows = tx.execute(sql + " WHERE dictionary = ? ORDER BY number", (dictionary,))
    return [_change(tuple(row)) for row in rows]


def add_change(
    tx: Tx, dictionary: str, word: str, added: bool, reason: str, at: float, operator: str
) -> WordChange:
    """The list's next change, and its open proposals answered ACCEPTED."""
    rows = tx.execute(
        "SELECT coalesce(max(number), 0) FROM players_word_changes WHERE dictionary = ?",
        (dictionary,),
    )
    number = int(rows[0][0]) + 1
    tx.execute(
        "INSERT INTO players_word_changes (dictionary, number, word, added, reason, at,"
        " operator) VALUES (?, ?, ?, ?, ?, ?, ?)",
        (dictionary, number, word, int(added), reason, at, operator),
    )
    _answer(tx, dictionary, word, added, ACCEPTED, at)
    return WordChange(dictionary, number, word, added, reason, at)


def _answer(tx: Tx, dictionary: str, word: str, added: bool, answer: str, at: float) -> int:
    rows = tx.execute(
        "UPDATE players_word_proposals SET answer = ?, answered = ? WHERE dictionary = ?"
        " AND word = ? AND added = ? AND answer = '' RETURNING player",
        (answer, at, dictionary, word, int(added)),
    )
    return len(rows)


def refuse(tx: Tx, dictionary: str, word: str, added: bool, reason: str, at: float) -> int:
    """Answer the open proposals of a change with the operator's `reason`: how many."""
    return _answer(tx, dictionary, word, added, reason, at)


def propose(tx: Tx, proposal: Proposal) -> bool:
    """Keep `proposal` (False: this player asked this already); the oldest answered go
    past MAX_PROPOSALS."""
    rows = tx.execute(
        "INSERT INTO players_word_proposals (dictionary, word, added, player, origin, room,"
        " reason, at, answer) VALUES (?, ?, ?, ?, ?, ?, ?, ?, '')"
        " ON CONFLICT DO NOTHING RETURNING player",
        (
            proposal.dictionary,
            proposal.word,
            int(proposal.added),
            proposal.player,
            proposal.origin,
            proposal.room,
            proposal.reason,
            proposal.at,
        ),
    )
    if not rows:
        return False
    (count,) = tx.execute("SELECT count(*) FROM players_word_proposals")[0]
    if int(count) > MAX_PROPOSALS:
        tx.execute(
            "DELETE FROM players_word_proposals WHERE answer <> '' AND at <"
            " (SELECT min(at) + 86400 FROM players_word_proposals WHERE answer <> '')"
        )
    return True


def proposals_since(tx: Tx, player: str, origin: str, since: float) -> tuple[int, int, int]:
    """Proposals made since `since`: by `player`, from `origin`, by everybody."""
    counts = []
    for where, params in (
        ("player = ? AND ", (player,)),
        ("origin = ? AND ", (origin,)),
        ("", ()),
    ):
        sql = f"SELECT count(*) FROM players_word_proposals WHERE {where}at >= ?"
        counts.append(int(tx.execute(sql, (*params, since))[0][0]))
    return counts[0], counts[1], counts[2]


def open_groups(tx: Tx) -> list[ProposalGroup]:
    """The open proposals grouped by change, the most asked first."""
    rows = tx.execute(
        "SELECT dictionary, word, added, reason, room, at, origin FROM players_word_proposals"
        " WHERE answer = '' ORDER BY at"
    )
    groups: dict[tuple[str, str, bool], list[tuple[str, str, float, str]]] = {}
    for dictionary, word, added, reason, room, at, origin in rows:
        key = (str(dictionary), str(word), bool(added))
        groups.setdefault(key, []).append((str(reason), str(room), float(at), str(origin)))
    found = [
        ProposalGroup(
            dictionary,
            word,
            added,
            len(asked),
            len({origin for *_, origin in asked}),
            asked[0][2],
            tuple(reason for reason, *_ in asked if reason),
            tuple(dict.fromkeys(room for _, room, *_ in asked)),
        )
        for (dictionary, word, added), asked in groups.items()
    ]
    return sorted(found, key=lambda group: (-group.count, group.first, group.word))


def answers_of(tx: Tx, player: str) -> list[Proposal]:
    """A player's proposals, the latest first (their answers with them)."""
    rows = tx.execute(
        "SELECT dictionary, word, added, player, origin, room, reason, at, answer, answered"
        " FROM players_word_proposals WHERE player = ? ORDER BY at DESC LIMIT 50",
        (player,),
    )
    return [
        Proposal(str(d), str(w), bool(a), str(p), str(o), str(r), str(why), float(at), str(ans), ad)
        for d, w, a, p, o, r, why, at, ans, ad in rows
    ]
