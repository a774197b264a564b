"""A hero and what it holds: Abilities, Stuff, spells, Specials, loot, pennies."""
