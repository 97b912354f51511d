"""The gallery in Chromium, WebKit and Firefox (the `engine` fixture): every arrangement and
breakpoint puts each card where the layout engine said (±1 px), filters show exactly their cards,
nothing scrolls sideways, nothing moves at load, nothing logs an error. Chromium-only checks (CDP's
media emulation) use `browser`."""
import math

import pytest

from engines import SeleniumEngine


def Chromium(driver):
    """The `browser` fixture's driver seen as an engine, for the Chromium-only checks."""
    return SeleniumEngine("chromium", driver)

TOLERANCE = 1.0

# Disables transitions while measuring, so a switch lands at once; the transitions themselves are
# checked separately.
NO_MOTION = """
const style = document.createElement('style');
style.textContent = '*, *::before, *::after { transition: none !important; }';
document.head.appendChild(style);
"""

OVERFLOW = "return document.documentElement.scrollWidth - document.documentElement.clientWidth"

MEASURE = """
const canvas = document.querySelector('.gc').getBoundingClientRect();
const viewport = document.querySelector('.gv');
const padding = getComputedStyle(viewport);
const containerWidth = viewport.clientWidth - parseFloat(padding.paddingLeft) - parseFloat(padding.paddingRight);
return [...document.querySelectorAll('.gc .card')].map(card => {
  const box = card.getBoundingClientRect();
  const style = getComputedStyle(card);
  return {
    cx: box.left + box.width / 2 - canvas.left,
    cy: box.top + box.height / 2 - canvas.top,
    boxWidth: box.width, boxHeight: box.height,
    width: parseFloat(style.width), height: parseFloat(style.height), containerWidth,
    rotate: style.rotate, scale: style.scale,
    visible: style.visibility !== 'hidden' && parseFloat(style.opacity) > 0.5,
  };
});
"""


def open_gallery(engine, site, width, motion=False, page="index.html"):
    engine.open((site["output"] / page).as_uri(), width)
    if not motion:
        engine.run(NO_MOTION)


def choose(engine, input_id):
    """Clicks the label of a radio, as a user would, after scrolling it into view (the chip row
    scrolls sideways on phones)."""
    engine.click(f"label[for='{input_id}']")
    assert engine.run(f"return document.getElementById('{input_id}').checked"), f"{engine.name}: {input_id} not checked"


def degrees(rotate):
    if rotate in ("none", ""):
        return 0.0
    return float(rotate.replace("deg", ""))


def state(layout, arrangement, breakpoint, filter_index=0):
    for candidate in layout["states"]:
        if (candidate["arrangement"], candidate["breakpoint"], candidate["filter"]) == (arrangement, breakpoint, filter_index):
            return candidate
    raise KeyError((arrangement, breakpoint, filter_index))


def projected_box(frame, unit):
    """The on-screen bounding box (centre x, centre y, width, height) of a card turned in depth, as
    getBoundingClientRect reports it: the report's box about its centre, turned about y and then x,
    moved, seen in its perspective, then scaled and turned in the screen plane (Placement's order),
    every length scaled by `unit`."""
    cx, cy, width, height, rotation, scale = frame[:6]
    tx, ty, tz, rx, ry, perspective = frame[7:13]
    ax, ay = math.radians(rx), math.radians(ry)
    r = math.radians(rotation)
    points = []
    for x, y in ((-width / 2, -height / 2), (width / 2, -height / 2), (-width / 2, height / 2), (width / 2, height / 2)):
        # CSS rotateY then rotateX (the list applies right to left), as Transform3D does.
        x, z = x * math.cos(ay), -x * math.sin(ay)
        y, z = y * math.cos(ax) - z * math.sin(ax), y * math.sin(ax) + z * math.cos(ax)
        x, y, z = x + tx, y + ty, z + tz
        w = 1 - z / perspective if perspective else 1
        x, y = x / w * scale, y / w * scale
        x, y = x * math.cos(r) - y * math.sin(r), x * math.sin(r) + y * math.cos(r)
        points.append(((cx + x) * unit, (cy + y) * unit))
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2, max(xs) - min(xs), max(ys) - min(ys)


def scroll_turned_strip_to_start(engine, expected):
    """The report's pose of cards that turn with the scroll (cover flow) is their pose at the
    strip's start; the strip may still be where the arrangement before left it (WebKit keeps a
    spread's snapped offset)."""
    if any(frame is not None and len(frame) > 7 for frame in expected["cards"]):
        engine.run("document.querySelector('.gv').scrollLeft = 0; return 0")
        engine.run("return new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")


