"""The players' tables, beside the rooms' events: what is kept of people, and projections.

Kept for themselves (no event holds them): the lasting players and their accounts, the
browsers' identities, the sessions, the server's signing key, the reports players made
of names and the operator's bans (`moderation`). Projected from the rooms'
events (rebuilt by `motamot admin rebuild-ratings`): the seats each player took, the
games that ended and each place in them, the ratings and their history, and per room the
last event projected (so an update interrupted by a crash is redone once, at start).

The tables of the first players' store are created with `IF NOT EXISTS` when the store
opens; every table added since is a migration of this store's own list (`MIGRATIONS`,
the scheme of `service.stores.migrations`: applied once, in order, in one transaction, one
process at a time, the version reached kept as `players_keys.schema_version`). The list is
the players' own, not the rooms' store's, because with SQLite the players' tables have a
file of their own (`db.players_path`).
"""

from __future__ import annotations

from motamot.service.players.accounts import fill_looks
from motamot.service.players.db import Tx
from motamot.service.stores import migrations
from motamot.service.stores.migrations import Migration

_TABLES = """
CREATE TABLE IF NOT EXISTS players_players (
    player {text} PRIMARY KEY,
    created {float} NOT NULL,
    seat_name {text},
    name {text},
    name_key {text} UNIQUE,
    password {text},
    private {int} NOT NULL DEFAULT 0,
    deleted {int} NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS players_identities (
    digest {text} PRIMARY KEY,
    player {text} NOT NULL
){rowid};
CREATE TABLE IF NOT EXISTS players_sessions (
    digest {text} PRIMARY KEY,
    player {text} NOT NULL,
    expires {float} NOT NULL
){rowid};
CREATE INDEX IF NOT EXISTS players_sessions_player ON players_sessions (player);
CREATE TABLE IF NOT EXISTS players_keys (
    name {text} PRIMARY KEY,
    value {text} NOT NULL
){rowid};
CREATE TABLE IF NOT EXISTS players_reports (
    room {text} NOT NULL,
    seat {text} NOT NULL,
    reporter {text} NOT NULL,
    at {float} NOT NULL,
    name {text} NOT NULL,
    name_key {text} NOT NULL,
    player {text},
    reason {text} NOT NULL,
    PRIMARY KEY (room, seat, reporter)
){rowid};
CREATE INDEX IF NOT EXISTS players_reports_at ON players_reports (at);
CREATE INDEX IF NOT EXISTS players_reports_reporter ON players_reports (reporter, at);
CREATE TABLE IF NOT EXISTS players_bans (
    what {text} NOT NULL,
    value {text} NOT NULL,
    label {text} NOT NULL,
    at {float} NOT NULL,
    PRIMARY KEY (what, value)
){rowid};
CREATE TABLE IF NOT EXISTS players_projected (
    room {text} PRIMARY KEY,
    seq {int} NOT NULL
){rowid};
CREATE TABLE IF NOT EXISTS players_seats (
    player {text} NOT NULL,
    room {text} NOT NULL,
    seat {text} NOT NULL,
    kind {text} NOT NULL,
    name {text} NOT NULL,
    joined {float} NOT NULL,
    invite {text},
    PRIMARY KEY (player, room, seat)
){rowid};
CREATE INDEX IF NOT EXISTS players_seats_joined ON players_seats (player, joined);
CREATE TABLE IF NOT EXISTS players_totals (
    player {text} PRIMARY KEY,
    games {int} NOT NULL
){rowid};
CREATE INDEX IF NOT EXISTS players_totals_board ON players_totals (games);
CREATE TABLE IF NOT EXISTS players_games (
    room {text} NOT NULL,
    seq {int} NOT NULL,
    kind {text} NOT NULL,
    variant {text} NOT NULL,
    family {text} NOT NULL,
    rated {int} NOT NULL,
    ended_at {float} NOT NULL,
    outcome {text} NOT NULL,
    PRIMARY KEY (room, seq)
){rowid};
CREATE INDEX IF NOT EXISTS players_games_order
    ON players_games (family, rated, ended_at, room, seq);
CREATE INDEX IF NOT EXISTS players_games_time ON players_games (ended_at);
CREATE TABLE IF NOT EXISTS players_places (
    room {text} NOT NULL,
    seq {int} NOT NULL,
    seat {text} NOT NULL,
    player {text},
    kind {text} NOT NULL,
    variant {text} NOT NULL,
    ended_at {float} NOT NULL,
    name {text} NOT NULL,
    level {text},
    score {int} NOT NULL,
    rank {int} NOT NULL,
    won {int} NOT NULL,
    rounds {int} NOT NULL,
    words {int} NOT NULL,
    best_round {int} NOT NULL,
    moves {int} NOT NULL,
    points {int} NOT NULL,
    longest_word {text} NOT NULL,
    best_word {text} NOT NULL,
    best_word_points {int} NOT NULL,
    PRIMARY KEY (room, seq, seat)
){rowid};
CREATE INDEX IF NOT EXISTS players_places_player ON players_places (player, ended_at);
CREATE TABLE IF NOT EXISTS players_ratings (
    player {text} NOT NULL,
    family {text} NOT NULL,
    mu {float} NOT NULL,
    sigma {float} NOT NULL,
    games {int} NOT NULL,
    PRIMARY KEY (player, family)
){rowid};
CREATE INDEX IF NOT EXISTS players_ratings_board ON players_ratings (family, mu);
CREATE TABLE IF NOT EXISTS players_rating_history (
    player {text} NOT NULL,
    family {text} NOT NULL,
    ended_at {float} NOT NULL,
    room {text} NOT NULL,
    seq {int} NOT NULL,
    mu {float} NOT NULL,
    sigma {float} NOT NULL
);
CREATE INDEX IF NOT EXISTS players_history_player ON players_rating_history (player, family);
"""

