"""« Partie rapide »: seekers paired by the game they ask for and their ratings (Q1 in
docs/rules.md), on any server process, no seek ever paired twice (`store`)."""
