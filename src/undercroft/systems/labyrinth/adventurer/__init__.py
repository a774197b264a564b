"""A Labyrinth adventurer: race, class, elements, stats, items worn, and its JSON form."""
