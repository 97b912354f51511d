"""The journal and the home text in Chromium, WebKit and Firefox: the sample site's list of posts
shows them newest first with their dates and pictures, a post shows its text with working links to
the recipes it names by slug and to the older post, the home text (Site/index.md) stands above the
gallery with its featured recipes and latest posts, and no page overflows a phone's width."""

import pytest

import engines

LIST = "journal/index.html"
POST = "journal/stirred-not-shaken/index.html"

READ_LIST = """
return {
  titles: [...document.querySelectorAll('.post-summary h2 a')].map(a => a.textContent.trim()),
  dates: [...document.querySelectorAll('.post-summary time')].map(t => t.getAttribute('datetime')),
  pictures: [...document.querySelectorAll('.post-summary-image img')].map(i => i.complete && i.naturalWidth > 0),
  overflow: document.documentElement.scrollWidth - window.innerWidth,
  menu: [...document.querySelectorAll('.site-nav a')].map(a => [a.textContent, a.getAttribute('aria-current')]),
};
"""

READ_POST = """
const links = [...document.querySelectorAll('.prose a')];
return {
  title: document.querySelector('h1').textContent,
  recipes: links.map(a => a.textContent + ' ' + new URL(a.href).pathname.split('/').slice(-3).join('/')),
  older: document.querySelector('.pager a.next')?.textContent.replace(/\\s+/g, ' ').trim(),
  schema: JSON.parse(document.querySelector('script[type="application/ld+json"]').textContent)['@type'],
  overflow: document.documentElement.scrollWidth - window.innerWidth,
  heroLoaded: (() => { const i = document.querySelector('.content-image img'); return i.complete && i.naturalWidth > 0; })(),
};
"""


@pytest.mark.parametrize("width", [375, 1280])
def test_the_journal_lists_the_posts_newest_first(engine, built_site, screenshot_dir, width):
    engine.open((built_site["output"] / LIST).as_uri(), width)
    engine.run("return Promise.all([...document.images].map(i => i.decode().catch(() => null)))")
    found = engine.run(READ_LIST)
    assert found["titles"] == ["Stirred, not shaken", "Mint, gently"]
    assert found["dates"] == ["2025-09-04", "2025-07-02"]
    assert found["pictures"] == [True, True], found
    assert found["overflow"] <= 0, f"{engine.name}: the journal is {found['overflow']} px too wide at {width} px"
    assert ["Journal", "page"] in found["menu"], found["menu"]
    engine.screenshot(screenshot_dir / f"journal-{engine.name}-{width}.png", full_page=True)


@pytest.mark.parametrize("width", [375, 1280])
def test_a_post_links_its_recipes_and_the_older_post(engine, built_site, screenshot_dir, width):
    engine.open((built_site["output"] / POST).as_uri(), width)
    engine.run("return Promise.all([...document.images].map(i => i.decode().catch(() => null)))")
    found = engine.run(READ_POST)
    assert found["title"] == "Stirred, not shaken"
    assert found["recipes"] == ["Negroni recipes/negroni/index.html", "Manhattan recipes/manhattan/index.html",
                                "Boulevardier recipes/boulevardier/index.html", "Old Fashioned recipes/old-fashioned/index.html",
                                "Americano recipes/americano/index.html"]
    assert found["older"] == "Older Mint, gently"
    assert found["schema"] == "BlogPosting"
    assert found["heroLoaded"], found
    assert found["overflow"] <= 0, f"{engine.name}: the post is {found['overflow']} px too wide at {width} px"
    engine.screenshot(screenshot_dir / f"post-{engine.name}-{width}.png", full_page=True)
    # The link leads to the recipe's page.
    engine.click(".prose a[href*='recipes/negroni/']")
    engines.wait_for_page(engine, (built_site["output"] / "recipes" / "negroni" / "index.html").as_uri())
    assert engine.run("return document.querySelector('h1')?.textContent") == "Negroni"


READ_HOME = """
const home = document.querySelector('section.home');
const gallery = document.querySelector('.g');
const box = home.getBoundingClientRect();
return {
  title: home.querySelector('h2').textContent,
  text: home.querySelector('.home-text p').textContent.slice(0, 40),
  above: box.bottom <= gallery.getBoundingClientRect().top + 1,
  bottoms: [box.bottom, gallery.getBoundingClientRect().top],
  visible: box.height > 0 && getComputedStyle(home).visibility === 'visible',
  featured: [...home.querySelectorAll('.list-card-title')].map(e => e.textContent),
  posts: [...home.querySelectorAll('.post-links a')].map(e => e.textContent),
  overflow: document.documentElement.scrollWidth - window.innerWidth,
};
"""


@pytest.mark.parametrize("width", [375, 1280])
def test_the_home_text_stands_above_the_gallery(engine, built_site, screenshot_dir, width):
    engine.open((built_site["output"] / "index.html").as_uri(), width)
    found = engine.run(READ_HOME)
    assert found["title"] == "Pull up a stool"
    assert found["text"].startswith("This is the list we mix from behind")
    assert found["above"] and found["visible"], found
    assert found["featured"] == ["Negroni", "Daiquiri", "Virgin Mojito"]
    assert found["posts"] == ["Stirred, not shaken", "Mint, gently"]
    assert found["overflow"] <= 0, f"{engine.name}: the gallery page is {found['overflow']} px too wide at {width} px"
    engine.screenshot(screenshot_dir / f"home-{engine.name}-{width}.png")
