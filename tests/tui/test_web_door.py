"""`hexwar web` under attack (issue 26 items 1 and 5), with a raw websocket client on 127.0.0.1:
another site's page, a 10000x10000 terminal, a client that goes away, the file system."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

aiohttp = pytest.importorskip("aiohttp")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def children(pid: int) -> list[int]:
    """Every process descended from `pid`."""
    parent_of = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent_of[int(entry.name)] = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                pass
    found, todo = [], [pid]
    while todo:
        p = todo.pop()
        kids = [c for c, pp in parent_of.items() if pp == p]
        found += kids
        todo += kids
    return found


def app_processes(server: subprocess.Popen) -> list[int]:
    """The hexwar app processes (`python -m tui.cli ...`) the web server started."""
    found = []
    for pid in children(server.pid):
        try:
            argv = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"tui.cli" in argv and b"web" not in argv:
            found.append(pid)
    return found


def environ(pid: int) -> dict[str, str]:
    raw = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
    return dict(item.decode().split("=", 1) for item in raw if b"=" in item)


def wait_until(condition, seconds: float = 20.0, what: str = "the condition"):
    end = time.monotonic() + seconds
    while True:
        value = condition()
        if value:
            return value
        assert time.monotonic() < end, f"never: {what}"
        time.sleep(0.05)


@pytest.fixture
def web(tmp_path):
    """`hexwar web --join` on a free port of 127.0.0.1."""
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "tui.cli", "web", "--join", "--port", str(port),
                               "--host", "127.0.0.1"], env={**os.environ, "HEXWAR_DATA_DIR": str(tmp_path)},
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    server.port = port

    def listening():
        with socket.socket() as probe:
            return probe.connect_ex(("127.0.0.1", port)) == 0
    try:
        wait_until(lambda: listening() or server.poll() is not None, 20, "hexwar web listens")
        assert server.poll() is None, "hexwar web did not start"
        yield server
    finally:
        for pid in children(server.pid):
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(5)


async def open_socket(port: int, origin: str | None, query: str = "width=80&height=24"):
    """A websocket to /ws as a page of `origin` opens it; the status of a refusal, or the open socket."""
    session = aiohttp.ClientSession()
    headers = {"Origin": origin} if origin else {}
    try:
        ws = await session.ws_connect(f"http://127.0.0.1:{port}/ws?{query}", headers=headers)
    except aiohttp.WSServerHandshakeError as refused:
        await session.close()
        return refused.status, None, None
    return 101, ws, session


def test_another_sites_page_cannot_open_the_websocket(web):
    async def attack():
        results = {}
        for origin in ("http://evil.example", "http://evil.example:%d" % web.port, "null", None,
                       "http://127.0.0.1:%d" % web.port):
            status, ws, session = await open_socket(web.port, origin)
            results[origin] = status
            if ws is not None:
                await ws.close()
                await session.close()
        return results

    results = asyncio.run(attack())
    assert results == {"http://evil.example": 403, f"http://evil.example:{web.port}": 403, "null": 403, None: 403,
                       f"http://127.0.0.1:{web.port}": 101}, results


def test_a_huge_page_size_is_clamped_and_the_app_ends_with_its_websocket(web):
    """`/ws?width=10000&height=10000`: the app runs at most 500x200, with bounded memory, and ends
    (within seconds) when its websocket closes."""
    from tui.remote.limits import GAME_MEMORY, MAX_HEIGHT, MAX_WIDTH

    origin = f"http://127.0.0.1:{web.port}"

    async def attack():
        status, ws, session = await open_socket(web.port, origin, "width=10000&height=10000")
        assert status == 101
        pid = (await asyncio.to_thread(wait_until, lambda: app_processes(web), 20, "an app process"))[0]
        env = environ(pid)
        limits = Path(f"/proc/{pid}/limits").read_text()
        await ws.send_json(["resize", {"width": 10000, "height": 10000}])
        await asyncio.sleep(1.0)
        await ws.close()
        await session.close()
        return pid, env, limits

    pid, env, limits = asyncio.run(attack())
    assert (int(env["COLUMNS"]), int(env["ROWS"])) == (MAX_WIDTH, MAX_HEIGHT)
    assert f"Max address space         {GAME_MEMORY}" in limits
    wait_until(lambda: not Path(f"/proc/{pid}").exists() or "Z" in Path(f"/proc/{pid}/stat").read_text().split()[2],
               10, "the app process ends with its websocket")


def test_the_app_ends_with_its_websocket_even_when_it_ignores_sigterm_and_quit(tmp_path):
    """A stuck app process (it ignores SIGTERM and never reads its input) is killed when its
    websocket closes: textual-serve alone waits for it for ever."""
    from tui.remote.web import STOP_TIMEOUT, WebDoor

    stuck = tmp_path / "stuck.py"
    stuck.write_text("import signal, sys, time\nsignal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
                     "print('__GANGLION__', flush=True)\nwhile True: time.sleep(1)\n")
    port = free_port()
    door = WebDoor([sys.executable, str(stuck)], host="127.0.0.1", port=port)

    async def attack():
        runner = aiohttp.web.AppRunner(await door._make_app())
        await runner.setup()
        await aiohttp.web.TCPSite(runner, "127.0.0.1", port).start()
        try:
            status, ws, session = await open_socket(port, f"http://127.0.0.1:{port}")
            assert status == 101
            pid = (await asyncio.to_thread(wait_until, lambda: [p for p in children(os.getpid())
                                                                 if str(stuck) in Path(f"/proc/{p}/cmdline").read_text()],
                                           10, "the stuck process"))[0]
            await ws.close()
            await session.close()
            end = time.monotonic() + STOP_TIMEOUT + 5
            while Path(f"/proc/{pid}").exists() and "Z" not in Path(f"/proc/{pid}/stat").read_text().split()[2]:
                assert time.monotonic() < end, "the stuck app outlived its websocket"
                await asyncio.sleep(0.1)
        finally:
            await runner.cleanup()

    asyncio.run(attack())


def test_the_whole_app_in_a_browser_opens_no_file_outside_the_data_folder(tmp_path, monkeypatch):
    from tui.dialogs import files

    monkeypatch.setenv("HEXWAR_DATA_DIR", str(tmp_path))
    assert files.typed_path("/etc/passwd")[1] == ""  # at a terminal, the player's own machine: any file
    monkeypatch.setenv(files.CONFINED, "1")
    for outside in ("/etc/passwd", "../../../../etc/passwd", "~/.ssh/id_ed25519", str(tmp_path / ".." / "x.toml")):
        assert "Only files in" in files.typed_path(outside)[1], outside
    path, refused = files.typed_path("mine.toml")
    assert refused == "" and path == (tmp_path / "saves" / "mine.toml").resolve()


async def test_the_load_dialog_in_a_browser_refuses_etc_passwd(tmp_path, monkeypatch):
    """The attack of item 5: the load dialog asked for /etc/passwd showed its first line in an error."""
    from textual.widgets import Input

    from tui.app import HexwarApp
    from tui.dialogs import files

    monkeypatch.setenv("HEXWAR_DATA_DIR", str(tmp_path))
    monkeypatch.setenv(files.CONFINED, "1")
    app = HexwarApp(None)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        app.load_dialog()
        await pilot.pause()
        field = app.screen.query_one("#load-path", Input)
        field.focus()
        field.value = "/etc/passwd"
        await pilot.press("enter")
        await pilot.pause()
        shown = " ".join(str(w.render()) for w in app.screen.query("Static"))
        assert "Only files in" in shown and "root:" not in shown
        assert type(app.screen).__name__ == "LoadDialog"


def test_one_address_cannot_open_tab_after_tab(web):
    """Each websocket is a hexwar process: one address gets at most MAX_TABS_PER_ADDRESS of them."""
    MAX_TABS_PER_ADDRESS = 4  # tui/remote/web.py's

    origin = f"http://127.0.0.1:{web.port}"

    async def attack():
        opened, statuses = [], []
        try:
            for _ in range(MAX_TABS_PER_ADDRESS + 2):
                status, ws, session = await open_socket(web.port, origin)
                statuses.append(status)
                if ws is not None:
                    opened.append((ws, session))
            running = len(await asyncio.to_thread(wait_until, lambda: app_processes(web), 20, "the apps"))
        finally:
            for ws, session in opened:
                await ws.close()
                await session.close()
        return statuses, running

    statuses, running = asyncio.run(attack())
    assert statuses == [101] * MAX_TABS_PER_ADDRESS + [429, 429], statuses
    assert running <= MAX_TABS_PER_ADDRESS


def test_the_origin_must_name_this_server_as_the_page_was_loaded():
    import socket as sockets

    from tui.remote.web import origin_allowed

    assert origin_allowed("http://localhost:8000", "localhost:8000", "localhost", 8000)
    assert origin_allowed("http://127.0.0.1:8000", "127.0.0.1:8000", "localhost", 8000)
    assert not origin_allowed("http://evil.example:8000", "evil.example:8000", "localhost", 8000)  # DNS rebinding
    assert not origin_allowed("http://localhost:9000", "localhost:8000", "localhost", 8000)
    assert not origin_allowed("http://localhost:8000", "localhost:8000", "localhost", 9000)
    assert not origin_allowed("file://", "localhost:8000", "localhost", 8000)
    assert origin_allowed("http://192.168.1.5:8000", "192.168.1.5:8000", "0.0.0.0", 8000)
    me = sockets.gethostname()
    assert origin_allowed(f"http://{me}:8000", f"{me}:8000", "0.0.0.0", 8000)
    assert not origin_allowed("http://evil.example:8000", "evil.example:8000", "0.0.0.0", 8000)


async def test_the_army_builder_in_a_browser_reads_no_file_outside_the_data_folder(tmp_path, monkeypatch):
    from textual.widgets import Input

    from tui.app import HexwarApp
    from tui.dialogs import files
    from tui.screens.army_builder import ArmyBuilderScreen

    monkeypatch.setenv("HEXWAR_DATA_DIR", str(tmp_path))
    monkeypatch.setenv(files.CONFINED, "1")
    secret = tmp_path.parent / "secret.toml"
    secret.write_text('format = "hexwar"\nkind = "army"\n')
    app = HexwarApp({"screen": lambda: ArmyBuilderScreen("hundred_wars", None, None)}, autosave=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ArmyBuilderScreen)
        screen.query_one("#file", Input).value = str(secret)
        screen.action_load()
        await pilot.pause()
        assert screen.message.startswith("Not loaded: Only files in"), screen.message


def test_a_flood_of_typed_input_is_cut_to_the_ssh_doors_rate():
    """A page sending a megabyte of "keys" at once: the app is passed at most 4 KB a second."""
    from tui.remote.limits import INPUT_BYTES_PER_SECOND
    from tui.remote.web import WebDoor

    class Message:
        type = aiohttp.WSMsgType.TEXT

        def __init__(self, envelope) -> None:
            self.envelope = envelope

        def json(self):
            return self.envelope

    class Socket:
        def __init__(self, messages) -> None:
            self.messages = messages

        def __aiter__(self):
            return self._each()

        async def _each(self):
            for m in self.messages:
                yield m

    class App:
        passed = 0

        async def send_bytes(self, data: bytes) -> bool:
            App.passed += len(data)
            return True

    flood = [Message(["stdin", "x" * 65536]) for _ in range(16)] + [Message(["resize", "garbage"]), Message([])]
    asyncio.run(WebDoor(["true"], "127.0.0.1", 0)._process_messages(Socket(flood), App()))
    assert App.passed == INPUT_BYTES_PER_SECOND


async def test_the_replay_dialog_in_a_browser_refuses_etc_passwd(tmp_path, monkeypatch):
    """The replay's file dialog (title key w) is confined as the load dialog is: it opened any typed path."""
    from textual.widgets import Input

    from tui.app import HexwarApp
    from tui.dialogs import files
    from tui.dialogs.replay_pick import open_replay

    monkeypatch.setenv("HEXWAR_DATA_DIR", str(tmp_path))
    monkeypatch.setenv(files.CONFINED, "1")
    app = HexwarApp(None)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        open_replay(app)
        await pilot.pause()
        field = app.screen.query_one("#replay-path", Input)
        field.focus()
        field.value = "/etc/passwd"
        await pilot.press("enter")
        await pilot.pause()
        shown = " ".join(str(w.render()) for w in app.screen.query("Static"))
        assert "Only files in" in shown and "root:" not in shown
        assert type(app.screen).__name__ == "ReplayPickDialog"
