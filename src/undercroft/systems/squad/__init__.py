"""Dungeon Squad! + Coin-Op (seed 003): die-rated heroes, a coin-spending game master,
loot and upgrades."""
