"""motamot: French-first Boggle and Topword, with an exact referee, solvers and computer players."""

__version__ = "0.1.0"
