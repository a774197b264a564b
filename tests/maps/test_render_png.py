"""The PNG map: a real image of the expected size, drawn with ink, from the same primitives."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest
from test_render_fixtures import rich_level

from undercroft.maps.drawing import compose
from undercroft.maps.png import INCH_PER_UNIT, render_png

SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_size(path: Path) -> tuple[int, int]:
    """Width and height from the IHDR chunk, which always comes first."""
    data = path.read_bytes()
    assert data[:8] == SIGNATURE
    assert data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


@pytest.mark.parametrize("dpi", [50, 100])
def test_png_is_written_at_the_expected_size(tmp_path: Path, dpi: int) -> None:
    path = tmp_path / "map.png"
    render_png(rich_level(), path, dpi=dpi)
    drawing = compose(rich_level())
    width, height = png_size(path)
    assert abs(width - drawing.width * INCH_PER_UNIT * dpi) <= 2
    assert abs(height - drawing.height * INCH_PER_UNIT * dpi) <= 2
    assert 300 < width < 2000 and 200 < height < 2000


def test_png_has_ink_on_paper(tmp_path: Path) -> None:
    from matplotlib import image

    path = tmp_path / "map.png"
    render_png(rich_level(), path, dpi=60)
    pixels = image.imread(str(path))[:, :, :3]
    dark = (pixels.sum(axis=2) < 0.6).mean()
    assert 0.005 < dark < 0.3  # walls and text, but mostly paper


def test_player_and_smooth_views_render_and_differ(tmp_path: Path) -> None:
    gm, player = tmp_path / "gm.png", tmp_path / "player.png"
    render_png(rich_level(), gm, dpi=40)
    render_png(rich_level(), player, dpi=40, player_view=True, circle_style="smooth")
    assert gm.read_bytes() != player.read_bytes()


def test_bad_dpi_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="dpi"):
        render_png(rich_level(), tmp_path / "x.png", dpi=0)


@pytest.mark.parametrize("pixels", [70, 33, 7])
def test_the_level_alone_is_exactly_its_grid_in_pixels(pixels: int) -> None:
    from undercroft.maps.png import level_png
    from undercroft.maps.uvtt import png_size

    level = rich_level()
    image = level_png(level, pixels_per_unit=pixels)
    assert png_size(image) == (level.level_size * pixels,) * 2
