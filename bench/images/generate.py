#!/usr/bin/env python3
"""Generates the image benchmark's corpus: N photo-like JPEGs of 2000x1500 (soft gradients, blurred
shapes, film grain; about 0.5-1 MB each, like a phone photo resized for the web) and a gallerygen
site folder naming them. Deterministic: photo i is drawn from random.Random(i).

Usage: generate.py OUT_DIR [COUNT]   (needs Pillow: pip install Pillow)
"""
import os
import random
import sys
from multiprocessing import Pool

from PIL import Image, ImageDraw, ImageFilter

WIDTH, HEIGHT = 2000, 1500


def photo(index):
    rng = random.Random(index)
    top = tuple(rng.randrange(40, 220) for _ in range(3))
    bottom = tuple(rng.randrange(20, 200) for _ in range(3))
    image = Image.new("RGB", (WIDTH, HEIGHT))
    draw = ImageDraw.Draw(image)
    for y in range(HEIGHT):
        t = y / (HEIGHT - 1)
        draw.line([(0, y), (WIDTH, y)], fill=tuple(int(a + (b - a) * t) for a, b in zip(top, bottom)))
    for _ in range(rng.randrange(12, 24)):
        x, y = rng.randrange(-200, WIDTH), rng.randrange(-200, HEIGHT)
        w, h = rng.randrange(80, 700), rng.randrange(80, 700)
        colour = tuple(rng.randrange(0, 256) for _ in range(3))
        if rng.random() < 0.5:
            draw.ellipse([x, y, x + w, y + h], fill=colour)
        else:
            draw.polygon([(x, y), (x + w, y + rng.randrange(0, h)), (x + rng.randrange(0, w), y + h)], fill=colour)
    image = image.filter(ImageFilter.GaussianBlur(rng.uniform(3, 9)))
    # Sharp detail in the foreground, like a subject in focus.
    draw = ImageDraw.Draw(image)
    for _ in range(rng.randrange(30, 60)):
        x, y = rng.randrange(0, WIDTH), rng.randrange(0, HEIGHT)
        draw.line([(x, y), (x + rng.randrange(-300, 300), y + rng.randrange(-300, 300))],
                  fill=tuple(rng.randrange(0, 256) for _ in range(3)), width=rng.randrange(2, 9))
    grain = Image.effect_noise((WIDTH, HEIGHT), 22).convert("RGB")
    image = Image.blend(image, grain, 0.07)
    return image


def make(args):
    out, index = args
    name = f"photo-{index:03d}"
    path = os.path.join(out, "images", name + ".jpg")
    if not os.path.exists(path):
        photo(index).save(path, quality=88, subsampling=0)
    with open(os.path.join(out, "recipes", name + ".md"), "w") as recipe:
        recipe.write(f"---\ntitle: Photo {index:03d}\nimage: images/{name}.jpg\n---\nBenchmark photo {index}.\n")


def main():
    out = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    os.makedirs(os.path.join(out, "images"), exist_ok=True)
    os.makedirs(os.path.join(out, "recipes"), exist_ok=True)
    with open(os.path.join(out, "site.yml"), "w") as config:
        config.write(SITE_YML)
    with Pool() as pool:
        pool.map(make, [(out, index) for index in range(count)])


# One breakpoint, 256-px cards (4:3 pictures). The renditions are fixed to sigal's (1280 and
# 320 px JPEG, no crops) so both tools make the same files; the run with gallerygen's defaults
# (planned widths, WebP + JPEG, crops) is timed separately by bench.sh.
SITE_YML = """title: Image benchmark
breakpoints:
  - { name: desktop, width: 1280 }
gallery:
  arrangements:
    - flow: { item_width: 256, item_height: 236 }
  label_height: 44
images:
  formats: [jpeg]
  widths: [1280, 320]
  crops: false
"""

if __name__ == "__main__":
    main()
