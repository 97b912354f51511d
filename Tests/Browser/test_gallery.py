"""The gallery in real headless Chromium: every arrangement and breakpoint puts each card where
the layout engine said (±1 px), filters show exactly their cards, nothing scrolls sideways."""
import math

import pytest

TOLERANCE = 1.0

# Disables transitions while measuring, so a switch lands at once; the transitions themselves are
# checked separately.
NO_MOTION = """
const style = document.createElement('style');
style.textContent = '*, *::before, *::after { transition: none !important; }';
document.head.appendChild(style);
"""

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
    width: parseFloat(style.width), height: parseFloat(style.height), containerWidth,
    rotate: style.rotate, scale: style.scale,
    visible: style.visibility !== 'hidden' && parseFloat(style.opacity) > 0.5,
  };
});
"""


def open_gallery(browser, site, width, motion=False):
    browser.set_window_size(width, 1000)
    browser.get((site["output"] / "index.html").as_uri())
    inner = browser.execute_script("return window.innerWidth")
    if inner != width:  # window chrome: grow the window until the viewport is exactly `width`
        browser.set_window_size(width + (width - inner), 1000)
        browser.get((site["output"] / "index.html").as_uri())
    if not motion:
        browser.execute_script(NO_MOTION)


def full_page_screenshot(browser, path, width):
    """Grows the window to the page's height so the screenshot shows the whole gallery."""
    height = browser.execute_script("return Math.min(document.documentElement.scrollHeight, 6000)")
    browser.set_window_size(width, height)
    browser.save_screenshot(str(path))
    browser.set_window_size(width, 1000)


def choose(browser, input_id):
    """Clicks the label of a radio, as a user would, after scrolling it into view (the chip row
    scrolls sideways on phones)."""
    label = browser.find_element("css selector", f"label[for='{input_id}']")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center', inline: 'center'})", label)
    label.click()
    assert browser.execute_script(f"return document.getElementById('{input_id}').checked")


def degrees(rotate):
    if rotate in ("none", ""):
        return 0.0
    return float(rotate.replace("deg", ""))


def state(layout, arrangement, breakpoint, filter_index=0):
    for candidate in layout["states"]:
        if (candidate["arrangement"], candidate["breakpoint"], candidate["filter"]) == (arrangement, breakpoint, filter_index):
            return candidate
    raise KeyError((arrangement, breakpoint, filter_index))


def check_frames(measured, expected, label, reference_width):
    """Compares each card with the engine's frame, scaled as the page scales it: by the container's
    width over the breakpoint's reference width (container-query units)."""
    assert len(measured) == len(expected["cards"]), label
    problems = []
    for index, (box, frame) in enumerate(zip(measured, expected["cards"])):
        if frame is None:
            continue
        unit = box["containerWidth"] / reference_width
        cx, cy, width, height = (value * unit for value in frame[:4])
        rotation, scale, hidden = frame[4:]
        if hidden:
            if box["visible"]:
                problems.append(f"{label} card {index}: should be hidden")
            continue
        if not box["visible"]:
            problems.append(f"{label} card {index}: hidden, expected visible")
            continue
        for name, got, want in [("centre x", box["cx"], cx), ("centre y", box["cy"], cy),
                                ("width", box["width"], width), ("height", box["height"], height)]:
            if abs(got - want) > TOLERANCE:
                problems.append(f"{label} card {index}: {name} {got:.2f}, engine {want:.2f}")
        got_angle = degrees(box["rotate"])
        if abs(((got_angle - rotation) + 180) % 360 - 180) > 0.1:
            problems.append(f"{label} card {index}: angle {got_angle:.2f}°, engine {rotation:.2f}°")
    assert not problems, "\n".join(problems[:20])


@pytest.mark.parametrize("breakpoint", [0, 1, 2])
def test_every_arrangement_matches_the_engine(browser, built_site, screenshot_dir, breakpoint):
    layout = built_site["layout"]
    width = int(layout["breakpoints"][breakpoint])
    open_gallery(browser, built_site, width)
    for arrangement, name in enumerate(layout["arrangements"]):
        choose(browser, f"ga{arrangement}")
        measured = browser.execute_script(MEASURE)
        check_frames(measured, state(layout, arrangement, breakpoint), f"{name} at {width}px", width)
        full_page_screenshot(browser, screenshot_dir / f"gallery-{name}-{width}.png", width)


