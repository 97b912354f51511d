"""The three browser engines behind one small interface, so every gallery check runs in each:
Chromium (chromedriver), WebKit (WebKitWebDriver with WebKitGTK's MiniBrowser under Xvfb) and
Firefox (WebDriver BiDi, bidi.py). An engine that cannot start raises: it is an error, not a skip."""
import ctypes
import os
import pathlib
import shutil
import subprocess
import tempfile
import time

from selenium import webdriver
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from bidi import Firefox

ENGINES = ["chromium", "webkit", "firefox"]
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
TAB = "\ue004"

# What WebKit's page reports instead of a console log (WebKitWebDriver has no log endpoint and no
# BiDi): pictures that failed to load, and the theme's style sheet not applied.
FAILED_RESOURCES = """
const failed = [];
for (const image of document.images) if (image.complete && image.naturalWidth === 0 && image.loading !== 'lazy') failed.push('image ' + image.currentSrc);
if (getComputedStyle(document.body).marginTop !== '0px') failed.push('the theme style sheet did not apply');
return failed;
"""


# Where the page's controls sit: search.js shows the search box once it has fetched its index,
# which moves everything below it, so clicks wait until this stops changing.
LAYOUT_PROBE = "return [document.fonts.status, document.documentElement.scrollHeight, document.querySelector('.g')?.getBoundingClientRect().top ?? 0]"


def wait_for_page(engine, url, timeout=10.0):
    """Waits until a click or a key has led to `url`, loaded. A script that runs while the old
    page unloads fails in the engine ("no such frame" in WebKit, a script error in Firefox): that
    is the navigation under way, so it is tried again, not taken for a failure."""
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        try:
            last = engine.run("return document.readyState === 'complete' ? location.href : null")
        except Exception as error:  # the engines' own exception types differ
            last = error
        if last == url:
            return
        time.sleep(0.05)
    raise AssertionError(f"{engine.name}: not at {url} after {timeout} s (last: {last})")


def settle(engine, timeout=2.0):
    """Waits until the page's layout has stopped moving (fonts loaded, search box shown)."""
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        probe = engine.run(LAYOUT_PROBE)
        if probe == last and probe[0] == "loaded":
            return
        last = probe
        time.sleep(0.08)


class SeleniumEngine:
    """Chromium or WebKit through Selenium; `run` takes a function body as execute_script does."""

    def __init__(self, name, driver, minimum_width=0, scratch=None):
        self.name = name
        self.driver = driver
        self.minimum_width = minimum_width
        self.scratch = scratch
        self.framed = False
        self.height = 1000

    def open(self, url, width, height=1000):
        """Loads `url` with a viewport exactly `width` CSS pixels wide. Narrower than the window
        can be (MiniBrowser's toolbar keeps it at 447 px or more), the page is loaded into an
        iframe of that width, which is a viewport of its own for media and container queries."""
        self.height = height
        if width < self.minimum_width:
            self.driver.switch_to.default_content()
            self._set_window(self.minimum_width, height)
            harness = pathlib.Path(self.scratch) / "frame.html"
            harness.write_text(
                "<!doctype html><style>html,body{margin:0}iframe{display:block;border:0}</style>"
                f"<iframe id=frame src='{url}' style='width:{width}px;height:{height}px'></iframe>")
            self.driver.get(harness.as_uri())
            self.driver.switch_to.frame(self.driver.find_element("id", "frame"))
            self.framed = True
        else:
            self.driver.switch_to.default_content()
            self.framed = False
            self._set_window(width, height)
            self.driver.get(url)
        settle(self)
        got = self.run("return window.innerWidth")
        assert got == width, f"{self.name}: viewport {got}px, wanted {width}px"

    def _set_window(self, width, height):
        """Sizes the window so the viewport is `width` × `height`, growing it by the window
        chrome; the viewport size is read again until the resize has reached the page."""
        outer = [width, height]
        for _ in range(3):
            self.driver.set_window_size(*outer)
            for _ in range(20):
                inner = self.driver.execute_script("return [window.innerWidth, window.innerHeight]")
                if inner == [width, height] or inner != getattr(self, "_last_inner", None):
                    break
                time.sleep(0.02)
            self._last_inner = inner
            if inner == [width, height]:
                return
            outer = [outer[0] + width - inner[0], outer[1] + height - inner[1]]

    def resize(self, width):
        """Changes the viewport width without reloading the page."""
        if self.framed:
            self.driver.switch_to.default_content()
            self.driver.execute_script(f"document.getElementById('frame').style.width = '{width}px'")
            self.driver.switch_to.frame(self.driver.find_element("id", "frame"))
        else:
            self._set_window(width, self.height)

    def run(self, body):
        return self.driver.execute_script(body)

    def click(self, selector):
        element = self.driver.find_element("css selector", selector)
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center', inline: 'center'})", element)
        element.click()

    def press_tab(self):
        ActionChains(self.driver).send_keys(Keys.TAB).perform()

    def type(self, text):
        """Types `text` (WebDriver key codes included) into the focused element."""
        ActionChains(self.driver).send_keys(text).perform()

    def screenshot(self, path, full_page=False):
        if full_page:
            height = self.run("return Math.min(document.documentElement.scrollHeight, 6000)")
            width = self.run("return window.innerWidth")
            if self.framed:
                self.driver.switch_to.default_content()
                self.driver.execute_script(f"document.getElementById('frame').style.height = '{height}px'")
                self._set_window(self.minimum_width, height)
                self.driver.find_element("id", "frame").screenshot(str(path))
                self.driver.execute_script(f"document.getElementById('frame').style.height = '{self.height}px'")
                self._set_window(self.minimum_width, self.height)
                self.driver.switch_to.frame(self.driver.find_element("id", "frame"))
                return
            self._set_window(width, height)
            self.driver.save_screenshot(str(path))
            self._set_window(width, self.height)
        elif self.framed:
            self.driver.switch_to.default_content()
            self.driver.find_element("id", "frame").screenshot(str(path))
            self.driver.switch_to.frame(self.driver.find_element("id", "frame"))
        else:
            self.driver.save_screenshot(str(path))

    def errors(self):
        if self.name == "chromium":
            return [entry["message"] for entry in self.driver.get_log("browser") if entry["level"] == "SEVERE"]
        return self.run(FAILED_RESOURCES)

    def quit(self):
        self.driver.quit()


