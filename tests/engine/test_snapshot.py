"""Snapshots (engine/snapshot.py): an object graph written as JSON and read back with its
shared objects, cycles, containers and random streams as they were; anything else is
refused, in one line naming where."""

from __future__ import annotations

import copy
import json
import math
import pickle
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from undercroft.dice.roll_log import LoggedStream
from undercroft.engine import snapshot
from undercroft.engine.turns import TextEvent
from undercroft.errors import BadInput
from undercroft.maps.lattice import Occupancy
from undercroft.maps.model import Exit, Room
from undercroft.maps.placement import Board
from undercroft.maps.shapes import outlines
from undercroft.rng import Stream
from undercroft.systems.amulet.game.config import GameConfig


def again(graph: Any) -> Any:
    return snapshot.loads(snapshot.dumps(graph))


def test_objects_reached_twice_stay_one_object_and_cycles_come_back() -> None:
    event = TextEvent(1, "note", "a cycle", {})
    event.data["itself"] = event
    shared_list: list[int] = [1, 2]
    graph = {"event": event, "twice": [event, event], "lists": [shared_list, shared_list]}
    back = again(graph)
    assert back["event"] is back["twice"][0] is back["twice"][1]
    assert back["event"].data["itself"] is back["event"]
    assert back["lists"][0] is back["lists"][1] and back["lists"][0] == [1, 2]
    assert back["event"] is not event and back["event"].text == "a cycle"


def test_containers_keys_and_numbers_keep_their_types() -> None:
    graph = {"tuple": (1, "two", (3.5,)), "set": {3, 1, 2}, "frozen": frozenset({"a"}),
             "keys": {1: "one", (2, 3): "pair", None: "none"}, "big": 2**100, "tenth": 0.1,
             "inf": math.inf, "flags": [True, False, None], "text": "ünïcode – ok"}
    back = again(graph)
    assert back == graph
    for key, value in graph.items():
        assert type(back[key]) is type(value)
    assert type(back["tuple"][2]) is tuple
    assert math.isnan(again([math.nan])[0])


def test_the_same_graph_is_written_as_the_same_text() -> None:
    graph = {"set": {"b", "a", "c"}, "numbers": {5, 1, 3}, "stream": Stream(4, "x")}
    text = snapshot.dumps(graph)
    assert snapshot.dumps(snapshot.loads(text)) == text
    assert '"s":["a","b","c"]' in text


def test_a_stream_goes_on_exactly_where_it_stood() -> None:
    stream = Stream(9, "agents/Elf")
    for _ in range(300):  # past the first block of doubles
        stream.random()
    back = again(stream)
    assert isinstance(back, Stream) and (back.seed, back.name) == (9, "agents/Elf")
    assert [back.random() for _ in range(600)] == [stream.random() for _ in range(600)]
    copied = copy.deepcopy(stream)
    assert [copied.die(20) for _ in range(50)] == [stream.die(20) for _ in range(50)]


def _scripted() -> LoggedStream:
    stream = LoggedStream(3, faces=[6, 1, 4])
    assert stream.die(6) == 6
    return stream


@pytest.mark.parametrize("way", ["snapshot", "copy", "pickle"])
def test_a_scripted_stream_keeps_its_faces_to_come(way: str) -> None:
    original = _scripted()
    back = {"snapshot": again, "copy": copy.deepcopy,
            "pickle": lambda stream: pickle.loads(pickle.dumps(stream))}[way](original)
    assert type(back) is LoggedStream and back.faces == [1, 4] and back.seed == 3
    assert back.take() == original.take()
    assert back.dice(5, 6) == original.dice(5, 6)


def test_classes_that_say_how_they_are_rebuilt_come_back_whole() -> None:
    occupancy = Occupancy(3)
    occupancy.claim(2, [0, 5], 0, 0b100001)
    exit_ = Exit("1.1", "door", "north", ((0.0, 0.0), (1.0, 0.0)), to=2)
    room = Room(1, [(0, 0), (1, 0), (1, 1)], 1, "square", exits=[exit_])
    back_occupancy, back_room, back_exit = again([occupancy, room, exit_])
    assert (back_occupancy.size, back_occupancy.bits, back_occupancy.owner) == (
        3, occupancy.bits, occupancy.owner)
    assert back_room == room and back_room.exits[0] is back_exit
    copied = copy.deepcopy(occupancy)
    assert (copied.bits, copied.owner) == (occupancy.bits, occupancy.owner)