#: The kept tables added since the first players' store, one entry per version (never edit
#: or reorder one that has shipped; `{text}`, `{int}`, `{float}` are each dialect's types).
MIGRATIONS: tuple[Migration, ...] = (
    (
        # an address to be told at (`service.mail`): the player's, unconfirmed until its
        # link is followed; `version` grows at every change (older links are refused)
        """CREATE TABLE players_mail (
            player {text} PRIMARY KEY,
            address {text} NOT NULL,
            confirmed {int} NOT NULL,
            lang {text} NOT NULL,
            version {int} NOT NULL,
            changed {float} NOT NULL
        )""",
        # the mails to send, kept until sent or given up: one per (player, what, room,
        # seq) at most, whichever process noticed it (a turn is mailed once)
        """CREATE TABLE players_outbox (
            id {text} PRIMARY KEY,
            player {text} NOT NULL,
            what {text} NOT NULL,
            room {text} NOT NULL,
            seat {text} NOT NULL,
            seq {int} NOT NULL,
            address {text},
            lang {text},
            data {text} NOT NULL,
            created {float} NOT NULL,
            next_try {float} NOT NULL,
            attempts {int} NOT NULL,
            state {text} NOT NULL,
            lease_until {float} NOT NULL,
            done_at {float},
            UNIQUE (player, what, room, seq)
        )""",
        "CREATE INDEX players_outbox_due ON players_outbox (state, next_try)",
        "CREATE INDEX players_outbox_player ON players_outbox (player, created)",
        # mails sent to each address each day (the daily cap)
        """CREATE TABLE players_mail_days (
            address_key {text} NOT NULL,
            day {text} NOT NULL,
            sent {int} NOT NULL,
            PRIMARY KEY (address_key, day)
        )""",
    ),
    (
        # what an account's name looks like (`names.account_look_key`): a new name may
        # not look like one taken (F13); filled for older accounts when the store opens
        "ALTER TABLE players_players ADD COLUMN name_look {text}",
        "CREATE INDEX players_players_look ON players_players (name_look)",
        # each confirmation mail asked, for the caps of an hour (F15): per requesting
        # address (its sha256), per mailbox (`addresses.address_key`), per server
        """CREATE TABLE players_mail_asks (
            at {float} NOT NULL,
            origin {text} NOT NULL,
            mailbox {text} NOT NULL
        )""",
        "CREATE INDEX players_mail_asks_at ON players_mail_asks (at)",
        "CREATE INDEX players_mail_asks_origin ON players_mail_asks (origin, at)",
        "CREATE INDEX players_mail_asks_mailbox ON players_mail_asks (mailbox, at)",
    ),
    (
        # the accounts the operator names to moderate from the page (`operators`)
        """CREATE TABLE players_operators (
            player {text} PRIMARY KEY,
            name {text} NOT NULL,
            at {float} NOT NULL
        )""",
        # a report keeps every reason its reporter gave (a JSON list), the reporter's
        # name, what was said around the reported seat's messages when it was made
        # (JSON lines), and when an operator closed it (NULL: open)
        "ALTER TABLE players_reports ADD COLUMN reasons {text}",
        "ALTER TABLE players_reports ADD COLUMN reporter_name {text}",
        "ALTER TABLE players_reports ADD COLUMN said {text}",
        "ALTER TABLE players_reports ADD COLUMN closed {float}",
        # what the operators did, from the page or the command line (`operators`)
        """CREATE TABLE players_moderation_log (
            at {float} NOT NULL,
            operator {text} NOT NULL,
            action {text} NOT NULL,
            target {text} NOT NULL,
            room {text}
        )""",
        "CREATE INDEX players_moderation_log_at ON players_moderation_log (at)",
        # room actions the command line asks of the servers (`operators.queue`): taken
        # by one process, which submits it to the room and writes what came of it
        """CREATE TABLE players_moderation_queue (
            id {text} PRIMARY KEY,
            room {text} NOT NULL,
            command {text} NOT NULL,
            at {float} NOT NULL,
            taken {float},
            outcome {text}
        )""",
        # what each server process holds live, written every few seconds
        # (`operators.live`): `motamot admin rooms` reads it
        """CREATE TABLE players_live (
            process {text} PRIMARY KEY,
            at {float} NOT NULL,
            rooms {text} NOT NULL
        )""",
    ),
    (
        # this server's changes of its word lists, numbered per list (`words`)
        """CREATE TABLE players_word_changes (
            dictionary {text} NOT NULL,
            number {int} NOT NULL,
            word {text} NOT NULL,
            added {int} NOT NULL,
            reason {text} NOT NULL,
            at {float} NOT NULL,
            operator {text} NOT NULL,
            PRIMARY KEY (dictionary, number)
        )""",
        # the players' proposals of changes (« Contester »), answered by the operator
        """CREATE TABLE players_word_proposals (
            dictionary {text} NOT NULL,
            word {text} NOT NULL,
            added {int} NOT NULL,
            player {text} NOT NULL,
            origin {text} NOT NULL,
            room {text} NOT NULL,
            reason {text} NOT NULL,
            at {float} NOT NULL,
            answer {text} NOT NULL,
            answered {float},
            PRIMARY KEY (dictionary, word, added, player)
        )""",
        "CREATE INDEX players_word_proposals_at ON players_word_proposals (at)",
        "CREATE INDEX players_word_proposals_player ON players_word_proposals (player, at)",
        "CREATE INDEX players_word_proposals_origin ON players_word_proposals (origin, at)",
    ),
)

