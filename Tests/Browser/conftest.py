"""Fixtures for the browser checks: a built sample site, its computed frames, headless Chromium
(`browser`, a Selenium driver) and every engine (`engine`: Chromium, WebKit and Firefox behind one
interface, engines.py)."""
import os
import pathlib
import subprocess

import pytest

import engines
import sites

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCREENSHOTS = pathlib.Path(os.environ.get("SCREENSHOT_DIR", ROOT / ".build" / "screenshots"))


@pytest.fixture(scope="session")
def built_site():
    """Builds Site/ into a temporary folder with the layout report beside it."""
    with sites.scratch("gallerygen-browser-") as workdir:
        layout = sites.build(ROOT / "Site", workdir / "site", workdir / "layout.json")
        yield {"output": workdir / "site", "layout": layout}


@pytest.fixture(scope="session")
def large_site():
    """1,000 generated recipes (bench/corpus/generate.py: 17 gallery pages, page 1 with 60 cards
    and 9 chips) built into a temporary folder, with page 1's layout report."""
    with sites.scratch("gallerygen-browser-large-") as workdir:
        subprocess.run(["python3", str(ROOT / "bench" / "corpus" / "generate.py"), str(workdir / "corpus"), "1000"],
                       check=True, stdout=subprocess.DEVNULL)
        layout = sites.build(workdir / "corpus" / "gallerygen", workdir / "site", workdir / "layout.json")
        yield {"output": workdir / "site", "layout": layout}


@pytest.fixture(scope="session")
def stacks_site():
    """The sample site grouped by glass with a stack arrangement (sites.with_stacks), built with
    its layout report: the opened stacks' states are in it too."""
    with sites.scratch("gallerygen-browser-stacks-") as workdir:
        source = sites.with_stacks(ROOT / "Site", workdir / "source")
        layout = sites.build(source, workdir / "site", workdir / "layout.json")
        yield {"output": workdir / "site", "layout": layout}


@pytest.fixture(scope="session")
def rtl_stacks_site():
    """The Arabic fixture site grouped by tag with a stack arrangement (sites.with_rtl_stacks)."""
    with sites.scratch("gallerygen-browser-rtl-stacks-") as workdir:
        source = sites.with_rtl_stacks(ROOT / "Tests" / "Fixtures" / "rtl", workdir / "source")
        layout = sites.build(source, workdir / "site", workdir / "layout.json")
        yield {"output": workdir / "site", "layout": layout}


@pytest.fixture(scope="session")
def browser():
    """Headless Chromium as a Selenium driver (CDP included)."""
    driver = engines.chromium_driver()
    yield driver
    driver.quit()


@pytest.fixture(scope="session", params=engines.ENGINES)
def engine(request):
    """Each engine in turn (engines.py); one that cannot start fails the tests that use it."""
    started = engines.start(request.param)
    yield started
    started.quit()


@pytest.fixture(scope="session")
def screenshot_dir():
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS
