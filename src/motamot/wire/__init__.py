"""Wire shapes: the JSON every interface prints or sends, in one place per game."""
