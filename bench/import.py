#!/usr/bin/env python3
"""`make bench-import`: gallerygen import of 1,000 generated schema.org recipe pages (saved with
their photos) and of a 1,000-recipe Paprika export (photos inline as base64), each beside a plain
`gallerygen build` of the site the import made: wall time, CPU time and peak memory (GNU time).
Inputs are generated deterministically (recipe i from random.Random(i)) and kept between runs.

Usage: import.py [--gallerygen PATH] [--count 1000] [--runs 3] [--work DIR]   (needs Pillow)
"""
import argparse
import base64
import gzip
import hashlib
import html
import io
import json
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
WORDS = ("lemon garlic basil tomato onion pepper ginger honey butter flour cream rice lentil chickpea "
         "spinach potato carrot apple pear almond walnut cumin paprika thyme rosemary mint lime "
         "chilli fennel leek mushroom squash bean oat yoghurt feta parmesan olive sesame miso").split()
UNITS = ("g", "ml", "tbsp", "tsp", "cup", "")


def photo(index, rng):
    """A photo-like JPEG of 800 x 600 (soft shapes, some grain), about 40-70 KB."""
    from PIL import Image, ImageDraw, ImageFilter
    image = Image.new("RGB", (800, 600), tuple(rng.randrange(60, 220) for _ in range(3)))
    draw = ImageDraw.Draw(image)
    for _ in range(rng.randrange(6, 14)):
        x, y, w, h = rng.randrange(-100, 800), rng.randrange(-100, 600), rng.randrange(60, 400), rng.randrange(60, 400)
        draw.ellipse([x, y, x + w, y + h], fill=tuple(rng.randrange(0, 256) for _ in range(3)))
    image = image.filter(ImageFilter.GaussianBlur(rng.uniform(2, 6)))
    image = Image.blend(image, Image.effect_noise((800, 600), 18).convert("RGB"), 0.05)
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", quality=82)
    return buffer.getvalue()


def recipe(index):
    """Recipe i's fields, the same every run."""
    rng = random.Random(index)
    name = f"{rng.choice(WORDS).title()} and {rng.choice(WORDS)} {rng.choice(['stew', 'salad', 'tart', 'soup', 'bake', 'curry'])} {index}"
    ingredients = [f"{rng.randrange(1, 500)} {rng.choice(UNITS)} {rng.choice(WORDS)}".replace("  ", " ")
                   for _ in range(rng.randrange(5, 13))]
    steps = [" ".join(rng.choice(WORDS) for _ in range(rng.randrange(8, 30))).capitalize() + "."
             for _ in range(rng.randrange(3, 9))]
    return {"name": name, "description": f"A {rng.choice(WORDS)} dish for {rng.randrange(2, 9)}.",
            "ingredients": ingredients, "steps": steps, "prep": rng.randrange(5, 60), "cook": rng.randrange(0, 120),
            "servings": rng.randrange(1, 9), "category": rng.choice(["Main", "Side", "Dessert", "Breakfast"]),
            "tags": sorted({rng.choice(WORDS) for _ in range(3)}), "rng": rng}


def schema_page(index, fields):
    steps = [{"@type": "HowToStep", "text": step} for step in fields["steps"]]
    # Every third recipe has sections, as many recipe plugins write them.
    instructions = ([{"@type": "HowToSection", "name": "Prepare", "itemListElement": steps[:2]},
                     {"@type": "HowToSection", "name": "Cook", "itemListElement": steps[2:]}]
                    if index % 3 == 0 and len(steps) > 2 else steps)
    data = {"@context": "https://schema.org", "@graph": [
        {"@type": "WebPage", "@id": f"https://example.org/r/{index}/"},
        {"@type": "Recipe", "name": fields["name"], "description": fields["description"],
         "image": {"@type": "ImageObject", "url": f"photos/recipe-{index:04d}.jpg"},
         "recipeIngredient": fields["ingredients"], "recipeInstructions": instructions,
         "prepTime": f"PT{fields['prep']}M", "cookTime": f"PT{fields['cook']}M" if fields["cook"] else None,
         "recipeYield": [str(fields["servings"]), f"{fields['servings']} servings"], "recipeCategory": fields["category"],
         "keywords": ", ".join(fields["tags"]), "author": {"@type": "Person", "name": "Bench Cook"},
         "nutrition": {"@type": "NutritionInformation", "calories": f"{fields['rng'].randrange(100, 900)} calories"},
         "datePublished": f"2024-{1 + index % 12:02d}-{1 + index % 28:02d}",
         "aggregateRating": {"@type": "AggregateRating", "ratingValue": "4.5", "ratingCount": "12"}}]}
    return (f"<!doctype html>\n<html><head><title>{html.escape(fields['name'])}</title>\n"
            f"<script type=\"application/ld+json\">{json.dumps(data)}</script>\n</head>\n"
            f"<body><h1>{html.escape(fields['name'])}</h1><p>Saved page.</p></body></html>\n")


def paprika_recipe(index, fields, picture):
    data = {"uid": f"{index:08X}-BENCH", "name": fields["name"], "description": fields["description"],
            "ingredients": "\n".join(fields["ingredients"]), "directions": "\n".join(fields["steps"]),
            "notes": "Keeps two days.", "servings": str(fields["servings"]), "prep_time": f"{fields['prep']} mins",
            "cook_time": f"1 hr {fields['cook'] % 60} mins" if fields["cook"] >= 60 else f"{fields['cook']} mins",
            "categories": [fields["category"]] + fields["tags"], "rating": index % 6, "difficulty": "Easy",
            "source": "Bench", "source_url": f"https://example.org/r/{index}", "created": "2024-05-14 10:00:00",
            "photo_data": base64.b64encode(picture).decode(), "photos": [], "hash": hashlib.sha256(str(index).encode()).hexdigest()}
    return gzip.compress(json.dumps(data).encode(), mtime=0)


