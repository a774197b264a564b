"""Card Crawl's Random Dungeons: the rolled plan, its layout on the grid, and its pictures."""
