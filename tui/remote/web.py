"""`hexwar web`: hexwar's screens in a browser (textual-serve), bounded like the SSH door.

textual-serve runs one app process per websocket. Left to itself it takes the
terminal size the page asks for (`/ws?width=10000&height=10000` made a 600 MB
process), accepts a websocket from a page of any origin (another site's page
could drive the app), and waits for ever for a process that does not quit when
its websocket closes. This server:

- answers a websocket only when its Origin is the page it served (the same
  host and port, among the names this server is reached by), so another
  site's page cannot open one in a visitor's browser;
- clamps every size (the first and each resize) to tui/remote/limits.py's
  maximum and runs each app process under its memory bound;
- ends the app process when its websocket closes: asked to quit, then killed
  (its whole process group) when it has not stopped within STOP_TIMEOUT;
- runs at most MAX_TABS app processes, MAX_TABS_PER_ADDRESS for one address;
- passes at most INPUT_BYTES_PER_SECOND of typed input a second to an app, as the SSH door does.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import os
import signal
import socket
from collections import Counter
from urllib.parse import urlsplit

from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from tui.remote.limits import INPUT_BYTES_PER_SECOND, bound_memory, clamp_size

log = logging.getLogger("textual-serve")

STOP_TIMEOUT = 3.0
"""Seconds an app process has to quit after its websocket closed, before it is killed."""
MAX_MESSAGE = 64 * 1024
"""A websocket message from the page larger than this ends the connection (keys, not uploads)."""
LOOPBACK_NAMES = {"localhost", "127.0.0.1", "::1", "[::1]"}
MAX_TABS = 32
"""App processes (browser tabs) at once: each is a hexwar of its own."""
MAX_TABS_PER_ADDRESS = 4


class BoundedApp(AppService):
    """One app process: started with an argument list (no shell), its memory bounded, in a
    process group of its own so that ending it ends everything it started."""

    def __init__(self, argv: list[str], env: dict[str, str] | None = None, **kw) -> None:
        super().__init__(" ".join(argv), **kw)
        self.argv = argv
        self.env = env or {}

    async def _open_app_process(self, width: int = 80, height: int = 24):
        width, height = clamp_size(width, height)
        self._process = process = await asyncio.create_subprocess_exec(
            *self.argv, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE, env={**self._build_environment(width, height), **self.env},
            start_new_session=True, preexec_fn=bound_memory)
        self._stdin = process.stdin
        return process

    async def set_terminal_size(self, width: int, height: int) -> None:
        await super().set_terminal_size(*clamp_size(width, height))

    async def stop(self) -> None:
        """Ask the app to quit; when it has not within STOP_TIMEOUT, kill its process group."""
        try:
            await asyncio.wait_for(super().stop(), STOP_TIMEOUT)
        except (asyncio.TimeoutError, OSError):
            pass
        process = self._process
        if process is not None and process.returncode is None:
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            await process.wait()
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None


def origin_allowed(origin: str | None, request_host: str, served_host: str, port: int) -> bool:
    """Whether a websocket from a page of `origin` may drive the app served on `served_host`:`port`.

    The Origin must name this server (its host and port, as the page was loaded: the request's
    Host), and that name must be one this server is reached by (a name other than the served host,
    or loopback names when it serves on loopback, is a DNS-rebinding page: refused)."""
    if not origin:
        return False
    parts = urlsplit(origin)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return False
    if parts.netloc.lower() != request_host.lower():
        return False
    if (parts.port or (443 if parts.scheme == "https" else 80)) != port:
        return False
    return host_allowed(parts.hostname, served_host)


def host_allowed(name: str, served_host: str) -> bool:
    """Whether `name` (a page's host) is a name of the served address."""
    name, served = name.lower().strip("[]"), served_host.lower().strip("[]")
    if name == served:
        return True
    if served in LOOPBACK_NAMES:
        return name in LOOPBACK_NAMES
    if served in ("", "0.0.0.0", "::"):  # every address of this machine: any address, its own names
        try:
            ipaddress.ip_address(name)
        except ValueError:
            return name in LOOPBACK_NAMES or name in {socket.gethostname().lower(), socket.getfqdn().lower()}
        return True
    return False


class WebDoor(Server):
    """textual-serve's server with the bounds above, running `argv` for each browser tab."""

    def __init__(self, argv: list[str], host: str, port: int, env: dict[str, str] | None = None,
                 title: str = "hexwar") -> None:
        super().__init__(" ".join(argv), host=host, port=port, title=title)
        self.argv = argv
        self.env = env or {}
        self.tabs: Counter[str] = Counter()
        """App processes running, by the browser's address."""

    async def _process_messages(self, websocket: web.WebSocketResponse, app_service: AppService) -> None:
        loop = asyncio.get_running_loop()
        window, used = loop.time(), 0
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                envelope = message.json()
                kind, data = envelope[0], envelope[1]
            except (ValueError, TypeError, IndexError, KeyError):
                continue  # not textual-serve's page talking: ignored
            if kind == "stdin" and isinstance(data, str):
                now = loop.time()
                if now - window >= 1.0:
                    window, used = now, 0
                chunk = data.encode("utf-8")[: max(0, INPUT_BYTES_PER_SECOND - used)]  # keys, not uploads
                used += len(chunk)
                if chunk:
                    await app_service.send_bytes(chunk)
            elif kind == "resize" and isinstance(data, dict):
                await app_service.set_terminal_size(data.get("width"), data.get("height"))
            elif kind == "ping":
                await websocket.send_json(["pong", data])
            elif kind == "blur":
                await app_service.blur()
            elif kind == "focus":
                await app_service.focus()

    async def handle_websocket(self, request: web.Request) -> web.StreamResponse:
        if not origin_allowed(request.headers.get("Origin"), request.host, self.host, self.port):
            log.warning("refused a websocket from origin %r", request.headers.get("Origin"))
            return web.Response(status=403, text="This page's origin may not drive hexwar.\n")
        address = request.remote or "?"
        if sum(self.tabs.values()) >= MAX_TABS or self.tabs[address] >= MAX_TABS_PER_ADDRESS:
            return web.Response(status=429, text="Too many hexwar tabs are open: close one and try again.\n")
        width, height = clamp_size(request.query.get("width", "80"), request.query.get("height", "24"))
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_MESSAGE)
        app_service: BoundedApp | None = None
        self.tabs[address] += 1
        try:
            await websocket.prepare(request)
            app_service = BoundedApp(self.argv, self.env, write_bytes=websocket.send_bytes, write_str=websocket.send_str,
                                     close=websocket.close, download_manager=self.download_manager)
            await app_service.start(width, height)
            await self._process_messages(websocket, app_service)
        except asyncio.CancelledError:
            await websocket.close()
        except Exception as error:  # noqa: BLE001 - one tab's failure is logged, the server goes on
            log.exception(error)
        finally:
            try:
                if app_service is not None:
                    await asyncio.shield(app_service.stop())
            finally:
                self.tabs[address] -= 1
                if self.tabs[address] <= 0:
                    del self.tabs[address]
        return websocket
