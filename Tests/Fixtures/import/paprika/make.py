#!/usr/bin/env python3
"""Builds the Paprika fixtures from the readable JSON beside this script, as Paprika's export
writes them: a .paprikarecipes ZIP whose entries are <Name>.paprikarecipe, each gzip'd JSON with
the photo as base64 in photo_data ("@lemonade.jpg" here stands for that file's bytes)."""
import base64, gzip, io, json, pathlib, zipfile

HERE = pathlib.Path(__file__).resolve().parent
PHOTO = HERE.parents[1] / "images-basic" / "images" / "lemonade.jpg"


def recipe(name):
    data = json.loads((HERE / name).read_text())
    def fill(value):
        if value == "@lemonade.jpg":
            return base64.b64encode(PHOTO.read_bytes()).decode()
        if isinstance(value, list):
            return [fill(item) for item in value]
        if isinstance(value, dict):
            return {key: fill(item) for key, item in value.items()}
        return value
    # mtime=0: the same bytes every time the script runs.
    return gzip.compress(json.dumps(fill(data)).encode(), mtime=0)


def export(path, entries):
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries:
            info = zipfile.ZipInfo(name, date_time=(2024, 1, 1, 0, 0, 0))
            archive.writestr(info, data, zipfile.ZIP_DEFLATED)


export(HERE / "cookbook.paprikarecipes", [("Chicken Tikka.paprikarecipe", recipe("tikka.json")),
                                          ("Pancakes.paprikarecipe", recipe("pancakes.json"))])
(HERE / "creme-brulee.paprikarecipe").write_bytes(recipe("creme-brulee.json"))
export(HERE / "broken.paprikarecipes", [("Pancakes.paprikarecipe", recipe("pancakes.json")),
                                        ("Torn.paprikarecipe", recipe("pancakes.json")[:40]),
                                        ("Nameless.paprikarecipe", gzip.compress(b'{"ingredients": "1 egg"}', mtime=0))])