#: The projected tables (emptied and filled again by a rebuild), each with its order.
PROJECTED = {
    "players_projected": "room",
    "players_seats": "player, room, seat",
    "players_totals": "player",
    "players_games": "room, seq",
    "players_places": "room, seq, seat",
    "players_ratings": "player, family",
    "players_rating_history": "player, family, ended_at, room, seq",
}

#: Text compares by code point everywhere (SQLite's BINARY, PostgreSQL's "C"), as Python
#: does: the rating order (ended_at, room, seq) is the same in SQL and in the projector.
_TYPES = {
    "sqlite": {"float": "REAL", "int": "INTEGER", "text": "TEXT", "rowid": ""},
    "postgresql": {
        "float": "DOUBLE PRECISION",
        "int": "BIGINT",
        "text": 'TEXT COLLATE "C"',
        "rowid": "",
    },
}


#: The projected tables' layout: a store whose projections have another is emptied
#: and rebuilt from the events (projections are disposable; the rest is not touched).
PROJECTION_VERSION = "2"


def create_tables(tx: Tx) -> bool:
    """Every table and index, if missing (under a lock on PostgreSQL: processes that start
    together create them once); True when the projections were made anew (to rebuild)."""
    if tx.dialect == "postgresql":
        tx.execute("SELECT pg_advisory_xact_lock(hashtext(current_schema() || '.players'))")
    statements = [s for s in _TABLES.format(**_TYPES[tx.dialect]).split(";") if s.strip()]
    for statement in statements:
        if "players_keys" in statement:
            tx.execute(statement)
    found = tx.execute("SELECT value FROM players_keys WHERE name = 'projection_version'")
    fresh = not found or found[0][0] != PROJECTION_VERSION
    if fresh:
        for table in PROJECTED:
            tx.execute(f"DROP TABLE IF EXISTS {table}")
        tx.execute(
            "INSERT INTO players_keys (name, value) VALUES ('projection_version', ?)"
            " ON CONFLICT (name) DO UPDATE SET value = excluded.value",
            (PROJECTION_VERSION,),
        )
    for statement in statements:
        tx.execute(statement)
    migrate(tx)
    fill_looks(tx)
    return fresh


def stored_version(tx: Tx) -> int | None:
    """The version of the kept tables, without creating or changing anything (None: no
    players' store yet): what `serve` checks before it migrates any store."""
    if tx.dialect == "postgresql":
        present = tx.execute("SELECT to_regclass('players_keys') IS NOT NULL")[0][0]
    else:
        present = tx.execute(
            "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'players_keys'"
        )[0][0]
    return schema_version(tx) if present else None


def schema_version(tx: Tx) -> int:
    """The version the kept tables are at (0: the first store, before any migration)."""
    rows = tx.execute("SELECT value FROM players_keys WHERE name = 'schema_version'")
    return int(rows[0][0]) if rows else 0


def _write_version(tx: Tx, version: int) -> None:
    tx.execute(
        "INSERT INTO players_keys (name, value) VALUES ('schema_version', ?)"
        " ON CONFLICT (name) DO UPDATE SET value = excluded.value",
        (str(version),),
    )


def migrate(tx: Tx) -> None:
    """Apply the migrations the store lacks (SchemaTooNew: a newer motamot's store)."""
    types = _TYPES[tx.dialect]
    ledger = migrations.Ledger(schema_version, _write_version)
    migrations.run(tx, MIGRATIONS, "the players' store", ledger, lambda s: s.format(**types))
