"""The shared table's pages: the lobby, the table screen, a seat's phone, and their files.

The pages are plain HTML and JavaScript modules served as files (no build step, no
CDN), so the app needs nothing but FastAPI to show them. A page's address carries
a token (``/table?t=...``), so every page is sent with headers that keep it there:
no referrer leaves the page, and the content policy lets scripts, styles and
connections come from this server only (a page that could load a foreign script
could read its own token). Images may also be ``blob:``: the table page shows each
invite's QR code from the SVG text the server sends with it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Final

from fastapi import FastAPI
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

STATIC: Final = Path(__file__).parent / "static"
PAGES: Final = {"/": "index.html", "/table": "table.html", "/seat": "seat.html"}
"""Each page's path and its file in ``static/``."""

HEADERS: Final = {
    "Referrer-Policy": "no-referrer",
    "Content-Security-Policy": ("default-src 'self'; img-src 'self' blob: data:; "
                                "connect-src 'self'; script-src 'self'; style-src 'self'; "
                                "object-src 'none'; base-uri 'none'; frame-ancestors 'none'"),
    "X-Content-Type-Options": "nosniff",
    # A page is small and changes with each release; a stale cached page against a
    # newer API is worse than a reload.
    "Cache-Control": "no-cache",
}


def register_pages(app: FastAPI) -> None:
    """Adds ``GET /``, ``/table`` and ``/seat`` and the static files at ``/static``."""
    for path, name in PAGES.items():
        app.add_api_route(path, _page(STATIC / name), methods=["GET"],
                          response_class=FileResponse, include_in_schema=False)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")


def _page(file: Path) -> Callable[[], FileResponse]:
    """A handler sending one page; the token in the query is read by the page's script."""

    def page() -> FileResponse:
        return FileResponse(file, media_type="text/html", headers=HEADERS)

    page.__name__ = f"page_{file.stem}"
    return page
