"""What the Gamemaster brings and pays with: denizens, stages and the coin Pool."""
