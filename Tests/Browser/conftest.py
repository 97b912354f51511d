"""Fixtures for the browser checks: a built sample site, its computed frames, headless Chromium."""
import json
import os
import pathlib
import shutil
import subprocess
import tempfile

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCREENSHOTS = pathlib.Path(os.environ.get("SCREENSHOT_DIR", ROOT / ".build" / "screenshots"))


@pytest.fixture(scope="session")
def built_site():
    """Builds Site/ into a temporary folder with the layout report beside it."""
    binary = os.environ.get("GALLERYGEN", str(ROOT / ".build" / "debug" / "gallerygen"))
    workdir = pathlib.Path(tempfile.mkdtemp(prefix="gallerygen-browser-"))
    output = workdir / "site"
    report = workdir / "layout.json"
    subprocess.run(
        [binary, "build", "--site", str(ROOT / "Site"), "--output", str(output),
         "--layout-report", str(report), "--quiet"],
        check=True, cwd=ROOT)
    yield {"output": output, "layout": json.loads(report.read_text())}
    shutil.rmtree(workdir, ignore_errors=True)


@pytest.fixture(scope="session")
def browser():
    options = Options()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                     "--disable-dev-shm-usage", "--force-device-scale-factor=1", "--allow-file-access-from-files"]:
        options.add_argument(argument)
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=options)
    yield driver
    driver.quit()


@pytest.fixture(scope="session")
def screenshot_dir():
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS
