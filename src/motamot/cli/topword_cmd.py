"""`motamot topword ...`."""

from __future__ import annotations

import argparse


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser("topword", help="topword")
    sub = parser.add_subparsers(dest="topword_command", metavar="ACTION")
    sub.required = True
