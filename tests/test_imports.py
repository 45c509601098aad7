"""No import circle among motamot's modules, and every top module in the layers contract.

The graph is import-linter's own (`grimp`), with every import, those made only
for type checking included: a circle there is still two modules that cannot be
understood one without the other.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parent.parent

#: Circles in parts other people are rewriting (issue 20), each named by its owner,
#: who removes the entry with the fix; the test says when one is gone or has changed.
ALLOWED: dict[frozenset[str], str] = {}


@cache
def _graph() -> grimp.ImportGraph:
    return grimp.build_graph("motamot", cache_dir=None)


def _circles(graph: grimp.ImportGraph) -> Iterator[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    edges = {m: sorted(graph.find_modules_directly_imported_by(m)) for m in graph.modules}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, 0)]
        while work:
            node, next_edge = work.pop()
            if next_edge == 0:
                index[node] = low[node] = len(index)
                stack.append(node)
                on_stack.add(node)
            for position in range(next_edge, len(edges[node])):
                target = edges[node][position]
                if target not in index:
                    work += [(node, position + 1), (target, 0)]
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                if low[node] == index[node]:
                    component = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.add(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        yield frozenset(component)
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])


def _shown(graph: grimp.ImportGraph, circle: frozenset[str]) -> str:
    """One way round the circle: `a → b → a`."""
    first = min(circle)
    back = min(m for m in circle if graph.direct_import_exists(importer=m, imported=first))
    chain = graph.find_shortest_chain(importer=first, imported=back) or (first, back)
    return " → ".join([*chain, first])


def test_no_import_circle_among_motamot_modules() -> None:
    graph = _graph()
    circles = set(_circles(graph))
    unexpected = [_shown(graph, circle) for circle in circles - ALLOWED.keys()]
    assert not unexpected, "import circles:\n" + "\n".join(sorted(unexpected))
    gone = [
        f"{sorted(circle)} ({owner})" for circle, owner in ALLOWED.items() if circle not in circles
    ]
    assert not gone, "allowed circles no longer there, remove them from ALLOWED:\n" + "\n".join(
        gone
    )


def test_the_circle_finder_finds_a_circle() -> None:
    graph = grimp.ImportGraph()
    for name in ("p", "p.a", "p.b", "p.c", "p.d"):
        graph.add_module(name)
    for importer, imported in (("p.a", "p.b"), ("p.b", "p.c"), ("p.c", "p.a"), ("p.c", "p.d")):
        graph.add_import(importer=importer, imported=imported)
    circles = list(_circles(graph))
    assert circles == [frozenset({"p.a", "p.b", "p.c"})]
    assert _shown(graph, circles[0]) == "p.a → p.b → p.c → p.a"


def test_every_top_module_is_in_the_layers_contract() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    (contract,) = [c for c in config["tool"]["importlinter"]["contracts"] if c["type"] == "layers"]
    layered = {
        name.strip().strip("()") for layer in contract["layers"] for name in layer.split("|")
    }
    top = {m for m in _graph().modules if m.count(".") == 1}
    assert top - {"motamot.__main__"} <= layered, sorted(top - layered)
