"""A dice stream for rules tests: the faces given, in order, then the real stream's."""

from __future__ import annotations

from undercroft.rng import Stream


class Faces(Stream):
    """Shows the given faces in order (each checked against the die), then rolls as a
    seeded stream would: a test forces exactly the rolls it is about."""

    def __init__(self, *faces: int) -> None:
        super().__init__(0, "scripted")
        self.faces = list(faces)

    def die(self, sides: int) -> int:
        if self.faces:
            face = self.faces.pop(0)
            assert 1 <= face <= sides, f"face {face} on a d{sides}"
            return face
        return super().die(sides)

    def dice(self, count: int, sides: int) -> list[int]:
        return [self.die(sides) for _ in range(count)]