def check_frames(measured, expected, label, reference_width):
    """Compares each card with the engine's frame, scaled as the page scales it: by the container's
    width over the breakpoint's reference width (container-query units). A card turned in depth
    (cover flow; the report's list goes on past `hidden`) is compared by its projected bounding box,
    centre and size, worked out from the report's turn."""
    assert len(measured) == len(expected["cards"]), label
    problems = []
    for index, (box, frame) in enumerate(zip(measured, expected["cards"])):
        if frame is None:
            continue
        unit = box["containerWidth"] / reference_width
        cx, cy, width, height = (value * unit for value in frame[:4])
        rotation, scale, hidden = frame[4:7]
        if hidden:
            if box["visible"]:
                problems.append(f"{label} card {index}: should be hidden")
            continue
        if not box["visible"]:
            problems.append(f"{label} card {index}: hidden, expected visible")
            continue
        checks = [("centre x", box["cx"], cx), ("centre y", box["cy"], cy),
                  ("width", box["width"], width), ("height", box["height"], height)]
        if len(frame) > 7:
            px, py, pw, ph = projected_box(frame, unit)
            checks = checks[2:] + [("projected centre x", box["cx"], px), ("projected centre y", box["cy"], py),
                                   ("projected width", box["boxWidth"], pw), ("projected height", box["boxHeight"], ph)]
        for name, got, want in checks:
            if abs(got - want) > TOLERANCE:
                problems.append(f"{label} card {index}: {name} {got:.2f}, engine {want:.2f}")
        got_angle = degrees(box["rotate"])
        if abs(((got_angle - rotation) + 180) % 360 - 180) > 0.1:
            problems.append(f"{label} card {index}: angle {got_angle:.2f}°, engine {rotation:.2f}°")
    assert not problems, "\n".join(problems[:20])


@pytest.mark.parametrize("breakpoint", [0, 1, 2])
def test_every_arrangement_matches_the_engine(engine, built_site, screenshot_dir, breakpoint):
    layout = built_site["layout"]
    width = int(layout["breakpoints"][breakpoint])
    open_gallery(engine, built_site, width)
    for arrangement, name in enumerate(layout["arrangements"]):
        choose(engine, f"ga{arrangement}")
        scroll_turned_strip_to_start(engine, state(layout, arrangement, breakpoint))
        measured = engine.run(MEASURE)
        check_frames(measured, state(layout, arrangement, breakpoint), f"{engine.name}: {name} at {width}px", width)
        if width in (375, 1280):
            engine.screenshot(screenshot_dir / f"{engine.name}-gallery-{name}-{width}.png", full_page=True)


@pytest.mark.parametrize("arrangement", range(3))
def test_filters_show_exactly_their_cards_in_place(engine, built_site, arrangement):
    layout = built_site["layout"]
    width = int(layout["breakpoints"][-1])
    open_gallery(engine, built_site, width)
    choose(engine, f"ga{arrangement}")
    for filter_index, members in enumerate(layout["filterMembers"], start=1):
        choose(engine, f"gf{filter_index}")
        measured = engine.run(MEASURE)
        visible = {index for index, box in enumerate(measured) if box["visible"]}
        assert visible == set(members), f"filter {layout['filters'][filter_index - 1]}"
        expected = state(layout, arrangement, len(layout["breakpoints"]) - 1, filter_index)
        check_frames(measured, expected, f"{layout['arrangements'][arrangement]} filtered by {layout['filters'][filter_index - 1]}",
                     layout["breakpoints"][-1])
    choose(engine, "gf0")
    assert all(box["visible"] or frame[6] for box, frame in
               zip(engine.run(MEASURE), state(layout, arrangement, len(layout["breakpoints"]) - 1)["cards"]))


def test_hidden_cards_cannot_be_focused_or_clicked(engine, built_site):
    layout = built_site["layout"]
    open_gallery(engine, built_site, 1280)
    choose(engine, "gf1")
    hidden = engine.run("""
      return [...document.querySelectorAll('.gc .card')].filter(c => getComputedStyle(c).visibility === 'hidden').length""")
    assert hidden == len(layout["cards"]) - len(layout["filterMembers"][0])
    # A hidden element is skipped by the tab order and by hit testing.
    focusable = engine.run("""
      const hiddenCard = [...document.querySelectorAll('.gc .card')].find(c => getComputedStyle(c).visibility === 'hidden');
      hiddenCard.focus(); return document.activeElement === hiddenCard""")
    assert not focusable


WIDTHS = [320, 360, 375, 414, 600, 768, 1024, 1280, 1440, 1920, 2560]


def check_no_overflow(engine, site, arrangements, widths=WIDTHS):
    """Every arrangement at every width, the page loaded once per arrangement and resized."""
    problems = []
    for arrangement, name in enumerate(arrangements):
        open_gallery(engine, site, widths[0])
        choose(engine, f"ga{arrangement}")
        for width in widths:
            engine.resize(width)
            overflow = engine.run(OVERFLOW)
            if overflow > 0:
                problems.append(f"{engine.name}: {name} at {width}px overflows by {overflow}px")
    assert not problems, "\n".join(problems)


def test_no_page_level_horizontal_overflow(engine, built_site):
    check_no_overflow(engine, built_site, built_site["layout"]["arrangements"])


