"""The printable cookbook (cookbook/index.html): Chromium prints the sample site's book to PDF
(`chromium --headless --print-to-pdf`), and poppler-utils read it back (pdftotext for the words
and their boxes, pdftoppm for the ink): a cover, the contents on one page, every recipe starting
a page of its own in A–Z order with its number and title, its ingredient list whole on one page,
no heading left at the foot of a page, no blank page, no recipe on more pages than its content
fills, the page number in every footer but the cover's (@page margin boxes), then the indexes.
In every engine the page reads on screen: every recipe, the contents' links, no sideways scroll."""
import html
import math
import pathlib
import re
import shutil
import subprocess
import unicodedata
import xml.etree.ElementTree as ElementTree

import pytest

BOOK = "cookbook/index.html"
# The page box of cookbook.css's @page: 16 mm above, 18 mm below the content; Chromium's default
# paper is US Letter (612 × 792 pt).
TOP_MARGIN_PT = 16 / 25.4 * 72
BOTTOM_MARGIN_PT = 18 / 25.4 * 72
# Ink closer than this to the content's bottom edge counts as a full page (rounding of the raster).
RASTER_DPI = 36


def chromium():
    return shutil.which("chromium") or "/usr/bin/chromium"


def print_to_pdf(page, pdf):
    """Chromium's own print to PDF, without its date-and-title header and footer."""
    subprocess.run([chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
                    "--run-all-compositor-stages-before-draw", "--virtual-time-budget=10000",
                    f"--print-to-pdf={pdf}", page.as_uri()],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=180)
    assert pdf.exists() and pdf.stat().st_size > 0, "Chromium wrote no PDF"


def page_count(pdf):
    info = subprocess.run(["pdfinfo", str(pdf)], check=True, capture_output=True, text=True).stdout
    return int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))


def page_texts(pdf):
    """Each page's words in reading order, whitespace collapsed, ligatures (Firefox's ﬀ) undone."""
    text = unicodedata.normalize("NFKC", subprocess.run(["pdftotext", str(pdf), "-"], check=True, capture_output=True, text=True).stdout)
    return [" ".join(page.split()) for page in text.split("\f")][:page_count(pdf)]


def page_lines(pdf):
    """Each page's lines of text with their boxes (pdftotext -bbox-layout), in points from the top."""
    xhtml = subprocess.run(["pdftotext", "-bbox-layout", str(pdf), "-"], check=True, capture_output=True, text=True).stdout
    xhtml = re.sub(r"<!DOCTYPE[^>]*>", "", xhtml)
    root = ElementTree.fromstring(xhtml)
    ns = {"x": "http://www.w3.org/1999/xhtml"}
    pages = []
    for page in root.iterfind(".//x:page", ns):
        lines = []
        for line in page.iterfind(".//x:line", ns):
            words = [word.text or "" for word in line.iterfind("x:word", ns)]
            box = {key: float(line.get(key)) for key in ("xMin", "yMin", "xMax", "yMax")}
            lines.append({"text": unicodedata.normalize("NFKC", " ".join(words)), **box})
        pages.append({"height": float(page.get("height")), "lines": lines})
    return pages


def ink_rows(pdf, folder):
    """Per page: the first and last row (in points from the top) with ink inside the content box,
    from a grey raster of the page (pdftoppm), or None for a page with none."""
    subprocess.run(["pdftoppm", "-gray", "-r", str(RASTER_DPI), str(pdf), str(folder / "ink")], check=True)
    result = []
    for path in sorted(folder.glob("ink-*.pgm"), key=lambda p: int(p.stem.split("-")[-1])):
        data = path.read_bytes()
        fields = re.match(rb"P5\s+(\d+)\s+(\d+)\s+(\d+)\s", data)
        width, height = int(fields.group(1)), int(fields.group(2))
        pixels = data[fields.end():]
        scale = 72 / RASTER_DPI
        top, bottom = int(TOP_MARGIN_PT / scale), height - int(BOTTOM_MARGIN_PT / scale)
        inked = [row for row in range(top, bottom) if min(pixels[row * width:(row + 1) * width]) < 200]
        result.append((inked[0] * scale, (inked[-1] + 1) * scale) if inked else None)
    return result


