"""Springy scroll (`transition.springy_scroll`) in Chromium, WebKit and Firefox: in the spread
strip, a card cut by the far edge trails behind its place by up to the configured distance and
settles along the site's spring as it comes fully into view; one cut by the near edge falls behind
the same way; every other card is exactly where the layout report says. The expected offsets are
worked out here from the report, the scroll position and the spring's own samples. Where the
engine has no scroll-driven animations (Firefox), and under reduced motion, no card moves."""
import re
import shutil
import time

import pytest

import sites
from test_coverflow import FRAMES, SUPPORTED
from test_gallery import Chromium, choose, open_gallery, state

TRAIL = 40

# Each card's on-screen centre relative to the canvas (which moves with the scroll), the strip's
# visible width and scroll position, and the spring the page wrote.
MEASURE = """
const strip = document.querySelector('.gv');
const canvas = document.querySelector('.gc').getBoundingClientRect();
const css = [...document.querySelectorAll('style')].map(s => s.textContent).join('\\n');
return {
  centres: [...document.querySelectorAll('.gc .card')].map(card => {
    const box = card.getBoundingClientRect();
    return box.left + box.width / 2 - canvas.left;
  }),
  width: strip.clientWidth, scroll: strip.scrollLeft,
  spring: (css.match(/animation-timing-function:linear\\(([^)]*)\\)/) || [null, ''])[1],
};
"""

# Snapping would move the strip off the scroll positions the test chooses; the trail does not
# depend on it.
NO_SNAP = """
const style = document.createElement('style');
style.textContent = '.gv { scroll-snap-type: none !important; }';
document.head.appendChild(style);
return 0;
"""


@pytest.fixture(scope="module")
def springy_site():
    """The sample site with springy scroll turned on."""
    with sites.scratch("gallerygen-springy-") as workdir:
        shutil.copytree(sites.ROOT / "Site", workdir / "source")
        config = workdir / "source" / "site.yml"
        text = config.read_text()
        assert "  transition:\n" in text
        config.write_text(text.replace("  transition:\n", f"  transition:\n    springy_scroll: {TRAIL}\n", 1))
        layout = sites.build(workdir / "source", workdir / "site", workdir / "layout.json")
        yield {"output": workdir / "site", "layout": layout}


def spring(points, progress):
    """The CSS linear() easing of evenly spaced `points` at `progress` (0–1)."""
    position = min(max(progress, 0), 1) * (len(points) - 1)
    index = min(int(position), len(points) - 2)
    return points[index] + (points[index + 1] - points[index]) * (position - index)


def trail(left, width, scroll, strip, unit, points):
    """How far (px, positive to the right) a left-to-right strip's card whose box starts `left` px
    from the strip's start and is `width` px wide sits from its place at scroll position `scroll`."""
    near = (scroll - left) / width
    if 0 <= near < 1:
        return -TRAIL * unit * (1 - spring(points, 1 - near))
    far = (scroll - (left - strip)) / width
    if 0 <= far < 1:
        return TRAIL * unit * (1 - spring(points, far))
    return 0.0


def measured(engine):
    """The page once two reads, two frames apart, agree (at most 2 s): a loaded engine may paint
    the scroll's animations a frame or two after the scroll."""
    deadline = time.monotonic() + 2
    engine.run(FRAMES)
    page = engine.run(MEASURE)
    while time.monotonic() < deadline:
        engine.run(FRAMES)
        again = engine.run(MEASURE)
        if again == page:
            break
        page = again
    return page


def check_trail(engine, site, width, reduced=False):
    layout = site["layout"]
    spread = layout["arrangements"].index("spread")
    breakpoint = max(index for index, reference in enumerate(layout["breakpoints"]) if reference <= width)
    frames = state(layout, spread, breakpoint)["cards"]
    open_gallery(engine, site, width)
    choose(engine, f"ga{spread}")
    engine.run(NO_SNAP)
    moves = not reduced and engine.run(SUPPORTED)
    page = engine.run(MEASURE)
    unit = page["width"] / layout["breakpoints"][breakpoint]
    points = [float(value) for value in page["spring"].split(",")] if page["spring"] else []
    assert points and points[0] == 0 and points[-1] == 1, f"{engine.name}: no spring in the springy rule"
    # Scroll so that card 5 is a quarter of the way in across the far edge, then so that card 2 is
    # a third of the way out across the near edge.
    x5 = (frames[5][0] - frames[5][2] / 2) * unit
    x2 = (frames[2][0] - frames[2][2] / 2) * unit
    problems = []
    trailed = 0
    for scroll in (x5 + frames[5][2] * unit * 0.25 - page["width"], x2 + frames[2][2] * unit / 3):
        engine.run(f"document.querySelector('.gv').scrollLeft = {scroll}; return 0")
        page = measured(engine)
        for index, (frame, centre) in enumerate(zip(frames, page["centres"])):
            left, card_width = (frame[0] - frame[2] / 2) * unit, frame[2] * unit
            offset = trail(left, card_width, page["scroll"], page["width"], unit, points) if moves else 0
            if abs(offset) > 2:
                trailed += 1
            want = frame[0] * unit + offset
            if abs(centre - want) > 1:
                problems.append(f"card {index} at scroll {page['scroll']:.0f}: centre {centre:.1f}, expected {want:.1f} "
                                f"(trail {offset:.1f})")
    assert not problems, f"{engine.name} at {width}px: " + "; ".join(problems[:6])
    if moves:
        # Both scroll positions cut a card at an edge, so some card must trail visibly.
        assert trailed >= 2, f"{engine.name} at {width}px: no card trailed"


@pytest.mark.parametrize("width", [375, 1280])
def test_cards_cut_by_an_edge_trail_and_the_rest_stay_in_place(engine, springy_site, width):
    check_trail(engine, springy_site, width)


def test_reduced_motion_keeps_every_card_in_place(browser, springy_site):
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia",
                            {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    try:
        check_trail(Chromium(browser), springy_site, 1280, reduced=True)
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def test_off_by_default(built_site):
    """The sample site leaves it off: no springy rule in its gallery."""
    page = (built_site["output"] / "index.html").read_text()
    assert re.search(r"@keyframes gs[fn]\b", page) is None
