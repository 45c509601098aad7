"""The commands of a daily room: start one's play, write a word (Boggle's own), finish."""

from __future__ import annotations

from motamot.service.boggle.commands import WriteWord
from motamot.service.rooms.commands import Command


class StartPlay(Command, frozen=True, tag="daily.start_play"):
    """The seat starts its one play of the day (G5: refused if it has one already)."""


class FinishPlay(Command, frozen=True, tag="daily.finish_play"):
    """The seat is done before its deadline: its play ends now."""


class AdoptPlay(Command, frozen=True, tag="daily.adopt_play"):
    """The system (never a seat): the browser whose identity is `identity` signed in to
    the account `player`; its play of the day becomes the account's, or leaves the field
    if the account has one of its own (docs/rules.md, F2)."""

    player: str
    identity: str


COMMANDS = (StartPlay, WriteWord, FinishPlay, AdoptPlay)
