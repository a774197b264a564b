"""Labyrinth (seed 002): races, classes, elements, two decks, floors, the market, d20 combat."""
