"""`python -m tests.server.players.stalled_serve --port P --db FILE`: `motamot serve`
whose projector never applies what the rooms tell it, as a process killed between a
match's end and its projection would leave the database (the kill -9 test)."""

from __future__ import annotations

import argparse
from typing import Any

from motamot.server.serve import serve
from motamot.service.players.projector import Projector
from motamot.web import default_kinds


def _dies_first(self: Projector, room: Any, events: Any) -> None:
    """The process dies before the update: nothing is projected live."""


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--db", required=True)
    args = parser.parse_args()
    Projector.observe = _dies_first  # type: ignore[method-assign]
    serve("127.0.0.1", args.port, args.db, default_kinds())


if __name__ == "__main__":
    main()
