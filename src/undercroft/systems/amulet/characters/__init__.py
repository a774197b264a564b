"""Heroes and monster kinds: their numbers, classes, tactics and conversions."""
