"""Undercroft: tabletop dungeon crawls run as software."""

__version__ = "0.1.0"
