"""Room outlines: seed 001's shapes at every size, each fitting its Room Size square."""

from __future__ import annotations

from undercroft.maps.model import outward_normal, wall_length
from undercroft.maps.shapes import SHAPES, Shape, outlines, turned_sides

SIZES = range(1, 61)


def _walls(shape: Shape) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    points = list(shape.polygon)
    return list(zip(points, points[1:] + points[:1], strict=True))


def _turned(shape: Shape) -> bool:
    return all(len(outward_normal(a, b)) == 2 for a, b in _walls(shape))


def test_every_outline_fits_its_room_size_square_with_corners_on_the_lattice() -> None:
    for name in SHAPES:
        for size in SIZES:
            for shape in outlines(name, size):
                xs = [x for x, _ in shape.polygon]
                ys = [y for _, y in shape.polygon]
                assert all(float(v).is_integer() for v in xs + ys)
                assert (max(xs) - min(xs), max(ys) - min(ys)) == (shape.width, shape.height)
                assert shape.width <= size and shape.height <= size, (name, size, shape)
                for a, b in _walls(shape):
                    outward_normal(a, b)  # raises unless the wall runs at a multiple of 45


def test_turned_boxes_have_sides_that_add_up_to_the_size() -> None:
    """A 45-degree wall of n angular units spans n units each way: a turned box with
    sides a and b spans a + b, so its sides add up to the Room Size (a turned square's
    to the largest even number not above it)."""
    for name in ("square", "rectangle", "hallway"):
        for size in SIZES:
            turned = [shape for shape in outlines(name, size) if _turned(shape)]
            sides = sorted({tuple(sorted({int(wall_length(a, b)) for a, b in _walls(shape)}))
                            for shape in turned})
            wanted = sorted({(short, long) if short != long else (short,)
                             for long, short in turned_sides(name, size)})
            assert sides == wanted, (name, size)
            for shape in turned:
                assert shape.width == shape.height == size - (size % 2 if name == "square"
                                                              else 0)


def test_turned_shapes_keep_the_seeds_proportions() -> None:
    assert turned_sides("square", 1) == []
    assert turned_sides("square", 5) == [(2, 2)]
    assert turned_sides("square", 6) == [(3, 3)]
    assert turned_sides("hallway", 2) == []
    assert turned_sides("hallway", 5) == [(4, 1)]
    assert turned_sides("rectangle", 2) == []
    assert turned_sides("rectangle", 4) == [(3, 1)]  # 2 + 2 would be a square
    assert turned_sides("rectangle", 5) == [(3, 2)]  # more than one unit wide, if possible
    assert turned_sides("rectangle", 8) == [(6, 2), (5, 3)]
    assert turned_sides("triangle", 5) == turned_sides("circle", 5) == []


def test_every_size_has_its_unturned_outline_at_full_size() -> None:
    """The turned forms are extra choices for the mapper; the seed's own stays (a circle
    has one outline, the octagon in its square: a diamond at size 2)."""
    for name in SHAPES:
        for size in SIZES:
            assert any(max(shape.width, shape.height) == size
                       for shape in outlines(name, size)
                       if name == "circle" or not _turned(shape))
