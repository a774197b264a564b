"""A game of Card Crawl: its config, state, rules, views, players, enemies, figures and audit."""