class FirefoxEngine:
    name = "firefox"

    def __init__(self):
        self.browser = Firefox()
        self.height = 1000

    def open(self, url, width, height=1000):
        self.height = height
        self.browser.set_viewport(width, height)
        self.browser.navigate(url)
        settle(self)

    def resize(self, width):
        self.browser.set_viewport(width, self.height)

    def run(self, body):
        return self.browser.evaluate(body)

    def click(self, selector):
        box = self.run(f"""
          const element = document.querySelector({selector!r});
          element.scrollIntoView({{block: 'center', inline: 'center'}});
          const box = element.getBoundingClientRect();
          return [box.left + box.width / 2, box.top + box.height / 2];""")
        self.browser.click_at(*box)

    def press_tab(self):
        self.browser.press(TAB)

    def type(self, text):
        for key in text:
            self.browser.press(key)

    def screenshot(self, path, full_page=False):
        self.browser.screenshot(path, full_page=full_page)

    def errors(self):
        return [entry.get("text") for entry in self.browser.errors()]

    def quit(self):
        self.browser.quit()


def chromium_driver(logging=True, network=False):
    """Headless Chromium; `network` adds DevTools' network events to the "performance" log."""
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
    options = Options()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                     "--disable-dev-shm-usage", "--force-device-scale-factor=1", "--allow-file-access-from-files"]:
        options.add_argument(argument)
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    preferences = {"browser": "ALL"} if logging else {}
    if network:
        preferences["performance"] = "ALL"
    if preferences:
        options.set_capability("goog:loggingPrefs", preferences)
    return webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=options)


