"""What Undercroft keeps between games: the shared tables' games, snapshots and high scores.

Kept apart from the rules so that a ruleset never touches a file: the game loop hands its
result to the store when a game ends, and the store alone knows about SQLite.
"""
