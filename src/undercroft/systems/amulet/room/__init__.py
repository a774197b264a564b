"""One room in play: its scene, fights, dice, events and the actions heroes take there."""