class VirtualDisplay:
    """An Xvfb server for MiniBrowser, which needs a display (it has no headless mode)."""

    def __init__(self):
        read, write = os.pipe()
        self.process = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", "2600x1700x24", "-nolisten", "tcp"],
            pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        if not number:
            self.process.kill()
            raise RuntimeError("Xvfb did not start (Debian: xvfb)")
        self.display = f":{number}"

    def focus_windows(self):
        """Gives the keyboard focus to the display's mapped top-level windows (MiniBrowser's).
        Xvfb has no window manager, so a window is never activated and WebKit's page never has
        the focus: Tab would move document.activeElement while :focus and :focus-visible never
        match. XSetInputFocus through libX11 (installed with Xvfb) does what a window manager would."""
        x11 = ctypes.CDLL("libX11.so.6")
        x11.XOpenDisplay.restype = ctypes.c_void_p
        x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
        x11.XDefaultRootWindow.restype = ctypes.c_ulong
        x11.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
        window = ctypes.c_ulong
        x11.XQueryTree.argtypes = [ctypes.c_void_p, window, ctypes.POINTER(window), ctypes.POINTER(window),
                                   ctypes.POINTER(ctypes.POINTER(window)), ctypes.POINTER(ctypes.c_uint)]
        x11.XGetWindowAttributes.argtypes = [ctypes.c_void_p, window, ctypes.POINTER(_WindowAttributes)]
        x11.XSetInputFocus.argtypes = [ctypes.c_void_p, window, ctypes.c_int, ctypes.c_ulong]
        x11.XFree.argtypes = [ctypes.c_void_p]
        x11.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
        x11.XCloseDisplay.argtypes = [ctypes.c_void_p]
        connection = x11.XOpenDisplay(self.display.encode())
        if not connection:
            raise RuntimeError(f"cannot open the X display {self.display}")
        try:
            root, parent, children, count = window(), window(), ctypes.POINTER(window)(), ctypes.c_uint()
            x11.XQueryTree(connection, x11.XDefaultRootWindow(connection), ctypes.byref(root), ctypes.byref(parent),
                           ctypes.byref(children), ctypes.byref(count))
            focused = 0
            for index in range(count.value):
                attributes = _WindowAttributes()
                x11.XGetWindowAttributes(connection, children[index], ctypes.byref(attributes))
                if attributes.map_state == _IS_VIEWABLE and not attributes.override_redirect:
                    x11.XSetInputFocus(connection, children[index], _REVERT_TO_POINTER_ROOT, 0)
                    focused += 1
            if children:
                x11.XFree(children)
            x11.XSync(connection, 0)
        finally:
            x11.XCloseDisplay(connection)
        if not focused:
            raise RuntimeError(f"no window to focus on the X display {self.display}")

    def stop(self):
        self.process.terminate()
        self.process.wait(10)


_IS_VIEWABLE = 2
_REVERT_TO_POINTER_ROOT = 1


class _WindowAttributes(ctypes.Structure):
    """Xlib's XWindowAttributes."""
    _fields_ = [("x", ctypes.c_int), ("y", ctypes.c_int), ("width", ctypes.c_int), ("height", ctypes.c_int),
                ("border_width", ctypes.c_int), ("depth", ctypes.c_int), ("visual", ctypes.c_void_p),
                ("root", ctypes.c_ulong), ("window_class", ctypes.c_int), ("bit_gravity", ctypes.c_int),
                ("win_gravity", ctypes.c_int), ("backing_store", ctypes.c_int), ("backing_planes", ctypes.c_ulong),
                ("backing_pixel", ctypes.c_ulong), ("save_under", ctypes.c_int), ("colormap", ctypes.c_ulong),
                ("map_installed", ctypes.c_int), ("map_state", ctypes.c_int), ("all_event_masks", ctypes.c_long),
                ("your_event_mask", ctypes.c_long), ("do_not_propagate_mask", ctypes.c_long),
                ("override_redirect", ctypes.c_int), ("screen", ctypes.c_void_p)]


def start(name):
    """Starts one engine; raises if it cannot."""
    if name == "chromium":
        return SeleniumEngine("chromium", chromium_driver())
    if name == "firefox":
        return FirefoxEngine()
    if name == "webkit":
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service
        display = None
        environment = dict(os.environ)
        if not environment.get("DISPLAY"):
            display = VirtualDisplay()
            environment["DISPLAY"] = display.display
        options = Options()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        service = Service(shutil.which("WebKitWebDriver") or "/usr/bin/WebKitWebDriver", env=environment)
        try:
            driver = webdriver.WebKitGTK(options=options, service=service)
        except Exception:
            if display:
                display.stop()
            raise
        if display:
            try:
                display.focus_windows()
            except Exception:
                driver.quit()
                display.stop()
                raise
        engine = SeleniumEngine("webkit", driver, minimum_width=460, scratch=tempfile.mkdtemp(prefix="gallerygen-webkit-"))
        original_quit = engine.quit

        def quit():
            try:
                original_quit()
            finally:
                shutil.rmtree(engine.scratch, ignore_errors=True)
                if display:
                    display.stop()
        engine.quit = quit
        return engine
    raise ValueError(name)
