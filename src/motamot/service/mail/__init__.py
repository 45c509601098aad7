"""Telling players by e-mail when it is their turn and when a game ends (`motamot serve
--smtp`): addresses, the outbox, the background sender, the notices (see
docs/architecture.md, "Mail")."""
