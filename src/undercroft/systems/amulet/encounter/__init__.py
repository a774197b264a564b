"""The encounter ruleset: one room's fight from a scenario file."""
