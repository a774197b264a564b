"""Amulet's level generator: rooms, exits and contents, one room at a time (seed 001)."""
