"""A recipe page with no summary and no times (issue 36): at 1280 px no tall empty block stands
beside the picture; the picture is cut down to a band beside the title. Measured in Chromium,
WebKit and Firefox, with a screenshot of each."""
import pytest

import sites

RECIPES = {
    "lemonade": "---\ntitle: Lemonade\nimage: images/lemonade.png\nglass: Highball\ntags: [summer, zero-proof]\n"
                "ingredients:\n  - 4 lemons\n  - 100 g sugar\n---\n## Method\n\n1. Squeeze.\n2. Stir.\n",
    "plain-toast": "---\ntitle: Plain Toast\nimage: images/lemonade.png\n---\n1. Toast the bread.\n",
}
# How far the picture reaches below the intro beside it.
GAP = """
const hero = document.querySelector('.recipe-hero').getBoundingClientRect();
const intro = document.querySelector('.recipe-intro').getBoundingClientRect();
return {gap: hero.bottom - intro.bottom, hero: hero.height, intro: intro.height, beside: hero.right <= intro.left};"""


@pytest.fixture(scope="module")
def sparse_site():
    with sites.scratch("gallerygen-sparse-") as workdir:
        source = workdir / "source"
        (source / "recipes").mkdir(parents=True)
        (source / "images").mkdir()
        (source / "site.yml").write_text("title: Sparse Kitchen\nlanguage: en\nrich_results: off\n")
        sites.photo(source / "images" / "lemonade.png", 1, width=480, height=600)
        for slug, text in RECIPES.items():
            (source / "recipes" / f"{slug}.md").write_text(text)
        sites.build(source, workdir / "site")
        yield workdir / "site"


@pytest.mark.parametrize("slug", sorted(RECIPES))
def test_no_empty_block_beside_the_picture(engine, sparse_site, screenshot_dir, slug):
    engine.open((sparse_site / "recipes" / slug / "index.html").as_uri(), 1280, 900)
    found = engine.run(GAP)
    engine.screenshot(screenshot_dir / f"sparse-recipe-{slug}-{engine.name}.png")
    assert found["beside"], f"{engine.name}: the intro is not beside the picture: {found}"
    # Before: a 4:5 picture 560 px tall beside an intro of 60-180 px, 380-500 px of nothing.
    assert found["gap"] <= 120, f"{engine.name} {slug}: {found}"
