"""The build compiles the hot modules with mypyc; a compiled module must never hide newer source."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from types import ModuleType

import pytest

import undercroft

SOURCE = Path(undercroft.__file__).parent
ROOT = SOURCE.parents[1]


def load_setup() -> ModuleType:
    """setup.py as a module (its ``setup()`` call runs only as a script)."""
    spec = importlib.util.spec_from_file_location("undercroft_setup", ROOT / "setup.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def compiled(relative: str) -> bool:
    """Whether the module at ``relative`` (to src/) has a compiled extension beside it."""
    path = SOURCE.parent / relative
    return any(path.parent.glob(path.stem + ".*.so"))


def test_the_module_list_is_whole_folders_less_the_pydantic_models() -> None:
    setup = load_setup()
    modules = setup.hot_modules(SOURCE.parent)
    for folder in setup.AMULET_FOLDERS:
        for path in (SOURCE / "systems" / "amulet" / folder).glob("*.py"):
            relative = path.relative_to(SOURCE.parent).as_posix()
            kept_plain = relative in setup.AMULET_PLAIN or path.name == "__init__.py"
            assert (relative in modules) != kept_plain, relative
    for relative in modules:
        text = (SOURCE.parent / relative).read_text(encoding="utf-8")
        assert "BaseModel" not in text, f"mypyc cannot compile a pydantic model: {relative}"
    assert set(setup.SINGLE_MODULES) <= set(modules)
    for relative in setup.AMULET_PLAIN:
        assert (SOURCE.parent / relative).exists(), f"{relative} is excluded but gone"


def test_the_build_compiles_every_hot_module_or_none() -> None:
    modules = load_setup().hot_modules(SOURCE.parent)
    built = [relative for relative in modules if compiled(relative)]
    if os.environ.get("CI") and not os.environ.get("UNDERCROFT_PURE") and built == []:
        pytest.fail("CI's build should be compiled: is mypyc or the C compiler missing?")
    assert built in ([], modules), "only some hot modules are compiled: run `make fast`"


def stale_extensions(root: Path) -> list[str]:
    """Compiled modules older than the source they were built from."""
    stale = []
    for extension in root.rglob("*.so"):
        source = extension.with_name(extension.name.split(".")[0] + ".py")
        if source.exists() and source.stat().st_mtime > extension.stat().st_mtime:
            stale.append(str(source.relative_to(root)))
    return stale


def test_no_compiled_module_is_older_than_its_source() -> None:
    stale = stale_extensions(SOURCE)
    assert not stale, f"run `make fast` again (or `make unfast`): stale compiled {stale}"


def test_the_staleness_check_notices_an_edited_source(tmp_path: Path) -> None:
    source = tmp_path / "lattice.py"
    extension = tmp_path / "lattice.cpython-311-x86_64-linux-gnu.so"
    extension.write_bytes(b"")
    source.write_text("x = 1\n")
    os.utime(extension, (1, 1))
    assert stale_extensions(tmp_path) == ["lattice.py"]
    os.utime(extension, None)
    os.utime(source, (1, 1))
    assert stale_extensions(tmp_path) == []


def test_only_a_build_compiles_not_a_question_for_metadata() -> None:
    building = load_setup().building
    assert building(["setup.py", "editable_wheel", "--dist-info-dir", "x"])
    assert building(["setup.py", "bdist_wheel"])
    assert not building(["setup.py", "egg_info"])
    assert not building(["setup.py", "dist_info", "--output-dir", "x"])


def test_the_build_has_the_typed_libraries_its_type_check_needs() -> None:
    import tomllib

    requires = tomllib.loads((ROOT / "pyproject.toml").read_text())["build-system"]["requires"]
    names = {requirement.split(">")[0].split("=")[0] for requirement in requires}
    assert {"mypy", "pydantic", "numpy"} <= names
