"""`python -m tests.toy.serve --port P --db FILE`: a real motamot server that also plays
the toy game (for the kill -9 test), started the way `motamot serve` starts."""

from __future__ import annotations

import argparse

from motamot.server.serve import serve
from tests.toy.game import kinds_with_the_toy


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--db", required=True)
    args = parser.parse_args()
    serve("127.0.0.1", args.port, args.db, kinds_with_the_toy())


if __name__ == "__main__":
    main()
