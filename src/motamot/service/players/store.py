"""The players' store: one port over the players' tables (`schema`), on any database
(`db`: SQLite, in memory, PostgreSQL). Each method is one transaction."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from motamot.lexicon import Lexicon
from motamot.lexicon.changes import WordChange, WordLists
from motamot.service.players import (
    accounts,
    mail,
    moderation,
    operators,
    projection,
    queries,
    words,
)
from motamot.service.players.accounts import Account, Player
from motamot.service.players.db import Db, Tx, open_db
from motamot.service.players.facts import RoomFacts
from motamot.service.players.mail import MailAddress
from motamot.service.players.names import NameKeys
from motamot.service.players.schema import PROJECTED, create_tables, stored_version

T = TypeVar("T")


@dataclass(frozen=True)
class Profile:
    figures: list[queries.VariantFigures]
    ratings: list[queries.RatingLine]
    last_games: list[queries.PastGame]
    #: The families of the player's ranked daily grids (each names its day).
    daily: list[str] = field(default_factory=list)


class PlayerStore:
    """Lasting players, accounts, sessions, and the projections of the rooms' events."""

    def __init__(self, db: Db) -> None:
        self.db = db
        #: The ratings last read or written here (`projection.RatingCache`).
        self.ratings = projection.RatingCache()
        #: The projections were made anew on opening (a first start, a new layout): they
        #: are to be rebuilt from the events.
        self.fresh = False
        #: The kept tables' schema version when opened (None: a new store), before the
        #: migrations `open` ran (`schema.MIGRATIONS`).
        self.found_version: int | None = None

    @classmethod
    async def open(cls, url: str) -> PlayerStore:
        """The store on the database `url` names (the rooms' own), its tables created."""
        store = cls(open_db(url))
        store.found_version = await store.db.run(stored_version)
        store.fresh = await store.db.run(create_tables)
        return store

    async def close(self) -> None:
        await self.db.close()

    # --- players, identities, accounts, sessions ---------------------------------------

    async def player_of_identity(self, digest: str, now: float) -> str:
        return await self.db.run(lambda tx: accounts.player_of_identity(tx, digest, now))

    async def identity_player(self, digest: str) -> str | None:
        return await self.db.run(lambda tx: accounts.identity_player(tx, digest), durable=False)

    async def player(self, player: str) -> Player | None:
        return await self.db.run(lambda tx: accounts.player(tx, player), durable=False)

    async def remember_seat_name(self, player: str, name: str) -> None:
        await self.db.run(lambda tx: accounts.remember_seat_name(tx, player, name))

    async def claim(self, player: str, name: str, keys: NameKeys, password: str) -> bool:
        return await self.db.run(lambda tx: accounts.claim(tx, player, name, keys, password))

    async def account_by_key(self, key: str) -> Account | None:
        return await self.db.run(lambda tx: accounts.account_by_key(tx, key), durable=False)

    async def account_of(self, player: str) -> Account | None:
        return await self.db.run(lambda tx: accounts.account_of(tx, player), durable=False)

    async def set_password(self, player: str, password: str, keep: str | None) -> None:
        def work(tx: Tx) -> None:
            accounts.set_password(tx, player, password)
            accounts.end_other_sessions(tx, player, keep)

        await self.db.run(work)

    async def set_private(self, player: str, private: bool) -> None:
        await self.db.run(lambda tx: accounts.set_private(tx, player, private))

    async def delete_account(self, player: str) -> None:
        await self.db.run(lambda tx: accounts.delete_account(tx, player))

    async def start_session(self, digest: str, player: str, expires: float) -> None:
        await self.db.run(lambda tx: accounts.start_session(tx, digest, player, expires))

    async def session_player(self, digest: str, now: float) -> str | None:
        return await self.db.run(lambda tx: accounts.session_player(tx, digest, now))

    async def end_session(self, digest: str) -> None:
        await self.db.run(lambda tx: accounts.end_session(tx, digest))

    async def forget_identity(self, digest: str, player: str) -> None:
        await self.db.run(lambda tx: accounts.forget_identity(tx, digest, player))

    async def rooms_of(self, player: str) -> list[str]:
        return await self.db.run(lambda tx: accounts.rooms_of(tx, player), durable=False)

    async def server_key(self, name: str) -> str:
        return await self.db.run(lambda tx: accounts.server_key(tx, name))

    # --- the address a player is told at (`service.mail`) --------------------------------

    async def mail_of(self, player: str) -> MailAddress | None:
        return await self.db.run(lambda tx: mail.mail_of(tx, player), durable=False)

    async def set_mail(self, player: str, address: str, lang: str, now: float) -> MailAddress:
        return await self.db.run(lambda tx: mail.set_mail(tx, player, address, lang, now))

    async def confirm_mail(self, player: str, address: str, version: int, now: float) -> bool:
        return await self.db.run(lambda tx: mail.confirm_mail(tx, player, address, version, now))

    async def remove_mail(self, player: str, address: str | None = None) -> bool:
        return await self.db.run(lambda tx: mail.remove_mail(tx, player, address))

    # --- reports and bans (`moderation`) ---------------------------------------------------

    async def report(self, report: moderation.Report) -> bool:
        return await self.db.run(lambda tx: moderation.add_report(tx, report))

    async def reports_since(self, reporter: str, since: float) -> int:
        return await self.db.run(
            lambda tx: moderation.reports_since(tx, reporter, since), durable=False
        )

    async def reports(self, open_only: bool = False) -> list[moderation.Report]:
        return await self.db.run(lambda tx: moderation.reports(tx, open_only), durable=False)

    async def close_reports(self, player: str | None, key: str, at: float) -> int:
        return await self.db.run(lambda tx: moderation.close_reports(tx, player, key, at))

    async def ban(self, what: str, value: str, label: str, at: float) -> bool:
        return await self.db.run(lambda tx: moderation.ban(tx, what, value, label, at))

    async def unban(self, what: str, value: str) -> bool:
        return await self.db.run(lambda tx: moderation.unban(tx, what, value))

    async def bans(self) -> list[moderation.Ban]:
        return await self.db.run(moderation.bans, durable=False)

    async def bans_generation(self) -> int:
        return await self.db.run(moderation.generation, durable=False)

    # --- the operator's helpers and what they did (`operators`) ---------------------------

    async def add_operator(self, player: str, name: str, at: float) -> bool:
        return await self.db.run(lambda tx: operators.add(tx, player, name, at))

    async def remove_operator(self, player: str) -> bool:
        return await self.db.run(lambda tx: operators.remove(tx, player))

    async def list_operators(self) -> list[operators.Operator]:
        return await self.db.run(operators.operators, durable=False)

    async def is_operator(self, player: str) -> bool:
        return await self.db.run(lambda tx: operators.is_operator(tx, player), durable=False)

    async def log_action(self, action: operators.Action) -> None:
        await self.db.run(lambda tx: operators.log(tx, action))

    async def actions(self, limit: int) -> list[operators.Action]:
        return await self.db.run(lambda tx: operators.actions(tx, limit), durable=False)

    async def enqueue(self, queued: operators.Queued) -> None:
        await self.db.run(lambda tx: operators.enqueue(tx, queued))

    async def waiting(self, limit: int = 20) -> list[operators.Queued]:
        return await self.db.run(lambda tx: operators.waiting(tx, limit), durable=False)

    async def take(self, queued_id: str, at: float) -> bool:
        return await self.db.run(lambda tx: operators.take(tx, queued_id, at))

    async def settle(self, queued_id: str, outcome: str, forget_before: float) -> None:
        await self.db.run(lambda tx: operators.settle(tx, queued_id, outcome, forget_before))

    async def queued(self, queued_id: str) -> operators.Queued | None:
        return await self.db.run(lambda tx: operators.queued(tx, queued_id), durable=False)

    async def write_live(self, process: str, at: float, rooms: str) -> None:
        await self.db.run(lambda tx: operators.write_live(tx, process, at, rooms), durable=False)

    async def forget_live(self, process: str, before: float) -> None:
        await self.db.run(lambda tx: operators.forget_live(tx, process, before), durable=False)

    async def live(self, since: float) -> list[tuple[str, float, str]]:
        return await self.db.run(lambda tx: operators.live(tx, since), durable=False)

    # --- the word lists' changes and the players' proposals (`words`) -----------------

    async def word_lists(self, load: Callable[[str], Lexicon]) -> WordLists:
        """The lists `load` gives with this server's changes: every version its rooms
        name (`fr+3`) is found."""
        found: dict[str, list[WordChange]] = {}
        for change in await self.word_changes():
            found.setdefault(change.dictionary, []).append(change)
        return WordLists(load, found)

    async def word_changes(self, dictionary: str | None = None) -> list[WordChange]:
        return await self.db.run(lambda tx: words.changes(tx, dictionary), durable=False)

    async def change_word(
        self, dictionary: str, word: str, added: bool, reason: str, at: float, operator: str
    ) -> WordChange:
        return await self.db.run(
            lambda tx: words.add_change(tx, dictionary, word, added, reason, at, operator)
        )

    async def refuse_word(
        self, dictionary: str, word: str, added: bool, reason: str, at: float
    ) -> int:
        return await self.db.run(lambda tx: words.refuse(tx, dictionary, word, added, reason, at))

    async def propose_word(self, proposal: words.Proposal) -> bool:
        return await self.db.run(lambda tx: words.propose(tx, proposal))

    async def proposals_since(self, player: str, origin: str, since: float) -> tuple[int, int, int]:
        return await self.db.run(
            lambda tx: words.proposals_since(tx, player, origin, since), durable=False
        )

    async def word_proposals(self) -> list[words.ProposalGroup]:
        return await self.db.run(words.open_groups, durable=False)

    async def word_answers(self, player: str) -> list[words.Proposal]:
        return await self.db.run(lambda tx: words.answers_of(tx, player), durable=False)

    # --- what the pages read --------------------------------------------------------------

    async def read(self, work: Callable[[Tx], T]) -> T:
        """`work(tx)` of `queries` (it only reads)."""
        return await self.db.run(work, durable=False)

    async def profile(self, player: str) -> Profile:
        """Everything a profile shows of `player`."""

        def work(tx: Tx) -> Profile:
            return Profile(
                queries.figures(tx, player),
                queries.ratings(tx, player),
                queries.last_games(tx, player),
                queries.daily_families(tx, player),
            )

        return await self.read(work)

    # --- projections ----------------------------------------------------------------------

    async def marks(self) -> dict[str, int]:
        """Each room's last projected event."""
        rows = await self.db.run(
            lambda tx: tx.execute("SELECT room, seq FROM players_projected"), durable=False
        )
        return {str(room): int(seq) for room, seq in rows}

    async def project(self, batch: Sequence[RoomFacts]) -> int:
        """Apply rooms' facts (past each room's mark); how many outcomes were new."""
        return await self.db.run(
            lambda tx: projection.apply(tx, batch, self.ratings), durable=False
        )

    async def clear_projections(self) -> None:
        """Empty every projected table (a rebuild starts from nothing)."""

        def work(tx: Tx) -> None:
            for table in PROJECTED:
                tx.execute(f"DELETE FROM {table}")
            tx.execute("DELETE FROM players_keys WHERE name = 'ratings_generation'")

        self.ratings.clear()
        await self.db.run(work)

    async def dump(self) -> str:
        """Every projected table as text, rows in key order: two stores projected from the
        same events give the same bytes."""

        def work(tx: Tx) -> str:
            lines: list[str] = []
            for table, order in PROJECTED.items():
                lines.append(f"# {table}")
                for row in tx.execute(f"SELECT * FROM {table} ORDER BY {order}"):
                    lines.append("\t".join(_cell(value) for value in row))
            return "\n".join(lines) + "\n"

        return await self.db.run(work, durable=False)


def _cell(value: object) -> str:
    """A value as the dump writes it: floats in full (repr), None as `-`."""
    if value is None:
        return "-"
    if isinstance(value, float):
        return repr(value)
    return str(value)
