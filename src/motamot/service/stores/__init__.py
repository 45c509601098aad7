"""Event stores: memory (tests), SQLite (one process), PostgreSQL (several processes)."""
