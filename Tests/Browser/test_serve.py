"""`gallerygen serve` under a browser's ordinary load: a gallery page of 60 photos loaded ten times
in a row through the preview server, every picture fetched each time (the reload stream's long poll
open meanwhile, the previous page's still parked on the server), and not one may come back broken.
The photos are PNGs written here (standard library only), so gallerygen cuts its renditions of them."""
import pathlib
import re
import struct
import subprocess
import time
import zlib

import pytest

import sites

PHOTOS = 60
LOADS = 10

# Every picture of the page fetched now (lazy ones too), then, once each has settled, those that
# failed: complete with no width.
FETCH_ALL = "for (const image of document.images) image.loading = 'eager'; return document.images.length"
PENDING = "return [...document.images].filter(image => !image.complete).length"
PAGE_TEXT = "return document.body ? document.body.innerText.slice(0, 120) : document.documentElement.outerHTML.slice(0, 120)"
BROKEN = "return [...document.images].filter(image => image.complete && image.naturalWidth === 0).map(image => image.currentSrc)"


def png(width, height, seed):
    """A photo-like PNG: colour gradients that differ per seed, so no two renditions are alike."""
    rows = bytearray()
    for y in range(height):
        rows.append(0)
        for x in range(width):
            rows += bytes(((x * 255 // width + seed * 37) % 256, (y * 255 // height + seed * 91) % 256, (x ^ y ^ seed) % 256))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(rows), 6)) + chunk(b"IEND", b"")


def photo_site(folder):
    """A site of PHOTOS recipes, each with its own photo: one gallery page of PHOTOS cards."""
    (folder / "recipes").mkdir(parents=True)
    (folder / "images").mkdir()
    (folder / "site.yml").write_text("title: Photo Bar\nlanguage: en\n")
    for number in range(PHOTOS):
        (folder / "images" / f"photo-{number:02}.png").write_bytes(png(480, 360, number))
        (folder / "recipes" / f"drink-{number:02}.md").write_text(
            f"---\ntitle: Drink {number}\nimage: images/photo-{number:02}.png\nimage_alt: Drink {number} in a glass\n"
            f"date: 2024-01-{number % 28 + 1:02}\n---\nStir with ice.\n")
    return folder


@pytest.fixture(scope="module")
def served_gallery():
    """`gallerygen serve --port 0` on the photo site; yields the address it prints."""
    with sites.scratch("gallerygen-browser-serve-") as workdir:
        site = photo_site(workdir / "site")
        server = subprocess.Popen([sites.GALLERYGEN, "serve", "--site", str(site), "--port", "0"],
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        try:
            address, printed = None, []
            deadline = time.monotonic() + 180
            while address is None and time.monotonic() < deadline:
                line = server.stdout.readline()
                if not line:
                    break
                printed.append(line)
                match = re.search(r"Serving .* at (http://127\.0\.0\.1:\d+/)", line)
                address = match and match.group(1)
            assert address, "serve printed no address:\n" + "".join(printed)
            yield address
        finally:
            server.terminate()
            server.wait(timeout=10)


def test_sixty_photos_load_ten_times_without_a_broken_image(engine, served_gallery):
    broken, notes = 0, []
    for load in range(1, LOADS + 1):
        engine.open(served_gallery, 1280)
        shown = engine.run(FETCH_ALL)
        if shown != PHOTOS:  # not the gallery at all (an error page): every picture is missing
            broken += PHOTOS - shown
            notes.append(f"load {load}: {shown} pictures on a page reading {engine.run(PAGE_TEXT)!r}")
        deadline = time.monotonic() + 30
        while engine.run(PENDING) and time.monotonic() < deadline:
            time.sleep(0.1)
        failed = engine.run(BROKEN) + ["(never finished loading)"] * engine.run(PENDING)
        broken += len(failed)
        notes += [f"load {load}: {source}" for source in failed]
    assert broken == 0, f"{engine.name}: {broken} broken of {PHOTOS * LOADS} pictures loaded:\n" + "\n".join(notes[:20])
