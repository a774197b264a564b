"""The shared table's HTTP and WebSocket routes (docs/web-api.md), over a TableService.

Routes only translate: a token and a body in, :class:`~undercroft.web.tables.TableService`
decides, and its refusals come back as ``{"detail": "one line"}`` with the status the
contract names (400 bad input, 403 a token that may not do this, 429 too many wrong
tokens). The pages (``/``, ``/table``, ``/seat`` and the static files) are another module's
(``undercroft.web.pages``), added when it is there.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Final

import segno
from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy.exc import SQLAlchemyError
from starlette.concurrency import run_in_threadpool

from undercroft.engine.capabilities import PlayersMap
from undercroft.errors import BadInput, first_problem, one_line
from undercroft.maps.data import players_map_data
from undercroft.maps.model import LevelMap
from undercroft.maps.paper import paper_name, parse_scale
from undercroft.maps.svg import render_svg
from undercroft.store.games import GameStore
from undercroft.web.hosts import AllowedHosts, own_names
from undercroft.web.limits import NO_STORE, Limits
from undercroft.web.live import SNAPSHOT_EVERY, LiveTable
from undercroft.web.map_files import MapFile, MapFiles, snapshot
from undercroft.web.pages import register_pages
from undercroft.web.payloads import Update, systems
from undercroft.web.quotas import ServeLimits
from undercroft.web.tables import Refused, TableService

log = logging.getLogger(__name__)

NO_TELEMETRY: Final[Any] = {"tracing": False, "metrics": False, "logs": False}
"""FastAPI's own OpenTelemetry off: a table's server has no collector to send to, and
asking whether one is set up (the environment, on every request) is a cost every
request would pay for nothing."""
QUEUED_STATES: Final = 32
"""States queued for one slow WebSocket; older ones are dropped (only the newest matters)."""


class NewTable(BaseModel):
    model_config = ConfigDict(extra="forbid")

    system: str = Field(max_length=64)
    config: dict[str, Any] = Field(default_factory=dict)
    automated: dict[str, str] = Field(default_factory=dict)


class Choice(BaseModel):
    model_config = ConfigDict(extra="forbid")

    choice: str
    step: int = Field(ge=0, le=10**9)
    """The step of the state the choice answers (the state's ``step``)."""


def create_app(db_url: str | None = None, *, seeds: Callable[[], int] | None = None,
               snapshot_every: int = SNAPSHOT_EVERY, limits: ServeLimits | None = None,
               allowed_hosts: Sequence[str] = (), key_file: Path | None = None,
               invite_url: str | None = None) -> FastAPI:
    """The app on the database at ``db_url`` (default: SQLite in the data folder), with
    every stored table resumed. ``seeds`` picks new tables' seeds (tests fix them);
    ``snapshot_every`` is the number of steps between a table's snapshots (0: none);
    ``limits`` bound what clients may use; ``allowed_hosts`` are names besides addresses,
    localhost and this machine's name that requests may be addressed to; ``key_file``
    keeps the key that signs snapshots (``store.keys``); ``invite_url`` is where phones
    open the server (``http://192.168.1.20:8000``, ``web.addresses``), which invite links
    and their QR codes carry whatever address the screen was opened with (None: the
    address each request came to, for an app served in-process)."""
    service = TableService(GameStore(db_url, key_file), seeds=seeds,
                           snapshot_every=snapshot_every, limits=limits)
    try:
        service.load()
    except BaseException:
        service.close()
        raise

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        yield
        service.close()

    app = FastAPI(title="Undercroft shared table", lifespan=lifespan, docs_url=None,
                  redoc_url=None, openapi_url=None, telemetry=NO_TELEMETRY)
    app.add_middleware(Limits)
    app.add_middleware(AllowedHosts, names=own_names(allowed_hosts))
    app.state.service = service
    _handlers(app)
    _api_routes(app, service, invite_url)
    _socket_route(app, service)
    register_pages(app)
    return app


def _handlers(app: FastAPI) -> None:
    """Every refusal as one line in ``detail``, with the contract's status."""

    @app.exception_handler(BadInput)
    async def bad_input(_: Request, error: BadInput) -> JSONResponse:
        return JSONResponse({"detail": one_line(str(error))}, status_code=400,
                            headers=NO_STORE)

    @app.exception_handler(Refused)
    async def refused(_: Request, error: Refused) -> JSONResponse:
        return JSONResponse({"detail": one_line(str(error))}, status_code=error.status,
                            headers=NO_STORE)

    @app.exception_handler(SQLAlchemyError)
    async def no_database(_: Request, error: SQLAlchemyError) -> JSONResponse:
        log.error("the database did not answer: %s", " ".join(str(error).split())[:300])
        return JSONResponse({"detail": "the database is not answering; try again in a "
                             "moment"}, status_code=503, headers={**NO_STORE,
                                                                  "Retry-After": "5"})

    @app.exception_handler(Exception)
    async def fault(_: Request, error: Exception) -> JSONResponse:
        log.error("a fault of ours", exc_info=error)
        return JSONResponse({"detail": "a fault of the server's (it is in its log)"},
                            status_code=500, headers=NO_STORE)

    @app.exception_handler(RequestValidationError)
    async def malformed(_: Request, error: RequestValidationError) -> JSONResponse:
        problem = first_problem(error, leave_out={"body"})
        message = problem.message or "malformed request"
        return JSONResponse({"detail": one_line(f"{problem.field or 'body'}: {message}")},
                            status_code=400)


def _address(request: Request | WebSocket) -> str:
    return request.client.host if request.client is not None else "unknown"


def _api_routes(app: FastAPI, service: TableService, invite_url: str | None) -> None:
    map_files = MapFiles()

    def seat_link(request: Request, token: str) -> str:
        """A seat's invite link on the address phones open (``create_app``)."""
        base = invite_url or str(request.base_url)
        return f"{base.rstrip('/')}/seat?t={token}"

    @app.get("/api/systems")
    def list_systems() -> list[dict[str, Any]]:
        return systems()

    @app.get("/api/tables")
    def open_tables() -> list[dict[str, Any]]:
        return service.open_tables()

    @app.post("/api/tables")
    def new_table(request: Request, body: NewTable) -> dict[str, Any]:
        return service.create(body.system, body.config, body.automated, _address(request))

    @app.get("/api/table")
    def get_table(request: Request, t: str = "") -> Response:
        return _json(service.table_state(t, _address(request)))

    @app.get("/api/table/log")
    def table_log(request: Request, t: str = "") -> Response:
        return _json(service.log(t, _address(request)))

    @app.get("/api/table/map.svg")
    def level_map(request: Request, t: str = "") -> Response:
        live = service.watch(t, _address(request))
        with live.lock:
            svg = players_map(live)
        return Response(svg, media_type="image/svg+xml")

    @app.get("/api/table/map.json")
    def level_map_data(request: Request, t: str = "") -> Response:
        live = service.watch(t, _address(request))
        with live.lock:
            data = players_map_data(_players_map(live))
        return JSONResponse(data)

    @app.get("/api/table/map.uvtt")
    def level_map_uvtt(request: Request, t: str = "") -> Response:
        live = service.watch(t, _address(request))
        level, step = _level_now(live)
        return _download(map_files.uvtt(live.id, step, level))

    @app.get("/api/table/map.pdf")
    def level_map_pdf(request: Request, t: str = "", paper: str = "a4",
                      scale: str = "5mm") -> Response:
        chosen_paper, scale_mm = paper_name(paper, "paper"), parse_scale(scale, "scale")
        live = service.watch(t, _address(request))
        level, step = _level_now(live)
        return _download(map_files.pdf(live.id, step, level, chosen_paper, scale_mm))

    @app.get("/api/table/qr.svg")
    def invite_code(request: Request, t: str = "", seat: str = "") -> Response:
        url = seat_link(request, service.invite(t, _address(request), seat))
        return Response(qr_svg(url), media_type="image/svg+xml")

    @app.get("/api/table/invites")
    def invitations(request: Request, t: str = "") -> list[dict[str, str]]:
        links = {seat: seat_link(request, token)
                 for seat, token in service.invitations(t, _address(request))}
        return [{"seat": seat, "url": url, "qr": qr_svg(url)} for seat, url in links.items()]

    @app.get("/api/seat")
    def get_seat(request: Request, t: str = "") -> Response:
        return _json(service.seat_state(t, _address(request)))

    @app.post("/api/seat/choose")
    def choose(request: Request, body: Choice, t: str = "") -> Response:
        return _json(service.choose(t, _address(request), body.choice, body.step))


def _download(file: MapFile) -> Response:
    """A file the browser saves under its own name, not a page it shows."""
    return Response(file.content, media_type=file.media_type,
                    headers={"Content-Disposition": f'attachment; filename="{file.filename}"'})


def _json(text: str) -> Response:
    """A state already written as JSON text, sent as it is (FastAPI would otherwise walk
    the whole state again to encode it)."""
    return Response(text, media_type="application/json")


def players_map(live: LiveTable) -> str:
    """The table's level as the players have mapped it, as SVG, for a system whose
    ruleset offers a players' map (engine.capabilities.PlayersMap); 404 for another."""
    return render_svg(_players_map(live), player_view=True)


def _level_now(live: LiveTable) -> tuple[LevelMap, int]:
    """A copy of the table's players' map and the step it stands at, taken under the
    table's lock, to draw as a file outside it while play goes on."""
    with live.lock:
        return snapshot(_players_map(live)), live.table.steps


def _players_map(live: LiveTable) -> LevelMap:
    """The table's shared players' map (engine.capabilities.PlayersMap); 404 for a
    system that has none."""
    ruleset = live.table.ruleset
    if not isinstance(ruleset, PlayersMap):
        raise Refused(404, f"{ruleset.name} has no level map")
    return ruleset.players_map(live.table.state, None)


def qr_svg(url: str) -> str:
    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="svg", scale=6, border=2,
                                    title="Invitation to a seat")
    return out.getvalue().decode("utf-8")


