"""The table's level as files to take away (GET /api/table/map.uvtt and map.pdf,
docs/web-api.md): the players' version, as the table has mapped it."""

from __future__ import annotations

import itertools
import json
import math
from pathlib import Path

from fastapi.testclient import TestClient
from web_helpers import Table, new_app

from undercroft.maps.uvtt import UvttFile
from undercroft.maps.uvtt_level import level_uvtt


def wall_length(document: UvttFile) -> float:
    return sum(math.dist((a.x, a.y), (b.x, b.y))
               for wall in document.line_of_sight for a, b in itertools.pairwise(wall))


def test_the_table_downloads_its_level_for_a_virtual_tabletop(tmp_path: Path) -> None:
    """Seed 1 starts with room 2 behind a secret exit: the players' file has no door there."""
    client = TestClient(new_app(tmp_path, seed=1))
    table = Table(client, "amulet")
    answer = client.get("/api/table/map.uvtt", params={"t": table.token})
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-disposition"].startswith("attachment; filename=")
    step = table.live().table.steps
    assert answer.headers["content-disposition"].endswith(f'-step-{step}.uvtt"')
    document = UvttFile.model_validate(json.loads(answer.content))
    level = table.live().table.state.level.generator.level
    assert document.resolution.map_size.x == level.level_size
    whole = UvttFile.model_validate(level_uvtt(level, player_view=False))
    assert 0 < wall_length(document) < wall_length(whole)  # room 2 is not on the file
    again = client.get("/api/table/map.uvtt", params={"t": table.token})
    assert again.content == answer.content  # kept: the same level at the same step


def test_the_table_downloads_its_level_to_print(tmp_path: Path) -> None:
    client = TestClient(new_app(tmp_path, seed=1))
    table = Table(client, "amulet")
    answer = client.get("/api/table/map.pdf", params={"t": table.token, "paper": "letter"})
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"] == "application/pdf"
    assert answer.content.startswith(b"%PDF-")
    assert b"/MediaBox [ 0 0 612 792 ]" in answer.content
    assert answer.headers["content-disposition"].endswith('-letter.pdf"')


def test_bad_paper_or_scale_and_systems_without_a_map_are_refused(tmp_path: Path) -> None:
    client = TestClient(new_app(tmp_path))
    amulet = Table(client, "amulet")
    for params in ({"paper": "a0"}, {"scale": "huge"}):
        answer = client.get("/api/table/map.pdf", params={"t": amulet.token, **params})
        assert answer.status_code == 400
        assert next(iter(params)) in answer.json()["detail"]
    labyrinth = Table(client, "labyrinth")
    for route in ("/api/table/map.uvtt", "/api/table/map.pdf"):
        assert client.get(route, params={"t": labyrinth.token}).status_code == 404
        assert client.get(route, params={"t": "nonsense"}).status_code in (403, 404)
