#!/usr/bin/env python3
"""Recipes with many tags: gallerygen builds sites of R recipes each carrying N distinct tags (and
one recipe with none), for N from a few hundred to past the limit a recipe may carry, and for R
recipes of a thousand tags each; wall time, peak memory (GNU time), the bytes of the gallery page
and of the whole output, and the time per tag, side by side. A build whose work grows with the
square of the tags shows here as time per tag rising with the count. Counts past the limit
(`FieldReader.maximumTags`) are refused with an error; the table shows how quickly.
Standard library only.

Usage: tags.py [--gallerygen PATH] [--counts 250,1000,4000,100000] [--spread 4x1000,16x1000] [--work DIR]
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def site(folder, recipes, count):
    """A site folder with `recipes` recipes of `count` tags each (`tag R-1` … `tag R-N`)."""
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(os.path.join(folder, "recipes"))
    with open(os.path.join(folder, "site.yml"), "w") as file:
        file.write("title: Tags\nbase_url: https://example.com/\n")
    for recipe in range(1, recipes + 1):
        with open(os.path.join(folder, "recipes", f"many-{recipe}.md"), "w") as file:
            file.write(f"---\ntitle: Many tags {recipe}\ntags:\n")
            file.writelines(f"  - tag {recipe}-{number}\n" for number in range(1, count + 1))
            file.write("ingredients:\n  - 1 lime\n---\nStir.\n")
    with open(os.path.join(folder, "recipes", "plain.md"), "w") as file:
        file.write("---\ntitle: Plain\ningredients:\n  - 1 lemon\n---\nShake.\n")


def size(folder):
    return sum(os.path.getsize(os.path.join(root, name)) for root, _, names in os.walk(folder) for name in names)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gallerygen", default=os.path.join(ROOT, ".build", "release", "gallerygen"))
    parser.add_argument("--counts", default="250,1000,4000,100000", help="tags on one recipe")
    parser.add_argument("--spread", default="4x1000,16x1000", help="RxN: R recipes of N tags each")
    parser.add_argument("--work", default=None)
    args = parser.parse_args()
    work = args.work or tempfile.mkdtemp(prefix="gallerygen-tags-")
    print(f"{'recipes':>8}{'tags':>8}{'wall s':>9}{'peak MB':>9}{'index.html':>12}{'output':>13}{'ms/tag':>9}  result")
    runs = [(1, int(text)) for text in args.counts.split(",") if text]
    runs += [tuple(int(part) for part in text.split("x")) for text in args.spread.split(",") if text]
    for recipes, count in runs:
        folder, output = os.path.join(work, f"site-{recipes}x{count}"), os.path.join(work, f"out-{recipes}x{count}")
        site(folder, recipes, count)
        shutil.rmtree(output, ignore_errors=True)
        with tempfile.NamedTemporaryFile("r", suffix=".time") as report:
            result = subprocess.run(["/usr/bin/time", "-f", "%e %M", "-o", report.name, args.gallerygen, "build", "-q",
                                     "-s", folder, "-o", output], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            wall, rss = report.read().split()[-2:]
        built = result.returncode == 0
        gallery = os.path.getsize(os.path.join(output, "index.html")) if built else 0
        outcome = "built" if built else "refused: " + (result.stderr.strip().splitlines() or ["?"])[0]
        print(f"{recipes:>8}{recipes * count:>8}{float(wall):>9.2f}{int(rss) / 1024:>9.0f}{gallery:>12,}"
              f"{size(output) if built else 0:>13,}{1000 * float(wall) / (recipes * count):>9.3f}  {outcome}", flush=True)
    if not args.work:
        shutil.rmtree(work)


if __name__ == "__main__":
    sys.exit(main())
