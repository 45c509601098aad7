"""`motamot boggle ...`."""

from __future__ import annotations

import argparse


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser("boggle", help="boggle")
    sub = parser.add_subparsers(dest="boggle_command", metavar="ACTION")
    sub.required = True