def book_outline(html_text):
    """The contents' (number, title) pairs, each recipe's ingredients, and the text of every
    heading inside the recipes, from the book's HTML."""
    def plain(fragment):
        return " ".join(html.unescape(re.sub(r"<[^>]+>", "", fragment)).split())
    contents = [(number, plain(title)) for number, title in re.findall(
        r'<span class="cookbook-ref">([^<]+)</span> <span class="cookbook-entry">(.*?)</span>', html_text)]
    recipes = re.split(r'<section class="cookbook-recipe" ', html_text)[1:]
    ingredients = [[plain(item) for item in re.findall(r"<li>(.*?)</li>", section.split('class="cookbook-ingredients"')[1].split("</section>")[0])]
                   if 'class="cookbook-ingredients"' in section else [] for section in recipes]
    headings = {plain(text) for text in re.findall(r"<h[2-4][^>]*>(.*?)</h[2-4]>", html_text)}
    return contents, ingredients, headings


@pytest.fixture(scope="module")
def printed(built_site, tmp_path_factory):
    folder = tmp_path_factory.mktemp("cookbook-pdf")
    pdf = folder / "cookbook.pdf"
    print_to_pdf(built_site["output"] / BOOK, pdf)
    return {"pdf": pdf, "folder": folder, "html": (built_site["output"] / BOOK).read_text(encoding="utf-8")}


def recipe_pages(texts, contents):
    """The page (0-based) each recipe starts on: the first page after the contents that opens with
    its number and title, searched in order."""
    starts, page = [], 2
    for number, title in contents:
        while page < len(texts) and not texts[page].startswith(f"{number} {title}"):
            page += 1
        assert page < len(texts), f"recipe {number} “{title}” does not open a page of its own"
        starts.append(page)
        page += 1
    return starts


def check_printed_book(pdf, html_text, folder, page_numbers):
    """Every check of the printed sample book; `page_numbers`: whether the engine draws @page
    margin boxes (Chromium), else the footers must be empty. Returns the recipes' first pages and spans."""
    contents, ingredients, headings = book_outline(html_text)
    recipes = len(list((pathlib.Path(__file__).resolve().parents[2] / "Site" / "recipes").glob("*.md")))
    assert len(contents) == recipes, f"the sample site's {recipes} recipes are in the contents"
    texts = page_texts(pdf)
    total = len(texts)
    # The cover, then the contents on one page.
    assert texts[0].startswith("COOKBOOK The Back Bar"), texts[0][:80]
    assert texts[1].startswith("Contents"), texts[1][:80]
    assert all(title in texts[1] for _, title in contents), "a recipe is missing from the printed contents"
    # Every recipe opens a page, in order; the indexes follow the last.
    starts = recipe_pages(texts, contents)
    index = next(page for page in range(starts[-1] + 1, total) if texts[page].startswith("Index by tag"))
    ingredient_index = next(page for page in range(index, total) if texts[page].startswith("Index by main ingredient"))
    assert starts[0] == 2 and ingredient_index < total
    spans = [end - start for start, end in zip(starts, starts[1:] + [index])]
    assert 2 + sum(spans) + (total - index) == total
    assert len(contents) + 4 <= total <= 2 * len(contents) + 6, f"{total} pages for {len(contents)} recipes"
    # Page numbers in the footer of every page but the cover: the one line below the content box.
    lines = page_lines(pdf)
    for page, found in enumerate(lines):
        footer = [line["text"] for line in found["lines"] if line["yMin"] > found["height"] - BOTTOM_MARGIN_PT]
        assert footer == ([] if page == 0 or not page_numbers else [str(page + 1)]), f"page {page + 1}'s footer: {footer}"
    # Each recipe's ingredients on one page (they fit one).
    for (number, title), start, span, items in zip(contents, starts, spans, ingredients):
        pages = {page for page in range(start, start + span) for item in items
                 if " ".join(item.split()[:3]) in texts[page]}
        assert len(pages) <= 1, f"“{title}”'s ingredient list is split over pages {sorted(p + 1 for p in pages)}"
        assert all(any(" ".join(item.split()[:3]) in texts[page] for page in range(start, start + span)) for item in items), \
            f"an ingredient of “{title}” is missing from its pages"
    # No blank page; no recipe on more pages than its content fills.
    ink = ink_rows(pdf, folder)
    assert len(ink) == total
    blank = [page + 1 for page, rows in enumerate(ink) if rows is None]
    assert not blank, f"blank pages: {blank}"
    usable = lines[0]["height"] - TOP_MARGIN_PT - BOTTOM_MARGIN_PT
    for (number, title), start, span in zip(contents, starts, spans):
        filled = sum(ink[page][1] - ink[page][0] for page in range(start, start + span))
        need = max(1, math.ceil(filled / usable - 0.02))
        assert span <= need, f"“{title}” takes {span} pages for {filled / usable:.2f} pages of content"
    # No heading left at the foot of a page: something follows it below, in its column (the
    # contents, which name every title and the indexes, are links, not headings).
    for page, found in enumerate(lines[starts[0]:], start=starts[0]):
        body = [line for line in found["lines"] if line["yMax"] < found["height"] - BOTTOM_MARGIN_PT]
        for line in body:
            if line["text"] not in headings:
                continue
            below = [other for other in body if other["yMin"] > line["yMax"] - 1 and other is not line
                     and other["xMin"] < line["xMax"] and other["xMax"] > line["xMin"]]
            assert below, f"heading “{line['text']}” is alone at the foot of page {page + 1}"
    return starts, spans


