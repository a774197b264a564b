"""Card Crawl's characters: their cards, costs and sheets, saved as JSON and drawn."""
