"""Labyrinth's cards and monsters: their models, the files and packs they are read from."""
