"""The Universal VTT file's core: the format's model, a door's angle, the image's size."""

from __future__ import annotations

import base64
import io
import math

import pytest
from pydantic import ValidationError

from undercroft.maps.uvtt import UvttFile, VttMap, VttPortal, png_size, uvtt_document


def png(width: int, height: int) -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (width, height), "white").save(out, format="PNG")
    return out.getvalue()


def test_a_document_carries_the_grid_walls_doors_and_image() -> None:
    vtt = VttMap(2, 1, walls=[[(0, 0), (2, 0), (2, 1)]],
                 portals=[VttPortal((0, 0), (0, 1), closed=True)], notes=["stairs at 1,0"])
    image = png(140, 70)
    document = uvtt_document(vtt, image)
    UvttFile.model_validate(document)
    assert document["resolution"] == {"map_origin": {"x": 0, "y": 0},
                                      "map_size": {"x": 2, "y": 1}, "pixels_per_grid": 70}
    assert document["line_of_sight"] == [[{"x": 0, "y": 0}, {"x": 2, "y": 0},
                                          {"x": 2, "y": 1}]]
    door = document["portals"][0]
    assert door["position"] == {"x": 0, "y": 0.5} and door["closed"] is True
    assert math.isclose(door["rotation"], math.pi / 2)
    assert base64.b64decode(document["image"]) == image
    assert document["notes"] == "stairs at 1,0"


def test_the_image_must_fit_the_grid() -> None:
    assert png_size(png(140, 70)) == (140, 70)
    with pytest.raises(ValueError, match="the grid needs"):
        uvtt_document(VttMap(2, 2), png(140, 70))
    with pytest.raises(ValueError, match="not a PNG"):
        png_size(b"GIF89a")


def test_the_model_refuses_what_the_format_does_not_have() -> None:
    document = uvtt_document(VttMap(1, 1), png(70, 70))
    with pytest.raises(ValidationError):
        UvttFile.model_validate({**document, "walls": []})
    document["portals"] = [{"position": {"x": 0, "y": 0}, "bounds": [{"x": 0, "y": 0}],
                            "rotation": 0, "closed": True, "freestanding": False}]
    with pytest.raises(ValidationError):
        UvttFile.model_validate(document)


def test_the_checks_find_a_room_sealed_by_walls_and_doors() -> None:
    from uvtt_checks import flood, portals_without_walls

    # Two 2x2 rooms side by side; the wall between them has a door from (2,0.5) to (2,1.5).
    walls = [[(0, 0), (4, 0), (4, 2), (0, 2), (0, 0)], [(2, 0), (2, 0.5)], [(2, 1.5), (2, 2)]]
    document = uvtt_document(VttMap(4, 2, walls=walls,
                                    portals=[VttPortal((2, 0.5), (2, 1.5), closed=True)]),
                             png(280, 140))
    west = flood(document, (1, 1))
    assert west is not None and math.isclose(west.area, 4)
    assert portals_without_walls(document) == []
    document["line_of_sight"] = document["line_of_sight"][:1]
    assert portals_without_walls(document) == [0]
    assert flood(document, (1, 1)) is not None
    document["portals"] = []
    whole = flood(document, (1, 1))
    assert whole is not None and math.isclose(whole.area, 8)
