"""One Redis prefix, one database: a process whose database is not the one the prefix's
processes run on (a restored copy started with the live cluster's `--broker`) refuses to
start and changes nothing, while every process of the cluster itself starts, however it
spells its database's host."""

from __future__ import annotations

import os
import subprocess
import sys

import psycopg
import pytest

from motamot.service.brokers.prefix import identity
from tests.ports import free_port
from tests.scale.processes import servers
from tests.service.backends import postgres_schema, redis_prefix


def test_a_database_is_itself_however_its_host_is_spelled() -> None:
    with postgres_schema() as db:
        same = db.replace("@127.0.0.1", "@localhost")
        assert same != db and identity(same) == identity(db)
        other = db.replace("?schema=", "?schema=x")
        assert identity(other) != identity(db)


@pytest.mark.slow
def test_a_copy_refuses_the_live_cluster_s_prefix(tmp_path: object) -> None:
    with postgres_schema() as live, postgres_schema() as copy, redis_prefix() as broker:
        # one live process holds the prefix (three of one cluster start together in
        # tests/server/test_operations_doc.py)
        with servers(1, live, broker):
            command = [sys.executable, "-m", "motamot", "serve", "--host", "127.0.0.1"]
            command += ["--port", str(free_port()), "--db", copy, "--broker", broker]
            command += ["--secret-file", f"{tmp_path}/secret"]
            env = {**os.environ, "MOTAMOT_DATA_DIR": str(tmp_path)}
            refused = subprocess.run(command, capture_output=True, text=True, env=env, timeout=60)
        assert refused.returncode == 2, refused.stderr
        assert "sert les processus d'une autre base" in refused.stderr
        assert "Traceback" not in refused.stderr
        schema = copy.rsplit("schema=", 1)[1]
        with psycopg.connect(copy.split("?")[0]) as connection:
            found = connection.execute(
                "SELECT count(*) FROM information_schema.schemata WHERE schema_name = %s",
                (schema,),
            ).fetchone()
        assert found == (0,)  # nothing made in the copy's database
