"""Byte mutations for fuzzing: from a seed input, a nearby hostile one.

Plain random bytes rarely get past a format's first check; mutating valid
seeds (flip, insert, delete, repeat, splice, interesting values) reaches
the code behind it. Deterministic for a given `random.Random`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

#: Values that break bounds checks: edges of signed and unsigned widths.
INTERESTING = (0, 1, 0x7F, 0x80, 0xFF, 0x7FFF, 0xFFFF, 0x7FFFFFFF, 0xFFFFFFFF, 2**63, 2**64 - 1)
#: Bytes that matter to text parsers: separators, controls, UTF-8 fragments, BOM, NUL.
TEXT_PIECES = (
    b"\n",
    b"\r",
    b"\r\n",
    b"\x00",
    b" ",
    b"\t",
    b"\xef\xbb\xbf",
    b"\xc3",
    b"\xc3\xa9",
    b"\xe2\x80\xa8",
    b"\xef\xac\x86",
    b"-",
    b"'",
    b"9",
    b"\x1f\x8b",
)


def mutate(rng: random.Random, data: bytes, others: Sequence[bytes] = ()) -> bytes:
    """One to four random mutations of `data` (`others`: material to splice in)."""
    out = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        choice = rng.randrange(8)
        at = rng.randint(0, len(out))
        if choice == 0 and out:  # flip a bit
            i = rng.randrange(len(out))
            out[i] ^= 1 << rng.randrange(8)
        elif choice == 1:  # insert random bytes
            out[at:at] = rng.randbytes(rng.randint(1, 16))
        elif choice == 2 and out:  # delete a run
            del out[at : at + rng.randint(1, 32)]
        elif choice == 3 and out:  # repeat a run
            start = rng.randrange(len(out))
            piece = out[start : start + rng.randint(1, 64)]
            out[at:at] = piece * rng.randint(2, 64)
        elif choice == 4:  # an interesting little-endian value, 8-byte aligned
            value = rng.choice(INTERESTING).to_bytes(8, "little")
            at -= at % 8
            out[at : at + 8] = value
        elif choice == 5:  # a text piece
            out[at:at] = rng.choice(TEXT_PIECES)
        elif choice == 6 and others:  # splice from another seed
            other = rng.choice(others)
            start = rng.randint(0, len(other))
            out[at:] = other[start : start + rng.randint(0, 256)]
        elif out:  # overwrite one byte
            out[rng.randrange(len(out))] = rng.randrange(256)
    return bytes(out)
