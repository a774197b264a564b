"""The whole game: levels in play, the meta-dungeon, the step, views and agents."""
