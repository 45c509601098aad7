"""Use cases between the pure engines and the interfaces: rooms, players, mail, saving.

The service layer owns time and persistence so the engines stay pure: referee time comes
from a `ports.Clock` (seconds since the Unix epoch, so a deadline means the same after a
restart and in another process), events go to a `ports.EventStore`, and what happens is
fanned out by a `ports.Broadcaster`.
"""
