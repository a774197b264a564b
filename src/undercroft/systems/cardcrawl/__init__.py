"""Card Crawl (seed 004): card-built characters, card combat, enemies, Random Dungeons."""
