"""The server benchmark's parts: what players do, one simulated browser, client processes,
seating over HTTP, the servers under test, and the figures (see bench_server.py)."""
