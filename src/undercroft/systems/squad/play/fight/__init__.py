"""A scene's turns: the heroes' and the GM's moves, their rolls and the harm done."""
