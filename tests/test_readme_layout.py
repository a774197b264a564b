"""The README's Layout section draws the real tree: every folder and file it names is
where it says, every package under src/undercroft is in it, and every link in the
README points to a file in the repository."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def layout_block() -> list[str]:
    """The lines of the first fenced block under "## Layout"."""
    section = README.split("\n## Layout\n", 1)[1].split("\n## ", 1)[0]
    return section.split("```", 2)[1].splitlines()[1:]


def drawn_paths() -> list[Path]:
    """Each entry of the tree as a path: two spaces of indent a level, a name first on
    its line (a folder ends in "/", a file has a suffix; several files may share a line,
    comma-separated); a line that starts with neither goes on the description above."""
    paths: list[Path] = []
    parents: list[Path] = []
    for line in layout_block():
        if not line.strip():
            continue
        depth = (len(line) - len(line.lstrip(" "))) // 2
        names = re.match(r"\s*(\w[\w/-]*(?:/|\.\w+)(?:, \w[\w-]*\.\w+)*)(?:\s|$)", line)
        if names is None:
            continue
        del parents[depth:]
        base = parents[-1] if parents else ROOT
        for name in names.group(1).split(", "):
            paths.append(base / name.rstrip("/"))
        if names.group(1).endswith("/"):
            parents.append(base / names.group(1).rstrip("/"))
    return paths


def test_every_entry_of_the_layout_exists() -> None:
    missing = [str(path.relative_to(ROOT)) for path in drawn_paths() if not path.exists()]
    assert missing == []


def test_every_package_is_in_the_layout() -> None:
    drawn = set(drawn_paths())
    packages = {init.parent for init in (ROOT / "src" / "undercroft").rglob("__init__.py")}
    left_out = sorted(str(p.relative_to(ROOT)) for p in packages - drawn)
    assert left_out == []


def test_every_link_in_the_readme_is_a_file_in_the_repo() -> None:
    targets = re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", README)
    local = [target for target in targets if "://" not in target]
    assert local, "the README links no file"
    outside = [t for t in local if not (ROOT / t).resolve().is_relative_to(ROOT)]
    assert outside == []
    assert [t for t in local if not (ROOT / t).exists()] == []
