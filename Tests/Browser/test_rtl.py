"""A right-to-left site (Tests/Fixtures/rtl, `language: ar`) in every engine: `dir="rtl"` on the
page, each card where the layout report says (±1 px) and that report the mirror image of the same
site laid out left to right (a flow fills from the right, a fan opens the other way, a spread's
strip and a cover flow start at the right), nothing scrolling the page sideways."""
import pathlib
import shutil

import pytest

import sites

from test_coverflow import check_the_turn_follows_the_scroll
from test_gallery import (MEASURE, TOLERANCE, check_frames, check_no_overflow, choose, degrees, open_gallery,
                          scroll_turned_strip_to_start, state)

ROOT = pathlib.Path(__file__).resolve().parents[2]


def build(site, workdir, name):
    return {"output": workdir / name, "layout": sites.build(site, workdir / name, workdir / f"{name}.json")}


@pytest.fixture(scope="module")
def rtl_sites():
    """The Arabic fixture built as it is, and a copy with `language: en` laid out left to right."""
    with sites.scratch("gallerygen-browser-rtl-") as workdir:
        english = workdir / "english-source"
        shutil.copytree(ROOT / "Tests" / "Fixtures" / "rtl", english)
        config = english / "site.yml"
        config.write_text(config.read_text(encoding="utf-8").replace("language: ar", "language: en"), encoding="utf-8")
        yield {"rtl": build(ROOT / "Tests" / "Fixtures" / "rtl", workdir, "arabic"),
               "ltr": build(english, workdir, "english")}


def mirrored(ltr_state, breakpoint_width):
    """The left-to-right state's frames mirrored in its canvas (the content width, at least the
    breakpoint's): centre x → width − centre x, turns negated."""
    canvas = max(ltr_state["width"], breakpoint_width)

    def mirror(frame):
        flat = [canvas - frame[0], frame[1], frame[2], frame[3], -frame[4], frame[5], frame[6]]
        if len(frame) == 7:
            return flat
        # A turned card (cover flow): its move in x and its turn about y go the other way too.
        tx, ty, tz, rx, ry, perspective = frame[7:13]
        return flat + [-tx, ty, tz, rx, -ry, perspective]
    return dict(ltr_state, cards=[None if frame is None else mirror(frame) for frame in ltr_state["cards"]])


def test_the_report_is_the_mirror_of_the_left_to_right_layout(rtl_sites):
    rtl, ltr = rtl_sites["rtl"]["layout"], rtl_sites["ltr"]["layout"]
    assert rtl["direction"] == "rtl" and ltr["direction"] == "ltr"
    assert len(rtl["states"]) == len(ltr["states"])
    for got, source in zip(rtl["states"], ltr["states"]):
        want = mirrored(source, rtl["breakpoints"][source["breakpoint"]])
        for a, b in zip(got["cards"], want["cards"]):
            assert (a is None) == (b is None)
            if a is not None:
                assert len(a) == len(b), (got["arrangement"], a, b)
                assert all(abs(x - y) < 0.002 for x, y in zip(a[:6] + a[7:], b[:6] + b[7:])), (got["arrangement"], a, b)


@pytest.mark.parametrize("width", [375, 1280])
def test_flow_and_fan_are_mirrored_in_the_browser(engine, rtl_sites, width):
    site, ltr = rtl_sites["rtl"], rtl_sites["ltr"]["layout"]
    layout = site["layout"]
    breakpoint = layout["breakpoints"].index(width)
    open_gallery(engine, site, width)
    assert engine.run("return document.documentElement.dir") == "rtl"
    assert engine.run("return getComputedStyle(document.querySelector('.gv')).direction") == "rtl"
    for name in ("flow", "fan", "spread", "coverflow", "masonry"):
        arrangement = layout["arrangements"].index(name)
        choose(engine, f"ga{arrangement}")
        scroll_turned_strip_to_start(engine, state(layout, arrangement, breakpoint))
        measured = engine.run(MEASURE)
        label = f"{engine.name}: {name} at {width}px"
        check_frames(measured, state(layout, arrangement, breakpoint), label, width)
        # Independently of the report: the mirror of the same site laid out left to right.
        check_frames(measured, mirrored(state(ltr, arrangement, breakpoint), width), label + " (mirror of ltr)", width)
        if name == "flow":
            first, second = measured[0], measured[1]
            assert abs(first["cy"] - second["cy"]) < TOLERANCE and first["cx"] > second["cx"], f"{label}: not filled from the right"
            right_edge = first["cx"] + first["width"] / 2
            assert abs(right_edge - first["containerWidth"]) < 30, f"{label}: first card {right_edge:.0f}px, not at the right"
        if name == "fan":
            assert degrees(measured[0]["rotate"]) > 0 > degrees(measured[-1]["rotate"]), f"{label}: fan opens left to right"


# Where the spread's first card is within the visible part of its scrolling strip.
FIRST_CARD_IN_VIEW = """
const viewport = document.querySelector('.gv').getBoundingClientRect();
const card = document.querySelector('.gc .card').getBoundingClientRect();
return [card.left >= viewport.left - 1 && card.right <= viewport.right + 1,
        document.querySelector('.gv').scrollWidth > document.querySelector('.gv').clientWidth];
"""


def test_the_spread_strip_starts_at_the_right(engine, rtl_sites):
    site = rtl_sites["rtl"]
    open_gallery(engine, site, 375)
    choose(engine, f"ga{site['layout']['arrangements'].index('spread')}")
    in_view, scrolls = engine.run(FIRST_CARD_IN_VIEW)
    assert scrolls, "the strip at 375px should scroll"
    assert in_view, f"{engine.name}: the first card is not in view where the strip starts"


@pytest.mark.parametrize("breakpoint", [0, 2])
def test_the_cover_flow_starts_at_the_right_and_turns_with_the_scroll(engine, rtl_sites, screenshot_dir, breakpoint):
    width = int(rtl_sites["rtl"]["layout"]["breakpoints"][breakpoint])
    check_the_turn_follows_the_scroll(engine, rtl_sites["rtl"], breakpoint, screenshot_dir / f"rtl-{engine.name}-coverflow-{width}.png")


def test_no_horizontal_overflow_right_to_left(engine, rtl_sites):
    check_no_overflow(engine, rtl_sites["rtl"], rtl_sites["rtl"]["layout"]["arrangements"])


@pytest.mark.parametrize("width", [375, 1280])
def test_screenshots(engine, rtl_sites, screenshot_dir, width):
    """The gallery in two arrangements, and a recipe page, as a visitor sees them."""
    site = rtl_sites["rtl"]
    layout = site["layout"]
    open_gallery(engine, site, width)
    for name in ("flow", "fan"):
        choose(engine, f"ga{layout['arrangements'].index(name)}")
        engine.screenshot(screenshot_dir / f"rtl-{engine.name}-{name}-{width}.png", full_page=True)
    open_gallery(engine, site, width, page=f"recipes/{layout['cards'][0]}/index.html")
    assert engine.run("return document.documentElement.dir") == "rtl"
    engine.screenshot(screenshot_dir / f"rtl-{engine.name}-recipe-{width}.png", full_page=True)
