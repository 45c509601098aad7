"""The baseline solver: a plain CPython dict-of-dicts trie, standard library only.

    python benchmarks/trie_baseline.py WORDLIST BOARDS [--words]

A whole program on its own (it imports nothing of motamot, so its start-up
is what a plain script's is): it reads a word list (one word a line, folded
to A-Z, 3 letters or more), builds the trie, solves each board of BOARDS
(16 letters row by row, `q` = Qu) and prints one JSON line a board, the
shape of `motamot boggle solve --batch --score-only --json`, or with
`--words` the shape of `--json` (every word, its points and its first path
in depth-first order), so both outputs can be compared byte for byte.
`build_trie` and `trie_solve` are the in-process baseline of bench_boggle
and bench_kernels too.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

Trie = dict[str, "Trie | str"]
#: Classic Boggle points by length (B8): 3-4 letters 1, 5: 2, 6: 3, 7: 5, 8+: 11.
POINTS = (0, 0, 0, 1, 1, 2, 3, 5, 11)


def build_trie(words: Sequence[str]) -> Trie:
    """The baseline: a plain dict-of-dicts trie, `$` holding the word at its end."""
    root: Trie = {}
    for word in words:
        node = root
        for letter in word:
            node = node.setdefault(letter, {})  # type: ignore[assignment]
        node["$"] = word
    return root


def trie_solve(
    letters: Sequence[str],
    neighbours: Sequence[Sequence[int]],
    root: Trie,
    paths: bool = False,
) -> dict[str, tuple[int, ...]]:
    """Depth-first search over the grid walking the trie: every word, with its first
    path when `paths` (else an empty one: a score-only program keeps none)."""
    found: dict[str, tuple[int, ...]] = {}
    used = [False] * len(letters)
    path: list[int] = []

    def step(node: Trie, face: str) -> Trie | None:
        for letter in face:
            child = node.get(letter)
            if child is None:
                return None
            node = child  # type: ignore[assignment]
        return node

    def visit(cell: int, node: Trie) -> None:
        if paths:
            path.append(cell)
        word = node.get("$")
        if word is not None and word not in found:
            found[word] = tuple(path)  # type: ignore[index]
        used[cell] = True
        for nxt in neighbours[cell]:
            if not used[nxt]:
                child = step(node, letters[nxt])
                if child is not None:
                    visit(nxt, child)
        used[cell] = False
        if paths:
            path.pop()

    for start in range(len(letters)):
        if letters[start]:
            child = step(root, letters[start])
            if child is not None:
                visit(start, child)
    return found


def square_neighbours(size: int) -> list[list[int]]:
    """Each cell's neighbours (king moves) in increasing order."""
    return [
        [
            r * size + c
            for r in range(max(0, row - 1), min(size, row + 2))
            for c in range(max(0, col - 1), min(size, col + 2))
            if (r, c) != (row, col)
        ]
        for row in range(size)
        for col in range(size)
    ]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("wordlist")
    parser.add_argument("boards")
    parser.add_argument("--words", action="store_true", help="every word with its path")
    args = parser.parse_args(argv)
    with open(args.wordlist, encoding="utf-8") as handle:
        words = [w for w in (line.strip().upper() for line in handle) if len(w) >= 3]
    trie = build_trie([w for w in words if w.isascii() and w.isalpha()])
    neighbours = square_neighbours(4)
    out = sys.stdout
    with open(args.boards, encoding="ascii") as handle:
        for line in handle:
            board = line.strip().upper()
            if not board:
                continue
            faces = ["Qu" if letter == "Q" else letter for letter in board]
            letters = [face.upper() for face in faces]
            found = trie_solve(letters, neighbours, trie, paths=args.words)
            points = {word: POINTS[min(len(word), 8)] for word in found}
            data: dict[str, object] = {
                "grid": "/".join("".join(faces[r * 4 : r * 4 + 4]) for r in range(4)),
                "count": len(found),
                "points": sum(points.values()),
            }
            if args.words:
                data["words"] = [
                    {
                        "word": word,
                        "points": points[word],
                        "path": [list(divmod(cell, 4)) for cell in found[word]],
                    }
                    for word in sorted(found)
                ]
            out.write(json.dumps(data) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
