"""Stacks that open, in Chromium, WebKit and Firefox (the `engine` fixture), on the sample site
grouped by glass with a stack arrangement (the `stacks_site` fixture): a tap on a stack lays its
section out as a grid in place, every card where the layout report's opened state puts it (±1 px),
the other stacks staying stacks; Back closes it; a chip closes the stacks and filters them; nothing
scrolls sideways from 320 to 2560 px; the keyboard opens a stack, its focus visible."""
import time

import pytest

from test_focus import SETTLED
from test_gallery import (MEASURE, NO_MOTION, OVERFLOW, WIDTHS, check_frames, choose, open_gallery, state)

ARROW_RIGHT = "\ue014"
ARROW_LEFT = "\ue012"
SHIFT = "\ue008"
TAB = "\ue004"
STACK = 1  # the arrangement index of the stack in sites.STACK_ARRANGEMENTS
FRAMES = "return new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => done(0))))"


def opened(layout, section, breakpoint, arrangement=STACK):
    for candidate in layout["states"]:
        if (candidate["arrangement"], candidate["breakpoint"], candidate.get("opened")) == (arrangement, breakpoint, section):
            return candidate
    raise KeyError((arrangement, breakpoint, section))


def open_stack(engine, section):
    """Clicks the stack of section `section` (0-based) where a visitor would tap it: at the middle
    of its top card, which its header's label covers."""
    engine.click(f"label[for='gs{section + 1}']")
    assert engine.run(f"return document.getElementById('gs{section + 1}').checked"), f"{engine.name}: stack {section} did not open"


def close_stack(engine):
    """Clicks the opened stack's visible Back control."""
    engine.click(".gh:has(> .gs:checked) .gh-back")
    assert engine.run("return document.getElementById('gs0').checked"), f"{engine.name}: Back did not close the stack"


def wait_until_settled(engine, timeout=6):
    """Waits until no transition runs on the cards (at most `timeout` seconds); returns whether any ran."""
    deadline = time.monotonic() + timeout
    ran = not engine.run(SETTLED)
    while time.monotonic() < deadline and not engine.run(SETTLED):
        time.sleep(0.05)
    assert engine.run(SETTLED), f"{engine.name}: transitions still running after {timeout} s"
    return ran


def settled_measure(engine, timeout=5, quiet=0.8):
    """The cards' boxes once they have not changed for `quiet` seconds with nothing running:
    WebKit under Xvfb renders a busy page about twice a second, and its boxes can still show a
    frame from before its transitions finished, so the page renders two frames first."""
    deadline = time.monotonic() + timeout
    engine.run(FRAMES)
    measured, since = engine.run(MEASURE), time.monotonic()
    while time.monotonic() < deadline:
        time.sleep(0.1)
        again = engine.run(MEASURE)
        if again != measured or not engine.run(SETTLED):
            measured, since = again, time.monotonic()
        elif time.monotonic() - since >= quiet:
            engine.run(FRAMES)
            if engine.run(MEASURE) != measured:
                measured, since = engine.run(MEASURE), time.monotonic()
                continue
            break
    return measured


