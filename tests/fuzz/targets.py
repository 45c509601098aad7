"""Fuzz targets: a name, seed inputs, and a function that must return or raise a CodedError.

`tests/fuzz/test_fuzz_*.py` and `tests/lexicon/test_fuzz_lexicon.py` run every target under
hypothesis with a small budget;
`python benchmarks/fuzz.py --seconds N` runs a long mutation campaign over
the same targets. To fuzz a new parser, add a Target to `TARGETS`.
"""

from __future__ import annotations

import contextlib
import gzip
import random
from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from motamot.boggle import parse_grid
from motamot.kernels import load_kernel
from motamot.lexicon.dawg import _HEADER, MAGIC, Lexicon, LexiconFormatError, check_arcs_python
from motamot.lexicon.wordlist import MAX_STATES, fold_word_list, unpack_word_list
from tests.fuzz.dawg import DAMAGED, state
from tests.fuzz.mutate import mutate

SOURCE = "<fuzz>"


Mutator = Callable[[random.Random, bytes, Sequence[bytes]], bytes]


@dataclass(frozen=True)
class Target:
    """What to fuzz: `run(data)` must return or raise the project's CodedError, nothing else.

    `mutate` makes a new input from a seed (a format-aware one reaches deeper).
    """

    name: str
    seeds: Callable[[], list[bytes]]
    run: Callable[[bytes], object]
    mutate: Mutator = mutate


def word_list_seeds() -> list[bytes]:
    text = "chat\nchien\nÉlève\nporte-monnaie\nœuf\naujourd'hui\nQUI\na\n\n  loup \r\n"
    return [
        text.encode(),
        b"\xef\xbb\xbf" + text.encode(),
        gzip.compress(text.encode()),
        "".join(f"{a}{b}{c}\n" for a in "abc" for b in "aeiou" for c in "rst").encode(),
    ]


def compile_word_list(data: bytes) -> Lexicon:
    """A word list's bytes to a compiled list; the compiled bytes must load back equal."""
    report = fold_word_list(unpack_word_list(data, SOURCE), SOURCE)
    lexicon = Lexicon.from_words(report.words, "fuzz", MAX_STATES)
    loaded = Lexicon.from_bytes(lexicon.to_bytes())
    assert list(loaded) == sorted(report.words), "a compiled list does not load back equal"
    return loaded


def compiled_seeds() -> list[bytes]:
    words = ["MAIN", "MAINS", "MAIS", "FAIM", "AIMA", "QUE", "ZOO", "AB"]
    return [
        Lexicon.from_words(words).to_bytes(),
        Lexicon.from_words(["AB"]).to_bytes(),
        Lexicon.from_words([]).to_bytes(),
        *DAMAGED.values(),
    ]


def mutate_compiled(rng: random.Random, data: bytes, others: Sequence[bytes]) -> bytes:
    """Half the time a byte mutation; else new arc or root values behind a valid header,
    often with the word count the arcs really hold (so the check must find the fault)."""
    if rng.random() < 0.5 or len(data) < _HEADER.size or data[:16] != MAGIC:
        return mutate(rng, data, others)
    _, root, _, words, digest = _HEADER.unpack_from(data)
    arcs = array("Q")
    arcs.frombytes(data[_HEADER.size : _HEADER.size + (len(data) - _HEADER.size) // 8 * 8])
    values = [*arcs, root]
    for _ in range(rng.randint(1, 3)):
        letters = "".join(rng.sample("ABCDEFGHIJKLMNOPQRSTUVWXYZ", rng.randint(0, 3)))
        value = rng.choice(
            [
                state(rng.randint(0, len(arcs) + 2), letters, rng.random() < 0.5),
                rng.choice(values),
                rng.getrandbits(64),
            ]
        )
        if arcs and rng.random() < 0.8:
            arcs[rng.randrange(len(arcs))] = value
        else:
            root = value
    if rng.random() < 0.7:
        with contextlib.suppress(LexiconFormatError):
            words = check_arcs_python(arcs, root)
    return _HEADER.pack(MAGIC, root, len(arcs), words & 0xFFFFFFFF, digest) + arcs.tobytes()


_BOGGLE = load_kernel("motamot.boggle._kernel")
_TOPWORD = load_kernel("motamot.topword._kernel")
_GRID = parse_grid("MAIN/SFAQ/EZOB/UIST")
_RULES = (5, 7, 0, 0, 0, 0, 0, 0, 0)


def load_compiled(data: bytes) -> int:
    """Load a compiled list; when it loads, every walk over it (both kernels) must end in it."""
    lexicon = Lexicon.from_bytes(data)
    words = list(lexicon)
    assert len(words) == len(lexicon), "the header's word count is not what iteration gives"
    for word in words[:50]:
        assert word in lexicon and lexicon.contains_python(word)
    if _BOGGLE is not None:
        solver = _BOGGLE.Solver(lexicon.arcs, lexicon.root)
        solver.solve(_GRID.letters, _GRID.neighbours, 2, (0, 0, 1, 1, 2))
    if _TOPWORD is not None:
        arcs: array[int] = lexicon.arcs
        _TOPWORD.generate(arcs, lexicon.root, bytes(100), bytes(100), b"MAINSQZ", _RULES, 0)
    return len(words)


TARGETS = {
    target.name: target
    for target in (
        Target("word list", word_list_seeds, compile_word_list),
        Target("compiled list", compiled_seeds, load_compiled, mutate_compiled),
    )
}