def test_chromium_prints_the_sample_cookbook_as_a_book(printed, screenshot_dir):
    pdf = printed["pdf"]
    starts, spans = check_printed_book(pdf, printed["html"], printed["folder"], page_numbers=True)
    # Three pages to look at: the cover, the first recipe, and a recipe that goes on to a second page.
    longest = max(range(len(spans)), key=lambda recipe: (spans[recipe], -recipe))
    for page in [1, starts[0] + 1, starts[longest] + 2 if spans[longest] > 1 else starts[longest] + 1]:
        subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", str(page), "-l", str(page), "-singlefile", str(pdf),
                        str(screenshot_dir / f"cookbook-print-page-{page}")], check=True)




def test_firefox_prints_it_too(built_site, tmp_path):
    """Firefox ESR through WebDriver BiDi's browsingContext.print: the same book, without page
    numbers (it draws no @page margin boxes). WebKitWebDriver has no print command."""
    import base64
    import engines
    firefox = engines.start("firefox")
    try:
        firefox.open((built_site["output"] / BOOK).as_uri(), 1000)
        data = firefox.browser.command("browsingContext.print", {"context": firefox.browser.context, "background": True},
                                       timeout=300)["data"]
    finally:
        firefox.quit()
    pdf = tmp_path / "firefox.pdf"
    pdf.write_bytes(base64.b64decode(data))
    check_printed_book(pdf, (built_site["output"] / BOOK).read_text(encoding="utf-8"), tmp_path, page_numbers=False)


def test_a_tags_cookbook_prints_its_recipes_only(built_site, tmp_path):
    pdf = tmp_path / "gin.pdf"
    page = built_site["output"] / "tags" / "gin" / BOOK
    print_to_pdf(page, pdf)
    contents, _, _ = book_outline(page.read_text(encoding="utf-8"))
    texts = page_texts(pdf)
    assert texts[0].startswith("COOKBOOK gin The Back Bar"), texts[0][:80]
    tagged = re.findall(r'<span class="list-card-title">(.*?)</span>',
                        (built_site["output"] / "tags" / "gin" / "index.html").read_text(encoding="utf-8"))
    assert sorted(title for _, title in contents) == sorted(html.unescape(title) for title in tagged)
    starts = recipe_pages(texts, contents)
    assert len(starts) == len(contents) == 10


READ_BOOK = """
const sections = [...document.querySelectorAll('.cookbook-recipe')];
return {
  titles: sections.map(s => s.querySelector('h2').textContent),
  links: [...document.querySelectorAll('.cookbook-contents a, .cookbook-index a')]
    .filter(a => !document.getElementById(decodeURIComponent(a.hash.slice(1)))).map(a => a.getAttribute('href')),
  overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
  lang: document.documentElement.lang,
  brokenImages: [...document.images].filter(i => i.complete && i.naturalWidth === 0).map(i => i.src),
};
"""


@pytest.mark.parametrize("width", [375, 1280])
def test_the_cookbook_reads_on_screen(engine, built_site, screenshot_dir, width):
    engine.open((built_site["output"] / BOOK).as_uri(), width)
    found = engine.run(READ_BOOK)
    contents, _, _ = book_outline((built_site["output"] / BOOK).read_text(encoding="utf-8"))
    assert found["titles"] == [title for _, title in contents] and len(contents) > 40
    assert found["links"] == [], f"{engine.name}: links to no section: {found['links'][:5]}"
    assert found["overflow"] <= 0, f"{engine.name}: the cookbook is {found['overflow']} px too wide at {width} px"
    assert found["lang"] == "en"
    assert found["brokenImages"] == []
    engine.screenshot(screenshot_dir / f"cookbook-{engine.name}-{width}.png")
    # The gallery links it.
    engine.open((built_site["output"] / "index.html").as_uri(), width)
    assert engine.run("return document.querySelector('a.cookbook-link')?.getAttribute('href')") == BOOK
