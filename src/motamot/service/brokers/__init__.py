"""Broadcasters: in-process (one server process), Redis (several)."""
