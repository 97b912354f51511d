"""Sites for the browser checks, built by the gallerygen under test (`$GALLERYGEN`, else the debug
build) into scratch folders that are removed afterwards."""
import contextlib
import json
import os
import pathlib
import random
import re
import shutil
import struct
import subprocess
import tempfile
import zlib

ROOT = pathlib.Path(__file__).resolve().parents[2]
GALLERYGEN = os.environ.get("GALLERYGEN", str(ROOT / ".build" / "debug" / "gallerygen"))


def build(site, output, layout_report=None):
    """Builds the site folder `site` into `output`; with `layout_report` (a path), writes the layout
    report there too and returns it, parsed."""
    command = [GALLERYGEN, "build", "--site", str(site), "--output", str(output), "--quiet"]
    if layout_report is not None:
        command += ["--layout-report", str(layout_report)]
    subprocess.run(command, check=True, cwd=ROOT)
    return None if layout_report is None else json.loads(pathlib.Path(layout_report).read_text())


@contextlib.contextmanager
def scratch(prefix):
    """A new temporary folder, removed with everything in it when the block ends."""
    folder = pathlib.Path(tempfile.mkdtemp(prefix=prefix))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


# The sample's gallery with stacks that open: cards grouped by glass (13 sections), a stack
# arrangement between a grid and a fan, two stacks a row on a phone, larger stacks on a desktop (so
# every card's size changes at a breakpoint, opened or not).
STACK_ARRANGEMENTS = """  arrangements:
    - grid: { item_width: 150, item_height: 232, padding: 20 }
    - stack: { item_width: 130, item_height: 200, spacing: 30, desktop: { item_width: 150, item_height: 232, spacing: 36 } }
    - fan: { item_width: 150, item_height: 232, radius: 700, angle_per_item_degrees: 2.1 }
  section_by: glass
"""


def with_stacks(source, target):
    """Copies the site folder `source` to `target` with the sample's arrangements replaced by
    STACK_ARRANGEMENTS."""
    shutil.copytree(source, target)
    config = pathlib.Path(target) / "site.yml"
    text = config.read_text()
    start, end = text.index("  arrangements:\n"), text.index("  label_height:")
    config.write_text(text[:start] + STACK_ARRANGEMENTS + text[end:])
    return target


def with_rtl_stacks(source, target):
    """Copies the right-to-left fixture site `source` to `target` grouped by tag (5 sections) with
    a stack arrangement third, after the fan."""
    shutil.copytree(source, target)
    config = pathlib.Path(target) / "site.yml"
    text = config.read_text()
    text = text.replace("gallery:\n", "gallery:\n  section_by: tag\n", 1)
    text = text.replace("    - fan\n", "    - fan\n    - stack: { item_width: 130, item_height: 200, spacing: 30 }\n", 1)
    config.write_text(text)
    return target


def photo(path, seed, width=640, height=480):
    """Writes a PNG photograph stand-in: seeded patches of colour with grain, which compress about
    as a photo does (tens of kilobytes per rendition, not a flat colour's few hundred bytes)."""
    rng = random.Random(seed)
    patch = 12
    colours = [[tuple(rng.randrange(256) for _ in range(3)) for _ in range(width // patch + 1)] for _ in range(height // patch + 1)]
    rows = bytearray()
    for y in range(height):
        rows.append(0)
        line = colours[y // patch]
        rows.extend(bytes(min(255, line[x // patch][i] + rng.randrange(16)) for x in range(width) for i in range(3)))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    pathlib.Path(path).write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
                                   + chunk(b"IDAT", zlib.compress(bytes(rows), 6)) + chunk(b"IEND", b""))


def with_photos(source, target, count=26):
    """Copies the site folder `source` to `target` keeping its first `count` recipes (by file name),
    each with a photograph of its own (`photo`) instead of its drawing: a small real site's gallery."""
    shutil.copytree(source, target, ignore=shutil.ignore_patterns(".gallerygen-cache", "public", "posts"))
    # Without the journal's posts (they link to recipes left out), nor its menu entry, nor the
    # home text (it features recipes left out).
    (pathlib.Path(target) / "index.md").unlink(missing_ok=True)
    config = pathlib.Path(target) / "site.yml"
    config.write_text(re.sub(r"^menu:\n(?:  - .*\n)*", "", config.read_text(), flags=re.M))
    recipes = sorted((pathlib.Path(target) / "recipes").glob("*.md"))
    for index, recipe in enumerate(recipes):
        if index >= count:
            recipe.unlink()
            continue
        photo(pathlib.Path(target) / "images" / f"{recipe.stem}-photo.png", index)
        text = re.sub(r"^image: .*$", f"image: images/{recipe.stem}-photo.png", recipe.read_text(), count=1, flags=re.M)
        if "image: images/" + recipe.stem + "-photo.png" not in text:
            text = text.replace("\n", f"\nimage: images/{recipe.stem}-photo.png\n", 1)
        recipe.write_text(text)
    # A kept recipe that names a left-out one (`- { recipe: simple-syrup, amount: 15 ml }`) names
    # it in words instead; a folded part left out goes with it.
    kept = {recipe.stem for recipe in recipes[:count]}
    for recipe in recipes[:count]:
        text = recipe.read_text()
        text = re.sub(r"^  - \{ recipe: ([\w-]+), amount: ([^}]+) \}$",
                      lambda m: m.group(0) if m.group(1) in kept else f"  - {m.group(2).strip()} {m.group(1).replace('-', ' ')}",
                      text, flags=re.M)
        text = re.sub(r"^  - recipe: ([\w-]+)\n", lambda m: m.group(0) if m.group(1) in kept else "", text, flags=re.M)
        recipe.write_text(text)
    return target
