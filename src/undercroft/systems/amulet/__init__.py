"""Amulet (seeds 000 and 001): a GM-less Gauntlet-style party crawl, generated room by room."""
