"""What the chat costs a room (docs/rules.md, C1-C5): deciding a message, showing the view
that carries the last 50, and rebuilding a room from a long history of messages.

    python benchmarks/bench_chat.py [--messages 10000]

A Boggle room of two seats says `--messages` messages of 200 characters (each 2.1 s of
the room's clock after the last of its seat, under the rate), decided by the room as the
host would (`Actor.handle`, the text cleaned). Prints the time per message decided, per
view built, and the time to rebuild the room from its stored events (decoded by the
kind's codec, then folded) against the same room without its messages, with the load
average before and after (the machine is shared: the figures move with it).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from motamot.lexicon import Lexicon, load_lexicon  # noqa: E402
from motamot.service.boggle import BOGGLE  # noqa: E402
from motamot.service.boggle.room import BoggleRoom  # noqa: E402
from motamot.service.boggle.settings import BoggleSettings  # noqa: E402
from motamot.service.rooms.commands import Join, Say  # noqa: E402
from motamot.service.rooms.events import Event  # noqa: E402

T0 = 1_700_000_000.0
TEXT = "Une phrase de deux cents caractères, accents compris (é, è, ç), pour voir. " * 3


def lexicons(name: str) -> Lexicon:
    return load_lexicon(name)


def seated() -> tuple[BoggleRoom, list[Event]]:
    room = BoggleRoom.create("bench", BoggleSettings(), T0, lexicons)
    assert isinstance(room, BoggleRoom)
    events: list[Event] = [room.created]
    for name in ("ana", "bob"):
        digest = hashlib.sha256(name.encode()).hexdigest()
        out = room.handle(None, Join(name, digest), T0)
        assert isinstance(out, list)
        events += out
    return room, events


def rebuild_seconds(texts: list[str], rounds: int = 3) -> float:
    """The best of `rounds` rebuilds of a room from these stored events."""
    best = float("inf")
    for _ in range(rounds):
        started = time.perf_counter()
        BOGGLE.from_events([BOGGLE.codec.decode(text) for text in texts], lexicons)
        best = min(best, time.perf_counter() - started)
    return best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else "")
    parser.add_argument("--messages", type=int, default=10_000)
    args = parser.parse_args()
    load_before = os.getloadavg()
    room, events = seated()
    bare = [BOGGLE.codec.encode(event) for event in events]
    text = TEXT[:200]
    started = time.perf_counter()
    for n in range(args.messages):
        out = room.handle("s1" if n % 2 else "s2", Say(text), T0 + 1.05 * n)
        assert isinstance(out, list), out
        events += out
    decided = (time.perf_counter() - started) / args.messages
    started = time.perf_counter()
    views = 1000
    for _ in range(views):
        room.view("s1")
    viewed = (time.perf_counter() - started) / views
    stored = [BOGGLE.codec.encode(event) for event in events]
    with_chat = rebuild_seconds(stored)
    without = rebuild_seconds(bare)
    load_after = os.getloadavg()
    print(f"messages: {args.messages}, 200 characters each")
    print(f"decided (cleaned, rate checked, folded): {decided * 1e6:.1f} µs a message")
    print(f"view with the last 50 messages: {viewed * 1e6:.1f} µs")
    print(
        f"rebuild from the store: {with_chat * 1e3:.1f} ms with the messages, "
        f"{without * 1e3:.2f} ms without: {with_chat / args.messages * 1e6:.1f} µs a message"
    )
    print(f"load average before {load_before[0]:.2f}, after {load_after[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
