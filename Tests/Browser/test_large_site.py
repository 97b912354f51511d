"""A generated 1,000-recipe site in every engine: the pagination bar condenses and never scrolls
the page sideways, and every chip × arrangement puts its cards where the engine said, also a chip
that holds every card of the page ("brandy")."""
import pytest

from test_gallery import OVERFLOW, MEASURE, WIDTHS, check_frames, choose, open_gallery, state

PAGINATION = """
const bar = document.querySelector('.pagination');
return [...bar.children].map(item => { const box = item.getBoundingClientRect(); return [box.left, box.right, item.textContent.trim()]; });
"""


@pytest.mark.parametrize("page", ["index.html", "page/9/index.html", "page/17/index.html"])
def test_pagination_fits_every_width(engine, large_site, page):
    open_gallery(engine, large_site, WIDTHS[0], page=page)
    numbers = [item[2] for item in engine.run(PAGINATION)]
    assert len([n for n in numbers if n.isdigit()]) <= 5, f"{page}: {numbers}"
    problems = []
    for width in WIDTHS:
        engine.resize(width)
        overflow = engine.run(OVERFLOW)
        if overflow > 0:
            problems.append(f"{engine.name}: {page} at {width}px overflows by {overflow}px")
        for left, right, text in engine.run(PAGINATION):
            if left < 0 or right > width:
                problems.append(f"{engine.name}: {page} at {width}px: '{text}' at {left:.0f}–{right:.0f}px, off screen")
    assert not problems, "\n".join(problems[:20])


def test_every_chip_in_every_arrangement(engine, large_site):
    layout = large_site["layout"]
    width = int(layout["breakpoints"][-1])
    breakpoint = len(layout["breakpoints"]) - 1
    assert len(layout["cards"]) == 60 and len(layout["filters"]) >= 9
    open_gallery(engine, large_site, width)
    for arrangement, name in enumerate(layout["arrangements"]):
        choose(engine, f"ga{arrangement}")
        for filter_index, members in enumerate(layout["filterMembers"], start=1):
            choose(engine, f"gf{filter_index}")
            measured = engine.run(MEASURE)
            assert {index for index, box in enumerate(measured) if box["visible"]} == set(members)
            check_frames(measured, state(layout, arrangement, breakpoint, filter_index),
                         f"{engine.name}: {name} filtered by {layout['filters'][filter_index - 1]}", width)
        choose(engine, "gf0")