def test_switching_animates_only_compositor_properties(browser, built_site):
    open_gallery(Chromium(browser), built_site, 1280, motion=True)
    choose(Chromium(browser), "ga1")
    properties = browser.execute_script("return getComputedStyle(document.querySelector('.gc .card')).transitionProperty")
    names = {name.strip() for name in properties.split(",")}
    # `transform` only carries a cover flow's turn (compositor-only too).
    assert names <= {"translate", "rotate", "scale", "transform", "opacity", "visibility"}, names
    assert {"translate", "rotate", "scale", "opacity"} <= names
    easing = browser.execute_script("return getComputedStyle(document.querySelector('.gc .card')).transitionTimingFunction")
    assert "linear(" in easing


# Every card's translate transition once a switch has started them, held 150 ms in: its delay,
# duration and start time, and its eased progress there.
WAVE = """
const cards = [...document.querySelectorAll('.gc .card')];
const moves = cards.map(card => card.getAnimations().find(a => a.transitionProperty === 'translate'));
if (moves.some(move => !move)) return null;
return Promise.all(moves.map(move => move.ready)).then(() => moves.map(move => {
  const start = move.startTime;
  move.pause();
  move.currentTime = 150;
  const timing = move.effect.getComputedTiming();
  return {delay: timing.delay, duration: timing.duration, start, progress: timing.progress};
}));
"""


def test_the_stagger_is_in_the_easing_so_every_transition_starts_and_ends_together(engine, built_site):
    # Issue 17: per-card delays made every card's transitions start and end at their own times,
    # and Chromium restyled on the main thread at each: in about 0.6 of a switch's frames. The
    # build now bakes each card's delay into its easing; the cards still set off one after another.
    open_gallery(engine, built_site, 1280, motion=True)
    choose(engine, "ga1")
    moves = engine.run(WAVE)
    assert moves, f"{engine.name}: a card without a translate transition"
    assert {move["delay"] for move in moves} == {0}, f"{engine.name}: delays {sorted({m['delay'] for m in moves})}"
    assert len({round(move["duration"]) for move in moves}) == 1, f"{engine.name}: durations differ"
    assert max(m["start"] for m in moves) - min(m["start"] for m in moves) < 1, f"{engine.name}: start times differ"
    # 150 ms in, the first card has moved and the last is still waiting its turn.
    assert moves[0]["progress"] > 0.02, f"{engine.name}: the first card has not moved: {moves[0]}"
    assert moves[-1]["progress"] == 0, f"{engine.name}: the last card set off with the first: {moves[-1]}"
    progress = [move["progress"] for move in moves]
    assert progress == sorted(progress, reverse=True), f"{engine.name}: the cards do not set off in order: {progress}"


def test_reduced_motion_turns_transitions_off(browser, built_site):
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia",
                            {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    try:
        open_gallery(Chromium(browser), built_site, 1280, motion=True)
        choose(Chromium(browser), "ga1")
        duration = browser.execute_script(
            "return getComputedStyle(document.querySelector('.gc .card')).transitionDuration")
        assert set(part.strip() for part in duration.split(",")) == {"0s"}
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def test_recipe_page_and_no_console_errors(engine, built_site, screenshot_dir):
    layout = built_site["layout"]
    engine.errors()  # what earlier tests logged is theirs
    for width in (375, 1280):
        open_gallery(engine, built_site, width, motion=True)
        assert not engine.errors(), f"{engine.name}: the gallery at {width}px"
        engine.screenshot(screenshot_dir / f"{engine.name}-gallery-default-{width}.png")
        open_gallery(engine, built_site, width, motion=True, page=f"recipes/{layout['cards'][0]}/index.html")
        assert engine.run("return document.querySelector('h1').textContent.trim()")
        engine.screenshot(screenshot_dir / f"{engine.name}-recipe-{width}.png")
        assert not engine.errors(), f"{engine.name}: the recipe page at {width}px"


# Transitions and animations running on the gallery's cards and headers (document.getAnimations), in
# time: a cover flow's scroll-driven turn is always "running" and moves only with the scroll.
RUNNING = """
return document.getAnimations().filter(animation => animation.playState === 'running'
  && animation.timeline === document.timeline && animation.effect && animation.effect.target && animation.effect.target.closest('.gc')).length;
"""


@pytest.mark.parametrize("width", [375, 1280])
def test_no_transition_at_load_or_on_resize(engine, built_site, width):
    """The first style is in place before transitions are enabled, and a resize across a
    breakpoint re-lays the arrangement without flying the cards."""
    open_gallery(engine, built_site, width, motion=True)
    assert engine.run(RUNNING) == 0, f"{engine.name}: transitions running after load at {width}px"
    other = 768
    engine.resize(other)
    engine.run("return new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
    assert engine.run(RUNNING) == 0, f"{engine.name}: transitions running after a resize from {width} to {other}px"
    # A switch still animates.
    choose(engine, "ga1")
    assert engine.run(RUNNING) > 0, f"{engine.name}: a switch did not animate"
