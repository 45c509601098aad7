"""Compile a set of folded words into a minimal DAWG (Daciuk et al., sorted input).

Nodes are numbered depth-first in letter order from the root, so the same
word list always gives the same bytes. `Lexicon.from_words` wraps the result.
"""

from __future__ import annotations

import gc
from array import array
from collections.abc import Iterable
from typing import ClassVar, NamedTuple

from motamot.errors import CodedError
from motamot.lexicon.layout import ALPHABET, ARC_SHIFT, WORD_BIT, is_folded_word, word_list_sha256


class TooManyStates(CodedError, ValueError):
    """A word list whose DAWG would exceed the state limit given to `build_dawg`."""

    TEMPLATES: ClassVar[dict[str, str]] = {
        "too_many_states": "the compiled list would have more than {limit} states",
    }


class _Node:
    __slots__ = ("edges", "final", "ident")

    def __init__(self, ident: int) -> None:
        self.ident = ident
        self.final = False
        self.edges: dict[str, _Node] = {}

    def signature(self) -> tuple[bool, tuple[tuple[str, int], ...]]:
        return self.final, tuple((letter, node.ident) for letter, node in self.edges.items())


class _Builder:
    def __init__(self, max_states: int | None) -> None:
        self._max_states = max_states
        self._next_id = 1
        self.root = _Node(0)
        self._unchecked: list[tuple[_Node, str, _Node]] = []
        self._minimized: dict[tuple[bool, tuple[tuple[str, int], ...]], _Node] = {}
        self._previous = ""

    def insert(self, word: str) -> None:
        common = 0
        for a, b in zip(word, self._previous, strict=False):
            if a != b:
                break
            common += 1
        self._minimize(common)
        node = self._unchecked[-1][2] if self._unchecked else self.root
        for letter in word[common:]:
            child = _Node(self._next_id)
            self._next_id += 1
            node.edges[letter] = child
            self._unchecked.append((node, letter, child))
            node = child
        node.final = True
        self._previous = word

    def finish(self) -> _Node:
        self._minimize(0)
        return self.root

    def _minimize(self, down_to: int) -> None:
        while len(self._unchecked) > down_to:
            parent, letter, child = self._unchecked.pop()
            key = child.signature()
            existing = self._minimized.get(key)
            if existing is not None:
                parent.edges[letter] = existing
            else:
                self._minimized[key] = child
                if self._max_states is not None and len(self._minimized) > self._max_states:
                    raise TooManyStates("too_many_states", limit=self._max_states)


class CompiledWords(NamedTuple):
    """What a `Lexicon` is made of: its arcs, root state, word count and list digest."""

    arcs: array[int]
    root: int
    word_count: int
    sha256: str


def compile_words(words: Iterable[str], max_states: int | None = None) -> CompiledWords:
    """Compile folded words (A-Z, any order, duplicates allowed) into DAWG arcs.

    `max_states` bounds the work and memory (each state costs ~150 bytes while
    building): past it TooManyStates is raised.
    """
    unique = sorted(set(words))
    for word in unique:
        if not is_folded_word(word):
            raise ValueError(f"not a folded word: {word!r}")
    builder = _Builder(max_states)
    # Nodes form no reference cycles: the cyclic collector only slows the build (2x).
    collecting = gc.isenabled()
    gc.disable()
    try:
        for word in unique:
            builder.insert(word)
        root = builder.finish()
    finally:
        if collecting:
            gc.enable()

    order: dict[int, int] = {}
    nodes: list[_Node] = []
    stack = [root]
    while stack:
        node = stack.pop()
        if node.ident in order:
            continue
        order[node.ident] = len(nodes)
        nodes.append(node)
        stack.extend(node.edges[letter] for letter in sorted(node.edges, reverse=True))

    arc_start: list[int] = []
    total = 0
    for node in nodes:
        arc_start.append(total)
        total += len(node.edges)

    def state(node: _Node) -> int:
        mask = 0
        for letter in node.edges:
            mask |= 1 << ALPHABET.index(letter)
        word = WORD_BIT if node.final else 0
        return arc_start[order[node.ident]] << ARC_SHIFT | word | mask

    arcs = array("Q")
    for node in nodes:
        arcs.extend(state(node.edges[letter]) for letter in sorted(node.edges))
    return CompiledWords(arcs, state(root), len(unique), word_list_sha256(unique))
