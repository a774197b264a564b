"""What Undercroft keeps between games: for now the local high-score table.

Kept apart from the rules so that a ruleset never touches a file: the game loop hands its
result to the store when a game ends, and the store alone knows about SQLite.
"""