@pytest.mark.parametrize("arrangement", range(3))
def test_filters_show_exactly_their_cards_in_place(browser, built_site, arrangement):
    layout = built_site["layout"]
    width = int(layout["breakpoints"][-1])
    open_gallery(browser, built_site, width)
    choose(browser, f"ga{arrangement}")
    for filter_index, members in enumerate(layout["filterMembers"], start=1):
        choose(browser, f"gf{filter_index}")
        measured = browser.execute_script(MEASURE)
        visible = {index for index, box in enumerate(measured) if box["visible"]}
        assert visible == set(members), f"filter {layout['filters'][filter_index - 1]}"
        expected = state(layout, arrangement, len(layout["breakpoints"]) - 1, filter_index)
        check_frames(measured, expected, f"{layout['arrangements'][arrangement]} filtered by {layout['filters'][filter_index - 1]}",
                     layout["breakpoints"][-1])
    choose(browser, "gf0")
    assert all(box["visible"] or frame[6] for box, frame in
               zip(browser.execute_script(MEASURE), state(layout, arrangement, len(layout["breakpoints"]) - 1)["cards"]))


def test_hidden_cards_cannot_be_focused_or_clicked(browser, built_site):
    layout = built_site["layout"]
    open_gallery(browser, built_site, 1280)
    choose(browser, "gf1")
    hidden = browser.execute_script("""
      return [...document.querySelectorAll('.gc .card')].filter(c => getComputedStyle(c).visibility === 'hidden').length""")
    assert hidden == len(layout["cards"]) - len(layout["filterMembers"][0])
    # A hidden element is skipped by the tab order and by hit testing.
    focusable = browser.execute_script("""
      const hiddenCard = [...document.querySelectorAll('.gc .card')].find(c => getComputedStyle(c).visibility === 'hidden');
      hiddenCard.focus(); return document.activeElement === hiddenCard""")
    assert not focusable


@pytest.mark.parametrize("width", [320, 360, 375, 414, 600, 768, 1024, 1280, 1440, 1920, 2560])
def test_no_page_level_horizontal_overflow(browser, built_site, width):
    layout = built_site["layout"]
    open_gallery(browser, built_site, width)
    for arrangement in range(len(layout["arrangements"])):
        choose(browser, f"ga{arrangement}")
        overflow = browser.execute_script(
            "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, f"{layout['arrangements'][arrangement]} at {width}px overflows by {overflow}px"


def test_switching_animates_only_compositor_properties(browser, built_site):
    open_gallery(browser, built_site, 1280, motion=True)
    properties = browser.execute_script("return getComputedStyle(document.querySelector('.gc .card')).transitionProperty")
    names = {name.strip() for name in properties.split(",")}
    assert names <= {"translate", "rotate", "scale", "opacity", "visibility"}, names
    assert {"translate", "rotate", "scale", "opacity"} <= names
    delays = browser.execute_script(
        "return [...document.querySelectorAll('.gc .card')].slice(0, 3).map(c => getComputedStyle(c).transitionDelay)")
    assert len(set(delays)) == 3, f"stagger missing: {delays}"
    easing = browser.execute_script("return getComputedStyle(document.querySelector('.gc .card')).transitionTimingFunction")
    assert "linear(" in easing


def test_reduced_motion_turns_transitions_off(browser, built_site):
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia",
                            {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    try:
        open_gallery(browser, built_site, 1280, motion=True)
        duration = browser.execute_script(
            "return getComputedStyle(document.querySelector('.gc .card')).transitionDuration")
        assert set(part.strip() for part in duration.split(",")) == {"0s"}
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def test_recipe_page_and_no_console_errors(browser, built_site, screenshot_dir):
    layout = built_site["layout"]
    for width in (375, 1280):
        open_gallery(browser, built_site, width, motion=True)
        browser.save_screenshot(str(screenshot_dir / f"gallery-default-{width}.png"))
        browser.get((built_site["output"] / "recipes" / layout["cards"][0] / "index.html").as_uri())
        assert browser.find_element("css selector", "h1").text
        browser.save_screenshot(str(screenshot_dir / f"recipe-{width}.png"))
    errors = [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
    assert not errors, errors
