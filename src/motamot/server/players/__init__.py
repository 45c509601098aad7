"""The lasting players on the web: identities, accounts, « Mes parties », profiles and
leaderboards (not a room kind: pages of their own, over `service.players`)."""
