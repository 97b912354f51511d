"""The JSON-LD of every page of the sample site (Site/, built by the `built_site` fixture) and the
videos of the recipe-scripts fixture (a YouTube page, a Vimeo page, a file) against
recipe-schema.json: schema.org Recipe on recipe pages and ItemList on gallery pages, only the
properties gallerygen emits and each in the shape Google's Recipe rich results document. No
browser: the pages' <script type="application/ld+json"> are read from the built files."""
import copy
import json
import pathlib
import re

import jsonschema
import pytest

import sites

ROOT = pathlib.Path(__file__).resolve().parents[2]

SCHEMA = json.loads((pathlib.Path(__file__).with_name("recipe-schema.json")).read_text())
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)
SCRIPT = re.compile(r'<script type="application/ld\+json">(.*?)</script>', re.S)


def documents(output):
    """Every JSON-LD document of the built site, with the page it is on."""
    found = []
    for page in sorted(output.rglob("*.html")):
        for text in SCRIPT.findall(page.read_text(encoding="utf-8")):
            found.append((page.relative_to(output).as_posix(), json.loads(text)))
    return found


def problems(document):
    return [f"{'/'.join(map(str, error.absolute_path)) or '(top)'}: {error.message}"
            for error in VALIDATOR.iter_errors(document)]


@pytest.fixture(scope="module")
def video_site():
    """Tests/Fixtures/recipe-scripts built: a YouTube, a Vimeo and a file video."""
    with sites.scratch("gallerygen-structured-data-") as workdir:
        sites.build(ROOT / "Tests" / "Fixtures" / "recipe-scripts", workdir / "site")
        yield workdir / "site"


def test_the_schema_is_a_valid_json_schema():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


def test_every_sample_page_json_ld_matches_the_schema(built_site):
    found = documents(built_site["output"])
    recipes = sorted(path for path, document in found if document["@type"] == "Recipe")
    # Every recipe page has its Recipe, the gallery its ItemList.
    assert len(recipes) == len(list((built_site["output"] / "recipes").glob("*/index.html")))
    assert any(path == "index.html" and document["@type"] == "ItemList" for path, document in found)
    failures = {path: problems(document) for path, document in found if problems(document)}
    assert failures == {}, json.dumps(failures, indent=1, ensure_ascii=False)


VIDEO = jsonschema.Draft202012Validator({"$defs": SCHEMA["$defs"], "$ref": "#/$defs/VideoObject"})


def test_every_fixture_video_matches_the_schema(video_site):
    """The fixture's recipes are minimal on purpose (no picture, no base_url), so only their
    VideoObjects are checked: a YouTube page, a Vimeo page and a file."""
    found = documents(video_site)
    videos = {path: document["video"] for path, document in found if "video" in document}
    assert len(videos) == 3 and all(video["@type"] == "VideoObject" for video in videos.values())
    failures = {path: [error.message for error in VIDEO.iter_errors(video)] for path, video in videos.items()}
    assert all(not errors for errors in failures.values()), json.dumps(failures, indent=1, ensure_ascii=False)
    punch = dict(found)["recipes/lime-punch/index.html"]
    assert punch["video"]["embedUrl"] == "https://www.youtube-nocookie.com/embed/M7lc1UVf-VE"


def test_the_sample_covers_the_fields_the_schema_describes(built_site):
    """Groups, nutrition, a video, equipment and servings are on at least one sample recipe each, so
    the schema's parts for them are exercised by the check above."""
    recipes = {path: document for path, document in documents(built_site["output"]) if document["@type"] == "Recipe"}
    assert any(isinstance(d.get("recipeInstructions"), list) and d["recipeInstructions"][0]["@type"] == "HowToSection"
               for d in recipes.values())
    assert any("nutrition" in d for d in recipes.values())
    assert any("tool" in d for d in recipes.values())
    assert any("video" in d for d in recipes.values())
    negroni = recipes["recipes/negroni/index.html"]
    assert negroni["recipeYield"] == "1"
    assert negroni["video"]["embedUrl"] == "https://www.youtube-nocookie.com/embed/M7lc1UVf-VE"
    mai_tai = recipes["recipes/mai-tai/index.html"]
    assert mai_tai["nutrition"]["calories"] == "250 calories" and mai_tai["recipeYield"] == "1 drink"
    # Ingredient groups: recipeIngredient has only the ingredients, not the groups' titles.
    assert "For the drink" not in mai_tai["recipeIngredient"] and len(mai_tai["recipeIngredient"]) == 8


@pytest.mark.parametrize("change, expected", [
    (lambda d: d.pop("name"), "'name' is a required property"),
    (lambda d: d.pop("image"), "'image' is a required property"),
    (lambda d: d.update(prepTime="5 min"), "does not match"),
    (lambda d: d.update(recipeYield=4), "is not of type 'string'"),
    (lambda d: d["nutrition"].update(sugarContent="12 grams"), "does not match"),
    (lambda d: d["recipeInstructions"][0].pop("name"), "is not valid under any of the given schemas"),
    (lambda d: d.update(servings="1"), "Additional properties are not allowed"),
    (lambda d: d["video"].update(embedUrl="//youtube.com/embed/x"), "does not match"),
    (lambda d: d["video"].update(contentUrl="https://example.com/x.mp4"), "is valid under each of"),
    (lambda d: d.update({"@type": "HowTo"}), "is not one of ['Recipe', 'ItemList', 'BlogPosting']"),
])
def test_the_schema_rejects_what_google_would(built_site, video_site, change, expected):
    """The check can fail: a changed copy of the Mai Tai's JSON-LD is refused, for the right reason."""
    recipes = {path: document for path, document in documents(built_site["output"])}
    document = copy.deepcopy(recipes["recipes/mai-tai/index.html"])
    document["video"] = copy.deepcopy(dict(documents(video_site))["recipes/lime-punch/index.html"]["video"])
    assert problems(document) == []
    change(document)
    found = problems(document)
    assert any(expected in problem for problem in found), found
