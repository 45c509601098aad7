"""The `motamot` command line: parse, call the engines, render. Nothing else."""
