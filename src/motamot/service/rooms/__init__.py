"""The room model every game shares: events, commands, the actor, its codec, the host."""
