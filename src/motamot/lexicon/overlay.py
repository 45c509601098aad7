"""A few words added to a compiled list, or taken out of it, without compiling it again.

A change copies the nodes on its word's path (path copying, as a persistent tree
does): each copy is appended to a copy of the arcs, points to the original children
for every other letter, and the new root is the copy of the root. The arcs are then
laid out again from the new root (`_compact`): what the old paths alone reached goes,
and a node reached as a word and as a prefix gets arcs of its own for each, so the
version is a valid compiled list (`check_arcs`), that the same solver and move
generator and their C kernels walk as a shipped one. A hundred changes cost a few
thousand arcs and a fraction of a second (compiling `fr` again takes seconds, and its
minimal DAWG would gain nothing measurable).
"""

from __future__ import annotations

import hashlib
from array import array
from collections.abc import Sequence

from motamot.lexicon.dawg import Lexicon
from motamot.lexicon.layout import ARC_SHIFT, LETTER_MASK, WORD_BIT, is_folded_word


def patched(base: Lexicon, changes: Sequence[tuple[str, bool]], name: str) -> Lexicon:
    """`base` with each (word, added) of `changes` applied in order."""
    arcs = array("Q", base.arcs)
    root, count = base.root, base.word_count
    digest = hashlib.sha256(base.sha256.encode())
    for word, added in changes:
        if not is_folded_word(word):
            raise ValueError(f"not a folded word: {word!r}")
        root, delta = _patch(arcs, root, word, added)
        count += delta
        digest.update(f"\n{'+' if added else '-'}{word}".encode())
    if changes:
        arcs, root = _compact(arcs, root)
    return Lexicon(arcs, root, count, digest.hexdigest(), name)


def _compact(arcs: array[int], root: int) -> tuple[array[int], int]:
    """The arcs reached from `root` alone, each state's own (children before parents)."""
    out: array[int] = array("Q")
    placed: dict[int, int] = {}

    def place(state: int) -> int:
        if not state & LETTER_MASK:
            return state & WORD_BIT
        found = placed.get(state)
        if found is None:
            old = state >> ARC_SHIFT
            children = [place(arcs[old + k]) for k in range((state & LETTER_MASK).bit_count())]
            found = len(out) << ARC_SHIFT | state & (LETTER_MASK | WORD_BIT)
            out.extend(children)
            placed[state] = found
        return found

    return out, place(root)


def _patch(arcs: array[int], root: int, word: str, add: bool) -> tuple[int, int]:
    """The root once `word` is added (or removed), and the change of the word count."""
    states = [root]
    for letter in word:
        state = states[-1]
        bit = 1 << (ord(letter) - 65)
        if not state & bit:
            break
        states.append(arcs[(state >> ARC_SHIFT) + (state & (bit - 1)).bit_count()])
    reached = len(states) - 1  # letters of the word the list's paths already hold
    if (reached == len(word) and bool(states[-1] & WORD_BIT)) == add:
        return root, 0
    if reached < len(word):  # (an added word only) its end leaves the paths: a new chain
        state = WORD_BIT
        for letter in reversed(word[reached + 1 :]):
            arcs.append(state)
            state = (len(arcs) - 1) << ARC_SHIFT | 1 << (ord(letter) - 65)
        depth = reached + 1
    else:
        state = states[-1] | WORD_BIT if add else states[-1] & ~WORD_BIT
        depth = len(word)
    for k in range(depth, 0, -1):
        state = _with_child(arcs, states[k - 1], word[k - 1], state)
    return state, 1 if add else -1


def _with_child(arcs: array[int], parent: int, letter: str, child: int) -> int:
    """A copy of `parent` whose arc for `letter` leads to `child` (no arc when `child`
    leads to no word), its arcs appended to `arcs`; 0 when the copy leads to no word."""
    index = ord(letter) - 65
    kept = child & (LETTER_MASK | WORD_BIT) != 0
    mask = parent & LETTER_MASK
    mask = mask | 1 << index if kept else mask & ~(1 << index)
    start, old = len(arcs), parent >> ARC_SHIFT
    for k in range(26):
        if parent >> k & 1:
            if k != index:
                arcs.append(arcs[old])
            old += 1
        if k == index and kept:
            arcs.append(child)
    if not mask:
        return parent & WORD_BIT  # a leaf (or 0: nothing left below)
    return start << ARC_SHIFT | mask | parent & WORD_BIT
