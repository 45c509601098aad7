"""Optional C kernels (src/motamot/_speedups.c); pure-Python twins are the reference."""

from array import array

def dawg_contains(arcs: array[int], root: int, word: object, /) -> bool: ...