def _socket_route(app: FastAPI, service: TableService) -> None:
    @app.websocket("/ws")
    async def table_socket(websocket: WebSocket, t: str = "") -> None:
        """The state on connect and after every change. A refusal closes the socket with
        4000 + its HTTP status: 4403 a bad token, 4429 too many wrong tokens from this
        address, 4409 a table set aside."""
        await websocket.accept()
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue[Update] = asyncio.Queue()

        def send(state: Update) -> None:  # any thread, never blocks
            loop.call_soon_threadsafe(_put_newest, queue, state)

        try:
            now, unsubscribe = await run_in_threadpool(service.subscribe, t,
                                                       _address(websocket), send)
        except Refused as error:
            reason = one_line(str(error)).encode()[:120].decode(errors="ignore")  # 123 bytes
            await websocket.close(code=4000 + error.status, reason=reason)
            return
        try:
            await websocket.send_text(_state_message(now.state))
            pump = asyncio.create_task(_pump(websocket, queue, now.key))
            listen = asyncio.create_task(_listen(websocket))
            _, running = await asyncio.wait({pump, listen},
                                            return_when=asyncio.FIRST_COMPLETED)
            for task in running:
                task.cancel()
        except WebSocketDisconnect:
            pass
        finally:
            unsubscribe()


def _state_message(state: str) -> str:
    """``{"type": "state", "state": STATE}`` around a state already written as JSON."""
    return '{"type": "state", "state": ' + state + "}"


def _put_newest(queue: asyncio.Queue[Update], state: Update) -> None:
    while queue.qsize() >= QUEUED_STATES:
        queue.get_nowait()
    queue.put_nowait(state)


async def _pump(websocket: WebSocket, queue: asyncio.Queue[Update],
                sent: tuple[int, str | None]) -> None:
    """Send each new state, or only who has chosen when that is all that changed since
    the last whole state sent (``sent``, its key); stop quietly when the client has gone."""
    try:
        while True:
            update = await queue.get()
            if update.key == sent:
                await websocket.send_text(update.seats)
            else:
                await websocket.send_text(_state_message(update.state))
                sent = update.key
    except (WebSocketDisconnect, RuntimeError, OSError):
        return


async def _listen(websocket: WebSocket) -> None:
    """Read (and ignore) what the client sends, until it goes away."""
    while True:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            return
