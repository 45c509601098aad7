"""Use cases between the pure engines and the interfaces: live rounds, games, saving.

The service layer owns time (the interface passes times in, read from its own
monotonic clock) and persistence (where games are saved); the engines stay pure.
"""
