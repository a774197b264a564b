"""Maps: rooms on a 45-degree lattice, their exits, and renderers (ASCII, SVG, PNG)."""