def generate(work, count):
    """The inputs in `work`, made once per count and generator version."""
    with open(__file__, "rb") as file:
        version = f"{count} {hashlib.sha256(file.read()).hexdigest()}\n"
    stamp = os.path.join(work, "inputs.stamp")
    if os.path.exists(stamp) and open(stamp).read() == version:
        return
    print(f"Generating {count:,} recipe pages and a {count:,}-recipe Paprika export in {work}", flush=True)
    shutil.rmtree(os.path.join(work, "pages"), ignore_errors=True)
    os.makedirs(os.path.join(work, "pages", "photos"))
    with zipfile.ZipFile(os.path.join(work, "export.paprikarecipes"), "w", zipfile.ZIP_STORED) as export:
        for index in range(count):
            fields = recipe(index)
            picture = photo(index, fields["rng"])
            with open(os.path.join(work, "pages", "photos", f"recipe-{index:04d}.jpg"), "wb") as file:
                file.write(picture)
            with open(os.path.join(work, "pages", f"recipe-{index:04d}.html"), "w") as file:
                file.write(schema_page(index, fields))
            info = zipfile.ZipInfo(f"{fields['name']}.paprikarecipe", date_time=(2024, 1, 1, 0, 0, 0))
            export.writestr(info, paprika_recipe(index, fields, picture))
    with open(stamp, "w") as file:
        file.write(version)


def measure(command):
    """Runs `command` under GNU time; (wall s, CPU s, peak RSS MB)."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as report:
        result = subprocess.run(["/usr/bin/time", "-f", "%e %U %S %M", "-o", report.name] + command,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if result.returncode != 0:
            sys.exit(f"error: {' '.join(command)} failed:\n{result.stderr[-3000:]}")
        wall, user, system, rss = report.read().split()[-4:]
    return float(wall), float(user) + float(system), int(rss) / 1024


def bench(gallerygen, source, work, runs):
    """Median import and median cold build of `source` into a fresh site, each run."""
    site, out = os.path.join(work, "site"), os.path.join(work, "out")
    imports, builds = [], []
    for _ in range(runs):
        shutil.rmtree(site, ignore_errors=True)
        shutil.rmtree(out, ignore_errors=True)
        os.makedirs(site)
        with open(os.path.join(site, "site.yml"), "w") as file:
            file.write("title: Imported\nbase_url: https://imported.example/\n")
        imports.append(measure([gallerygen, "import", "--site", site, "--no-download", source]))
        # A plain build of what the import wrote, from an empty picture cache.
        builds.append(measure([gallerygen, "build", "--quiet", "--site", site, "--output", out]))
    recipes = len(os.listdir(os.path.join(site, "recipes")))
    photos = len(os.listdir(os.path.join(site, "images")))
    median = lambda samples: tuple(statistics.median(values) for values in zip(*samples))
    return median(imports), median(builds), recipes, photos, [sample[0] for sample in imports], [sample[0] for sample in builds]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gallerygen", default=os.path.join(ROOT, ".build", "release", "gallerygen"))
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--work", default=os.path.join(tempfile.gettempdir(), "gallerygen-bench-import"))
    arguments = parser.parse_args()
    if not os.path.exists("/usr/bin/time"):
        sys.exit("error: /usr/bin/time not found (Debian package 'time')")
    gallerygen = os.path.abspath(arguments.gallerygen)
    os.makedirs(arguments.work, exist_ok=True)
    generate(arguments.work, arguments.count)
    pages = os.path.join(arguments.work, "pages")
    export = os.path.join(arguments.work, "export.paprikarecipes")
    page_bytes = sum(os.path.getsize(os.path.join(directory, name)) for directory, _, names in os.walk(pages) for name in names)
    rows = []
    for label, source, size in ((f"{arguments.count:,} schema.org pages", pages, page_bytes),
                                (f"{arguments.count:,}-recipe Paprika export", export, os.path.getsize(export))):
        print(f"{label}: import and build, {arguments.runs} run{'s' if arguments.runs != 1 else ''}", flush=True)
        rows.append((label, size) + bench(gallerygen, source, os.path.join(arguments.work, "run"), arguments.runs))
    load = os.getloadavg()[0]
    print()
    print(f"{platform.machine()}, {os.cpu_count()} cores, load average {load:.1f} at the end; median of {arguments.runs} run(s);"
          " each import into an empty site, each build from an empty picture cache")
    print()
    header = f"{'input':<32}{'MB':>7}  {'command':<8}{'wall s':>8}{'CPU s':>8}{'peak MB':>9}{'recipes':>9}{'photos':>8}"
    print(header)
    print("-" * len(header))
    for label, size, imported, built, recipes, photos, _, _ in rows:
        print(f"{label:<32}{size / 1e6:>7.1f}  {'import':<8}{imported[0]:>8.2f}{imported[1]:>8.2f}{imported[2]:>9.0f}{recipes:>9}{photos:>8}")
        print(f"{'':<32}{'':>7}  {'build':<8}{built[0]:>8.2f}{built[1]:>8.2f}{built[2]:>9.0f}")
    print()
    print("Wall times of the runs: " + "; ".join(f"{label}: import {' '.join(f'{w:.2f}' for w in walls)}, build {' '.join(f'{w:.2f}' for w in builds)}"
                                                for label, _, _, _, _, _, walls, builds in rows))


if __name__ == "__main__":
    main()
