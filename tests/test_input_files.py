"""Hostile files given to commands: read, they are one line of bad input, never a traceback
or a hang; written, output never replaces a device, a FIFO or a folder.

Every command that reads a file a person names reads it through ``content.files``; the
tests below give each of them a folder, a FIFO, a character device, bytes that are not
UTF-8, a document nested too deep and a number past Python's digit limit, and each
writer a FIFO, a folder and a link to a device as its target. Devices are only ever
read or named through links made in ``tmp_path``: no test writes at a real device.
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cli_helpers import Result, assert_bad_input, run
from undercroft.content import files
from undercroft.engine.agents import RandomAgent
from undercroft.engine.record import new_record, save_record
from undercroft.engine.registry import get
from undercroft.engine.runner import play_out
from undercroft.errors import BadInput
from undercroft.systems.amulet.game.config import GameConfig

UNBLOCK_AFTER = 5.0
"""Seconds after which a reader stuck on a FIFO is given end of file, so that a command
that blocks on it (the fault) fails its test instead of hanging the suite."""


@pytest.fixture(autouse=True)
def table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test runs in its own folder, keeps any scores there, and finds content packs
    only where it says."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("UNDERCROFT_DATA", str(tmp_path / "data"))
    monkeypatch.setenv("UNDERCROFT_PACKS", "")  # `--cards` adds its folder: undone after


@contextmanager
def unblocking(path: Path) -> Iterator[None]:
    """While inside, a thread opens the FIFO at ``path`` for writing after
    :data:`UNBLOCK_AFTER` seconds, which lets a reader blocked on it go (it then reads end
    of file): a command that blocks on the FIFO (the fault) fails its test, not the suite."""
    done = threading.Event()

    def unblock() -> None:
        if not done.wait(UNBLOCK_AFTER):
            with open(path, "wb"):
                pass

    thread = threading.Thread(target=unblock, daemon=True)
    thread.start()
    try:
        yield
    finally:
        done.set()
        if stat.S_ISFIFO(os.lstat(path).st_mode):
            reader = os.open(path, os.O_RDONLY | os.O_NONBLOCK)  # frees a waiting writer
            thread.join(UNBLOCK_AFTER)
            os.close(reader)


def make_fifo(path: Path) -> Iterator[Path]:
    os.mkfifo(path)
    with unblocking(path):
        yield path


@pytest.fixture
def fifo_json(tmp_path: Path) -> Iterator[Path]:
    yield from make_fifo(tmp_path / "pipe.json")


@pytest.fixture
def fifo_toml(tmp_path: Path) -> Iterator[Path]:
    yield from make_fifo(tmp_path / "pipe.toml")


# --- the reading side: content.files --------------------------------------------------------


def test_a_regular_file_is_read_whole_and_a_byte_order_mark_dropped(tmp_path: Path) -> None:
    path = tmp_path / "a.json"
    path.write_bytes(b'\xef\xbb\xbf{"name": "\xc3\xa9t\xc3\xa9"}')
    assert files.read_json(path, "the test file") == {"name": "été"}
    linked = tmp_path / "link.json"
    linked.symlink_to(path)
    assert files.read_json(linked, "the test file") == {"name": "été"}


@pytest.mark.parametrize(("make", "kind"), [
    (lambda p: p.mkdir(), "a folder"),
    (lambda p: os.mkfifo(p), "a FIFO"),
    (lambda p: p.symlink_to("/dev/zero"), "a character device"),
    (lambda p: p.symlink_to(p.parent / "nothing"), "file not found"),
])
def test_anything_but_a_regular_file_is_refused_at_once(tmp_path: Path,
                                                       make: Callable[[Path], None],
                                                       kind: str) -> None:
    path = tmp_path / "target.toml"
    make(path)
    with pytest.raises(BadInput) as refused:
        files.read_text(path, "the scenario")
    message = str(refused.value)
    assert message.startswith(f"{path}: cannot read the scenario: ") and kind in message
    assert "\n" not in message


def test_a_file_over_the_limit_is_refused_not_cut(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_text("[" + "1," * 600 + "1]")
    with pytest.raises(BadInput, match=r"big.json: cannot read the record: larger than 1,000 "):
        files.read_json(path, "the record", max_bytes=1000)
    assert len(files.read_text(path, "the record", max_bytes=2000)) == 1203


def test_the_default_limits_are_16_mib_and_1_mib_for_toml(tmp_path: Path) -> None:
    assert files.MAX_BYTES == 16 * 1024 * 1024 and files.MAX_TOML_BYTES == 1024 * 1024
    path = tmp_path / "big.toml"
    path.write_text("# " + "x" * files.MAX_TOML_BYTES + "\n")
    with pytest.raises(BadInput, match="larger than 1 MiB, the limit"):
        files.read_toml(path, "the pack")


def test_bytes_that_are_not_utf8_are_named_by_offset(tmp_path: Path) -> None:
    path = tmp_path / "latin1.toml"
    path.write_bytes(b'name = "\xe9t\xe9"\n')
    with pytest.raises(BadInput, match=r"latin1.toml: the pack is not UTF-8 text: byte 0xe9 "
                                       r"at offset 8"):
        files.read_toml(path, "the pack")


@pytest.mark.parametrize(("name", "text", "fragment"), [
    ("deep.json", "[" * 100_000 + "]" * 100_000, "not valid JSON: nested more than 64 deep"),
    ("just-too-deep.json", "[" * 65 + "]" * 65, "nested more than 64 deep"),
    ("deep.toml", "a = " + "[" * 100_000 + "]" * 100_000, "not valid TOML: nested more than"),
    ("dotted.toml", ".".join(["a"] * 5_000) + " = 1", "not valid TOML: nested more than 64"),
    ("inline.toml", "a = " + "{b = " * 2_000 + "1" + "}" * 2_000, "nested more than 64"),
    ("digits.json", '{"seed": ' + "9" * 5_000 + "}", "a number of more than 4,300 digits"),
    ("digits.toml", "seed = " + "9" * 5_000, "a number of more than 4,300 digits"),
    ("nan.json", '{"seed": NaN}', "NaN is not a JSON number"),
    ("infinity.json", "[-Infinity]", "-Infinity is not a JSON number"),
    ("surrogate.json", '{"name": "\\ud800"}', "a lone surrogate '\\ud800' is not text"),
    ("surrogate-key.json", '{"\\udfff": 1}', "a lone surrogate"),
    ("broken.json", '{"seed": ', "not valid JSON: Expecting value (line 1, column 10)"),
    ("broken.toml", "seed = ", "not valid TOML: Invalid value (at end of document)"),
])
def test_a_document_that_would_fail_later_is_refused_naming_the_file(
        tmp_path: Path, name: str, text: str, fragment: str) -> None:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    reader = files.read_json if name.endswith(".json") else files.read_toml
    with pytest.raises(BadInput) as refused:
        reader(path, "the file")
    message = str(refused.value)
    assert message.startswith(f"{path}: ") and fragment in message and "\n" not in message


def test_a_document_at_the_depth_limit_is_read(tmp_path: Path) -> None:
    path = tmp_path / "deep-enough.json"
    path.write_text("[" * 64 + "]" * 64)
    document = files.read_json(path, "the file")
    for _ in range(63):
        document = document[0]
    assert document == []


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=200) | st.text(max_size=200).map(str.encode),
       st.sampled_from(["x.json", "x.toml"]))
def test_any_bytes_are_a_document_or_one_line_of_bad_input(tmp_path_factory: pytest.TempPathFactory,
                                                         data: bytes, name: str) -> None:
    path = tmp_path_factory.mktemp("any") / name
    path.write_bytes(data)
    reader = files.read_json if name.endswith(".json") else files.read_toml
    try:
        reader(path, "the file")
    except BadInput as error:
        assert str(error).startswith(f"{path}: ") and "\n" not in str(error)


# --- the reading side: every command that reads a file ----------------------------------------


def record_file(path: Path) -> Path:
    """A short whole Amulet game played by random agents, saved as a record."""
    ruleset = get("amulet")
    config = GameConfig(party=("warrior", "elf"), depth_limit=1)
    state = ruleset.new(config, 11)
    record = new_record(ruleset, config, 11)
    play_out(ruleset, state, {seat: RandomAgent() for seat in config.hero_names()}, 11, record)
    save_record(record, path)
    return path


JSON_READERS: dict[str, Callable[[str], list[str]]] = {
    "replay": lambda path: ["replay", path],
    "play amulet --resume": lambda path: ["play", "amulet", "--resume", path],
    "cardcrawl character show": lambda path: ["cardcrawl", "character", "show", path],
    "simulate --config (JSON)": lambda path: ["simulate", "amulet", "--games", "1",
                                              "--workers", "1", "--config", path],
}
TOML_READERS: dict[str, Callable[[str], list[str]]] = {
    "amulet convert": lambda path: ["amulet", "convert", path],
    "amulet scenario": lambda path: ["amulet", "scenario", path, "--seed", "1"],
    "simulate --scenario": lambda path: ["simulate", "amulet", "--scenario", path, "--runs",
                                         "1"],
    "simulate --config (TOML)": lambda path: ["simulate", "amulet", "--games", "1",
                                              "--workers", "1", "--config", path],
    "play labyrinth --cards": lambda path: ["play", "labyrinth", "--cards", path, "--auto",
                                            "all", "--seed", "1"],
}
READERS = [(name, command, "json") for name, command in JSON_READERS.items()] \
    + [(name, command, "toml") for name, command in TOML_READERS.items()]
NOT_UTF8 = {"json": b'{"name": "\xe9t\xe9"}', "toml": b'name = "\xe9t\xe9"\n'}
NESTED = {"json": "[" * 50_000 + "]" * 50_000, "toml": "a = " + "[" * 50_000 + "]" * 50_000}
DIGITS = {"json": '{"seed": ' + "9" * 5_000 + "}", "toml": "seed = " + "9" * 5_000}


OWN_CHECK = {"play labyrinth --cards"}
"""Commands that refuse a path that is no regular file in their own words, before reading
it (``--cards`` takes only a pack's ``.toml`` file, by name): there the tests ask only
for one line naming the path."""


def refused(result: Result, path: Path | str, fragment: str = "") -> None:
    """Exit 2, one line naming the file (and ``fragment``), no traceback."""
    assert_bad_input(result, fragment)
    assert str(path) in result.err


def kind_named(name: str, kind: str) -> str:
    """The words a reader refusing a path that is ``kind`` must use."""
    return "" if name in OWN_CHECK else f"{kind}, not a regular file"


@pytest.mark.parametrize(("name", "command", "suffix"), READERS, ids=[r[0] for r in READERS])
def test_a_folder_is_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str,
                              command: Callable[[str], list[str]], suffix: str) -> None:
    folder = tmp_path / f"folder.{suffix}"
    folder.mkdir()
    refused(run(capsys, *command(str(folder))), folder, kind_named(name, "a folder"))
    assert folder.is_dir() and not any(folder.iterdir())


@pytest.mark.parametrize(("name", "command", "suffix"), READERS, ids=[r[0] for r in READERS])
def test_a_fifo_is_one_line_at_once(capsys: pytest.CaptureFixture[str],
                                    request: pytest.FixtureRequest, name: str,
                                    command: Callable[[str], list[str]], suffix: str) -> None:
    fifo: Path = request.getfixturevalue(f"fifo_{suffix}")
    refused(run(capsys, *command(str(fifo))), fifo, kind_named(name, "a FIFO (named pipe)"))
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


@pytest.mark.parametrize(("name", "command", "suffix"), READERS, ids=[r[0] for r in READERS])
def test_a_device_is_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str,
                              command: Callable[[str], list[str]], suffix: str) -> None:
    link = tmp_path / f"device.{suffix}"
    link.symlink_to("/dev/null")
    device = kind_named(name, "a character device")
    refused(run(capsys, *command(str(link))), link, device)
    refused(run(capsys, *command("/dev/null")), "/dev/null", device)


@pytest.mark.parametrize(("name", "command", "suffix"), READERS, ids=[r[0] for r in READERS])
@pytest.mark.parametrize("content", ["not UTF-8", "nested", "digits"])
def test_a_hostile_document_is_one_line_and_left_as_it_was(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str,
        command: Callable[[str], list[str]], suffix: str, content: str) -> None:
    path = tmp_path / f"hostile.{suffix}"
    data = {"not UTF-8": NOT_UTF8[suffix], "nested": NESTED[suffix].encode(),
            "digits": DIGITS[suffix].encode()}[content]
    path.write_bytes(data)
    fragment = "is not UTF-8 text: byte 0xe9 at offset 10" if content == "not UTF-8" and \
        suffix == "json" else "is not UTF-8 text: byte 0xe9 at offset 8" \
        if content == "not UTF-8" else ""
    refused(run(capsys, *command(str(path))), path, fragment)
    assert path.read_bytes() == data


SCENARIO = '[room]\nsize = 2\n[[heroes]]\nclass = "elf"\n'


def _with_key(capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str,
              key: str) -> Path:
    """A file that ``name`` would take but for one unknown ``key``."""
    if name in ("replay", "play amulet --resume"):
        data = json.loads(record_file(tmp_path / "game.json").read_text())
        data["config"][key] = 1
    elif name == "cardcrawl character show":
        run(capsys, "cardcrawl", "character", "new", "--seed", "1", "--out", "hero.json")
        data = json.loads((tmp_path / "hero.json").read_text())
        data[key] = 1
    elif name.endswith("(JSON)"):
        data = {key: 1}
    else:
        text = f"{json.dumps(key)} = 1\n"
        if name in ("amulet scenario", "simulate --scenario"):
            text += SCENARIO
        elif name == "play labyrinth --cards":
            text = f"[{json.dumps(key)}.x]\nname = 'X'\n"
        path = tmp_path / "keys.toml"
        path.write_text(text)
        return path
    path = tmp_path / "keys.json"
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize("key", ["a\nb", "\x1b[31mred", "tab\there"])
@pytest.mark.parametrize(("name", "command", "suffix"), READERS, ids=[r[0] for r in READERS])
def test_a_key_that_is_no_plain_text_stays_on_the_one_line(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str,
        command: Callable[[str], list[str]], suffix: str, key: str) -> None:
    """A refusal names the unknown field, and a field's name can hold a line break or a
    terminal's escape: the line shows them escaped."""
    path = _with_key(capsys, tmp_path, name, key)
    result = run(capsys, *command(str(path)))
    refused(result, path)
    assert key.encode("unicode_escape").decode() in result.err


def test_a_file_name_with_a_line_break_stays_on_the_one_line(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "two\nlines.json"
    refused(run(capsys, "replay", str(path)), str(path).replace("\n", "\\n"),
            "file not found")


@pytest.mark.parametrize("command", [["replay"], ["amulet", "scenario"]])
def test_dev_zero_never_hangs(command: list[str]) -> None:
    """An endless device, in a fresh process with a time limit: refused at once."""
    try:
        done = subprocess.run([sys.executable, "-m", "undercroft", *command, "/dev/zero"],
                              capture_output=True, text=True, timeout=60,
                              stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        pytest.fail(f"{' '.join(command)} /dev/zero still reading after 60 s")
    refused(Result(done.returncode, done.stdout, done.stderr), "/dev/zero",
            "a character device, not a regular file")


def test_a_record_over_16_mib_is_refused(capsys: pytest.CaptureFixture[str],
                                         tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    path.write_text(" " * files.MAX_BYTES + "{}")
    refused(run(capsys, "replay", str(path)), path, "larger than 16 MiB, the limit")


# --- the writing side --------------------------------------------------------------------------


def fifo_at(path: Path) -> Callable[[], bool]:
    os.mkfifo(path)
    return lambda: stat.S_ISFIFO(os.lstat(path).st_mode)


def folder_at(path: Path) -> Callable[[], bool]:
    path.mkdir()
    return lambda: path.is_dir() and not path.is_symlink() and not any(path.iterdir())


def device_link_at(path: Path) -> Callable[[], bool]:
    """A link to /dev/null stands in for /dev/full: replacing it would be the fault."""
    path.symlink_to("/dev/null")
    return lambda: path.is_symlink() and os.readlink(path) == "/dev/null"


TARGETS = {"a FIFO": fifo_at, "a folder": folder_at, "a link to a device": device_link_at}
KINDS = {"a FIFO": "a FIFO (named pipe)", "a folder": "a folder",
         "a link to a device": "a character device"}
WRITERS: dict[str, Callable[[str, str], list[str]]] = {
    "amulet generate --json": lambda t, r: ["amulet", "generate", "--seed", "1", "--json", t],
    "amulet generate --svg": lambda t, r: ["amulet", "generate", "--seed", "1", "--svg", t],
    "amulet generate --png": lambda t, r: ["amulet", "generate", "--seed", "1", "--png", t],
    "amulet generate --pdf": lambda t, r: ["amulet", "generate", "--seed", "1", "--pdf", t],
    "cardcrawl character new --out": lambda t, r: ["cardcrawl", "character", "new", "--seed",
                                                   "1", "--out", t],
    "cardcrawl character new --svg": lambda t, r: ["cardcrawl", "character", "new", "--seed",
                                                   "1", "--svg", t],
    "cardcrawl dungeon --svg": lambda t, r: ["cardcrawl", "dungeon", "--rooms", "6", "--seed",
                                             "1", "--svg", t],
    "cardcrawl dungeon --png": lambda t, r: ["cardcrawl", "dungeon", "--rooms", "6", "--seed",
                                             "1", "--png", t],
    "cardcrawl dungeon --uvtt": lambda t, r: ["cardcrawl", "dungeon", "--rooms", "6",
                                              "--seed", "1", "--uvtt", t],
    "cardcrawl dungeon --pdf": lambda t, r: ["cardcrawl", "dungeon", "--rooms", "6", "--seed",
                                             "1", "--pdf", t],
    "replay --svg": lambda t, r: ["replay", r, "--svg", t],
    "play amulet --record": lambda t, r: ["play", "amulet", "--auto", "all", "--seed", "1",
                                          "--party", "warrior", "--depth-limit", "1",
                                          "--record", t],
    "play labyrinth --record": lambda t, r: ["play", "labyrinth", "--players", "1", "--auto",
                                             "all", "--seed", "1", "--record", t],
    "simulate --out": lambda t, r: ["simulate", "amulet", "--games", "1", "--workers", "1",
                                    "--set", "depth_limit=1", "--out", t],
}


@pytest.mark.parametrize("target", list(TARGETS))
@pytest.mark.parametrize("writer", list(WRITERS))
def test_output_never_replaces_anything_but_a_regular_file(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, writer: str, target: str) -> None:
    record = record_file(tmp_path / "game.json") if writer == "replay --svg" else Path("-")
    path = tmp_path / "out" / ("rows.csv" if writer == "simulate --out" else "target")
    path.parent.mkdir()
    still_there = TARGETS[target](path)
    with unblocking(path) if target == "a FIFO" else nullcontext():
        result = run(capsys, *WRITERS[writer](str(path), str(record)))
    refused(result, path, f"is {KINDS[target]}, not a regular file; not replaced")
    assert still_there()
    assert [p.name for p in path.parent.iterdir()] == [path.name]  # no file left half-made


def test_no_output_is_written_when_another_target_is_refused(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    kept = tmp_path / "map.svg"
    kept.write_text("an earlier map")
    fifo = tmp_path / "level.json"
    os.mkfifo(fifo)
    with unblocking(fifo):
        result = run(capsys, "amulet", "generate", "--seed", "1", "--svg", str(kept), "--png",
                     str(tmp_path / "map.png"), "--json", str(fifo))
    refused(result, fifo, "FIFO")
    assert kept.read_text() == "an earlier map"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["level.json", "map.svg"]


def test_a_link_to_a_regular_file_is_replaced_and_the_file_it_named_kept(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """The documented choice: the link itself is replaced by the new file, as before."""
    kept = tmp_path / "earlier.json"
    kept.write_text("earlier")
    link = tmp_path / "level.json"
    link.symlink_to(kept)
    assert run(capsys, "amulet", "generate", "--seed", "1", "--json", str(link)).code == 0
    assert not link.is_symlink() and '"rooms"' in link.read_text()
    assert kept.read_text() == "earlier"


@pytest.mark.parametrize("make", [fifo_at, folder_at, device_link_at])
def test_check_replaceable_refuses_what_output_must_not_replace(
        tmp_path: Path, make: Callable[[Path], Callable[[], bool]]) -> None:
    path = tmp_path / "target"
    make(path)
    with pytest.raises(BadInput, match=r"--json .*target: is .*, not a regular file; "
                                       r"not replaced"):
        files.check_replaceable(path, f"--json {path}")


def test_check_replaceable_lets_nothing_a_file_or_a_link_to_one_be_replaced(
        tmp_path: Path) -> None:
    files.check_replaceable(tmp_path / "new.json", "--json")
    (tmp_path / "file.json").write_text("{}")
    files.check_replaceable(tmp_path / "file.json", "--json")
    (tmp_path / "link.json").symlink_to(tmp_path / "file.json")
    files.check_replaceable(tmp_path / "link.json", "--json")
    (tmp_path / "dangling.json").symlink_to(tmp_path / "nothing")
    files.check_replaceable(tmp_path / "dangling.json", "--json")


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes in a read-only folder")
def test_check_can_create_tries_the_folder(tmp_path: Path) -> None:
    folder = tmp_path / "read-only"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        with pytest.raises(BadInput, match="cannot write in"):
            files.check_can_create(folder, "--report x")
    finally:
        folder.chmod(0o755)
    files.check_can_create(tmp_path, "--report x")
    assert list(tmp_path.iterdir()) == [folder]