def test_outlines_come_back_as_the_very_outlines_the_caches_know() -> None:
    """Outlines are compared by identity (a board's "fits nowhere" set, the wall and
    raster caches): a copy that made new ones would place rooms otherwise."""
    outline = outlines("rectangle", 4)[3]
    board = Board(6)
    board._nowhere.add(outline)
    for back in (again([outline, board]), copy.deepcopy([outline, board]),
                 pickle.loads(pickle.dumps([outline, board]))):
        assert back[0] is outline and back[1]._nowhere == {outline}
        assert back[1]._rasters is board._rasters  # the shared cache of its size


def test_a_number_too_long_for_decimal_text_comes_back() -> None:
    bits = (1 << 160_000) | 5
    text = snapshot.dumps({"bits": bits, "small": 2**63})
    assert '"x":' in text and snapshot.loads(text) == {"bits": bits, "small": 2**63}


def test_a_validated_config_comes_back_equal() -> None:
    config = GameConfig.model_validate({"party": ["elf", "wizard"], "depth_limit": 4})
    back = again(config)
    assert back == config and back.model_dump() == config.model_dump()


SCALARS = st.none() | st.booleans() | st.integers() | st.text(max_size=8) | st.floats(
    allow_nan=False)
KEYS = st.integers() | st.text(max_size=5) | st.tuples(st.integers(), st.text(max_size=3))
GRAPHS = st.recursive(SCALARS, lambda inner: (
    st.lists(inner, max_size=4) | st.tuples(inner, inner)
    | st.dictionaries(KEYS, inner, max_size=4)
    | st.sets(st.integers() | st.text(max_size=4), max_size=4)
    | st.frozensets(st.integers(), max_size=4)), max_leaves=30)


def _typed(value: Any) -> Any:
    """The value with every container's type written in, so == also compares types."""
    if isinstance(value, dict):
        return ("dict", sorted(((repr(k), _typed(v)) for k, v in value.items())))
    if isinstance(value, list | tuple):
        return (type(value).__name__, [_typed(item) for item in value])
    if isinstance(value, set | frozenset):
        return (type(value).__name__, sorted(map(repr, value)))
    return (type(value).__name__, value)


@given(GRAPHS)
def test_any_graph_of_plain_values_comes_back_equal_and_of_the_same_types(graph: Any) -> None:
    back = again(graph)
    assert _typed(back) == _typed(graph)


def _refusal(graph: Any) -> str:
    with pytest.raises(TypeError) as refused:
        snapshot.dumps(graph)
    return str(refused.value)


def test_what_a_snapshot_cannot_hold_is_refused_naming_where() -> None:
    assert "snapshot: root['rules'][1]: cannot write a builtins.function" in _refusal(
        {"rules": [1, lambda: 1]})
    assert "snapshot: root.data['odds']: cannot write a fractions.Fraction" in _refusal(
        TextEvent(1, "odds", "", {"odds": Fraction(1, 3)}))
    ours = _refusal({"event": TextEvent(1, "x", "y", {})} | {"outside": json.JSONDecoder()})
    assert "snapshot: root['outside']: cannot write a json.decoder.JSONDecoder" in ours
    assert "a cycle through an immutable tuple" in _refusal(_tuple_cycle())


def _tuple_cycle() -> tuple[list[Any], ...]:
    inner: list[Any] = []
    outer = (inner,)
    inner.append(outer)
    return outer


def _graph(node: Any) -> str:
    return json.dumps({"format": snapshot.FORMAT, "graph": node})


