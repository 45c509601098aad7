"""Compiled word lists for tests: hand-made states, damaged files, mutated arrays."""

from __future__ import annotations

from array import array

from hypothesis import strategies as st

from motamot.lexicon.dawg import Lexicon
from motamot.lexicon.layout import ARC_SHIFT, WORD_BIT

LETTERS = "ABCDE"


def state(start: int, letters: str = "", final: bool = False) -> int:
    """A DAWG state: arcs from `start`, one per letter of `letters`, a word ends when `final`."""
    mask = 0
    for letter in letters:
        mask |= 1 << (ord(letter) - 65)
    return start << ARC_SHIFT | (WORD_BIT if final else 0) | mask


def compiled(arcs: list[int], root: int, words: int) -> bytes:
    """The bytes of a compiled file holding exactly these arcs (valid or not)."""
    return Lexicon(array("Q", arcs), root, words, "0" * 64).to_bytes()


#: A root with one arc (A) to a state that loops to itself by B: A, AB, ABB, ... forever.
CYCLE = compiled([state(1, "B", True), state(1, "B", True)], state(0, "A"), 3)
#: A child state whose arcs start far past the end of the array.
OUT_OF_RANGE_ARC = compiled([state(5, "B")], state(0, "A"), 1)
#: Two different states whose arcs both start at 2; the second one's extra arc (D, at 3)
#: is checked by nothing else and points 10**9 arcs away: B-D-A read far out of the array.
SHARED_ARC_START = compiled(
    [state(2, "C", True), state(2, "CD", True), state(0, "", True), state(10**9, "A")],
    state(0, "AB"),
    3,
)
#: A path that ends on a state which is not a word.
DEAD_END = compiled([state(1)], state(0, "A"), 0)

DAMAGED = {
    "cycle": CYCLE,
    "bad_arc": OUT_OF_RANGE_ARC,
    "shared_arcs": SHARED_ARC_START,
    "dead_end": DEAD_END,
}

WORDS = st.text(alphabet=LETTERS, min_size=1, max_size=6)


@st.composite
def mutated_arcs(draw: st.DrawFn) -> tuple[array[int], int]:
    """The arcs and root of a small valid list with a few arcs or the root changed."""
    lexicon = Lexicon.from_words(draw(st.sets(WORDS, min_size=1, max_size=12)))
    arcs = array("Q", lexicon.arcs)
    root = lexicon.root
    n = len(arcs)
    for _ in range(draw(st.integers(0, 3))):
        index = draw(st.integers(-1, max(n - 1, 0)))
        value = draw(
            st.one_of(
                st.integers(0, 2**64 - 1),
                st.builds(
                    state,
                    st.integers(0, n + 2),
                    st.text(alphabet=LETTERS, max_size=3),
                    st.booleans(),
                ),
                st.sampled_from(list(arcs) or [0]),
            )
        )
        if index < 0 or not n:
            root = value
        else:
            arcs[index] = value
    return arcs, root
