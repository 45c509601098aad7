"""Commands: what a seat (or the system, seat None) asks of a room; those every kind takes.

A command is a frozen msgspec Struct with a stable tag: commands travel between server
processes to their room's owner (`rooms.codec.CommandCodec`), checked on arrival like
any input. A kind adds its own (`boggle.write_word`, `topword.play`...).
"""

from __future__ import annotations

from typing import Generic, TypeVar

import msgspec

from motamot.service.rooms.keys import ActionKey


class Command(msgspec.Struct, frozen=True, tag_field="type", forbid_unknown_fields=True):
    """The base of every command."""


S = TypeVar("S")


class Join(Command, frozen=True, tag="join"):
    """Take a seat (or take one's seat back: same name, same token)."""

    name: str
    #: sha256 (hex) of the seat's token.
    secret_digest: str
    #: The room's invitation, from the player's link (see RoomCreated.invite).
    invite: str | None = None
    #: The lasting player who joins (SeatTaken.player), and whether it is an account (a
    #: rated room seats only accounts and computer players: docs/rules.md, R1).
    player: str | None = None
    account: bool = False
    #: The joiner's kin marks (keyed hashes of their address and browser, made by the
    #: server): kept in a rated room, where two people sharing one do not rate each
    #: other (docs/rules.md, R6).
    marks: tuple[str, ...] = ()


class Leave(Command, frozen=True, tag="leave"):
    pass


class AddBot(Command, frozen=True, tag="add_bot"):
    level: str
    name: str | None = None


class RemoveBot(Command, frozen=True, tag="remove_bot"):
    seat: str


class RemovePlayer(Command, frozen=True, tag="remove_player"):
    """The host removes a person from the room (docs/rules.md, P1): their seat goes and
    they may not sit in the room again."""

    seat: str


class Anonymise(Command, frozen=True, tag="anonymise"):
    """The system gives the seats of `player` a name that says nobody (account deleted)."""

    player: str


class SetReady(Command, frozen=True, tag="set_ready"):
    ready: bool


class ChangeSettings(Command, Generic[S], frozen=True, tag="change_settings"):
    settings: S


class SetPublic(Command, frozen=True, tag="set_public"):
    """Open the room to strangers (listed in the lobby) or close it: only the settings'
    `public` changes, at any time (it changes nothing in play)."""

    public: bool


class Say(Command, frozen=True, tag="say"):
    """Say free text in the room's chat (docs/rules.md, C2)."""

    text: str
    #: The action's key (`rooms.keys`): a message sent again is said once.
    key: ActionKey | None = None


class SayPhrase(Command, frozen=True, tag="say_phrase"):
    """Say a set phrase, by its id (`rooms.chat.PHRASES`; C3)."""

    phrase: str
    key: ActionKey | None = None


class SwitchChat(Command, frozen=True, tag="switch_chat"):
    """The host turns the room's chat on or off (C5)."""

    on: bool


class RemoveMessage(Command, frozen=True, tag="remove_message"):
    """The server's operator removes the message event `said` numbers (system only)."""

    said: int


class CloseRoom(Command, frozen=True, tag="close_room"):
    """The server's operator closes the room for good (system only)."""


#: Commands only the system (the server's operator) gives: seat None.
SYSTEM_ONLY = (Anonymise, RemoveMessage, CloseRoom)
#: Shared commands only the host may give (a kind adds its own).
HOST_ONLY = (ChangeSettings, SetPublic, AddBot, RemoveBot, RemovePlayer, SwitchChat)