BROKEN = {
    "not JSON": "{",
    "format 99, this version reads 1": json.dumps({"format": 99, "graph": 1}),
    "os:system is not one of the classes a snapshot may hold": _graph(
        {"o": "os:system", "a": {}}),
    "builtins:list is not one of the classes a snapshot may hold": _graph(
        {"o": "builtins:list", "a": {}}),
    "undercroft.rng:Nothing is not one of the classes a snapshot may hold": _graph(
        {"o": "undercroft.rng:Nothing", "a": {}}),
    "undercroft.engine.agents:agent_stream is not one of the classes": _graph(
        {"o": "undercroft.engine.agents:agent_stream", "a": {}}),
    "undercroft.__main__:X is not one of the classes a snapshot may hold": _graph(
        {"o": "undercroft.__main__:X", "a": {}}),
    "undercroft.web.live:LiveTable is not one of the classes a snapshot may hold": _graph(
        {"o": "undercroft.web.live:LiveTable", "a": {}}),
    "has no attribute '__class__' a snapshot may set": _graph(
        {"o": "undercroft.systems.labyrinth.state:LabyrinthState", "a": {"__class__": 1}}),
    "undercroft.rng:Stream is not an immutable value": _graph(
        {"v": "undercroft.rng:Stream", "a": []}),
    "refers to 7, which is not (yet) written": _graph([{"r": 7}]),
    "not a snapshot node (['q'])": _graph({"q": 1}),
    "not a snapshot node (['l', 's'])": _graph({"l": [], "s": []}),
    "cannot make a undercroft.rng:Stream": _graph({"o": "undercroft.rng:Stream", "n": ["x"],
                                                   "a": {}}),
    "undercroft.store.games:GameStore is not one of the classes": _graph(
        {"o": "undercroft.store.games:GameStore", "n": ["sqlite:////tmp/x"], "a": {}}),
    "undercroft.cli.amulet_commands:tempfile._TemporaryFileCloser is not one of the "
    "classes": _graph({"o": "undercroft.cli.amulet_commands:tempfile."
                                  "_TemporaryFileCloser", "a": {"name": "x"}}),
    "undercroft.dice.sample:np.memmap is not one of the classes": _graph(
        {"o": "undercroft.dice.sample:np.memmap", "n": ["x", "uint8", "w+", 0, [4]],
         "a": {}}),
    "cannot make a undercroft.maps.lattice:Occupancy (a level of size 4000": _graph(
        {"o": "undercroft.maps.lattice:Occupancy", "n": [4000], "a": {}}),
    "cannot make a undercroft.maps.shapes:Shape (an outline of size 1000000000": _graph(
        {"o": "undercroft.maps.shapes:Shape", "i": ["square", 10**9, 0]}),
    "cannot make a undercroft.maps.shapes:Shape (tuple index out of range": _graph(
        {"o": "undercroft.maps.shapes:Shape", "i": ["square", 3, 99]}),
    "undercroft.maps.lattice:Occupancy is not made from arguments": _graph(
        {"o": "undercroft.maps.lattice:Occupancy", "i": [3]}),
    "cannot be read (TypeError": _graph({"s": [[1]]}),
    "'zz' is not a hex number": _graph({"x": "zz"}),
    "not a PCG64 state": _graph({"g": {"bit_generator": "MT19937"}}),
    "a dict entry is not a [key, value] pair": _graph({"p": [[1, 2, 3]]}),
}
"""What the line says -> a snapshot's text."""


@pytest.mark.parametrize("reason", sorted(BROKEN))
def test_a_broken_snapshot_is_bad_input_in_one_line(reason: str) -> None:
    with pytest.raises(BadInput) as refused:
        snapshot.loads(BROKEN[reason])
    message = str(refused.value)
    assert message.startswith("snapshot") and reason in message and "\n" not in message


@pytest.mark.parametrize("depth", [700, 5000])
def test_a_snapshot_nested_too_deep_is_bad_input_not_a_crash(depth: int) -> None:
    """Too deep for the reader (700) or for JSON itself (5000): one line either way."""
    with pytest.raises(BadInput) as refused:
        snapshot.loads(_graph(0).replace("0", "[" * depth + "]" * depth))
    assert "\n" not in str(refused.value)


def test_the_code_fingerprint_covers_the_sources_and_data_and_not_compiled_files(
        tmp_path: Path) -> None:
    (tmp_path / "cache").mkdir()
    (tmp_path / "__pycache__").mkdir()
    source, data = tmp_path / "rules.py", tmp_path / "cache" / "tables.toml"
    source.write_text("x = 1\n")
    data.write_text("[a]\n")
    (tmp_path / "rules.cpython-311-x86_64-linux-gnu.so").write_bytes(b"one")
    (tmp_path / "__pycache__" / "rules.cpython-311.pyc").write_bytes(b"one")
    first = snapshot.fingerprint(tmp_path)
    (tmp_path / "rules.cpython-311-x86_64-linux-gnu.so").write_bytes(b"two")
    (tmp_path / "__pycache__" / "rules.cpython-311.pyc").write_bytes(b"two")
    assert snapshot.fingerprint(tmp_path) == first  # compiled or not, the same code
    data.write_text("[b]\n")
    second = snapshot.fingerprint(tmp_path)
    source.write_text("x = 2\n")
    assert len({first, second, snapshot.fingerprint(tmp_path)}) == 3
    assert snapshot.code_fingerprint() == snapshot.fingerprint(
        Path(snapshot.__file__).resolve().parents[1])
