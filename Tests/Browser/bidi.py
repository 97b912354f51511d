"""A small WebDriver BiDi client for Firefox, which speaks BiDi itself (no geckodriver here):
`firefox --headless --remote-debugging-port=PORT --profile DIR`, then commands over the websocket.

Only what the gallery checks need: a session, one browsing context, navigation, viewport size,
script evaluation (results come back as JSON text), keyboard input, screenshots and the console."""
import asyncio
import base64
import json
import os
import shutil
import socket
import subprocess
import tempfile
import threading
import time

import websockets

# Firefox's first-run pages, updates and telemetry stay out of the way; remote.prefs.recommended
# (on by default) sets the rest of what automation needs.
PREFERENCES = {
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "datareporting.policy.dataSubmissionEnabled": False,
    "toolkit.telemetry.reportingpolicy.firstRun": False,
    "app.update.disabledForTesting": True,
    "security.fileuri.strict_origin_policy": False,
    "layout.css.devPixelsPerPx": "1.0",
    # Overlay scrollbars, as Chromium's --hide-scrollbars: the viewport is the whole window width.
    "ui.useOverlayScrollbars": 1,
    "widget.gtk.overlay-scrollbars.enabled": True,
}


class BiDiError(RuntimeError):
    pass


def _free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Firefox:
    """Headless Firefox driven over WebDriver BiDi. Raises when Firefox cannot start: an engine
    that cannot start is an error, never a skip."""

    def __init__(self, binary=None, startup_timeout=60):
        binary = binary or shutil.which("firefox-esr") or shutil.which("firefox")
        if not binary:
            raise BiDiError("firefox is not installed (Debian: firefox-esr)")
        self.profile = tempfile.mkdtemp(prefix="gallerygen-firefox-")
        with open(os.path.join(self.profile, "user.js"), "w") as prefs:
            for name, value in PREFERENCES.items():
                prefs.write(f"user_pref({json.dumps(name)}, {json.dumps(value)});\n")
        port = _free_port()
        self.process = subprocess.Popen(
            [binary, "--headless", "--no-remote", f"--remote-debugging-port={port}", "--profile", self.profile],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.next_id = 0
        self.pending = {}
        self.log = []
        deadline = time.monotonic() + startup_timeout
        while True:
            try:
                self.socket = self._wait(self._connect(port), 10)
                break
            except (OSError, TimeoutError, asyncio.TimeoutError, websockets.exceptions.WebSocketException):
                if self.process.poll() is not None or time.monotonic() > deadline:
                    self.quit()
                    raise BiDiError("Firefox did not open its WebDriver BiDi port")
                time.sleep(0.25)
        self.reader = asyncio.run_coroutine_threadsafe(self._read(), self.loop)
        self.command("session.new", {"capabilities": {}})
        self.command("session.subscribe", {"events": ["log.entryAdded"]})
        # The tab Firefox starts with never gets the focus of its (headless) window, so Tab would
        # move document.activeElement without :focus or :focus-visible ever matching; a tab opened
        # over BiDi is the focused one, so the checks run in a new tab and the first is closed.
        first = self.command("browsingContext.getTree", {})["contexts"][0]["context"]
        self.context = self.command("browsingContext.create", {"type": "tab"})["context"]
        self.command("browsingContext.close", {"context": first})

    @staticmethod
    async def _connect(port):
        return await websockets.connect(f"ws://127.0.0.1:{port}/session", max_size=None, open_timeout=5)

    def _wait(self, coroutine, timeout):
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    async def _read(self):
        async for text in self.socket:
            message = json.loads(text)
            if "id" in message and message["id"] in self.pending:
                self.pending.pop(message["id"]).set_result(message)
            elif message.get("method") == "log.entryAdded":
                self.log.append(message["params"])

    def command(self, method, params, timeout=60):
        self.next_id += 1
        identifier = self.next_id
        future = self.loop.create_future()

        async def send():
            self.pending[identifier] = future
            await self.socket.send(json.dumps({"id": identifier, "method": method, "params": params}))
            return await future

        message = self._wait(send(), timeout)
        if message.get("type") == "error":
            raise BiDiError(f"{method}: {message.get('error')}: {message.get('message')}")
        return message["result"]

    def navigate(self, url):
        self.command("browsingContext.navigate", {"context": self.context, "url": url, "wait": "complete"})

    def set_viewport(self, width, height):
        self.command("browsingContext.setViewport",
                     {"context": self.context, "viewport": {"width": width, "height": height}})

    def evaluate(self, body):
        """Runs a function body (which may `return` a JSON-serialisable value) in the page."""
        expression = f"(async () => JSON.stringify(await (async () => {{ {body} }})() ?? null))()"
        result = self.command("script.evaluate", {"expression": expression, "target": {"context": self.context},
                                                  "awaitPromise": True, "userActivation": True})
        if result.get("type") == "exception":
            details = result["exceptionDetails"]
            raise BiDiError(f"script error: {details.get('text')}")
        return json.loads(result["result"]["value"])

    def press(self, key):
        self.command("input.performActions", {"context": self.context, "actions": [
            {"type": "key", "id": "keyboard", "actions": [{"type": "keyDown", "value": key}, {"type": "keyUp", "value": key}]}]})

    def click_at(self, x, y):
        self.command("input.performActions", {"context": self.context, "actions": [
            {"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"}, "actions": [
                {"type": "pointerMove", "x": int(x), "y": int(y)},
                {"type": "pointerDown", "button": 0}, {"type": "pointerUp", "button": 0}]}]})

    def screenshot(self, path, full_page=False):
        params = {"context": self.context}
        if full_page:
            params["origin"] = "document"
        data = self.command("browsingContext.captureScreenshot", params)["data"]
        with open(path, "wb") as file:
            file.write(base64.b64decode(data))

    def errors(self):
        return [entry for entry in self.log if entry.get("level") == "error"]

    def quit(self):
        try:
            if getattr(self, "socket", None):
                try:
                    self.command("session.end", {}, timeout=5)
                except Exception:
                    pass
                self._wait(self.socket.close(), 5)
        finally:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
            self.loop.call_soon_threadsafe(self.loop.stop)
            shutil.rmtree(self.profile, ignore_errors=True)
