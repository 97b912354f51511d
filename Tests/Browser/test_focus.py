"""A focused card is never hidden: in every arrangement at 375, 768 and 1280 px, Tab reaches every
card, and the focused card's centre is on screen, inside the gallery's scrolling strip, and the card
itself is what a click there would hit (it comes to the front over the cards it overlaps)."""
import time

import pytest

from test_gallery import open_gallery, choose

# The focused card's centre, whether it is inside the window and the strip (`.gv`), what is hit
# there, and whether the card matches :focus-visible.
FOCUSED = """
const card = document.activeElement;
if (!card || !card.matches('.gc .card')) return null;
const box = card.getBoundingClientRect();
const strip = document.querySelector('.gv').getBoundingClientRect();
const x = box.left + box.width / 2, y = box.top + box.height / 2;
const hit = document.elementFromPoint(x, y);
return {
  index: [...document.querySelectorAll('.gc .card')].indexOf(card),
  x, y, width: innerWidth, height: innerHeight,
  strip: [strip.left, strip.top, strip.right, strip.bottom],
  hit: hit === null ? null : (hit.closest('.card') === card ? 'card' : hit.outerHTML.slice(0, 80)),
  focusVisible: card.matches(':focus-visible'),
};
"""

VISIBLE_CARDS = """
return [...document.querySelectorAll('.gc .card')].map((card, index) => [index, getComputedStyle(card).visibility])
  .filter(([, visibility]) => visibility === 'visible').map(([index]) => index);
"""


# Nothing moving in time (a cover flow's scroll-driven turn is always "running" and moves only with
# the scroll).
SETTLED = "return document.getAnimations().every(a => a.playState !== 'running' || a.timeline !== document.timeline)"


def settled_focus(engine):
    """The focused card once the engine has finished moving it: WebKit scrolls a newly focused
    element into view a little after the key press, and the lift is a transition, so the geometry
    is read again until two reads 50 ms apart agree (at most 2 s)."""
    deadline = time.monotonic() + 2
    focused = engine.run(FOCUSED)
    while time.monotonic() < deadline:
        time.sleep(0.05)
        again = engine.run(FOCUSED)
        if again == focused and engine.run(SETTLED):
            break
        focused = again
    return focused


def wait_for_switch(engine):
    """Waits (at most 5 s) until the cards have finished moving into the chosen arrangement."""
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and not engine.run(SETTLED):
        time.sleep(0.05)


def focus_problems(engine, label):
    """Tabs from the filter chips through every card; returns what was wrong, card by card."""
    problems = []
    visible = engine.run(VISIBLE_CARDS)
    # From the chosen arrangement's radio, Tab reaches the chips and then the first card.
    focused = None
    for _ in range(10):
        engine.press_tab()
        focused = settled_focus(engine)
        if focused is not None:
            break
    reached = []
    while focused is not None:
        reached.append(focused["index"])
        where = f"{label} card {focused['index']}"
        if not focused["focusVisible"]:
            problems.append(f"{where}: not :focus-visible")
        left, top, right, bottom = focused["strip"]
        x, y = focused["x"], focused["y"]
        if not (0 <= x <= focused["width"] and 0 <= y <= focused["height"]):
            problems.append(f"{where}: centre ({x:.1f}, {y:.1f}) outside the {focused['width']}×{focused['height']} window")
        elif not (left <= x <= right and top <= y <= bottom):
            problems.append(f"{where}: centre ({x:.1f}, {y:.1f}) outside the strip {left:.1f}–{right:.1f} × {top:.1f}–{bottom:.1f}")
        elif focused["hit"] != "card":
            problems.append(f"{where}: covered at its centre by {focused['hit']}")
        engine.press_tab()
        focused = settled_focus(engine)
        if len(reached) > len(visible):
            break
    if reached != visible:
        problems.append(f"{label}: Tab reached cards {reached}, visible are {visible}")
    return problems


def focus_visible_works(engine):
    """Whether this engine's window has the system focus, so Tab moves focus and :focus-visible
    matches (a headless WebKit or Firefox window may never get it)."""
    engine.press_tab()
    return engine.run("return document.activeElement !== document.body && document.activeElement.matches(':focus-visible')")


@pytest.mark.parametrize("width", [375, 768, 1280])
def test_every_focused_card_is_in_view_and_in_front(engine, built_site, width):
    layout = built_site["layout"]
    open_gallery(engine, built_site, width)
    # An engine whose window cannot take keyboard focus is an error, not a skip.
    assert focus_visible_works(engine), f"{engine.name}: Tab does not move focus (the window has no keyboard focus)"
    problems = []
    for arrangement, name in enumerate(layout["arrangements"]):
        open_gallery(engine, built_site, width)
        choose(engine, f"ga{arrangement}")
        wait_for_switch(engine)
        problems += focus_problems(engine, f"{engine.name}: {name} at {width}px")
    assert not problems, "\n".join(problems[:30])
