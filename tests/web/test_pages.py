"""The table's pages: served by ``register_pages`` alone, local scripts only, modules that parse.

The pages are plain files, so these checks read them as files: every script is a local
module (no CDN: a table must work on a LAN without the internet, and a foreign script
could read the token in the page's address), every import names a file that exists, and
no data goes into the DOM through ``innerHTML``.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from undercroft.web.pages import PAGES, STATIC, register_pages

SCRIPTS = sorted(STATIC.glob("*.js"))
HTML = sorted(STATIC.glob("*.html"))
IMPORT = re.compile(r"""^\s*(?:import|export)\b[^'"]*?\bfrom\s*["']([^"']+)["']""", re.MULTILINE)


@pytest.fixture(scope="module")
def client() -> TestClient:
    app = FastAPI()
    register_pages(app)
    return TestClient(app)


class Tags(HTMLParser):
    """Every tag of a page with its attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))


def tags_of(text: str) -> list[tuple[str, dict[str, str | None]]]:
    parser = Tags()
    parser.feed(text)
    return parser.tags


@pytest.mark.parametrize(("path", "name"), sorted(PAGES.items()))
def test_each_page_is_served_with_headers_that_keep_its_token_home(
        client: TestClient, path: str, name: str) -> None:
    answer = client.get(path, params={"t": "not-a-real-token"})
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/html")
    assert answer.text == (STATIC / name).read_text(encoding="utf-8")
    assert answer.headers["referrer-policy"] == "no-referrer"
    assert "script-src 'self'" in answer.headers["content-security-policy"]


@pytest.mark.parametrize("file", [*SCRIPTS, STATIC / "style.css"], ids=lambda file: file.name)
def test_static_files_are_served(client: TestClient, file: Path) -> None:
    answer = client.get(f"/static/{file.name}")
    assert answer.status_code == 200
    assert answer.text == file.read_text(encoding="utf-8")
    kind = "javascript" if file.suffix == ".js" else "css"
    assert kind in answer.headers["content-type"]


def test_a_missing_static_file_is_404(client: TestClient) -> None:
    assert client.get("/static/nothing-here.js").status_code == 404


@pytest.mark.parametrize("page", HTML, ids=lambda file: file.name)
def test_pages_load_only_local_module_scripts_and_styles(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    assert not re.search(r"""(?:src|href)\s*=\s*["']?(?:https?:)?//""", text), \
        f"{page.name} loads something from another server"
    scripts = [attrs for tag, attrs in tags_of(text) if tag == "script"]
    assert scripts, f"{page.name} has no script"
    for attrs in scripts:
        assert attrs.get("type") == "module", f"{page.name}: {attrs} is not a module"
        source = attrs.get("src") or ""
        assert source.startswith("/static/"), f"{page.name}: inline or foreign script {attrs}"
        assert (STATIC / source.removeprefix("/static/")).is_file(), f"{page.name}: {source}"
    for tag, attrs in tags_of(text):
        if tag == "link" and attrs.get("rel") == "stylesheet":
            href = attrs.get("href") or ""
            assert (STATIC / href.removeprefix("/static/")).is_file(), f"{page.name}: {href}"


def test_every_page_named_by_a_route_exists() -> None:
    assert {STATIC / name for name in PAGES.values()} <= set(HTML)


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda file: file.name)
def test_scripts_import_only_local_modules_that_exist(script: Path) -> None:
    # The SVG namespace is a name for createElementNS, never fetched.
    text = script.read_text(encoding="utf-8").replace('"http://www.w3.org/2000/svg"', "")
    assert "http://" not in text and "https://" not in text, f"{script.name} names a URL"
    for target in IMPORT.findall(text):
        assert target.startswith("./") and target.endswith(".js"), f"{script.name}: {target}"
        assert (STATIC / target.removeprefix("./")).is_file(), f"{script.name}: {target}"


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda file: file.name)
def test_scripts_never_put_markup_into_the_page(script: Path) -> None:
    text = script.read_text(encoding="utf-8")
    for banned in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval("):
        assert banned not in text, f"{script.name} uses {banned}: build nodes with dom.el"


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda file: file.name)
def test_scripts_never_log_anything(script: Path) -> None:
    # A page's address carries its token: nothing the page knows goes to a console.
    assert "console." not in script.read_text(encoding="utf-8")


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda file: file.name)
def test_each_script_parses_as_a_module(script: Path) -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed: the scripts' syntax cannot be checked here")
    checked = subprocess.run([node, "--check", "--input-type=module"],
                             input=script.read_text(encoding="utf-8"), capture_output=True,
                             text=True, timeout=60, check=False)
    assert checked.returncode == 0, f"{script.name}:\n{checked.stderr}"


BY_ID = re.compile(r"""byId\(\s*["']([\w-]+)["']\s*\)""")


def loaded_modules(page: Path) -> set[str]:
    """The scripts a page loads, with every module they import, by file name."""
    found: set[str] = set()
    waiting = [str(attrs["src"]).removeprefix("/static/")
               for tag, attrs in tags_of(page.read_text(encoding="utf-8"))
               if tag == "script" and attrs.get("src")]
    while waiting:
        name = waiting.pop()
        if name not in found:
            found.add(name)
            text = (STATIC / name).read_text(encoding="utf-8")
            waiting.extend(target.removeprefix("./") for target in IMPORT.findall(text))
    return found


@pytest.mark.parametrize(("page", "module"), [("table.html", "invites.js"),
                                              ("index.html", "open_tables.js")])
def test_the_invitations_and_the_open_tables_have_their_places_in_their_pages(
        page: str, module: str) -> None:
    """The table screen draws its invitations, the lobby its list of open tables: each
    page loads its module, and every element the module looks up is in the page."""
    assert module in loaded_modules(STATIC / page)
    ids = {str(attrs.get("id")) for _, attrs in tags_of((STATIC / page).read_text(
        encoding="utf-8")) if attrs.get("id")}
    wanted = set(BY_ID.findall((STATIC / module).read_text(encoding="utf-8")))
    assert wanted and wanted <= ids, wanted - ids
