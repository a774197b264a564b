"""The four game systems, each behind the Game API (engine.api) in its own package."""