def sections_to_open(layout):
    """The first section, one in the middle and the last: before, between and after the others."""
    count = len(layout["sections"])
    return sorted({0, count // 2, count - 1})


@pytest.mark.parametrize("breakpoint", [0, 1, 2])
def test_an_opened_stack_is_a_grid_in_place(engine, stacks_site, breakpoint):
    layout = stacks_site["layout"]
    width = int(layout["breakpoints"][breakpoint])
    open_gallery(engine, stacks_site, width)
    choose(engine, f"ga{STACK}")
    closed = state(layout, STACK, breakpoint)
    check_frames(engine.run(MEASURE), closed, f"{engine.name}: closed stacks at {width}px", width)
    for section in sections_to_open(layout):
        open_stack(engine, section)
        expected = opened(layout, section, breakpoint)
        measured = engine.run(MEASURE)
        check_frames(measured, expected, f"{engine.name}: {layout['sections'][section]} opened at {width}px", width)
        # Its cards all show; every other section keeps the closed stacks' hidden cards hidden.
        visible = {index for index, box in enumerate(measured) if box["visible"]}
        hidden_when_closed = {index for index, frame in enumerate(closed["cards"]) if frame[6]}
        members = {index for index, frame in enumerate(expected["cards"]) if not frame[6]}
        assert visible == members, f"{engine.name}: {layout['sections'][section]} at {width}px shows {sorted(visible ^ members)} wrongly"
        assert hidden_when_closed - members, "the fixture's closed stacks hide nothing"
        close_stack(engine)
        check_frames(engine.run(MEASURE), closed, f"{engine.name}: closed again at {width}px", width)


@pytest.mark.parametrize("width", [375, 1280])
def test_opening_animates_and_lands_on_the_report(engine, stacks_site, screenshot_dir, width):
    layout = stacks_site["layout"]
    breakpoint = layout["breakpoints"].index(width)
    section = layout["sections"].index("Highball")
    open_gallery(engine, stacks_site, width, motion=True)
    choose(engine, f"ga{STACK}")
    wait_until_settled(engine)
    open_stack(engine, section)
    assert wait_until_settled(engine), f"{engine.name}: opening a stack did not animate at {width}px"
    check_frames(settled_measure(engine), opened(layout, section, breakpoint), f"{engine.name}: Highball opened at {width}px", width)
    engine.run("document.querySelector('.gh:has(> .gs:checked)').scrollIntoView({block: 'start'}); window.scrollBy(0, -240); return 0")
    engine.screenshot(screenshot_dir / f"stack-open-{engine.name}-{width}.png")
    close_stack(engine)
    assert wait_until_settled(engine), f"{engine.name}: closing a stack did not animate at {width}px"
    check_frames(settled_measure(engine), state(layout, STACK, breakpoint), f"{engine.name}: closed at {width}px", width)


def test_a_chip_closes_the_stacks_and_filters_them(engine, stacks_site):
    layout = stacks_site["layout"]
    breakpoint = len(layout["breakpoints"]) - 1
    width = int(layout["breakpoints"][breakpoint])
    section = layout["sections"].index("Rocks")
    open_gallery(engine, stacks_site, width)
    choose(engine, f"ga{STACK}")
    open_stack(engine, section)
    for filter_index in (1, 2, len(layout["filters"])):
        choose(engine, f"gf{filter_index}")
        measured = engine.run(MEASURE)
        members = set(layout["filterMembers"][filter_index - 1])
        expected = state(layout, STACK, breakpoint, filter_index)
        check_frames(measured, expected, f"{engine.name}: stacks filtered by {layout['filters'][filter_index - 1]} with Rocks chosen", width)
        shown = {index for index, box in enumerate(measured) if box["visible"]}
        assert shown <= members, f"{engine.name}: non-members shown under a chip: {sorted(shown - members)}"
        # Under a chip the stacks are titles only: no radio to reach, nothing opens on a tap.
        assert engine.run("return [...document.querySelectorAll('.gs')].every(input => getComputedStyle(input).display === 'none')")
        assert engine.run("return [...document.querySelectorAll('.gh-open')].every(label => getComputedStyle(label).pointerEvents === 'none')")
    # Back to All: the stack chosen before opens again.
    choose(engine, "gf0")
    check_frames(engine.run(MEASURE), opened(layout, section, breakpoint), f"{engine.name}: Rocks opened again", width)
    # Another arrangement ignores the stacks' choice entirely.
    for arrangement in (0, 2):
        choose(engine, f"ga{arrangement}")
        check_frames(engine.run(MEASURE), state(layout, arrangement, breakpoint),
                     f"{engine.name}: {layout['arrangements'][arrangement]} with Rocks chosen", width)
        assert engine.run("return getComputedStyle(document.getElementById('gs1')).display") == "none"


def test_no_sideways_overflow_with_a_stack_open(engine, stacks_site):
    layout = stacks_site["layout"]
    problems = []
    for section in (None, 0, len(layout["sections"]) - 1):
        open_gallery(engine, stacks_site, WIDTHS[0])
        choose(engine, f"ga{STACK}")
        if section is not None:
            open_stack(engine, section)
        for width in WIDTHS:
            engine.resize(width)
            overflow = engine.run(OVERFLOW)
            if overflow > 0:
                problems.append(f"{engine.name}: stack {section} open at {width}px overflows by {overflow}px")
    assert not problems, "\n".join(problems)


def press(engine, key):
    if engine.name == "firefox":
        engine.browser.press(key)
    else:
        from selenium.webdriver.common.action_chains import ActionChains
        ActionChains(engine.driver).send_keys(key).perform()


def press_shift_tab(engine):
    if engine.name == "firefox":
        engine.browser.command("input.performActions", {"context": engine.browser.context, "actions": [
            {"type": "key", "id": "keyboard", "actions": [
                {"type": "keyDown", "value": SHIFT}, {"type": "keyDown", "value": TAB},
                {"type": "keyUp", "value": TAB}, {"type": "keyUp", "value": SHIFT}]}]})
    else:
        from selenium.webdriver.common.action_chains import ActionChains
        ActionChains(engine.driver).key_down(SHIFT).send_keys(TAB).key_up(SHIFT).perform()


FOCUS = """
const active = document.activeElement;
const ring = element => { const style = getComputedStyle(element); return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2; };
return {id: active.id, visible: active.matches(':focus-visible'),
        name: active.getAttribute('aria-label'),
        ringed: [...document.querySelectorAll('.gh-open')].map(ring)};
"""


def test_the_keyboard_opens_a_stack_with_its_focus_visible(engine, stacks_site):
    layout = stacks_site["layout"]
    width = 1280
    breakpoint = layout["breakpoints"].index(width)
    open_gallery(engine, stacks_site, width)
    choose(engine, f"ga{STACK}")
    # Tab from the arrangement through the chips reaches the stacks' group at its checked radio.
    focus = None
    for _ in range(12):
        engine.press_tab()
        focus = engine.run(FOCUS)
        if focus["id"].startswith("gs"):
            break
    assert focus and focus["id"] == "gs0", f"{engine.name}: Tab never reached the stacks (at {focus})"
    assert focus["visible"] and focus["name"] == "All stacks closed"
    assert all(focus["ringed"]), f"{engine.name}: the closed group's focus shows on no stack"
    # The next radio opens the first stack; its ring is on that stack alone. (WebKit 2.50 does not
    # match :focus-visible after an arrow key in any radio group, the switcher's too: then no
    # ring shows until the next Tab, checked below.)
    only_first = [True] + [False] * (len(layout["sections"]) - 1)
    press(engine, ARROW_RIGHT)
    focus = engine.run(FOCUS)
    assert focus["id"] == "gs1", f"{engine.name}: {focus}"
    assert focus["name"] == f"Open {layout['sections'][0]}"
    assert focus["ringed"] == (only_first if focus["visible"] else [False] * len(only_first)), f"{engine.name}: rings {focus}"
    assert engine.run("return document.getElementById('gs1').checked")
    check_frames(engine.run(MEASURE), opened(layout, 0, breakpoint), f"{engine.name}: opened from the keyboard", width)
    # Tab on to the opened grid's first card, and back to the stack's radio.
    engine.press_tab()
    assert engine.run("return document.activeElement.matches('.card') && getComputedStyle(document.activeElement).visibility === 'visible'")
    press_shift_tab(engine)
    focus = engine.run(FOCUS)
    assert focus["id"] == "gs1" and focus["visible"], f"{engine.name}: Shift+Tab went to {focus}"
    assert focus["ringed"] == only_first, f"{engine.name}: rings {focus['ringed']}"
    # And back: the radio before it closes every stack.
    press(engine, ARROW_LEFT)
    assert engine.run("return document.getElementById('gs0').checked")
    check_frames(engine.run(MEASURE), state(layout, STACK, breakpoint), f"{engine.name}: closed from the keyboard", width)


def test_stacks_are_only_in_the_stack_arrangement(engine, stacks_site):
    open_gallery(engine, stacks_site, 768)
    # The grid shows the sections' headers as titles: no radio, no tap target, no Back.
    states = engine.run("""
      return [...document.querySelectorAll('.gh')].map(header => [getComputedStyle(header.querySelector('.gs')).display,
        getComputedStyle(header.querySelector('.gh-open')).pointerEvents, getComputedStyle(header.querySelector('.gh-back')).display])""")
    assert all(entry == ["none", "none", "none"] for entry in states), states
    choose(engine, f"ga{STACK}")
    states = engine.run("""
      return [...document.querySelectorAll('.gh')].map(header => [getComputedStyle(header.querySelector('.gs')).display,
        getComputedStyle(header.querySelector('.gh-open')).pointerEvents, getComputedStyle(header.querySelector('.gh-back')).display])""")
    assert all(entry[0] != "none" and entry[1] == "auto" and entry[2] == "none" for entry in states), states


@pytest.mark.parametrize("width", [375, 1280])
def test_right_to_left_stacks_open_mirrored(engine, rtl_stacks_site, width):
    """On the Arabic site every stack opens where the mirrored report says, its grid filling from
    the right, and Back (رجوع) closes it."""
    layout = rtl_stacks_site["layout"]
    assert layout["direction"] == "rtl"
    breakpoint = layout["breakpoints"].index(width)
    stack = layout["arrangements"].index("stack")
    open_gallery(engine, rtl_stacks_site, width)
    choose(engine, f"ga{stack}")
    for section in range(len(layout["sections"])):
        open_stack(engine, section)
        expected = opened(layout, section, breakpoint, arrangement=stack)
        check_frames(engine.run(MEASURE), expected, f"{engine.name}: {layout['sections'][section]} opened at {width}px", width)
        # The grid's first card is its rightmost.
        first = min(index for index, frame in enumerate(expected["cards"]) if frame is not None and not frame[6]
                    and index in members_of(layout, expected, section))
        row = [frame for index, frame in enumerate(expected["cards"]) if index in members_of(layout, expected, section)
               and abs(frame[1] - expected["cards"][first][1]) < 0.5]
        assert expected["cards"][first][0] == max(frame[0] for frame in row)
    assert engine.run("return document.querySelector('.gh:has(> .gs:checked) .gh-back').textContent.trim()").endswith("رجوع")
    close_stack(engine)
    check_frames(engine.run(MEASURE), state(layout, stack, breakpoint), f"{engine.name}: closed at {width}px", width)


def members_of(layout, expected, section):
    """The cards of section `section`: DOM order is section by section, so the cards between the
    sections before it and those after it (counted from the closed state's stacks)."""
    sizes = section_sizes(layout)
    start = sum(sizes[:section])
    return set(range(start, start + sizes[section]))


def section_sizes(layout):
    """How many cards each section has: the layout report's cards in DOM order grouped by the
    closed stacks' centres (a stack's cards share one)."""
    closed = state(layout, layout["arrangements"].index("stack"), 0)["cards"]
    sizes, last = [], None
    for frame in closed:
        centre = (round(frame[0], 1), round(frame[1], 1))
        if centre != last:
            sizes.append(0)
            last = centre
        sizes[-1] += 1
    assert len(sizes) == len(layout["sections"])
    return sizes
